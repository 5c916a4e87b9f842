import { theme as antdTheme, ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { BRAND, DARK_SURFACES } from './brand.ts';
import { FeedbackProvider } from './feedback.tsx';

/**
 * The one antd theme of the product, for every remote. Each remote bundles its own antd (only the
 * components it uses), so each has its own ConfigProvider fed with this; the shell's dashboard frame
 * is plain CSS in the same colours (decision 0062).
 */
export function themeConfig(dark: boolean): ThemeConfig {
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    // antd's placeholder (25% opacity), description and tertiary text (45%) greys are under 4.5:1 against
    // their backgrounds; a Select's placeholder and secondary notes are real text to readers.
    token: dark
      ? {
          fontFamily: BRAND.font,
          colorBgBase: DARK_SURFACES.page,
          colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
          colorTextDescription: 'rgba(255, 255, 255, 0.6)',
          colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
        }
      : {
          fontFamily: BRAND.font,
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
          colorTextDescription: 'rgba(0, 0, 0, 0.6)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
          colorPrimary: BRAND.primary,
          colorLink: BRAND.primary,
          colorInfo: BRAND.primary,
        },
    components: dark
      ? {
          Layout: {
            siderBg: DARK_SURFACES.sidebar,
            bodyBg: DARK_SURFACES.page,
            triggerBg: DARK_SURFACES.sidebar,
          },
          Menu: {
            darkItemBg: DARK_SURFACES.sidebar,
            darkSubMenuItemBg: DARK_SURFACES.sidebar,
            darkPopupBg: DARK_SURFACES.sidebar,
          },
        }
      : undefined,
  };
}

/** Whether the surrounding antd theme is the product's dark one (for colours picked per theme). */
export function isDarkTheme(token: { colorBgBase: string }): boolean {
  return token.colorBgBase.toLowerCase() === DARK_SURFACES.page;
}

/**
 * The product's antd theme around `children`: dark or light, with the `FeedbackProvider` whose
 * `useFeedback` toasts take the theme (antd's toast machinery loads with the first toast). Dashboard remotes pass the session's
 * theme; public pages are always light (public §2).
 *
 * @example
 * const dark = useSessionStore((s) => s.theme) === 'dark';
 * return <AppTheme dark={dark}><Routes>…</Routes></AppTheme>;
 */
export function AppTheme({ dark, children }: { dark: boolean; children: ReactNode }) {
  return (
    <ConfigProvider theme={themeConfig(dark)}>
      <FeedbackProvider>{children}</FeedbackProvider>
    </ConfigProvider>
  );
}
