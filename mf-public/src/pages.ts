import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { HomePage } from './pages/home/home.tsx';

type Page = ComponentType | LazyExoticComponent<ComponentType>;

/** A page module loaded when its route is first shown (its own chunk). */
const later = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/** The same for a page drawn with antd: it gets the product's antd theme (light on public pages). */
const laterWithAntd = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => {
    const [module, { withLightTheme }] = await Promise.all([load(), import('./light-theme.tsx')]);
    return { default: withLightTheme(module[name]) };
  });

/**
 * The page of each public route of the table (`routesOf('mf_public')` in `@leadmesh/session`), by
 * path. The landing page is in the first chunk, since most visitors arrive there; every other page
 * is its own chunk. The marketing pages are plain markup; the pages with forms (and the team
 * carousel) use antd, which is downloaded with them only.
 */
export const PAGES: Record<string, Page> = {
  '': HomePage,
  publishers: later(() => import('./pages/publishers/publishers.tsx'), 'PublishersPage'),
  advertisers: later(() => import('./pages/advertisers/advertisers.tsx'), 'AdvertisersPage'),
  aboutus: laterWithAntd(() => import('./pages/aboutus/aboutus.tsx'), 'AboutUsPage'),
  terms: later(() => import('./pages/terms/terms.tsx'), 'TermsPage'),
  privacy: later(() => import('./pages/privacy/privacy.tsx'), 'PrivacyPage'),
  login: laterWithAntd(() => import('./pages/login/login.tsx'), 'LoginPage'),
  register: laterWithAntd(() => import('./pages/register/register.tsx'), 'RegisterPage'),
  resetPassword: laterWithAntd(
    () => import('./pages/reset-password/reset-password.tsx'),
    'ResetPasswordPage',
  ),
  conference: laterWithAntd(() => import('./pages/conference/conference.tsx'), 'ConferencePage'),
};
