import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** English texts of the public pages. */
export const publicEn = {
  home: { title: 'Best CPA prices for publishers and advertisers' },
  publishers: { title: 'For publishers' },
  advertisers: { title: 'For advertisers' },
  aboutus: { title: 'Our culture' },
  register: { title: 'Sign up' },
  resetPassword: { title: 'Reset password' },
  conference: { title: 'Conference' },
  terms: { title: 'Terms' },
  privacy: { title: 'Privacy Policy' },
  notFound: { title: 'Page not found' },
  login: {
    title: 'Log in',
    username: 'Username',
    password: 'Password',
    submit: 'Log in',
    forgot: 'Forgot password',
    required: 'Required',
  },
};

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
