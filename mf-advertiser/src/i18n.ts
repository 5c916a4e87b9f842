import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

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
  if (!i18n.hasResourceBundle('en', 'advertiser')) i18n.addResourceBundle('en', 'advertiser', en, true, true);
}
