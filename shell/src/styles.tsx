import { BRAND } from '@leadmesh/ui';

const BRAND_PRIMARY = BRAND.primary;
const BRAND_PRIMARY_HOVER = BRAND.primaryHover;

/**
 * The shell's own styles: the public header and footer, the loading spinner, the remote's Retry box
 * and the not-found page. They are plain CSS, not antd, so a visitor's first page downloads antd
 * only with the pages that use it (the public pages are drawn by mf-public, which bundles its own).
 * Inside the dashboard the body carries the `dark` class when the dark theme is on.
 */
/** The country flags as a font (assets/README.md), fetched only by a page that shows a flag. */
const FLAGS_FONT = new URL('./assets/twemoji-country-flags.woff2', import.meta.url).href;

const CSS = `
@font-face {
  font-family: 'Twemoji Country Flags';
  unicode-range: U+1F1E6-1F1FF, U+1F3F4, U+E0062-E0063, U+E0065, U+E0067, U+E006C, U+E006E, U+E0073-E0074, U+E0077, U+E007F;
  src: url('${FLAGS_FONT}') format('woff2');
  font-display: swap;
}
html, body { font-family: ${BRAND.font}; }
.lm-shell-link { color: ${BRAND_PRIMARY}; text-decoration: none; }
.lm-shell-link:hover { color: ${BRAND_PRIMARY_HOVER}; }
.lm-shell :focus-visible { outline: 3px solid ${BRAND_PRIMARY}; outline-offset: 2px; border-radius: 4px; }
body.dark .lm-shell :focus-visible { outline-color: ${BRAND.focusOnDark}; }

.lm-public { min-height: 100vh; display: flex; flex-direction: column; background: #f5f5f5; color: rgba(0,0,0,0.88); }
.lm-public-main { flex: 1; padding: 24px 16px; }
/* While the page's remote loads, the footer waits below the fold: the content then arrives above it without pushing it (issue 19, layout shift). */
.lm-public-main:has(> .lm-spinner) { min-height: calc(100vh - 64px); }
.lm-header { position: relative; display: flex; align-items: center; gap: 24px; height: 64px; padding: 0 50px; background: #fff; border-bottom: 1px solid #eee; }
.lm-brand { font-weight: 700; font-size: 20px; margin-right: 24px; white-space: nowrap; }
.lm-nav { display: flex; gap: 20px; flex: 1; }
.lm-nav a { white-space: nowrap; }
.lm-account { display: flex; gap: 8px; }
.lm-button { display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 32px; padding: 4px 15px; border-radius: 6px; border: 1px solid #d9d9d9; background: #fff; color: rgba(0,0,0,0.88); font: inherit; font-size: 14px; line-height: 22px; cursor: pointer; text-decoration: none; white-space: nowrap; transition: border-color 0.2s, color 0.2s, background 0.2s; }
.lm-button:hover { border-color: ${BRAND_PRIMARY}; color: ${BRAND_PRIMARY}; }
.lm-button[disabled] { cursor: progress; opacity: 0.65; }
.lm-button-primary { background: ${BRAND_PRIMARY}; border-color: ${BRAND_PRIMARY}; color: #fff; }
.lm-button-primary:hover { background: ${BRAND_PRIMARY_HOVER}; border-color: ${BRAND_PRIMARY_HOVER}; color: #fff; }
.lm-icon-button { width: 40px; height: 40px; padding: 0; }
.lm-menu-toggle { display: none; margin-left: auto; }
.lm-menu-panel { display: none; }
@media (max-width: 767px) {
  .lm-header { padding: 0 16px; gap: 12px; }
  .lm-brand { margin-right: auto; }
  .lm-header > .lm-nav, .lm-header > .lm-account { display: none; }
  .lm-menu-toggle { display: inline-flex; }
  .lm-menu-panel[data-open="true"] { display: flex; flex-direction: column; gap: 16px; position: absolute; z-index: 20; top: 64px; left: 0; right: 0; padding: 16px; background: #fff; border-bottom: 1px solid #eee; box-shadow: 0 6px 16px rgba(0,0,0,0.08); }
  .lm-menu-panel .lm-nav { flex-direction: column; gap: 16px; }
  .lm-menu-panel .lm-account { flex-wrap: wrap; }
}

.lm-footer { display: flex; flex-wrap: wrap; gap: 24px 64px; padding: 24px 50px; background: #f5f5f5; border-top: 1px solid #eee; font-size: 14px; line-height: 1.5715; }
@media (max-width: 767px) { .lm-footer { padding: 24px 16px; } }
.lm-footer h2 { font-size: 20px; font-weight: 600; line-height: 1.4; margin: 0 0 12px; }
.lm-footer p { margin: 0 0 12px; }
.lm-footer-form { flex: 1; min-width: 260px; }
.lm-form { max-width: 420px; }
.lm-fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
/* Before the shell's scripts run the footer form is disabled (decision 0068), drawn as antd draws a disabled field. */
.lm-fieldset:disabled .lm-input { background: rgba(0,0,0,0.04); color: rgba(0,0,0,0.25); cursor: not-allowed; }
.lm-fieldset:disabled .lm-input:hover { border-color: #d9d9d9; }
.lm-fieldset:disabled .lm-button { cursor: not-allowed; opacity: 0.65; }
.lm-fieldset:disabled .lm-button:hover { border-color: #d9d9d9; color: rgba(0,0,0,0.88); }
.lm-field { margin-bottom: 16px; }
.lm-field label { display: block; padding-bottom: 8px; }
.lm-field label::before { content: '*'; color: #cf1322; margin-inline-end: 4px; }
.lm-input { box-sizing: border-box; width: 100%; min-height: 32px; padding: 4px 11px; border: 1px solid #d9d9d9; border-radius: 6px; background: #fff; color: rgba(0,0,0,0.88); font: inherit; font-size: 14px; line-height: 22px; }
.lm-input:hover { border-color: ${BRAND_PRIMARY}; }
.lm-input:focus { outline: none; border-color: ${BRAND_PRIMARY}; box-shadow: 0 0 0 2px rgba(9,88,217,0.2); }
.lm-input[aria-invalid="true"] { border-color: #cf1322; }
textarea.lm-input { resize: vertical; }
.lm-field-error { color: #cf1322; margin-top: 4px; }

.lm-spinner { display: flex; justify-content: center; padding: 48px; }
.lm-spinner::after { content: ''; width: 28px; height: 28px; border-radius: 50%; border: 3px solid rgba(9,88,217,0.2); border-top-color: ${BRAND_PRIMARY}; animation: lm-spin 0.8s linear infinite; }
body.dark .lm-spinner::after { border-color: rgba(255,255,255,0.2); border-top-color: ${BRAND.primaryOnDark}; }
@keyframes lm-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .lm-spinner::after { animation-duration: 2.4s; } }

.lm-notice { max-width: 520px; margin: 48px auto; padding: 32px 24px; text-align: center; }
.lm-notice h2 { font-size: 24px; font-weight: 600; margin: 16px 0 8px; }
.lm-notice p { margin: 0 0 24px; color: rgba(0,0,0,0.65); }
body.dark .lm-notice p { color: rgba(255,255,255,0.65); }
.lm-notice-code { font-size: 64px; font-weight: 700; line-height: 1; color: ${BRAND_PRIMARY}; letter-spacing: 0.04em; }
body.dark .lm-notice-code { color: ${BRAND.primaryOnDark}; }
`;

/** The shell's stylesheet (React 19 hoists it into the head once). */
export function ShellStyles() {
  return (
    <style href="leadmesh-shell" precedence="default">
      {CSS}
    </style>
  );
}
