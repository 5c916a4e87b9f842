import type { Response } from 'playwright-core';
import { INLINE_SCRIPT_SOURCES } from '../scripts/lib/frontends.ts';
import { assert, test } from './harness.ts';

const PUBLIC_PAGES = [
  ['/', 'page-home'],
  ['/publishers', 'page-publishers'],
  ['/advertisers', 'page-advertisers'],
  ['/aboutus', 'page-aboutus'],
  ['/terms', 'page-terms'],
  ['/login', 'login-page'],
  ['/register', 'page-register'],
  ['/nowhere', 'page-notFound'],
] as const;

/** The sources of one directive of a Content-Security-Policy. */
function directive(policy: string, name: string): string[] {
  const found = policy.split(';').find((d) => d.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

test('the shell and the remotes send the security headers; the CSP names the remotes of the manifest', async (t) => {
  const page = await t.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  // /login starts its scripts with the page (a visitor's prerendered pages wait for the first
  // interaction and carry their loader's hash in script-src: decision 0085, scripts/lib/frontends.test.ts).
  await page.goto(`${t.urls.shell}/login`);
  await page.getByTestId('login-username').waitFor();
  await page.waitForLoadState('networkidle');
  const manifest = (await (await fetch(`${t.urls.shell}/remotes.json`)).json()) as Record<string, string>;
  const remoteOrigins = Object.values(manifest).map((url) => new URL(url).origin);
  const apiOrigin = new URL(t.urls.api).origin;
  const checked = responses.filter(
    (r) => r.url().startsWith(t.urls.shell) || r.url().startsWith(t.urls.mf_public),
  );
  assert.ok(
    checked.some((r) => r.url().includes('mf-manifest.json')),
    'the remote manifest was fetched',
  );
  assert.ok(
    checked.some((r) => r.url().endsWith('remoteEntry.js')),
    'the remote entry was fetched',
  );
  for (const response of checked) {
    const headers = await response.allHeaders();
    const policy = headers['content-security-policy'] ?? '';
    // Every front end's answer also allows the page's own inline scripts, by their hashes only: the
    // visitor's first-interaction loader (0085) and a session's early check (0089).
    const loaderHash = INLINE_SCRIPT_SOURCES;
    assert.deepEqual(
      directive(policy, 'script-src').sort(),
      ["'self'", ...remoteOrigins, ...loaderHash].sort(),
      response.url(),
    );
    assert.deepEqual(
      directive(policy, 'connect-src').sort(),
      ["'self'", apiOrigin, ...remoteOrigins].sort(),
      response.url(),
    );
    assert.deepEqual(directive(policy, 'img-src'), ["'self'", 'data:', 'blob:', apiOrigin], response.url());
    assert.deepEqual(directive(policy, 'frame-ancestors'), ["'none'"], response.url());
    assert.deepEqual(directive(policy, 'object-src'), ["'none'"], response.url());
    assert.deepEqual(directive(policy, 'base-uri'), ["'self'"], response.url());
    assert.equal(headers['x-content-type-options'], 'nosniff', response.url());
    assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin', response.url());
  }
});

test('a visitor’s public pages log no console error and no CSP violation', async (t) => {
  const page = await t.newPage();
  for (const [path, testId] of PUBLIC_PAGES) {
    await page.goto(`${t.urls.shell}${path}`);
    await page.getByTestId(testId).waitFor();
    await page.waitForLoadState('networkidle');
  }
  const favicon = await fetch(`${t.urls.shell}/favicon.svg`);
  assert.equal(favicon.status, 200);
  assert.match(favicon.headers.get('content-type') ?? '', /image\/svg\+xml/);
  // A logged-out session check answers 200 with NOT_LOGGED_IN, so not even it is a failed request.
  assert.deepEqual(t.consoleErrors, []);
});

test('the first visit fetches the public remote at once: its manifest is inlined in config.js', async (t) => {
  const page = await t.newPage();
  const order: string[] = [];
  page.on('request', (request) => order.push(request.url()));
  // A page whose scripts start with it: a visitor's prerendered pages (/, /publishers, ...) load them
  // at the first interaction (decision 0085), and then in this same order.
  await page.goto(`${t.urls.shell}/login`);
  await page.getByTestId('login-page').waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(!order.some((url) => url.endsWith('/remotes.json')), 'no separate remotes.json round trip');
  const manifest = order.indexOf(`${t.urls.mf_public}/mf-manifest.json`);
  const checkLogin = order.findIndex((url) => url.endsWith('/auth/checkLogin'));
  assert.ok(manifest >= 0 && checkLogin >= 0, order.join('\n'));
  // The session check starts with the page too (issue 19), after its CSRF token: the remote first.
  assert.ok(manifest < checkLogin, `manifest requested before the shell rendered:\n${order.join('\n')}`);
});
