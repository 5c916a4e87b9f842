import type { SessionData } from '@leadmesh/schema';
import { DASHBOARD_ROUTES, findRoute, type SidebarGroupKey } from './routes.ts';

/** A sidebar entry: its key (`data-testid`), the spec's label and the dashboard URL it opens. */
export interface SidebarItem {
  key: string;
  label: string;
  path: string;
}

/** A sidebar group: its title and entries. */
export interface SidebarGroup {
  key: SidebarGroupKey;
  title: string;
  items: SidebarItem[];
}

/** When a group shows and which of its table entries it lists, for one session. */
interface SidebarGroupRule {
  key: SidebarGroupKey;
  title: string;
  shows(session: SessionData): boolean;
  /** Keeps some of the group's entries (all by default). */
  keeps?(session: SessionData, item: SidebarItem): boolean;
}

/** The sidebar groups in their order (dashboards §2 Sidebar, admin §2); entries come from the route table. */
const SIDEBAR_GROUPS: SidebarGroupRule[] = [
  { key: 'publisher', title: 'Publisher', shows: (session) => !session.UserInfo.Flags.isPublisherHidden },
  {
    key: 'advertiser',
    title: 'Advertiser',
    shows: () => true,
    // Without an advertiser profile the group only offers to register one; with one, never.
    keeps: (session, item) => Boolean(session.AdvertiserInfo) !== (item.key === 'advertiser-register'),
  },
  { key: 'referrals', title: 'Referrals', shows: (session) => Boolean(session.RefferalInfo) },
  {
    key: 'publishersManager',
    title: 'Publishers manager',
    shows: ({ UserInfo: { Flags } }) => Flags.isPublisherManager || Flags.isManager,
  },
  {
    key: 'advertisersManager',
    title: 'Advertisers manager',
    shows: ({ UserInfo: { Flags } }) => Flags.isAdvertiserManager || Flags.isManager,
    // The overview shows once: in the publishers manager group when that group shows too.
    keeps: ({ UserInfo: { Flags } }, item) =>
      item.key !== 'advertiser-manager-overview' || !(Flags.isPublisherManager || Flags.isManager),
  },
  { key: 'admin', title: 'Administrator', shows: (session) => session.UserInfo.Flags.isAdmin },
];

/** Every table entry of a sidebar group, in table order. */
function groupEntries(group: SidebarGroupKey): SidebarItem[] {
  return DASHBOARD_ROUTES.flatMap((route) =>
    (route.nav ?? [])
      .filter((entry) => entry.group === group)
      .map((entry) => ({ key: entry.key, label: entry.label, path: `/dashboard/${route.path}` })),
  );
}

/**
 * The sidebar groups a user sees (dashboards §2 Sidebar, admin §2): publisher group unless the
 * publisher role is hidden; advertiser group (only Register without an advertiser profile);
 * referrals with referral info; manager groups by manager flags; administrator group for admins.
 */
export function sidebarGroups(session: SessionData | null): SidebarGroup[] {
  if (!session) return [];
  return SIDEBAR_GROUPS.filter((group) => group.shows(session)).map(({ key, title, keeps }) => ({
    key,
    title,
    items: groupEntries(key).filter((item) => !keeps || keeps(session, item)),
  }));
}

/** Whether a session holds any staff role (admin, manager, or a manager of one side). */
export function isStaffSession(session: SessionData | null): boolean {
  const flags = session?.UserInfo.Flags;
  return Boolean(
    flags && (flags.isAdmin || flags.isManager || flags.isPublisherManager || flags.isAdvertiserManager),
  );
}

/**
 * A user's home, where a login lands and where bare `/dashboard`, login-type pages and the publisher
 * dashboard of a user with the publisher role hidden lead: staff to the network overview (decision
 * 0051); a user with the publisher role hidden to the advertiser dashboard (dashboards §2), or to
 * the advertiser sign-up while they have no advertiser profile (that dashboard sends such a user
 * back to /dashboard); everyone else to the publisher dashboard (public §2 Login).
 */
export function dashboardHome(session: SessionData | null): string {
  if (isStaffSession(session)) return '/dashboard/admin-dashboard';
  if (!session?.UserInfo.Flags.isPublisherHidden) return '/dashboard/publisher';
  return session.AdvertiserInfo ? '/dashboard/advertiser' : '/dashboard/registeradvertiser';
}

/**
 * Where a dashboard path sends a user instead of drawing it, or null to draw it: bare `/dashboard`
 * and the publisher dashboard (where the spec sends every login) lead a user whose home is
 * elsewhere to that home when the publisher menu is hidden or the user is staff; the advertiser
 * sign-up leads a user who already has an advertiser profile to the advertiser dashboard. Staff who
 * keep the publisher menu may open the publisher dashboard from it; a login takes them home itself.
 */
export function homeRedirect(pathname: string, session: SessionData | null): string | null {
  const path = pathname.replace(/\/+$/, '');
  const home = dashboardHome(session);
  if (path === '/dashboard') return home;
  if (path === '/dashboard/publisher' && session?.UserInfo.Flags.isPublisherHidden) return home;
  if (path === '/dashboard/registeradvertiser' && session?.UserInfo.AdvertiserID)
    return '/dashboard/advertiser';
  return null;
}

/**
 * Whether a dashboard path shows 'Your account has not been verified' instead of its screen
 * (dashboards §2 Unverified accounts, §6), as the server refuses its calls: the publisher's data
 * screens need the user's `isVerified`; the advertiser's need a verified advertiser profile (what
 * "Verify advertiser" sets, decision 0045: a signed-up advertiser's user stays unverified); the
 * Postback screen, in both menus, either. Admin and manager screens are left to the roles.
 */
export function isBlockedForUnverified(pathname: string, session: SessionData | null): boolean {
  const access = findRoute(pathname)?.access;
  if (!session || !access) return false;
  const advertiserVerified = session.AdvertiserInfo?.Flags.isVerified;
  if (access === 'verifiedAdvertiser') return advertiserVerified === false;
  if (pathname.replace(/\/+$/, '') === '/dashboard/postback' && advertiserVerified) return false;
  return session.UserInfo.Flags.isVerified === false;
}
