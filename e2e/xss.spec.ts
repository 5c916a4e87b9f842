/**
 * Stored XSS never runs (issue 12). Payloads are stored through the API the way any user could
 * store them — names at sign-up, an offer's name and description, a postback's name, a username
 * typed at a failed login (written to the system log) — and then shown in the browser. Every
 * payload, if it ever ran, would set `window.__xss` or open a dialog; each test fails on either, on
 * an element the payload would have created, and on any CSP violation (harness: a blocked inline
 * script is a console error), so a payload that is only stopped by the CSP still fails.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { audit } from '@leadmesh/core';
import { createDb } from '@leadmesh/db';
import type { Postback, PostbackDelivery } from '@leadmesh/schema';
import type { Page } from 'playwright-core';
import { assert, LOGINS, test, type Urls } from './harness.ts';
import { ApiSession, rowAction, unique } from './support.ts';

const MARK = 'xss-mark';
/** Each payload names its own vector, so a failure says which one ran. */
const payload = (vector: string) =>
  `${MARK}-${vector}<img src=x onerror="window.__xss='${vector}'"><script>window.__xss='${vector}-script'</script><svg onload="window.__xss='${vector}-svg'"></svg>`;

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

/** A new publisher with ordinary names, verified by the admin; answers their login. */
async function verifiedPublisher(urls: Urls) {
  const username = `xss${unique()}`;
  const password = 'xss-password-1';
  await new ApiSession(urls.api).call('/users/createUser', {
    username,
    password,
    email: `${username}@example.com`,
    FirstName: 'Xenia',
    LastName: 'Tester',
    Country: 'RS',
    ZIP: '11000',
    Experience: '2',
  });
  const admin = await ApiSession.login(urls.api, LOGINS.admin.username, LOGINS.admin.password);
  const [user] = (
    await admin.call<{ DBData: { ID: number }[] }>('/users/getAllUsers', {
      Filters: [{ name: 'Username', op: 'eq', value: username }],
    })
  ).DBData;
  await admin.call('/users/verifyPublisher', { ID: user.ID });
  return { username, password };
}

/** Nothing the payloads would create is on the page. */
async function assertNoInjectedElements(page: Page) {
  assert.equal(await page.locator('img[src="x"]').count(), 0, 'an injected <img>');
  assert.equal(await page.locator('svg[onload]').count(), 0, 'an injected <svg>');
  assert.equal(await page.locator('script:not([src])').count(), 0, 'an injected inline <script>');
}

test('HTML in a postback’s name shows as text in the postback list, the delete dialog and the delivery log', async (t) => {
  // The receiver the worker delivers the test fire to: a real server on 127.0.0.1.
  const receiver = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = receiver.address() as AddressInfo;
    const { username, password } = await verifiedPublisher(t.urls);
    const publisher = await ApiSession.login(t.urls.api, username, password);
    // Names are capped at 100 characters: two vectors.
    const name = `${MARK}-pb<img src=x onerror="window.__xss='pb'"><svg onload="window.__xss='pb-svg'">`;
    const postback = await publisher.call<Postback>('/postback/addPostback', {
      postbackName: name,
      postbackURL: `http://127.0.0.1:${port}/pb?lead={lead_id}&status={lead_status}`,
      postbackTrigger: 'Any',
    });
    assert.equal(postback.postbackName, name, 'the name is kept as typed, for screens to show as text');
    // A test fire puts a delivery, with the postback's name, in the delivery log at once; the worker
    // sends it to the receiver whenever its queue gets there (its state does not matter here).
    const fired = await publisher.call<{ deliveryID: number }>('/postback/testPostback', {
      postbackID: postback.postbackID,
    });
    const { DBData: deliveries } = await publisher.call<{ DBData: PostbackDelivery[] }>(
      '/postback/getDeliveries',
      { postbackID: postback.postbackID },
    );
    assert.deepEqual(
      deliveries.map((d) => [d.ID, d.postbackName]),
      [[fired.deliveryID, name]],
    );

    const page = await t.newPage();
    const seen = watchForScripts(page);
    await loginAs(page, t.urls, username, password);
    await page.goto(`${t.urls.shell}/dashboard/postback`);
    const row = page.getByTestId('postback-row-name').filter({ hasText: `${MARK}-pb` });
    await row.waitFor();
    assert.equal(await row.textContent(), name, 'the list shows the name as text');
    const delivery = page
      .locator('[data-testid="postback-deliveries"] tr.ant-table-row')
      .filter({ hasText: `${MARK}-pb` });
    await delivery.waitFor();
    assert.ok(
      ((await delivery.textContent()) ?? '').includes(name),
      'the delivery log shows the name as text',
    );
    await assertNoInjectedElements(page);
    await t.screenshot(page, 'postback-screen');

    // The delete dialog quotes the name.
    await rowAction(
      page,
      page.locator('tr', { has: page.getByTestId('postback-row-name').filter({ hasText: `${MARK}-pb` }) }),
      'postback-delete',
    );
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    assert.ok(
      ((await dialog.textContent()) ?? '').includes(`“${name}”`),
      'the dialog quotes the name as text',
    );
    await assertNoInjectedElements(page);
    await t.screenshot(page, 'postback-delete-dialog');
    await page.getByTestId('confirm-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    await assertNothingRan(page, seen, () =>
      t.consoleErrors.filter((e) => /Content Security Policy/i.test(e.text)),
    );
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test('HTML in log text and in a log dump shows as text on admin-logs, never runs', async (t) => {
  // A real path that logs what a visitor typed: a failed login writes the username to the log
  // (logValue escapes brackets and control characters, not markup; the screen must show it as text).
  const username = `${MARK}-login<img src=x onerror="window.__xss='login'"><svg onload="window.__xss='login-svg'">`;
  const refused = await new ApiSession(t.urls.api).send('/auth/login', {
    username,
    password: 'not-the-password-1',
  });
  assert.equal(refused.status, 'error');
  // Dumps hold the stack of an unexpected server error, which no request can fill with its own
  // text on purpose; this one is stored the way the API's error handler stores one (core audit),
  // straight into the run's database, with payloads where a message or a value would be.
  assert.ok(t.urls.databaseUrl, 'the run started its own backend (its database is needed here)');
  const handle = await createDb({ url: t.urls.databaseUrl });
  const dumpMark = `${MARK}-dump-${unique()}`;
  try {
    await audit(handle.db, 'api.unhandled-error', { path: '/xss-check', message: dumpMark }, null, {
      stack: `Error: ${payload('dump-stack')}\n    at handler (api/src/app.ts:1:1)`,
      input: payload('dump-input'),
    });
  } finally {
    handle.close();
  }

  const page = await t.newPage('admin');
  const seen = watchForScripts(page);
  await page.goto(`${t.urls.shell}/dashboard/admin-logs`);
  const rows = page.locator('[data-testid="data-table"] tr.ant-table-row');
  const loginRow = rows.filter({ hasText: `${MARK}-login` }).first();
  await loginRow.waitFor();
  assert.ok(
    ((await loginRow.textContent()) ?? '').includes(`[username:${username}]`),
    'the username is shown as text inside its parameter',
  );
  await assertNoInjectedElements(page);
  await t.screenshot(page, 'admin-logs');

  const dumpRow = rows.filter({ hasText: dumpMark }).first();
  await dumpRow.getByTestId('log-dump').click();
  const dump = page.getByTestId('log-dump-text');
  await dump.waitFor();
  const dumpText = (await dump.textContent()) ?? '';
  assert.ok(dumpText.includes(`${MARK}-dump-stack<img src=x onerror=`), dumpText.slice(0, 300));
  assert.ok(dumpText.includes(`${MARK}-dump-input<img src=x onerror=`), dumpText.slice(0, 300));
  await assertNoInjectedElements(page);
  await t.screenshot(page, 'admin-log-dump');
  await assertNothingRan(page, seen, () =>
    t.consoleErrors.filter((e) => /Content Security Policy/i.test(e.text)),
  );
});
