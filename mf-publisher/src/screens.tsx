import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A screen module loaded when its route is first shown (its own chunk, so the dashboard stays light). */
const later = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/**
 * The built screens of mf-publisher by route path (`routesOf('mf_publisher')`). A path missing here
 * shows the placeholder. Kept apart from App.tsx so each team adds its own lines.
 */
export const PUBLISHER_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  domains: later(() => import('./pages/domains/domains.tsx'), 'DomainsScreen'),
  'publisher-offers': later(() => import('./pages/offers/offers.tsx'), 'OffersScreen'),
  'article/:offerId': later(() => import('./pages/article/article.tsx'), 'ArticleScreen'),
  'payments-publisher': later(() => import('./pages/payments/payments.tsx'), 'PaymentsScreen'),
  'referral-overview': later(() => import('./pages/referral/overview.tsx'), 'ReferralOverviewScreen'),
  'referral-publisher': later(() => import('./pages/referral/publishers.tsx'), 'ReferralPublishersScreen'),
  'referral-advertiser': later(() => import('./pages/referral/advertisers.tsx'), 'ReferralAdvertisersScreen'),
  profile: later(() => import('./pages/profile/profile.tsx'), 'ProfileScreen'),
  registeradvertiser: later(
    () => import('./pages/register-advertiser/register-advertiser.tsx'),
    'RegisterAdvertiserScreen',
  ),
};
