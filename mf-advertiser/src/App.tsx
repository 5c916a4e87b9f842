import { routesOf, useSessionStore } from '@leadmesh/session';
import { AppTheme, ComingSoon, LeadDashboard, LeadsView, StatisticView } from '@leadmesh/ui';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CrmScreen } from './pages/crm.tsx';
import { AdvertiserOffers } from './pages/offers.tsx';
import { AdvertiserPayments } from './pages/payments.tsx';

/** Route path → screen; the postback screen of the advertiser menu is drawn by mf-publisher. */
const SCREENS: Record<string, ReactElement> = {
  advertiser: <LeadDashboard audience="advertiser" path="advertiser" />,
  'advertiser-leads': <LeadsView audience="advertiser" path="advertiser-leads" />,
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
      <Routes>
        {routesOf('mf_advertiser').map(({ path }) => (
          <Route key={path} path={path} element={SCREENS[path] ?? <ComingSoon screen={path} />} />
        ))}
      </Routes>
    </AppTheme>
  );
}
