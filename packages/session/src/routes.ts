/**
 * The front end's one route table: every page, the remote that draws it, its title (the dashboard
 * header's section title, the browser tab's title) and who may see it. The sidebar, the shell's
 * choice of remote, the header title, the unverified rule and each remote's `<Routes>` are lookups
 * into it, so a page is added in one place.
 */

/** The remote that draws a page. */
export type AppRemote = 'mf_public' | 'mf_publisher' | 'mf_advertiser' | 'mf_admin';

/** Which remote draws a dashboard route. */
export type DashboardRemote = Exclude<AppRemote, 'mf_public'>;

/** The sidebar groups, in their order (dashboards §2 Sidebar, admin §2 Admin navigation). */
export type SidebarGroupKey =
  | 'publisher'
  | 'advertiser'
  | 'referrals'
  | 'publishersManager'
  | 'advertisersManager'
  | 'admin';

/** One sidebar entry of a route: its group, a stable key (`data-testid`) and the spec's label. */
export interface NavEntry {
  group: SidebarGroupKey;
  key: string;
  label: string;
}

export interface AppRoute {
  /** The path under the remote's mount point: `''` is `/`, `'article/:offerId'` has a parameter. */
  path: string;
  remote: AppRemote;
  /** The section title in the dashboard header (dashboards §2), and the tab title. */
  title: string;
  /**
   * The calls the screen makes when it opens: who may see it is who the server answers on all of
   * them (their contracts' callers, session access.ts `screenAccess`, decision 0046).
   */
  calls?: readonly string[];
  /** Sidebar entries, in the order of the table within each group. */
  nav?: NavEntry[];
}

const publicPage = (path: string, title: string): AppRoute => ({ path, remote: 'mf_public', title });

/** The public pages (public §2), drawn by mf_public under `/`. */
export const PUBLIC_ROUTES: AppRoute[] = [
  publicPage('', 'Home'),
  publicPage('publishers', 'Publishers'),
  publicPage('advertisers', 'Advertisers'),
  publicPage('aboutus', 'Our culture'),
  publicPage('terms', 'Terms and conditions'),
  publicPage('privacy', 'Privacy policy'),
  publicPage('login', 'Log in'),
  publicPage('register', 'Sign up'),
  publicPage('resetPassword', 'Reset password'),
  publicPage('conference', 'Conferences'),
];

/** A sidebar entry as the table writes it: labelled as its screen's title unless it says otherwise. */
type NavSpec = Omit<NavEntry, 'label'> & { label?: string };

/** A dashboard route as the table writes it. */
type ScreenSpec = Omit<AppRoute, 'nav'> & { nav?: NavSpec[] };

const nav = (group: SidebarGroupKey, key: string, label?: string): NavSpec =>
  label ? { group, key, label } : { group, key };

const labelled = ({ nav: entries, ...route }: ScreenSpec): AppRoute =>
  entries
    ? { ...route, nav: entries.map((entry) => ({ ...entry, label: entry.label ?? route.title })) }
    : route;

/** A staff group's screens, drawn by mf_admin, each with one sidebar entry keyed by its path. */
const staffScreens = (
  group: SidebarGroupKey,
  screens: [path: string, title: string, calls: string[]][],
): ScreenSpec[] =>
  screens.map(([path, title, calls]) => ({
    path,
    remote: 'mf_admin',
    title,
    calls,
    nav: [nav(group, path)],
  }));

/**
 * Administrator entries in the order of admin §2 Admin navigation; each title is the spec's entry
 * written in words (PublisherStats → Publisher stats).
 */
const ADMIN_SCREENS: [path: string, title: string, calls: string[]][] = [
  ['admin-publisherStats', 'Publisher stats', ['/leads/getLeadStatsPerUser']],
  [
    'admin-leadStats',
    'Lead stats',
    ['/leads/getLeadStatsForFrontendAdminDashboard', '/leads/getLeadStatsPerIP'],
  ],
  ['admin-apitokens', 'API tokens', ['/apiTokens/getAllApiTokens']],
  [
    'admin-blockedLeads',
    'Blocked leads',
    ['/leads/getAllBlockedLeadsDashboardAdmin', '/leads/getAllBlockedLeadsKPIAdmin'],
  ],
  ['admin-leads', 'Leads', ['/leads/getLeadsForAdmin']],
  ['admin-offers', 'Offers', ['/offers/getAllOffers']],
  ['admin-customPayouts', 'Custom payouts', ['/customOfferPayouts/getAllPayouts']],
  ['admin-users', 'Users', ['/users/getAllUsers']],
  ['admin-advertisers', 'Advertisers', ['/partners/getAllAdvertisers']],
  ['admin-domains', 'Domains', ['/domains/getInternalDomains']],
  ['admin-websites', 'Websites', ['/websites/getAllWebsitesFrontend']],
  ['admin-payments', 'Payments', ['/payouts/getAllPlatformPayouts']],
  ['admin-invoices', 'Invoices', ['/invoices/getAllInvoices']],
  ['admin-logs', 'Logs', ['/logs/getLogs']],
];

/**
 * The dashboard pages, drawn under `/dashboard`. Titles of the publisher and advertiser screens
 * follow dashboards §2 "Header section titles by path" (offer/article → Offers, ...), except that a
 * screen with its own menu entry is titled as the entry (Statistic, Register: the spec's "otherwise
 * Dashboard" named two screens alike, issue 16); admin and manager screens are titled by their entry.
 *
 * The order matters inside each sidebar group: the publisher and the advertiser groups interleave
 * here so both read in the spec's order.
 */
const DASHBOARD_SCREENS: ScreenSpec[] = [
  {
    path: 'publisher',
    remote: 'mf_publisher',
    title: 'Dashboard',
    calls: ['/leads/getLeadsForPublisherDashboard'],
    nav: [nav('publisher', 'publisher-dashboard')],
  },
  {
    path: 'advertiser',
    remote: 'mf_advertiser',
    title: 'Dashboard',
    calls: ['/leads/getLeadsForAdvertiserDashboard'],
    nav: [nav('advertiser', 'advertiser-dashboard')],
  },
  {
    path: 'domains',
    remote: 'mf_publisher',
    title: 'Domains',
    calls: ['/domains/getDomainsForUser'],
    nav: [nav('publisher', 'publisher-domains')],
  },
  {
    path: 'publisher-offers',
    remote: 'mf_publisher',
    title: 'Offers',
    calls: ['/offers/getAllSelectableOffers', '/takenOffers/getAllTakenOffers'],
    nav: [nav('publisher', 'publisher-offers')],
  },
  {
    path: 'advertiser-offers',
    remote: 'mf_advertiser',
    title: 'Offers',
    calls: ['/offers/getAllOffersForAdvertiser'],
    nav: [nav('advertiser', 'advertiser-offers')],
  },
  {
    path: 'postback',
    remote: 'mf_publisher',
    title: 'Postback',
    calls: ['/postback/getAllPostbacks'],
    nav: [nav('publisher', 'publisher-postback'), nav('advertiser', 'advertiser-postback')],
  },
  {
    path: 'publisher-leads',
    remote: 'mf_publisher',
    title: 'Leads',
    calls: ['/leads/getLeadsForPublisher'],
    nav: [nav('publisher', 'publisher-leads')],
  },
  {
    path: 'advertiser-leads',
    remote: 'mf_advertiser',
    title: 'Leads',
    calls: ['/leads/getLeadsForAdvertiser'],
    nav: [nav('advertiser', 'advertiser-leads')],
  },
  {
    path: 'publisher-statistic',
    remote: 'mf_publisher',
    title: 'Statistic',
    calls: ['/leads/getLeadsForPublisherDashboard'],
    nav: [nav('publisher', 'publisher-statistic')],
  },
  {
    path: 'advertiser-statistic',
    remote: 'mf_advertiser',
    title: 'Statistic',
    calls: ['/leads/getLeadsForAdvertiserDashboard'],
    nav: [nav('advertiser', 'advertiser-statistic')],
  },
  {
    path: 'crm',
    remote: 'mf_advertiser',
    title: 'CRM',
    calls: ['/partners/getAllCRMs'],
    nav: [nav('advertiser', 'advertiser-crm')],
  },
  {
    path: 'payments-publisher',
    remote: 'mf_publisher',
    title: 'Payments',
    calls: ['/payouts/getPayoutsPublisher'],
    nav: [nav('publisher', 'publisher-payments')],
  },
  {
    path: 'payments-advertiser',
    remote: 'mf_advertiser',
    title: 'Payments',
    calls: ['/payouts/getPayoutsAdvertiser'],
    nav: [nav('advertiser', 'advertiser-payments')],
  },
  {
    // Drawn by mf_publisher: whoever registers has no advertiser profile yet, so is a publisher,
    // whose remote is already loaded (mf_advertiser is never fetched for them).
    path: 'registeradvertiser',
    remote: 'mf_publisher',
    title: 'Register',
    calls: ['/partners/addAdvertiser'],
    nav: [nav('advertiser', 'advertiser-register')],
  },
  {
    path: 'article/:offerId',
    remote: 'mf_publisher',
    title: 'Offers',
    calls: ['/offers/getSingleOffer', '/domains/getDomains', '/websites/getAllWebsites'],
  },
  { path: 'profile', remote: 'mf_publisher', title: 'Settings', calls: ['/users/getSingleUser'] },
  {
    path: 'referral-overview',
    remote: 'mf_publisher',
    title: 'Overview',
    calls: ['/referral/getReferralOverview'],
    nav: [nav('referrals', 'referral-overview')],
  },
  {
    path: 'referral-publisher',
    remote: 'mf_publisher',
    title: 'Publisher referrals',
    calls: ['/referral/getAllPublisherReferralsForUser'],
    nav: [nav('referrals', 'referral-publishers', 'Publishers')],
  },
  {
    path: 'referral-advertiser',
    remote: 'mf_publisher',
    title: 'Advertiser referrals',
    calls: ['/referral/getAllAdvertiserReferralsForUser'],
    nav: [nav('referrals', 'referral-advertisers', 'Advertisers')],
  },
  // The staff's home, the network overview (decision 0051): first in each staff group; a user of
  // both manager groups sees it once (session access.ts).
  {
    path: 'admin-dashboard',
    remote: 'mf_admin',
    title: 'Dashboard',
    calls: ['/leads/getNetworkOverview'],
    nav: [
      nav('publishersManager', 'manager-overview'),
      nav('advertisersManager', 'advertiser-manager-overview'),
      nav('admin', 'admin-dashboard'),
    ],
  },
  ...staffScreens('publishersManager', [
    ['manager-publishers', 'Publishers', ['/users/getAllUsers']],
    ['manager-publisherStats', 'Publisher stats', ['/leads/getLeadStatsPerUser']],
  ]),
  ...staffScreens('advertisersManager', [
    ['manager-advertisers', 'Advertisers', ['/partners/getAllAdvertisers']],
  ]),
  ...staffScreens('admin', ADMIN_SCREENS),
];

/** The dashboard pages, drawn under `/dashboard`, in table order. */
export const DASHBOARD_ROUTES: AppRoute[] = DASHBOARD_SCREENS.map(labelled);

/** The title of a path no route matches. */
export const NOT_FOUND_TITLE = 'Page not found';

/** The URL of a table route: `/login`, `/dashboard/crm`, `/dashboard/article/:offerId`. */
export function routeUrl(route: AppRoute): string {
  return route.remote === 'mf_public' ? `/${route.path}` : `/dashboard/${route.path}`;
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/**
 * The table route of a URL path (trailing slashes ignored), or null for a path no page has.
 *
 * @example
 * findRoute('/dashboard/article/12')?.title // 'Offers'
 */
export function findRoute(pathname: string): AppRoute | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/dashboard' || path.startsWith('/dashboard/')) {
    const rest = path.slice('/dashboard/'.length);
    return DASHBOARD_ROUTES.find((route) => matches(route.path, rest)) ?? null;
  }
  return PUBLIC_ROUTES.find((route) => matches(route.path, path.replace(/^\//, ''))) ?? null;
}

/** The routes a remote draws, in table order (each remote builds its `<Routes>` from these). */
export function routesOf(remote: AppRemote): AppRoute[] {
  return [...PUBLIC_ROUTES, ...DASHBOARD_ROUTES].filter((route) => route.remote === remote);
}

/**
 * The remote that draws a dashboard path, or null when no page has that path (the shell then shows
 * its not-found page without loading any remote).
 */
export function remoteForPath(pathname: string): DashboardRemote | null {
  const route = findRoute(pathname);
  return route && route.remote !== 'mf_public' ? route.remote : null;
}

/** The header's section title for a dashboard path (dashboards §2); `Page not found` for an unknown one. */
export function sectionTitle(pathname: string): string {
  return findRoute(pathname)?.title ?? NOT_FOUND_TITLE;
}
