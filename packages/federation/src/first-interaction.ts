/**
 * A visitor's prerendered page starts its scripts at the first interaction (issue 19, decision 0085).
 *
 * The shell's server sends a prerendered public page to a request without a session with its
 * styles, its markup and, instead of the app's `<script>` tags, `FIRST_INTERACTION_LOADER`: a few
 * lines of inline script that add those scripts (in their order) on the visitor's first pointer,
 * touch, key, focus, scroll, wheel or mouse movement. Until then the page is plain HTML: its links
 * are real links to other prerendered pages. What the visitor did to the page before it was live is
 * kept (`FIRST_ACTION_KEY`): the last button pressed and the last field or link focused or tapped,
 * by `data-testid`; the shell's public layout does it again once React drew the page
 * (`replayFirstAction`), so the tap that started the load (the phone's menu button, the contact
 * form's Name field) is not lost. A link needs nothing: the browser follows it.
 */

/** Where the loader keeps the visitor's action (a global both sides name by this key). */
export const FIRST_ACTION_KEY = '__leadmeshFirstAction';

/** What the visitor did before the page was live, by `data-testid`. */
export interface FirstAction {
  /** A button pressed (`click` is replayed on React's element). */
  click?: string;
  /** A field or link focused, or a field tapped while it was still disabled. */
  focus?: string;
}

/**
 * The inline loader, as the page carries it (the CSP allows exactly this text by its hash). The
 * scripts to add are in its own element's `data-scripts` (JSON), so the text, and its hash, stay the
 * same for every page and build. It starts at once when the address carries a referral id
 * (`?ref=`, `#/?ref=`): the shell keeps it before a link can take the visitor to the sign-up.
 */
export const FIRST_INTERACTION_LOADER = `(function () {
  var me = document.currentScript;
  var scripts = JSON.parse(me.getAttribute('data-scripts') || '[]');
  var action = (window.${FIRST_ACTION_KEY} = {});
  var events = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel', 'mousemove'];
  var options = { capture: true, passive: true };
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < events.length; i++) removeEventListener(events[i], start, options);
    for (var j = 0; j < scripts.length; j++) {
      var script = document.createElement('script');
      script.src = scripts[j];
      script.async = false;
      document.head.appendChild(script);
    }
  }
  function testId(node, selector) {
    var found = node && node.closest ? node.closest(selector) : null;
    return found ? found.getAttribute('data-testid') : null;
  }
  addEventListener('click', function (event) {
    var id = testId(event.target, 'button[data-testid]');
    if (id) action.click = id;
  }, true);
  addEventListener('focusin', function (event) {
    var id = testId(event.target, '[data-testid]');
    if (id) action.focus = id;
  }, true);
  addEventListener('pointerdown', function (event) {
    var id = testId(event.target, 'input[data-testid], textarea[data-testid]');
    if (id) action.focus = id;
  }, true);
  for (var k = 0; k < events.length; k++) addEventListener(events[k], start, options);
  if (/[?&]ref=/.test(location.search + '&' + location.hash.replace(/^#[^?]*\\?/, '?'))) start();
})();`;

type WithAction = typeof globalThis & { [FIRST_ACTION_KEY]?: FirstAction };

/**
 * Called once the shell drew the public layout: does again what the visitor did before the page
 * was live (press the button, focus the field), on React's element of the same `data-testid`, and
 * forgets it. A page that was live from the start (no loader) has nothing to do.
 */
export function replayFirstAction(doc: Document = document): void {
  const scope = globalThis as WithAction;
  const action = scope[FIRST_ACTION_KEY];
  if (!action) return;
  scope[FIRST_ACTION_KEY] = undefined;
  const find = (id: string | undefined) =>
    id ? doc.querySelector<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`) : null;
  find(action.focus)?.focus();
  find(action.click)?.click();
}
