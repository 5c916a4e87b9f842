import type { SessionData } from '@leadmesh/schema';

/** A sidebar entry: an i18n key for the label and the dashboard route it opens. */
export interface SidebarItem {
  key: string;
  label: string;
  path: string;
}

/** A sidebar group: its title and entries. */
export interface SidebarGroup {
  key: 'publisher' | 'advertiser' | 'referrals' | 'publishersManager' | 'advertisersManager' | 'admin';
  title: string;
  items: SidebarItem[];
}

const item = (key: string, label: string, route: string): SidebarItem => ({
  key,
  label,
  path: `/dashboard/${route}`,
});

/** When a group shows and what it lists, for one session. */
interface SidebarGroupRule {
  key: SidebarGroup['key'];
  title: string;
  shows(session: SessionData): boolean;
  items(session: SessionData): SidebarItem[];
}

/** Administrator entries: the route is also the key. */
const ADMIN_SCREENS = [
  ['admin-dashboard', 'Dashboard'],
  ['admin-publisherStats', 'PublisherStats'],
  ['admin-leadStats', 'LeadStats'],
  ['admin-apitokens', 'APITokens'],
  ['admin-blockedLeads', 'BlockedLeads'],
  ['admin-leads', 'Leads'],
  ['admin-offers', 'Offers'],
  ['admin-customPayouts', 'CustomPayouts'],
  ['admin-users', 'Users'],
  ['admin-advertisers', 'Advertisers'],
  ['admin-domains', 'Domains'],
  ['admin-websites', 'Websites'],
  ['admin-payments', 'Payments'],
  ['admin-invoices', 'Invoices'],
  ['admin-logs', 'Logs'],
] as const;

/** The sidebar groups in their order (dashboards §2 Sidebar, admin §2). */
const SIDEBAR_GROUPS: SidebarGroupRule[] = [
  {
    key: 'publisher',
    title: 'Publisher',
    shows: (session) => !session.UserInfo.Flags.isPublisherHidden,
    items: () => [
      item('publisher-dashboard', 'Dashboard', 'publisher'),
      item('publisher-domains', 'Domains', 'domains'),
      item('publisher-offers', 'Offers', 'publisher-offers'),
      item('publisher-postback', 'Postback', 'postback'),
      item('publisher-leads', 'Leads', 'publisher-leads'),
      item('publisher-statistic', 'Statistic', 'publisher-statistic'),
      item('publisher-payments', 'Payments', 'payments-publisher'),
    ],
  },
  {
    key: 'advertiser',
    title: 'Advertiser',
    shows: () => true,
    // Without an advertiser profile the group only offers to register one.
    items: (session) =>
      session.AdvertiserInfo
        ? [
            item('advertiser-dashboard', 'Dashboard', 'advertiser'),
            item('advertiser-offers', 'Offers', 'advertiser-offers'),
            item('advertiser-postback', 'Postback', 'postback'),
            item('advertiser-leads', 'Leads', 'advertiser-leads'),
            item('advertiser-statistic', 'Statistic', 'advertiser-statistic'),
            item('advertiser-crm', 'CRM', 'crm'),
            item('advertiser-payments', 'Payments', 'payments-advertiser'),
          ]
        : [item('advertiser-register', 'Register', 'registeradvertiser')],
  },
  {
    key: 'referrals',
    title: 'Referrals',
    shows: (session) => Boolean(session.RefferalInfo),
    items: () => [
      item('referral-overview', 'Overview', 'referral-overview'),
      item('referral-publishers', 'Publishers', 'referral-publisher'),
      item('referral-advertisers', 'Advertisers', 'referral-advertiser'),
    ],
  },
  {
    key: 'publishersManager',
    title: 'Publishers manager',
    shows: ({ UserInfo: { Flags } }) => Flags.isPublisherManager || Flags.isManager,
    items: () => [
      item('manager-publishers', 'Publishers', 'manager-publishers'),
      item('manager-publisherStats', 'Publisher stats', 'manager-publisherStats'),
    ],
  },
  {
    key: 'advertisersManager',
    title: 'Advertisers manager',
    shows: ({ UserInfo: { Flags } }) => Flags.isAdvertiserManager || Flags.isManager,
    items: () => [item('manager-advertisers', 'Advertisers', 'manager-advertisers')],
  },
  {
    key: 'admin',
    title: 'Administrator',
    shows: (session) => session.UserInfo.Flags.isAdmin,
    items: () => ADMIN_SCREENS.map(([route, label]) => item(route, label, route)),
  },
];

/**
 * The sidebar groups a user sees (dashboards §2 Sidebar, admin §2): publisher group unless the
 * publisher role is hidden; advertiser group (only Register without an advertiser profile);
 * referrals with referral info; manager groups by manager flags; administrator group for admins.
 */
export function sidebarGroups(session: SessionData | null): SidebarGroup[] {
  if (!session) return [];
  return SIDEBAR_GROUPS.filter((group) => group.shows(session)).map(({ key, title, items }) => ({
    key,
    title,
    items: items(session),
  }));
}

/** The header's section title for a dashboard path (dashboards §2 Dashboard routing). */
export function sectionTitle(pathname: string): string {
  if (pathname.includes('offer') || pathname.includes('article')) return 'Offers';
  if (pathname.includes('domains')) return 'Domains';
  if (pathname.includes('leads')) return 'Leads';
  if (pathname.includes('payments')) return 'Payments';
  if (pathname.includes('crm')) return 'CRM';
  if (pathname.includes('profile')) return 'Settings';
  if (pathname.endsWith('/postback')) return 'Postback';
  if (pathname.endsWith('/referral-overview')) return 'Overview';
  if (pathname.endsWith('/referral-publisher')) return 'Publisher referrals';
  if (pathname.endsWith('/referral-advertiser')) return 'Advertiser referrals';
  return 'Dashboard';
}

/** Where bare `/dashboard` goes: the advertiser dashboard when the publisher role is hidden. */
export function dashboardHome(session: SessionData | null): string {
  return session?.UserInfo.Flags.isPublisherHidden ? '/dashboard/advertiser' : '/dashboard/publisher';
}

/** The dashboard routes whose screens unverified users cannot see (dashboards §2 Unverified accounts). */
const DATA_SCREEN = /payments|leads|statistic|referral|offers|article|postback|crm|domains/;

/**
 * Whether a dashboard path shows 'Your account has not been verified' instead of its screen:
 * data screens need `isVerified` not false; the advertiser's screens also need a verified advertiser.
 * Admin and manager screens are not listed by the spec and are left to the roles.
 */
export function isBlockedForUnverified(pathname: string, session: SessionData | null): boolean {
  if (!session) return false;
  const route = pathname.replace(/^\/dashboard\/?/, '');
  if (route.startsWith('admin-') || route.startsWith('manager-')) return false;
  if (!DATA_SCREEN.test(route)) return false;
  if (session.UserInfo.Flags.isVerified === false) return true;
  const advertiserScreen = /^(advertiser-|crm|payments-advertiser)/.test(route);
  return advertiserScreen && session.AdvertiserInfo?.Flags.isVerified === false;
}

/** Which remote draws a dashboard route. */
export type DashboardRemote = 'mf_publisher' | 'mf_advertiser' | 'mf_admin';

/**
 * Routes each dashboard path to the remote that owns it: admin and manager screens to mf_admin,
 * the advertiser's own screens to mf_advertiser, everything else (publisher, shared settings,
 * referrals) to mf_publisher.
 */
export function remoteForPath(pathname: string): DashboardRemote {
  const route = pathname.replace(/^\/dashboard\/?/, '');
  if (route.startsWith('admin-') || route.startsWith('manager-')) return 'mf_admin';
  if (/^(advertiser|crm|payments-advertiser|registeradvertiser)/.test(route)) return 'mf_advertiser';
  return 'mf_publisher';
}
