import type { SessionData } from '@leadmesh/schema';
import {
  CALL_CALLERS,
  type CallerFlags,
  type CallRefusal,
  callerOf,
  callRefusal,
} from '@leadmesh/schema/constants';

export { callerOf };

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
    // Staff sign nobody up as an advertiser from their own account: without a profile, no group.
    shows: (session) => Boolean(session.AdvertiserInfo) || !isStaffSession(session),
    // Without an advertiser profile the group only offers to register one; with one, never.
    keeps: (session, item) => Boolean(session.AdvertiserInfo) !== (item.key === 'advertiser-register'),
  },
  {
    key: 'referrals',
    title: 'Referrals',
    // The programme is a publisher's and an advertiser's (dashboards §2); a staff account that is
    // neither (publisher role hidden, no advertiser profile) has no referrals to show.
    shows: (session) =>
      Boolean(session.RefferalInfo) &&
      !(isStaffSession(session) && session.UserInfo.Flags.isPublisherHidden && !session.AdvertiserInfo),
  },
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
 * What a dashboard path shows to a session: `open` (the screen), `unverified` (the not-verified wall:
 * verification alone is missing), `forbidden` (never for this user: the shell leads them home),
 * `login` (no session), or null for a path no page has.
 */
export type ScreenAccess = 'open' | 'unverified' | 'forbidden' | 'login';

/**
 * Derived from the calls the route's screen makes when it opens, with the rule and the callers the
 * server checks them with (decision 0046): the screen opens exactly when the server answers all of
 * them; a refusal for missing verification alone shows the wall (dashboards §2 Unverified accounts).
 */
export function screenAccess(pathname: string, session: SessionData | null): ScreenAccess | null {
  return screenAccessOf(pathname, callerOf(session));
}

/** {@link screenAccess} for a caller given by its flags (null: no session). */
export function screenAccessOf(pathname: string, caller: CallerFlags | null): ScreenAccess | null {
  const route = findRoute(pathname);
  if (!route) return null;
  if (route.remote === 'mf_public') return 'open';
  const refusals = new Set<CallRefusal | null>(
    (route.calls ?? []).map((call) => {
      const callers = CALL_CALLERS[call];
      if (!callers) throw new Error(`Route ${route.path} names the unknown call ${call}`);
      return callRefusal(callers, caller);
    }),
  );
  if (!caller) return 'login';
  if (refusals.has('FORBIDDEN') || refusals.has('NOT_LOGGED_IN')) return 'forbidden';
  return refusals.has('NOT_VERIFIED') ? 'unverified' : 'open';
}

/**
 * Whether a dashboard path shows 'Your account has not been verified' instead of its screen
 * (dashboards §2 Unverified accounts, §6): when the server would refuse its calls for missing
 * verification alone. For an advertiser that is the advertiser profile's flag, which "Verify
 * advertiser" sets (decision 0045).
 */
export function isBlockedForUnverified(pathname: string, session: SessionData | null): boolean {
  return screenAccess(pathname, session) === 'unverified';
}
