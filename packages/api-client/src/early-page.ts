/**
 * The session check sent by the page itself (issue 19): the shell's server bundles this file into
 * an inline script of a session's dashboard page (`scripts/lib/frontends.ts`, `earlyPageScript`),
 * so the check, and its CSRF token, leave while the page's script files download instead of after
 * the shell's entry ran. The entry's `startEarlyCalls` then adds the screen's own calls to it.
 * The API's address is the script element's `data-api`.
 */
import { CSRF_TOKEN_KEY, SESSION_CHECK, startEarlyCalls } from './early.ts';

const me = document.currentScript;
const apiUrl = me?.getAttribute('data-api');
// Its work started, the element goes: the page keeps no inline script (what the XSS tests look for).
me?.remove();
if (apiUrl) {
  let known: string | null = null;
  try {
    known = window.sessionStorage.getItem(CSRF_TOKEN_KEY);
  } catch {
    // Storage refused: the token is fetched.
  }
  startEarlyCalls(apiUrl, [SESSION_CHECK], undefined, known);
}
