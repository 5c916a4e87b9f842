import { setupNamespace } from '@leadmesh/federation/i18n';

/** English screen titles of mf-publisher. */
export const en = {
  publisher: 'Publisher dashboard',
  domains: 'Domains',
  postback: 'Postback',
  'publisher-offers': 'Offers',
  article: 'Offer',
  'publisher-leads': 'Leads',
  'publisher-statistic': 'Statistic',
  'payments-publisher': 'Payments',
  'referral-overview': 'Referral overview',
  'referral-publisher': 'Publisher referrals',
  'referral-advertiser': 'Advertiser referrals',
  profile: 'Settings',
  notFound: 'Page not found',
};

/** Adds the `publisher` namespace to the shared i18next (initialising it when the remote runs alone). */
export function setupI18n(): void {
  setupNamespace('publisher', en);
}
