import { routesOf, useSessionStore } from '@leadmesh/session';
import { AppTheme } from '@leadmesh/ui';
import { App as AntApp } from 'antd';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Screen } from './lib/screen.tsx';
import { Advertisers } from './pages/advertisers/advertisers.tsx';
import { ApiTokens } from './pages/api-tokens/api-tokens.tsx';
import { BlockedLeads } from './pages/blocked-leads/blocked-leads.tsx';
import { CustomPayouts } from './pages/custom-payouts/custom-payouts.tsx';
import { PublisherDashboard } from './pages/dashboard/publisher-dashboard.tsx';
import { Domains } from './pages/domains/domains.tsx';
import { Invoices } from './pages/invoices/invoices.tsx';
import { LeadStats } from './pages/lead-stats/lead-stats.tsx';
import { Leads } from './pages/leads/leads.tsx';
import { Logs } from './pages/logs/logs.tsx';
import { Offers } from './pages/offers/offers.tsx';
import { Payments } from './pages/payments/payments.tsx';
import { PublisherStats } from './pages/publisher-stats/publisher-stats.tsx';
import { Users } from './pages/users/users.tsx';
import { Websites } from './pages/websites/websites.tsx';

/** The screen of each mf-admin route of the route table. */
export const SCREENS: Record<string, ComponentType<{ path: string }>> = {
  'admin-dashboard': PublisherDashboard,
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
      <AntApp>
        <Routes>
          {routesOf('mf_admin').map(({ path }) => {
            const Page = SCREENS[path];
            return (
              <Route
                key={path}
                path={path}
                element={<Screen path={path}>{Page ? <Page path={path} /> : null}</Screen>}
              />
            );
          })}
        </Routes>
      </AntApp>
    </AppTheme>
  );
}
