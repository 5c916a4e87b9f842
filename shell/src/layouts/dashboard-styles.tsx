import { BRAND, DARK_SURFACES } from '@leadmesh/ui';

/*
 * The dashboard layout's stylesheet: plain CSS, no antd (decision 0062). The colours are the ones
 * antd's theme (`themeConfig`, packages/ui) gives the remotes' components beside it, so the frame
 * and the screens read as one: light is antd's default algorithm with the brand blue, dark is the
 * dark algorithm on the navy surfaces of decision 0057. Each theme is a set of custom properties;
 * the dark one applies under `[data-theme="dark"]` (the shell's root, set in the same render).
 */
const CSS = `
.lm-dash {
  --lm-page: #f5f5f5; --lm-side: #fff; --lm-side-line: rgba(5,5,5,0.06);
  --lm-text: rgba(0,0,0,0.88); --lm-text-2: rgba(0,0,0,0.6); --lm-side-text: rgba(0,0,0,0.88);
  --lm-hover: rgba(0,0,0,0.06); --lm-current-bg: #e6f4ff; --lm-current-text: ${BRAND.primary};
  --lm-link: ${BRAND.primary}; --lm-link-hover: ${BRAND.primaryHover}; --lm-focus: ${BRAND.primary};
  --lm-control: #fff; --lm-control-border: #d9d9d9; --lm-primary: ${BRAND.primary}; --lm-primary-hover: ${BRAND.primaryHover};
  --lm-elevated: #fff; --lm-elevated-border: transparent; --lm-split: rgba(5,5,5,0.06);
  --lm-shadow: 0 6px 16px 0 rgba(0,0,0,0.08), 0 3px 6px -4px rgba(0,0,0,0.12), 0 9px 28px 8px rgba(0,0,0,0.05);
  --lm-info: ${BRAND.primary}; --lm-info-bg: #e6f4ff; --lm-info-border: #85c0ff;
  --lm-switch-off: rgba(0,0,0,0.45);
  display: flex; min-height: 100vh; background: var(--lm-page); color: var(--lm-text);
}
[data-theme="dark"] .lm-dash {
  --lm-page: ${DARK_SURFACES.page}; --lm-side: ${DARK_SURFACES.sidebar}; --lm-side-line: rgba(255,255,255,0.08);
  --lm-text: rgba(255,255,255,0.85); --lm-text-2: rgba(255,255,255,0.6); --lm-side-text: rgba(255,255,255,0.75);
  --lm-hover: rgba(255,255,255,0.08); --lm-current-bg: #1668dc; --lm-current-text: #fff;
  --lm-link: ${BRAND.primaryOnDark}; --lm-link-hover: #69b1ff; --lm-focus: ${BRAND.focusOnDark};
  --lm-control: #0e2145; --lm-control-border: #1e4591; --lm-primary: #1668dc; --lm-primary-hover: #3c89e8;
  --lm-elevated: #122956; --lm-elevated-border: rgba(255,255,255,0.08); --lm-split: rgba(255,255,255,0.12);
  --lm-shadow: 0 6px 16px 0 rgba(0,0,0,0.45);
  --lm-info: #1668dc; --lm-info-bg: #111a2c; --lm-info-border: #15325b;
  --lm-switch-off: rgba(255,255,255,0.3);
}
/* antd's Layout made every box inside it border-box; the remotes' screens were drawn with that. */
.lm-dash, .lm-dash * { box-sizing: border-box; }
.lm-dash :is(.lm-side, .lm-dash-header, .lm-dash-notice, .lm-notice) :focus-visible { outline: 3px solid var(--lm-focus); outline-offset: 2px; border-radius: 4px; }
.lm-dash-link { color: var(--lm-link); text-decoration: none; }
.lm-dash-link:hover { color: var(--lm-link-hover); }
.lm-dash .lm-button { background: var(--lm-control); border-color: var(--lm-control-border); color: var(--lm-text); }
.lm-dash .lm-button:hover { border-color: var(--lm-primary-hover); color: var(--lm-link-hover); }
.lm-dash .lm-button-primary { background: var(--lm-primary); border-color: var(--lm-primary); color: #fff; }
.lm-dash .lm-button-primary:hover { background: var(--lm-primary-hover); border-color: var(--lm-primary-hover); color: #fff; }
.lm-button-small { min-height: 24px; padding: 0 7px; border-radius: 4px; }

/* The sidebar: in the page's flow on a wide screen (it scrolls on its own: the staff menu is taller than a laptop's screen), over the page with a mask on a narrow one. */
.lm-side { flex: none; width: 240px; background: var(--lm-side); color: var(--lm-side-text); border-inline-end: 1px solid var(--lm-side-line); font-size: 14px; line-height: 1.5715; }
/* The column keeps its colour down a long page; its contents stay in view and scroll on their own. */
.lm-side-scroll { position: sticky; top: 0; height: 100vh; overflow-y: auto; }
.lm-side-drawer { position: fixed; z-index: 10; left: 0; top: 0; height: 100vh; box-shadow: 6px 0 16px rgba(0,0,0,0.2); }
.lm-side-drawer .lm-side-scroll { position: static; height: 100%; }
.lm-dash-mask { position: fixed; inset: 0; z-index: 9; background: rgba(0,0,0,0.45); border: 0; padding: 0; cursor: pointer; }
.lm-side-nav { display: flex; flex-direction: column; min-height: 100%; }
.lm-side-brand { display: block; padding: 14px 24px; font-weight: 700; font-size: 18px; color: inherit; text-decoration: none; }
.lm-side-groups { flex: 1; padding: 0 0 8px; }
.lm-side-group-title { padding: 6px 16px; margin-top: 2px; color: var(--lm-text-2); font-size: 14px; }
.lm-side-list { list-style: none; margin: 0; padding: 0; }
.lm-side-item { display: flex; align-items: center; height: 40px; margin: 2px 4px; padding: 0 20px; border-radius: 8px; color: inherit; text-decoration: none; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; transition: background 0.2s, color 0.2s; }
.lm-side-item:hover { background: var(--lm-hover); }
[data-theme="dark"] .lm-side-item:hover { color: #fff; }
.lm-side-item[aria-current="page"] { background: var(--lm-current-bg); color: var(--lm-current-text); }
.lm-side-split { height: 1px; margin: 8px 0; border: 0; background: var(--lm-side-line); }
.lm-side-tools { display: flex; flex-direction: column; align-items: flex-start; gap: 10px; padding: 6px 24px 16px; }
.lm-switch-row { display: inline-flex; align-items: center; gap: 8px; padding: 2px 0; border: 0; background: none; color: inherit; font: inherit; cursor: pointer; }
.lm-switch { position: relative; flex: none; width: 44px; height: 22px; border-radius: 11px; background: var(--lm-switch-off); transition: background 0.2s; }
.lm-switch::after { content: ''; position: absolute; top: 2px; left: 2px; width: 18px; height: 18px; border-radius: 50%; background: #fff; box-shadow: 0 2px 4px rgba(0,35,11,0.2); transition: left 0.2s; }
.lm-switch-row[aria-checked="true"] .lm-switch { background: var(--lm-primary); }
.lm-switch-row[aria-checked="true"] .lm-switch::after { left: 24px; }

/* The header: the title sits on one line, never breaking inside a word; on a phone the user menu shows only the initials so the title keeps its room (the name stays the button's accessible name). */
.lm-dash-main { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.lm-dash-header { position: relative; z-index: 5; display: flex; align-items: center; gap: 12px; height: 64px; padding: 0 24px; font-size: 14px; line-height: 1.5715; }
.lm-dash-title { flex: 1; min-width: 0; margin: 0; font-size: 22px; font-weight: 600; line-height: 1.3; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.lm-dash-toggle { flex: none; width: 40px; height: 40px; padding: 0; }
.lm-user { position: relative; flex: none; }
.lm-user-button { display: inline-flex; align-items: center; gap: 8px; max-width: 280px; padding: 4px 8px; border: 0; border-radius: 6px; background: none; color: inherit; font: inherit; cursor: pointer; }
.lm-user-button:hover, .lm-user-button[aria-expanded="true"] { background: var(--lm-hover); }
.lm-avatar { flex: none; display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px; border-radius: 50%; background: ${BRAND.primary}; color: #fff; font-size: 14px; }
.lm-user-name { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.lm-pop { position: absolute; top: calc(100% + 8px); right: 0; width: max-content; min-width: 260px; max-width: min(380px, calc(100vw - 24px)); padding: 12px 16px; border: 1px solid var(--lm-elevated-border); border-radius: 8px; background: var(--lm-elevated); color: var(--lm-text); box-shadow: var(--lm-shadow); overflow-wrap: anywhere; }
.lm-pop-title { display: block; margin-bottom: 4px; font-weight: 600; }
.lm-pop-split { height: 1px; margin: 10px 0; border: 0; background: var(--lm-split); }
.lm-pop-actions { display: flex; align-items: center; justify-content: space-between; gap: 12px; }

.lm-dash-content { flex: 1; min-height: 0; padding: 24px; }
.lm-dash-notice { display: flex; align-items: flex-start; gap: 8px; margin-bottom: 16px; padding: 8px 12px; border: 1px solid var(--lm-info-border); border-radius: 8px; background: var(--lm-info-bg); font-size: 14px; line-height: 1.5715; }
.lm-dash-notice > svg { flex: none; margin-top: 3px; color: var(--lm-info); }
.lm-dash .lm-notice-code { color: var(--lm-link); }
.lm-dash .lm-notice p { color: var(--lm-text-2); }

@media (max-width: 599px) {
  .lm-dash-header { padding: 0 12px; gap: 8px; }
  .lm-dash-title { font-size: 18px; }
  .lm-user-name { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  .lm-user-button { padding: 4px; }
  .lm-dash-content { padding: 16px 12px; }
}
@media (prefers-reduced-motion: reduce) { .lm-dash * { transition: none !important; } }
`;

/** The dashboard layout's stylesheet (React 19 hoists it into the head once). */
export function DashboardStyles() {
  return (
    <style href="leadmesh-dashboard" precedence="default">
      {CSS}
    </style>
  );
}
