import { lazyScreen } from '@leadmesh/federation';
import { routesOf, useSessionStore } from '@leadmesh/session';
import { AppTheme, ScreenLoading } from '@leadmesh/ui';
import { type ComponentType, Suspense } from 'react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { Screen } from './lib/screen.tsx';

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
const Leads = lazyScreen(() => import('./pages/leads/leads.tsx').then(({ Leads }) => Leads));
const Logs = lazyScreen(() => import('./pages/logs/logs.tsx').then(({ Logs }) => Logs));
const Offers = lazyScreen(() => import('./pages/offers/offers.tsx').then(({ Offers }) => Offers));
const Payments = lazyScreen(() => import('./pages/payments/payments.tsx').then(({ Payments }) => Payments));
const PublisherStats = lazyScreen(() =>
  import('./pages/publisher-stats/publisher-stats.tsx').then(({ PublisherStats }) => PublisherStats),
);
const Users = lazyScreen(() => import('./pages/users/users.tsx').then(({ Users }) => Users));
const Websites = lazyScreen(() => import('./pages/websites/websites.tsx').then(({ Websites }) => Websites));

const pending = <ScreenLoading />;

/** admin-dashboard: a publisher's dashboard with ?p= (public §2), otherwise the staff overview. */
function AdminDashboard({ path }: { path: string }) {
  const [search] = useSearchParams();
  return search.has('p') ? <PublisherDashboard path={path} /> : <Overview path={path} />;
}

/** The screen of each mf-admin route of the route table. */
export const SCREENS: Record<string, ComponentType<{ path: string }>> = {
  'admin-dashboard': AdminDashboard,
  'admin-publisherStats': PublisherStats,
  'manager-publisherStats': PublisherStats,
  'admin-leadStats': LeadStats,
  'admin-apitokens': ApiTokens,
  'admin-blockedLeads': BlockedLeads,
  'admin-leads': Leads,
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
 * (the shell only mounts it for paths the table gives to mf_admin).
 */
export default function App() {
  const dark = useSessionStore((s) => s.theme) === 'dark';
  return (
    <AppTheme dark={dark}>
      <Routes>
        {routesOf('mf_admin').map(({ path }) => {
          const Page = SCREENS[path];
          return (
            <Route
              key={path}
              path={path}
              element={
                <Screen path={path}>
                  <Suspense fallback={pending}>{Page ? <Page path={path} /> : null}</Suspense>
                </Screen>
              }
            />
          );
        })}
      </Routes>
    </AppTheme>
  );
}
