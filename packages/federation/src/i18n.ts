import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Adds a remote's English texts to the page's i18next as namespace `ns`.
 *
 * i18next and react-i18next are federation singletons: inside the shell's page the shell has
 * already initialised the one instance, and each remote only adds its namespace. A remote running
 * alone (its own dev page, its unit tests) has nobody to initialise i18next, so this does it first.
 * A namespace already present is left as it is, so calling this again is harmless.
 *
 * @example
 * // mf-admin/src/i18n.ts
 * export const setupI18n = () => setupNamespace('admin', en);
 */
export function setupNamespace(ns: string, resources: Record<string, unknown>): void {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      resources: {},
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  if (!i18n.hasResourceBundle('en', ns)) i18n.addResourceBundle('en', ns, resources, true, true);
}
