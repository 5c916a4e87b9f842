import { setupNamespace } from '@leadmesh/federation/i18n';

/** English screen titles of mf-admin. */
export const en = {
  'admin-dashboard': 'Admin dashboard',
  'admin-publisherStats': 'Publisher stats',
  'admin-leadStats': 'Lead report',
  'admin-apitokens': 'API tokens',
  'admin-blockedLeads': 'Blocked leads',
  'admin-leads': 'Leads',
  'admin-offers': 'Offers',
  'admin-customPayouts': 'Custom payouts',
  'admin-users': 'Users',
  'admin-advertisers': 'Advertisers',
  'admin-domains': 'Domains',
  'admin-websites': 'Websites',
  'admin-payments': 'Platform payouts',
  'admin-invoices': 'Invoices',
  'admin-logs': 'Logs',
  'manager-publishers': 'Publishers',
  'manager-publisherStats': 'Publisher stats',
  'manager-advertisers': 'Advertisers',
  notFound: 'Page not found',
};

/** Adds the `admin` namespace to the shared i18next (initialising it when the remote runs alone). */
export function setupI18n(): void {
  setupNamespace('admin', en);
}
