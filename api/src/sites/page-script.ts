/**
 * The script the sites server adds to every landing and prelanding entry page (served from the
 * site's own origin at {@link PAGE_SCRIPT_PATH}, so the page's CSP `script-src 'self'` admits it).
 * Its settings come as data attributes of its own tag:
 *
 * - `data-click`: the signed click id;
 * - `data-order`: where the order form is sent (same origin);
 * - `data-landing`: on a prelanding, the landing's address, which links to the landing take
 *   (`href="landing"`, `"./landing"`, `"#landing"`, `"{landing}"`, or `data-leadmesh-landing`);
 * - `data-preview`: previews never send orders.
 *
 * An order form is a form marked `data-leadmesh-order` or holding a `name="phone"` field. On
 * submit the script posts its fields as JSON with the click id and what the browser reveals of
 * automation (`navigator.webdriver`, `userAgentData` brands, automation globals; read by
 * `botFromClientReport`), then sends the buyer where the answer says (the thank-you page). A
 * second submit while one is under way is ignored; the server is idempotent anyway.
 */
export const PAGE_SCRIPT_PATH = '/_lm/page.js';

export const PAGE_SCRIPT = `(function () {
  var me = document.currentScript;
  if (!me) return;
  var d = me.dataset;
  var GLOBALS = ['callPhantom', '_phantom', '__nightmare', 'domAutomation', 'domAutomationController',
    '_selenium', 'callSelenium', '_Selenium_IDE_Recorder', '__webdriver_script_fn', '__driver_evaluate',
    '__webdriver_evaluate', '__selenium_evaluate', '__fxdriver_evaluate', '__webdriver_unwrapped',
    '__selenium_unwrapped', 'Cypress', '__playwright__binding__', '__pwInitScripts', '__puppeteer_evaluation_script__'];
  function signals() {
    var n = navigator, r = { webdriver: n.webdriver === true, brands: [], automationGlobals: [] };
    try {
      var b = n.userAgentData && n.userAgentData.brands;
      if (b) for (var i = 0; i < b.length; i++) r.brands.push(String(b[i].brand));
    } catch (e) {}
    for (var j = 0; j < GLOBALS.length; j++) if (GLOBALS[j] in window) r.automationGlobals.push(GLOBALS[j]);
    try {
      for (var k in document) if (/^\\$?cdc_|^\\$wdc_/.test(k)) r.automationGlobals.push(k);
    } catch (e) {}
    return r;
  }
  function landingLinks() {
    if (!d.landing) return;
    var links = document.querySelectorAll('a[href]');
    for (var i = 0; i < links.length; i++) {
      var a = links[i], h = (a.getAttribute('href') || '').trim();
      if (a.hasAttribute('data-leadmesh-landing') || /^(\\.\\/)?landing\\/?$|^#landing$|^\\{landing\\}$/i.test(h)) {
        a.setAttribute('href', d.landing);
      }
    }
  }
  function isOrderForm(f) {
    return f.hasAttribute('data-leadmesh-order') || !!f.querySelector('[name="phone"]');
  }
  function say(f, text) {
    var p = f.querySelector('[data-leadmesh-message]');
    if (!p) {
      p = document.createElement('p');
      p.setAttribute('data-leadmesh-message', '');
      p.setAttribute('role', 'alert');
      f.appendChild(p);
    }
    p.textContent = text;
  }
  document.addEventListener('submit', function (e) {
    var f = e.target;
    if (!f || f.tagName !== 'FORM' || !isOrderForm(f)) return;
    e.preventDefault();
    if (d.preview) { say(f, 'Preview: orders are not sent.'); return; }
    if (!d.order || f.getAttribute('data-leadmesh-busy')) return;
    f.setAttribute('data-leadmesh-busy', '1');
    var body = {};
    new FormData(f).forEach(function (v, k) { if (typeof v === 'string') body[k] = v; });
    body.click = d.click;
    body.client = signals();
    var failed = function (text) {
      f.removeAttribute('data-leadmesh-busy');
      say(f, text || 'Something went wrong, please try again.');
    };
    fetch(d.order, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin'
    }).then(function (r) { return r.json(); }).then(function (a) {
      if (a && a.status === 'ok' && a.data && a.data.redirect) location.assign(a.data.redirect);
      else failed(a && a.details && a.details.message);
    }, function () { failed(); });
  }, true);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', landingLinks);
  else landingLinks();
})();
`;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The script tag for one page, its settings as data attributes. */
export function pageScriptTag(settings: {
  click?: string;
  order?: string;
  landing?: string;
  preview?: boolean;
}): string {
  const attributes = [
    settings.click ? ` data-click="${escapeAttribute(settings.click)}"` : '',
    settings.order ? ` data-order="${escapeAttribute(settings.order)}"` : '',
    settings.landing ? ` data-landing="${escapeAttribute(settings.landing)}"` : '',
    settings.preview ? ' data-preview="1"' : '',
  ].join('');
  return `<script src="${PAGE_SCRIPT_PATH}" defer${attributes}></script>`;
}

/** The page with the tag added before `</head>`, else before `</body>`, else at the end. */
export function injectScript(html: string, tag: string): string {
  for (const closing of [/<\/head\s*>/i, /<\/body\s*>/i]) {
    const match = closing.exec(html);
    if (match) return `${html.slice(0, match.index)}${tag}${html.slice(match.index)}`;
  }
  return `${html}${tag}`;
}
