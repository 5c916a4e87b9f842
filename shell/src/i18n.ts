import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** English texts of the shell (layouts, header, sidebar, remote loading). */
export const shellEn = {
  nav: {
    main: 'Main',
    menu: 'Open the menu',
    home: 'Home',
    publishers: 'Publishers',
    advertisers: 'Advertisers',
    culture: 'Our culture',
    login: 'Log in',
    signup: 'Sign up',
    dashboard: 'Dashboard',
  },
  footer: {
    contact: 'Contact',
    company: 'Leadmesh, a limited company registered in Serbia',
    support: 'Support: 7 days a week, 08:00-22:00 local time',
    getInTouch: 'Get in touch',
    name: 'Name',
    email: 'E-mail',
    message: 'Message',
    send: 'Send',
    required: 'Required',
  },
  header: {
    manager: 'Assigned manager',
    noManager: 'No manager assigned',
    earnings: 'Earnings',
    referralEarnings: 'Referral earnings',
    credits: 'Credits',
    settings: 'Settings',
    logout: 'Log out',
  },
  sidebar: { settings: 'Settings', theme: 'Dark theme', logout: 'Log out', close: 'Close the menu' },
  notAllowed: 'This screen is not open to your account.',
  notice: { paymentMethod: 'You have not added a payment method yet.', addNow: 'Add now' },
  remote: {
    failed: 'This part of the application could not be loaded.',
    hint: 'Check your connection, then try again.',
    retry: 'Retry',
    loading: 'Loading…',
  },
  notFound: {
    heading: 'There is no page at this address',
    text: 'The link may be old or mistyped. Your dashboard has everything you can open.',
    dashboardLink: 'Go to your dashboard',
  },
};

/**
 * Initialises the shared i18next instance once (it is a federation singleton, the remotes add their
 * own namespaces to it) and adds the shell's English texts.
 */
export function setupI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      ns: ['shell'],
      defaultNS: 'shell',
      resources: { en: { shell: shellEn } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else {
    i18n.addResourceBundle('en', 'shell', shellEn, true, true);
  }
  return i18n;
}
