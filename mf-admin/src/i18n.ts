import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

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
  if (!i18n.hasResourceBundle('en', 'admin')) i18n.addResourceBundle('en', 'admin', en, true, true);
}
