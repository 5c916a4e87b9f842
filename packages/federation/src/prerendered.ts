/**
 * The markup of a public page that the shell's server sent inside `#root` (issue 19, decision 0061):
 * the shell keeps it before React replaces the root, and both the shell (while mf-public loads) and
 * mf-public (while the page's chunk loads) draw it as their loading state, so the visitor keeps
 * reading the same page until React's own identical markup takes its place.
 */
const KEY = '__leadmeshPrerendered';

interface Kept {
  pathname: string;
  html: string;
}

type WithKept = typeof globalThis & { [KEY]?: Kept };

/**
 * Where the page's own markup sits in the prerendered HTML (the shell's `RemoteApp` element). While
 * the copy is shown, its element carries `data-prerendered` (the bench waits for React's own page).
 */
export const PRERENDERED_SELECTOR = '#root [data-testid="remote-root"][data-remote="mf_public"]';

/** Called by the shell's entry before React starts: keeps the server's markup of this page, if any. */
export function keepPrerenderedMarkup(): void {
  const element = document.querySelector(PRERENDERED_SELECTOR);
  if (element)
    (globalThis as WithKept)[KEY] = { pathname: window.location.pathname, html: element.innerHTML };
}

/** The kept markup when the browser is still on the page it came with, else null. */
export function prerenderedMarkup(): string | null {
  if (typeof window === 'undefined') return null;
  const kept = (globalThis as WithKept)[KEY];
  return kept && kept.pathname === window.location.pathname ? kept.html : null;
}
