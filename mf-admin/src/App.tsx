import { lazyScreen } from '@leadmesh/federation';
import { RemoteRoutes, ScreenLoading } from '@leadmesh/ui';
import { type ComponentType, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Screen } from './lib/screen-frame.tsx';

// Each screen is its own chunk (decision 0101): a page downloads only the antd parts it draws.
const Advertisers = lazyScreen(() =>
  import('./pages/advertisers/advertisers.tsx').then(({ Advertisers }) => Advertisers),
);
const ApiTokens = lazyScreen(() =>
  import('./pages/api-tokens/api-tokens.tsx').then(({ ApiTokens }) => ApiTokens),
);
const BlockedLeads = lazyScreen(() =>
  import('./pages/blocked-leads/blocked-leads.tsx').then(({ BlockedLeads }) => BlockedLeads),
);
const CustomPayouts = lazyScreen(() =>
  import('./pages/custom-payouts/custom-payouts.tsx').then(({ CustomPayouts }) => CustomPayouts),
);
const PublisherDashboard = lazyScreen(() =>
  import('./pages/dashboard/publisher-dashboard.tsx').then(({ PublisherDashboard }) => PublisherDashboard),
);
const Overview = lazyScreen(() => import('./pages/overview/overview.tsx').then(({ Overview }) => Overview));
const Domains = lazyScreen(() => import('./pages/domains/domains.tsx').then(({ Domains }) => Domains));
const Invoices = lazyScreen(() => import('./pages/invoices/invoices.tsx').then(({ Invoices }) => Invoices));
const LeadStats = lazyScreen(() =>
  import('./pages/lead-stats/lead-stats.tsx').then(({ LeadStats }) => LeadStats),
);
const Logs = lazyScreen(() => import('./pages/logs/logs.tsx').then(({ Logs }) => Logs));
const Offers = lazyScreen(() => import('./pages/offers/offers.tsx').then(({ Offers }) => Offers));
const Payments = lazyScreen(() => import('./pages/payments/payments.tsx').then(({ Payments }) => Payments));
const PublisherStats = lazyScreen(() =>
  import('./pages/publisher-stats/publisher-stats.tsx').then(({ PublisherStats }) => PublisherStats),
);
const Users = lazyScreen(() => import('./pages/users/users.tsx').then(({ Users }) => Users));
const Websites = lazyScreen(() => import('./pages/websites/websites.tsx').then(({ Websites }) => Websites));

/** admin-dashboard: a publisher's dashboard with ?p= (public §2), otherwise the staff overview. */
function AdminDashboard({ path }: { path: string }) {
  const [search] = useSearchParams();
  return search.has('p') ? <PublisherDashboard path={path} /> : <Overview path={path} />;
}

const pending = <ScreenLoading />;

// A chunk of its own, so the other pages never download it; the chunk's name (first-<route>) has a
// session's page on admin-leads preload it with ./App (decision 0092).
const AdminLeadsFirst = lazyScreen(() =>
  import(/* webpackChunkName: "first-admin-leads" */ './pages/leads/first.tsx').then(
    ({ AdminLeadsFirst }) => AdminLeadsFirst,
  ),
);

/**
 * The screens drawn before antd has loaded, outside its theme (decision 0064): admin-leads' first
 * rows (issue 19). They load antd's theme themselves when they take over.
 */
const FIRST_SCREENS = {
  'admin-leads': (
    <Screen path="admin-leads">
      <Suspense fallback={pending}>
        <AdminLeadsFirst />
      </Suspense>
    </Screen>
  ),
};

/** The screen of each other mf-admin route of the route table (under antd's theme). */
export const SCREENS: Record<string, ComponentType<{ path: string }>> = {
  'admin-dashboard': AdminDashboard,
  'admin-publisherStats': PublisherStats,
  'manager-publisherStats': PublisherStats,
  'admin-leadStats': LeadStats,
  'admin-apitokens': ApiTokens,
  'admin-blockedLeads': BlockedLeads,
  'admin-offers': Offers,
  'admin-customPayouts': CustomPayouts,
  'admin-users': Users,
  'manager-publishers': Users,
  'admin-advertisers': Advertisers,
  'manager-advertisers': Advertisers,
  'admin-domains': Domains,
  'admin-websites': Websites,
  'admin-payments': Payments,
  'admin-invoices': Invoices,
  'admin-logs': Logs,
};

/**
 * The dashboard routes of mf-admin, from the route table, mounted by the shell under `/dashboard/*`
 * (the shell only mounts it for paths the table gives to mf_admin). The App imports no antd: the
 * leads screen draws its first rows without it.
 */
export default function App() {
  return (
    <RemoteRoutes
      remote="mf_admin"
      firstScreens={FIRST_SCREENS}
      screenOf={(path) => {
        const Page = SCREENS[path];
        return (
          <Screen path={path}>
            <Suspense fallback={pending}>{Page ? <Page path={path} /> : null}</Suspense>
          </Screen>
        );
      }}
    />
  );
}
