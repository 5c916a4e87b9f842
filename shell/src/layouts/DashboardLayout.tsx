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
import { NotVerifiedNotice } from '@leadmesh/ui';
import { type FocusEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { MenuIcon } from '../icons.tsx';
import { DashboardNotFound } from '../not-found.tsx';
import { RemoteApp } from '../remote-loader.tsx';
import { DashboardStyles } from './dashboard-styles.tsx';

/*
 * The dashboard layout is plain markup and CSS (./dashboard-styles.tsx), like the public one: the
 * shell carries no antd at all, so a dashboard page downloads antd's core once, with its remote
 * (decision 0062).
 */

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

/** While `active`, Escape calls `onEscape` (the open drawer or popover closes). */
function useEscape(active: boolean, onEscape: () => void) {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}

function useLogout() {
  const logout = useSessionStore((s) => s.logout);
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate('/login');
  };
}

/** The dark-theme switch: one button, its name the label beside the track. */
function ThemeSwitch() {
  const { t } = useTranslation('shell');
  const theme = useSessionStore((s) => s.theme);
  const toggleTheme = useSessionStore((s) => s.toggleTheme);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={theme === 'dark'}
      className="lm-switch-row"
      data-testid="theme-toggle"
      onClick={() => void toggleTheme()}
    >
      <span className="lm-switch" aria-hidden="true" />
      <span>{t('sidebar.theme')}</span>
    </button>
  );
}

/** The sidebar: the route table's groups and entries for this user, Settings, the theme, Log out. */
function Sidebar({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation('shell');
  const userData = useSessionStore((s) => s.userData);
  const { pathname } = useLocation();
  const logout = useLogout();
  const groupId = useId();
  const current = pathname.replace(/\/+$/, '');
  return (
    <nav aria-label={t('nav.dashboard')} data-testid="sidebar" className="lm-side-nav">
      <Link to="/dashboard" className="lm-side-brand" onClick={onNavigate}>
        Leadmesh
      </Link>
      <div className="lm-side-groups">
        {sidebarGroups(userData).map((group) => (
          <section key={group.key} aria-labelledby={`${groupId}-${group.key}`}>
            <div
              id={`${groupId}-${group.key}`}
              className="lm-side-group-title"
              data-testid={`sidebar-group-${group.key}`}
            >
              {group.title}
            </div>
            <ul className="lm-side-list">
              {group.items.map((entry) => (
                <li key={entry.key}>
                  <Link
                    to={entry.path}
                    className="lm-side-item"
                    aria-current={entry.path === current ? 'page' : undefined}
                    data-testid={`sidebar-item-${entry.key}`}
                    onClick={onNavigate}
                  >
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <hr className="lm-side-split" />
      <div className="lm-side-tools">
        <SettingsLink testId="sidebar-settings" label={t('sidebar.settings')} onNavigate={onNavigate} />
        <ThemeSwitch />
        <button
          type="button"
          className="lm-button"
          data-testid="sidebar-logout"
          onClick={() => void logout()}
        >
          {t('sidebar.logout')}
        </button>
      </div>
    </nav>
  );
}

/** The profile page's link, in the sidebar's tools and in the user menu. */
function SettingsLink({ testId, label, onNavigate }: { testId: string; label: string; onNavigate?(): void }) {
  return (
    <Link to="/dashboard/profile" className="lm-dash-link" data-testid={testId} onClick={onNavigate}>
      {label}
    </Link>
  );
}

function initials(first?: string | null, last?: string | null, username?: string) {
  const text = `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
  return text || (username ?? '?').slice(0, 2).toUpperCase();
}

/** The user menu's panel: assigned manager contacts, earnings, credits, Settings, Log out. */
function UserMenuPanel({ id }: { id: string }) {
  const { t } = useTranslation('shell');
  const userData = useSessionStore((s) => s.userData);
  const logout = useLogout();
  if (!userData) return null;
  const manager = userData.AssignedManager;
  return (
    <div id={id} className="lm-pop" data-testid="user-menu-content" tabIndex={-1}>
      <strong className="lm-pop-title">{t('header.manager')}</strong>
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
      <hr className="lm-pop-split" />
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
      <hr className="lm-pop-split" />
      <div className="lm-pop-actions">
        <SettingsLink testId="header-settings" label={t('header.settings')} />
        <button
          type="button"
          className="lm-button lm-button-small"
          data-testid="header-logout"
          onClick={() => void logout()}
        >
          {t('header.logout')}
        </button>
      </div>
    </div>
  );
}

/** Closes the popover on a press outside `box` (the button and its panel). */
function useOutsidePress(active: boolean, box: RefObject<HTMLElement | null>, onOutside: () => void) {
  const latest = useRef(onOutside);
  latest.current = onOutside;
  useEffect(() => {
    if (!active) return;
    const onPress = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) latest.current();
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [active, box]);
}

/**
 * The header's user menu: the avatar (and the name, but on a phone) opens a panel under it. It
 * closes on a second press, a press outside, Escape (focus back on the button), focus leaving it,
 * a link followed inside it, and any navigation.
 */
function UserMenu() {
  const userData = useSessionStore((s) => s.userData);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what closes the panel
  useEffect(() => setOpen(false), [pathname]);
  useEscape(open, () => {
    setOpen(false);
    button.current?.focus();
  });
  useOutsidePress(open, box, () => setOpen(false));
  if (!userData) return null;
  const user = userData.UserInfo;
  const name = [user.FirstName, user.LastName].filter(Boolean).join(' ') || user.Username;
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) setOpen(false);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only notices a link being followed inside the panel; the links and buttons are the controls
    <div
      ref={box}
      className="lm-user"
      onBlur={onBlur}
      onClick={(event) => (event.target as HTMLElement).closest('.lm-pop a') && setOpen(false)}
    >
      <button
        ref={button}
        type="button"
        className="lm-user-button"
        data-testid="user-menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="lm-avatar" data-testid="user-initials" aria-hidden="true">
          {initials(user.FirstName, user.LastName, user.Username)}
        </span>
        <span data-testid="user-name" className="lm-user-name">
          {name}
        </span>
      </button>
      {open && <UserMenuPanel id={panelId} />}
    </div>
  );
}

function InfoIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <rect x="10.75" y="10" width="2.5" height="8" rx="1.25" fill="#fff" />
      <circle cx="12" cy="6.75" r="1.5" fill="#fff" />
    </svg>
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
    <div className="lm-dash-notice" role="status" data-testid="payment-notice">
      <InfoIcon />
      <span>
        {t('notice.paymentMethod')}{' '}
        <Link to="/dashboard/profile" className="lm-dash-link">
          {t('notice.addNow')}
        </Link>
      </span>
    </div>
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
  if (access === 'unverified') return <NotVerifiedNotice />;
  if (access === 'forbidden') {
    const home = dashboardHome(userData);
    if (home !== route) return <Navigate to={home} replace />;
    return (
      <section className="lm-notice" data-testid="not-allowed">
        <h2>{t('notAllowed')}</h2>
      </section>
    );
  }
  return <RemoteApp name={remote} />;
}

/** The header: menu button (narrow screens), the page's one title, the user menu. */
function DashboardHeader({
  narrow,
  open,
  toggle,
  onToggle,
}: {
  narrow: boolean;
  open: boolean;
  toggle: RefObject<HTMLButtonElement | null>;
  onToggle(): void;
}) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <header data-testid="dashboard-header" className="lm-dash-header">
      {narrow && (
        <button
          ref={toggle}
          type="button"
          className="lm-button lm-dash-toggle"
          data-testid="sidebar-open"
          aria-label={open ? t('sidebar.close') : t('nav.menu')}
          aria-expanded={open}
          onClick={onToggle}
        >
          <MenuIcon />
        </button>
      )}
      <h1 className="lm-dash-title" data-testid="section-title">
        {sectionTitle(pathname)}
      </h1>
      <UserMenu />
    </header>
  );
}

/**
 * The logged-in layout: sidebar, header (section title, user menu), notices and the remote. On a
 * narrow screen the sidebar is a drawer over the page: the mask, Escape and every navigation close
 * it; it takes the focus when opened and gives it back to the menu button when closed by keyboard.
 */
export default function DashboardLayout() {
  const { t } = useTranslation('shell');
  const narrow = useIsNarrow();
  const [open, setOpen] = useState(!narrow);
  const toggle = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  useEffect(() => setOpen(!narrow), [narrow]);
  const drawerOpen = narrow && open;
  useEscape(drawerOpen, () => {
    setOpen(false);
    toggle.current?.focus();
  });
  useEffect(() => {
    if (drawerOpen) drawer.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [drawerOpen]);
  return (
    <div className="lm-dash" data-testid="dashboard-layout">
      <DashboardStyles />
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
          <aside ref={drawer} className={narrow ? 'lm-side lm-side-drawer' : 'lm-side'}>
            <div className="lm-side-scroll" data-testid="sidebar-panel">
              <Sidebar onNavigate={() => narrow && setOpen(false)} />
            </div>
          </aside>
        </>
      )}
      <div className="lm-dash-main">
        <DashboardHeader narrow={narrow} open={open} toggle={toggle} onToggle={() => setOpen((v) => !v)} />
        <main className="lm-dash-content">
          <PaymentMethodNotice />
          <DashboardContent />
        </main>
      </div>
    </div>
  );
}
