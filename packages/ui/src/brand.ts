/**
 * The product's brand colours, the one source for the antd theme (`themeConfig`) and for the
 * plain-CSS parts of the shell and the public pages. This file imports nothing, so code that needs
 * only the colours does not pull antd in.
 *
 * antd's default blue (#1677ff) reaches only 4.1:1 on white, under the 4.5:1 WCAG AA asks of
 * body-size text; the next shade (#0958d9, 6.2:1) is used for links and primary buttons on light
 * surfaces. Dark surfaces keep antd's dark-algorithm blue (#1668dc, lighter on dark: #4096ff).
 */
export const BRAND = {
  primary: '#0958d9',
  primaryHover: '#003eb3',
  ink: '#0b1f3a',
  /** The focus ring on dark surfaces. */
  focusOnDark: '#ffd666',
  /** A blue that reads on dark surfaces (antd's dark-theme link colour). */
  primaryOnDark: '#4096ff',
  /**
   * antd's font stack: the plain-CSS parts use it too, so text looks the same next to antd. It
   * starts with the flags font the shell declares (`@font-face` in shell/src/styles.tsx): it covers
   * only the flag characters, which Windows would otherwise draw as two letters.
   */
  font: "'Twemoji Country Flags', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'",
} as const;

/**
 * The dark theme's surfaces, one family with the sidebar (issue 16 item 9: a navy sidebar beside a
 * pure-black page): the page is the deepest navy, the sidebar a step darker, cards and tables a
 * step lighter (antd's dark algorithm lightens containers from `colorBgBase`). Here, beside the
 * brand, so the shell's plain-CSS dashboard frame takes them without antd (decision 0062).
 */
export const DARK_SURFACES = {
  page: '#0b1220',
  sidebar: '#070d18',
  sidebarActive: '#13213a',
} as const;
