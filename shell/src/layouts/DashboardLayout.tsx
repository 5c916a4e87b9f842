import { formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import {
  dashboardHome,
  homeRedirect,
  remoteForPath,
  screenAccess,
  sectionTitle,
  sidebarGroups,
  useSessionStore,
} from '@leadmesh/session';
import { BRAND, LayoutTheme, NotVerified } from '@leadmesh/ui';
import {
  Alert,
  Avatar,
  theme as antdTheme,
  Button,
  Divider,
  Layout,
  Menu,
  Popover,
  Result,
  Space,
  Switch,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { MenuIcon } from '../icons.tsx';
import { DashboardNotFound } from '../not-found.tsx';
import { RemoteApp } from '../remote-loader.tsx';

/** Below this width the sidebar closes after each navigation (dashboards §2 Sidebar). */
export const NARROW_MAX_PX = 1024;

/**
 * The header title sits on one line: it never breaks inside a word, and on a phone the user menu
 * shows only the initials so the title keeps its room.
 */
const CSS = `
.lm-dash-header { display: flex; align-items: center; gap: 12px; height: 64px; padding: 0 24px; line-height: normal; }
.lm-dash-title { flex: 1; min-width: 0; margin: 0; font-size: 22px; font-weight: 600; line-height: 1.3; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.lm-dash-user { flex: none; }
.lm-dash-content { padding: 24px; }
.lm-dash-mask { position: fixed; inset: 0; z-index: 9; background: rgba(0,0,0,0.45); border: 0; padding: 0; }
@media (max-width: 599px) {
  .lm-dash-header { padding: 0 12px; gap: 8px; }
  .lm-dash-title { font-size: 18px; }
  .lm-user-name { display: none; }
  .lm-dash-content { padding: 16px 12px; }
}
`;

function useIsNarrow() {
  const query = `(max-width: ${NARROW_MAX_PX}px)`;
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setNarrow(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return narrow;
}

function useLogout() {
  const logout = useSessionStore((s) => s.logout);
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate('/login');
  };
}

function Sidebar({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation('shell');
  const userData = useSessionStore((s) => s.userData);
  const theme = useSessionStore((s) => s.theme);
  const toggleTheme = useSessionStore((s) => s.toggleTheme);
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const groups = sidebarGroups(userData);
  const items = groups.map((group) => ({
    type: 'group' as const,
    key: group.key,
    label: <span data-testid={`sidebar-group-${group.key}`}>{group.title}</span>,
    children: group.items.map((entry) => ({
      key: entry.key,
      label: <span data-testid={`sidebar-item-${entry.key}`}>{entry.label}</span>,
    })),
  }));
  const entries = groups.flatMap((g) => g.items);
  const selected = entries.filter((i) => i.path === location.pathname.replace(/\/+$/, ''));
  return (
    <nav
      aria-label={t('nav.dashboard')}
      data-testid="sidebar"
      style={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}
    >
      <Link to="/dashboard" style={{ padding: 16, fontWeight: 700, fontSize: 18, color: 'inherit' }}>
        Leadmesh
      </Link>
      <Menu
        mode="inline"
        theme={theme}
        selectedKeys={selected.map((i) => i.key)}
        items={items}
        onClick={({ key }) => {
          const entry = entries.find((i) => i.key === key);
          if (entry) navigate(entry.path);
          onNavigate();
        }}
        style={{ flex: 1, borderInlineEnd: 0 }}
      />
      <Divider style={{ margin: '8px 0' }} />
      <Space orientation="vertical" style={{ padding: 16 }}>
        <Link to="/dashboard/profile" data-testid="sidebar-settings" onClick={onNavigate}>
          {t('sidebar.settings')}
        </Link>
        <Space>
          <Switch
            data-testid="theme-toggle"
            checked={theme === 'dark'}
            onChange={() => void toggleTheme()}
            aria-label={t('sidebar.theme')}
          />
          <span>{t('sidebar.theme')}</span>
        </Space>
        <Button data-testid="sidebar-logout" onClick={() => void logout()}>
          {t('sidebar.logout')}
        </Button>
      </Space>
    </nav>
  );
}

function initials(first?: string | null, last?: string | null, username?: string) {
  const text = `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
  return text || (username ?? '?').slice(0, 2).toUpperCase();
}

/** The header's user menu: assigned manager contacts, earnings, credits, Settings, Log out. */
function UserMenu() {
  const { t } = useTranslation('shell');
  const userData = useSessionStore((s) => s.userData);
  const logout = useLogout();
  if (!userData) return null;
  const manager = userData.AssignedManager;
  const content = (
    <div data-testid="user-menu-content" style={{ minWidth: 240 }}>
      <strong>{t('header.manager')}</strong>
      {manager ? (
        <div data-testid="manager-contacts">
          <div>{[manager.FirstName, manager.LastName].filter(Boolean).join(' ')}</div>
          {manager.ContactSkype && <div>Skype: {manager.ContactSkype}</div>}
          {manager.ContactTelegram && <div>Telegram: {manager.ContactTelegram}</div>}
          {manager.ContactWhatsapp && <div>WhatsApp: {manager.ContactWhatsapp}</div>}
          {manager.Email && <div>E-mail: {manager.Email}</div>}
        </div>
      ) : (
        <div data-testid="manager-contacts">{MESSAGES.noManagerAssigned}</div>
      )}
      <Divider style={{ margin: '8px 0' }} />
      {/* An advertiser-only account earns nothing as a publisher: no Earnings line (issue 16 item 5). */}
      {!userData.UserInfo.Flags.isPublisherHidden && (
        <div data-testid="header-earnings">
          {t('header.earnings')}: {formatUsd(userData.UserInfo.EstimatedEarnings)}
        </div>
      )}
      {userData.RefferalInfo && (
        <div data-testid="header-referral-earnings">
          {t('header.referralEarnings')}: {formatUsd(userData.RefferalInfo.RefferalEarnings)}
        </div>
      )}
      {userData.AdvertiserInfo && (
        <div data-testid="header-credits">
          {t('header.credits')}: {formatUsd(userData.AdvertiserInfo.Credits)}
        </div>
      )}
      <Divider style={{ margin: '8px 0' }} />
      <Space>
        <Link to="/dashboard/profile" data-testid="header-settings">
          {t('header.settings')}
        </Link>
        <Button size="small" data-testid="header-logout" onClick={() => void logout()}>
          {t('header.logout')}
        </Button>
      </Space>
    </div>
  );
  const user = userData.UserInfo;
  const name = [user.FirstName, user.LastName].filter(Boolean).join(' ') || user.Username;
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button
        type="text"
        data-testid="user-menu"
        aria-label={name}
        className="lm-dash-user"
        style={{ height: 'auto' }}
      >
        <Space>
          <Avatar data-testid="user-initials" style={{ background: BRAND.primary }}>
            {initials(user.FirstName, user.LastName, user.Username)}
          </Avatar>
          <span data-testid="user-name" className="lm-user-name">
            {name}
          </span>
        </Space>
      </Button>
    </Popover>
  );
}

function PaymentMethodNotice() {
  const { t } = useTranslation('shell');
  const userData = useSessionStore((s) => s.userData);
  const { pathname } = useLocation();
  const flags = userData?.UserInfo.Flags;
  if (!userData || userData.UserInfo.PaymentMethod || userData.AdvertiserInfo || flags?.isPublisherHidden)
    return null;
  if (pathname !== '/dashboard/publisher') return null;
  return (
    <Alert
      data-testid="payment-notice"
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={
        <span>
          {t('notice.paymentMethod')} <Link to="/dashboard/profile">{t('notice.addNow')}</Link>
        </span>
      }
    />
  );
}

/**
 * Picks what the content area shows: redirects, the not-found page for a path the route table does
 * not have (no remote is loaded), the not-verified notice, or the remote that owns the path.
 */
function DashboardContent() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const userData = useSessionStore((s) => s.userData);
  const route = pathname.replace(/\/+$/, '');
  const redirect = homeRedirect(route, userData);
  if (redirect) return <Navigate to={redirect} replace />;
  const remote = remoteForPath(route);
  if (!remote) return <DashboardNotFound />;
  // Who sees the screen is who the server answers (decision 0046): the wall when verification alone
  // is missing; home for a screen never meant for this user (their home always opens or walls).
  const access = screenAccess(route, userData);
  if (access === 'unverified') return <NotVerified />;
  if (access === 'forbidden') {
    const home = dashboardHome(userData);
    if (home !== route) return <Navigate to={home} replace />;
    return <Result data-testid="not-allowed" status="warning" title={t('notAllowed')} />;
  }
  return <RemoteApp name={remote} />;
}

/** The header: menu button (narrow screens), the page's one title, the user menu. */
function DashboardHeader({ narrow, open, onToggle }: { narrow: boolean; open: boolean; onToggle(): void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { token } = antdTheme.useToken();
  return (
    <Layout.Header
      data-testid="dashboard-header"
      className="lm-dash-header"
      style={{ background: 'transparent', color: token.colorText }}
    >
      {narrow && (
        <Button
          data-testid="sidebar-open"
          aria-label={open ? t('sidebar.close') : t('nav.menu')}
          aria-expanded={open}
          icon={<MenuIcon />}
          onClick={onToggle}
          style={{ flex: 'none' }}
        />
      )}
      <h1 className="lm-dash-title" data-testid="section-title">
        {sectionTitle(pathname)}
      </h1>
      <UserMenu />
    </Layout.Header>
  );
}

/** The logged-in layout: sidebar, header (section title, user menu), notices and the remote. */
export default function DashboardLayout() {
  const { t } = useTranslation('shell');
  const narrow = useIsNarrow();
  const [open, setOpen] = useState(!narrow);
  const theme = useSessionStore((s) => s.theme);
  useEffect(() => setOpen(!narrow), [narrow]);
  // On a narrow screen the open sidebar covers the page: Escape closes it, as the mask does.
  useEffect(() => {
    if (!narrow || !open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [narrow, open]);
  return (
    <LayoutTheme dark={theme === 'dark'}>
      <style href="leadmesh-dashboard" precedence="default">
        {CSS}
      </style>
      <Layout data-testid="dashboard-layout" style={{ minHeight: '100vh' }}>
        {open && (
          <>
            {narrow && (
              <button
                type="button"
                className="lm-dash-mask"
                aria-label={t('sidebar.close')}
                data-testid="sidebar-mask"
                onClick={() => setOpen(false)}
              />
            )}
            <Layout.Sider
              width={240}
              theme={theme}
              // The staff menu is taller than a laptop's screen: the sidebar scrolls on its own and
              // stays in place, instead of stretching the page past its own background.
              style={
                narrow
                  ? { position: 'fixed', zIndex: 10, height: '100vh', overflowY: 'auto' }
                  : { position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }
              }
            >
              <Sidebar onNavigate={() => narrow && setOpen(false)} />
            </Layout.Sider>
          </>
        )}
        <Layout style={{ minWidth: 0 }}>
          <DashboardHeader narrow={narrow} open={open} onToggle={() => setOpen((v) => !v)} />
          <Layout.Content className="lm-dash-content">
            <PaymentMethodNotice />
            <DashboardContent />
          </Layout.Content>
        </Layout>
      </Layout>
    </LayoutTheme>
  );
}
