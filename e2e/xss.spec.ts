/**
 * Stored XSS never runs (issue 12). Payloads are stored through the API the way any user could
 * store them — names at sign-up, an offer's name and description — and then shown in the browser.
 * (Postback names and log lines are shown by the dashboard screens of mf-publisher and mf-admin;
 * their specs can take `payload` and `assertNothingRan` from here.) Every payload, if it ever ran, would set `window.__xss` or open
 * a dialog; each test fails on either, and on any CSP violation (harness: a blocked inline script
 * is a console error), so a payload that is only stopped by the CSP still fails.
 */
import type { Page } from 'playwright-core';
import { assert, LOGINS, test, type Urls } from './harness.ts';

const MARK = 'xss-mark';
/** Each payload names its own vector, so a failure says which one ran. */
const payload = (vector: string) =>
  `${MARK}-${vector}<img src=x onerror="window.__xss='${vector}'"><script>window.__xss='${vector}-script'</script><svg onload="window.__xss='${vector}-svg'"></svg>`;

/** A small cookie-keeping API session, as a browser would hold it. */
class ApiSession {
  private cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly api: string) {}

  private async request(method: string, path: string, body?: unknown) {
    const response = await fetch(`${this.api}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(this.csrf ? { 'X-XSRF-TOKEN': this.csrf } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    return (await response.json()) as { status: string; data: unknown };
  }

  async call<T = unknown>(path: string, body: unknown = {}): Promise<T> {
    if (!this.csrf) this.csrf = ((await this.request('PUT', '/api/csrf')).data as { token: string }).token;
    const answer = await this.request('POST', path, body);
    if (answer.status !== 'ok') throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer.data as T;
  }

  static async login(api: string, username: string, password: string) {
    const session = new ApiSession(api);
    await session.call('/auth/login', { username, password });
    return session;
  }
}

/** Fails on a dialog the page opens (alert, confirm, prompt) and on a script having run. */
function watchForScripts(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', async (dialog) => {
    seen.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return seen;
}

async function assertNothingRan(page: Page, seen: { dialogs: string[] }, cspViolations: () => unknown[]) {
  assert.equal(await page.evaluate(() => (window as { __xss?: string }).__xss ?? null), null);
  assert.deepEqual(seen.dialogs, []);
  assert.deepEqual(cspViolations(), []);
}

async function loginAs(page: Page, urls: Urls, username: string, password: string) {
  await page.goto(`${urls.shell}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard\//);
}

test('HTML in a user’s first and last name shows as text in the dashboard, never runs', async (t) => {
  const username = `xss${Date.now().toString(36)}`;
  const password = 'xss-password-1';
  const anonymous = new ApiSession(t.urls.api);
  await anonymous.call('/users/createUser', {
    username,
    password,
    email: `${username}@example.com`,
    // Names are capped at 100 characters: one vector each.
    FirstName: `${MARK}-first<img src=x onerror="window.__xss='first'">`,
    LastName: `<svg onload="window.__xss='last'"></svg><script>window.__xss='last'</script>`,
    Country: 'RS',
    ZIP: '11000',
    Experience: '2',
  });
  const admin = await ApiSession.login(t.urls.api, LOGINS.admin.username, LOGINS.admin.password);
  const [user] = (
    await admin.call<{ DBData: { ID: number }[] }>('/users/getAllUsers', {
      Filters: [{ name: 'Username', op: 'eq', value: username }],
    })
  ).DBData;
  await admin.call('/users/verifyPublisher', { ID: user.ID });

  const page = await t.newPage();
  const seen = watchForScripts(page);
  await loginAs(page, t.urls, username, password);
  await page.waitForLoadState('networkidle');
  // The dashboard layout (and its header) can finish after the network settles: wait for the name.
  await page.getByTestId('user-name').waitFor();
  // The header shows the name as the person typed it: the markup is text on the page.
  const shown = (await page.locator('body').textContent()) ?? '';
  assert.ok(shown.includes(`${MARK}-first<img`), 'the first name is shown as text');
  assert.equal(await page.locator('img[src="x"]').count(), 0);
  assert.equal(await page.locator('svg[onload]').count(), 0);
  await t.screenshot(page);
  await assertNothingRan(page, seen, () =>
    t.consoleErrors.filter((e) => /Content Security Policy/i.test(e.text)),
  );
});

test('an offer description is stored sanitised: rendered as HTML it runs nothing', async (t) => {
  const admin = await ApiSession.login(t.urls.api, LOGINS.admin.username, LOGINS.admin.password);
  const offers = await admin.call<{ DBData: { ID: number }[] }>('/offers/getAllOffers', {});
  const offerId = offers.DBData[0].ID;
  const description = [
    '<p>Fine <b>words</b></p>',
    payload('description'),
    `<a href="javascript:window.__xss='href'">click</a>`,
    `<iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe>`,
    `<div style="background:url(javascript:window.__xss='css')" onclick="window.__xss='click'">area</div>`,
    `<form action="javascript:window.__xss='form'"><button>go</button></form>`,
    '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  ].join('');
  await admin.call('/offers/editOffer', {
    ID: offerId,
    OfferDescription: description,
    OfferName: payload('name'),
  });
  const stored = await admin.call<{ OfferDescription: string; OfferName: string }>('/offers/getOfferByID', {
    ID: offerId,
  });
  assert.ok(stored.OfferDescription.includes('<b>words</b>'), 'ordinary formatting is kept');

  // The stored description is what every screen renders as HTML (RichTextEditor sets innerHTML):
  // put it into a page with no policy at all, click everything, and nothing may run.
  const page = await t.newPage();
  const seen = watchForScripts(page);
  await page.goto(`${t.urls.shell}/`);
  await page.evaluate((html) => {
    const host = document.createElement('div');
    host.id = 'rendered';
    host.innerHTML = html;
    document.body.append(host);
  }, stored.OfferDescription);
  for (const element of await page.locator('#rendered a, #rendered div, #rendered button').all()) {
    await element.click({ timeout: 2000 }).catch(() => undefined);
  }
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => (window as { __xss?: string }).__xss ?? null), null);
  assert.deepEqual(seen.dialogs, []);
  assert.doesNotMatch(stored.OfferDescription, /\son\w+\s*=|javascript:|<script|<iframe|<object|<embed/i);
  // The offer name is plain text: kept as typed, for screens to show as text.
  assert.ok(stored.OfferName.startsWith(`${MARK}-name`));
});
