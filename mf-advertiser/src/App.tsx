import { lazyScreen } from '@leadmesh/federation';
import { RemoteRoutes, renderLeadTimeline } from '@leadmesh/ui';
import { LeadDashboard } from '@leadmesh/ui/views/LeadDashboard';
import type { ReactElement } from 'react';

// Each screen is its own chunk (decision 0101): a page downloads only the antd parts it draws.
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
const ComingSoon = lazyScreen(() => import('@leadmesh/ui').then(({ ComingSoon }) => ComingSoon));

/**
 * The dashboard, in the App's own chunk (the shell preloads it with the page): it draws its KPI
 * tiles before antd has loaded and loads antd's parts itself (decision 0064).
 */
const FIRST_SCREENS: Record<string, ReactElement> = {
  advertiser: <LeadDashboard audience="advertiser" path="advertiser" />,
};

/** Route path → screen; the postback screen of the advertiser menu is drawn by mf-publisher. */
const SCREENS: Record<string, ReactElement> = {
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
 * (the shell only mounts it for paths the table gives to mf_advertiser). The App imports no antd.
 */
export default function App() {
  return (
    <RemoteRoutes
      remote="mf_advertiser"
      firstScreens={FIRST_SCREENS}
      screenOf={(path) => SCREENS[path] ?? <ComingSoon screen={path} />}
    />
  );
}
