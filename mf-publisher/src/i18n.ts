import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

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
export function setupI18n() {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      resources: {},
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  if (!i18n.hasResourceBundle('en', 'publisher')) i18n.addResourceBundle('en', 'publisher', en, true, true);
}
