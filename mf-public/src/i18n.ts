import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { publicEn } from './locales/en/index.ts';

export { publicEn };

/** Adds the `public` namespace to the shared i18next (initialising it when the remote runs alone). */
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
  if (!i18n.hasResourceBundle('en', 'public')) i18n.addResourceBundle('en', 'public', publicEn, true, true);
}
