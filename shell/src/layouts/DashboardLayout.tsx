import { formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import {
  dashboardHome,
  isBlockedForUnverified,
  remoteForPath,
  sectionTitle,
  sidebarGroups,
  useSessionStore,
} from '@leadmesh/session';
import {
  Alert,
  Avatar,
  Button,
  Divider,
  Layout,
  Menu,
  Popover,
  Result,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { RemoteApp } from '../remote-loader.tsx';

/** Below this width the sidebar closes after each navigation (dashboards §2 Sidebar). */
export const NARROW_MAX_PX = 1024;

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
      path: entry.path,
    })),
  }));
  const selected = groups.flatMap((g) => g.items).filter((i) => i.path === location.pathname);
  return (
    <div data-testid="sidebar" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ padding: 16, fontWeight: 700, fontSize: 18 }}>Leadmesh</div>
      <Menu
        mode="inline"
        theme={theme}
        selectedKeys={selected.map((i) => i.key)}
        items={items}
        onClick={({ key }) => {
          const entry = groups.flatMap((g) => g.items).find((i) => i.key === key);
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
    </div>
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
      <Typography.Text strong>{t('header.manager')}</Typography.Text>
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
      <div data-testid="header-earnings">
        {t('header.earnings')}: {formatUsd(userData.UserInfo.EstimatedEarnings)}
      </div>
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
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button type="text" data-testid="user-menu" style={{ height: 'auto' }}>
        <Space>
          <Avatar data-testid="user-initials" style={{ background: '#1677ff' }}>
            {initials(user.FirstName, user.LastName, user.Username)}
          </Avatar>
          <span data-testid="user-name">
            {[user.FirstName, user.LastName].filter(Boolean).join(' ') || user.Username}
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
  if (!userData || userData.UserInfo.PaymentMethod || userData.AdvertiserInfo) return null;
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

/** Picks what the content area shows: redirects, the not-verified notice, or the owning remote. */
function DashboardContent() {
  const { pathname } = useLocation();
  const userData = useSessionStore((s) => s.userData);
  const route = pathname.replace(/\/+$/, '');
  if (route === '/dashboard') return <Navigate to={dashboardHome(userData)} replace />;
  if (route === '/dashboard/registeradvertiser' && userData?.UserInfo.AdvertiserID) {
    return <Navigate to="/dashboard/advertiser" replace />;
  }
  if (isBlockedForUnverified(route, userData)) {
    return <Result data-testid="not-verified" status="info" title={MESSAGES.notVerified} />;
  }
  return <RemoteApp name={remoteForPath(route)} />;
}

/** The logged-in layout: sidebar, header (section title, user menu), notices and the remote. */
export function DashboardLayout() {
  const { pathname } = useLocation();
  const narrow = useIsNarrow();
  const [open, setOpen] = useState(!narrow);
  const theme = useSessionStore((s) => s.theme);
  useEffect(() => setOpen(!narrow), [narrow]);
  return (
    <Layout data-testid="dashboard-layout" style={{ minHeight: '100vh' }}>
      {open && (
        <Layout.Sider
          width={240}
          theme={theme}
          style={narrow ? { position: 'fixed', zIndex: 10, height: '100vh' } : {}}
        >
          <Sidebar onNavigate={() => narrow && setOpen(false)} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          data-testid="dashboard-header"
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            background: 'transparent',
            padding: '0 24px',
          }}
        >
          <Space>
            {narrow && (
              <Button data-testid="sidebar-open" onClick={() => setOpen((v) => !v)}>
                ☰
              </Button>
            )}
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="section-title">
              {sectionTitle(pathname)}
            </Typography.Title>
          </Space>
          <UserMenu />
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <PaymentMethodNotice />
          <DashboardContent />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
