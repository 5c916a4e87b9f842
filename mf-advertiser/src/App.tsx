import { lazyScreen } from '@leadmesh/federation';
import { routesOf, useSessionStore } from '@leadmesh/session';
import { AppTheme, ComingSoon, renderLeadTimeline, ScreenLoading } from '@leadmesh/ui';
import { type ReactElement, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Each screen is its own chunk (decision 0101): a page downloads only the antd parts it draws.
const LeadDashboard = lazyScreen(() =>
  import('@leadmesh/ui/views/LeadDashboard').then(({ LeadDashboard }) => LeadDashboard),
);
const LeadsView = lazyScreen(() => import('@leadmesh/ui/views/LeadsView').then(({ LeadsView }) => LeadsView));
const StatisticView = lazyScreen(() =>
  import('@leadmesh/ui/views/StatisticView').then(({ StatisticView }) => StatisticView),
);
const AdvertiserOffers = lazyScreen(() =>
  import('./pages/offers.tsx').then(({ AdvertiserOffers }) => AdvertiserOffers),
);
const CrmScreen = lazyScreen(() => import('./pages/crm.tsx').then(({ CrmScreen }) => CrmScreen));
const AdvertiserPayments = lazyScreen(() =>
  import('./pages/payments.tsx').then(({ AdvertiserPayments }) => AdvertiserPayments),
);

const pending = <ScreenLoading />;

/** Route path → screen; the postback screen of the advertiser menu is drawn by mf-publisher. */
const SCREENS: Record<string, ReactElement> = {
  advertiser: <LeadDashboard audience="advertiser" path="advertiser" />,
  'advertiser-leads': (
    <LeadsView audience="advertiser" path="advertiser-leads" renderTimeline={renderLeadTimeline} />
  ),
  'advertiser-statistic': <StatisticView audience="advertiser" path="advertiser-statistic" />,
  'advertiser-offers': <AdvertiserOffers path="advertiser-offers" />,
  crm: <CrmScreen path="crm" />,
  'payments-advertiser': <AdvertiserPayments path="payments-advertiser" />,
};

/**
 * The dashboard routes of mf-advertiser, from the route table, mounted by the shell under `/dashboard/*`
 * (the shell only mounts it for paths the table gives to mf_advertiser).
 */
export default function App() {
  const dark = useSessionStore((s) => s.theme) === 'dark';
  return (
    <AppTheme dark={dark}>
      <Suspense fallback={pending}>
        <Routes>
          {routesOf('mf_advertiser').map(({ path }) => (
            <Route key={path} path={path} element={SCREENS[path] ?? <ComingSoon screen={path} />} />
          ))}
        </Routes>
      </Suspense>
    </AppTheme>
  );
}
