import { setupNamespace } from '@leadmesh/federation/i18n';

/** English screen titles of mf-advertiser. */
export const en = {
  advertiser: 'Advertiser dashboard',
  'advertiser-offers': 'Offers',
  'advertiser-leads': 'Leads',
  'advertiser-statistic': 'Statistic',
  crm: 'CRM',
  'payments-advertiser': 'Payments',
  registeradvertiser: 'Register as an advertiser',
  notFound: 'Page not found',
};

/** Adds the `advertiser` namespace to the shared i18next (initialising it when the remote runs alone). */
export function setupI18n(): void {
  setupNamespace('advertiser', en);
}
