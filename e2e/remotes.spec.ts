import { assert, test } from './harness.ts';

test('a broken remote URL shows Retry inside the layout; after the fix Retry loads it', async (t) => {
  // The failures this test makes on purpose: the missing manifest and the runtime's report of it.
  t.allowConsoleError(/status of 404.*\/gone\/mf-manifest\.json/);
  t.allowConsoleError(/Failed to get manifest\. #RUNTIME-003/);
  const page = await t.newPage('publisher');
  // Break mf-publisher's URL in the shell's run-time manifest of remotes: the copy inlined in
  // config.js (first load) and remotes.json (Retry). The broken URL stays on the remote's origin,
  // which the Content-Security-Policy allows: the failure is the remote's, not the policy's.
  let broken = true;
  const brokenUrl = `${t.urls.mf_publisher}/gone/mf-manifest.json`;
  // The page names the config by its version (`/config.js?v=…`, decision 0068).
  await page.route(`${t.urls.shell}/config.js*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(`${t.urls.mf_publisher}/mf-manifest.json`, brokenUrl);
    await route.fulfill({ response, body });
  });
  await page.route(`${t.urls.shell}/remotes.json`, async (route) => {
    const response = await route.fetch();
    const manifest = await response.json();
    if (broken) manifest.mf_publisher = brokenUrl;
    await route.fulfill({ response, json: manifest });
  });
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  const errorBox = page.locator('[data-testid="remote-error"][data-remote="mf_publisher"]');
  await errorBox.waitFor();
  // The header and the navigation still work around the failed remote.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-content').waitFor();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sidebar-item-publisher-domains').click();
  await page.waitForURL(/\/dashboard\/domains$/);
  await page.getByTestId('section-title').filter({ hasText: 'Domains' }).waitFor();
  await page.locator('[data-testid="remote-error"][data-remote="mf_publisher"]').waitFor();
  await t.screenshot(page, 'retry-box');
  // Fix the URL, then Retry loads the remote.
  broken = false;
  await page.getByTestId('remote-retry').click();
  await page.locator('[data-testid="remote-root"][data-remote="mf_publisher"]').waitFor();
  await page.locator('[data-testid="screen"][data-screen="domains"]').waitFor();
  assert.equal(await page.getByTestId('remote-error').count(), 0);
  await t.screenshot(page, 'after-retry');
});

test('a dashboard with a session starts its remote and its data with the page, and asks for each once', async (t) => {
  const page = await t.newPage('publisher');
  const order: string[] = [];
  page.on('request', (request) => order.push(`${request.method()} ${request.url()}`));
  const response = await page.goto(`${t.urls.shell}/dashboard/publisher`);
  // The shell's server named the session's remote and preloads its manifest (issue 19).
  const html = (await response?.text()) ?? '';
  assert.match(html, /<meta name="leadmesh-remote" content="mf_publisher">/);
  assert.ok(html.includes(`href="${t.urls.mf_publisher}/mf-manifest.json"`), html);
  await page.getByTestId('dashboard-kpis').waitFor();
  await page.waitForLoadState('networkidle');
  const count = (suffix: string) => order.filter((line) => line.endsWith(suffix)).length;
  // The screens' first calls were answered by the requests the entry script started: one each.
  assert.equal(count('/auth/checkLogin'), 1, order.join('\n'));
  assert.equal(count('/leads/getLeadsForPublisherDashboard'), 1, order.join('\n'));
  assert.equal(count('/api/csrf'), 1, order.join('\n'));
  // Nothing of the remote was downloaded twice (the preload hints were used, not doubled).
  const files = order.filter((line) => line.startsWith(`GET ${t.urls.mf_publisher}/`));
  assert.deepEqual(
    files.filter((line, i) => files.indexOf(line) !== i),
    [],
    files.join('\n'),
  );
  // The data was asked for before the remote's screen could ask: before any file of the remote
  // but those the page preloads (its screens' chunks come after its ./App has run).
  const data = order.findIndex((line) => line.endsWith('/leads/getLeadsForPublisherDashboard'));
  const screenChunk = order.findIndex(
    (line) =>
      line.startsWith(`GET ${t.urls.mf_publisher}/`) &&
      !html.includes(`href="${line.slice(4)}"`) &&
      !line.endsWith('/mf-manifest.json'),
  );
  assert.ok(data >= 0 && screenChunk >= 0 && data < screenChunk, order.join('\n'));
  assert.deepEqual(t.consoleErrors, []);
});

test('a visitor on a dashboard address downloads no dashboard remote before the login check', async (t) => {
  const page = await t.newPage();
  const response = await page.goto(`${t.urls.shell}/dashboard/publisher`);
  assert.ok(!((await response?.text()) ?? '').includes('leadmesh-remote'));
  await page.waitForURL(/\/login$/);
  await page.getByTestId('login-username').waitFor();
  assert.equal(t.fetchedFrom(t.urls.mf_publisher), false);
});

test('a reload in the tab sends the session check at once with the token it kept; a refused token is replaced', async (t) => {
  // The second part sends a token the API no longer accepts, on purpose.
  t.allowConsoleError(/status of 403.*\/auth\/checkLogin/);
  const page = await t.newPage('publisher');
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  await page.getByTestId('dashboard-kpis').waitFor();
  const kept = await page.evaluate(() => sessionStorage.getItem('leadmesh-csrf-token'));
  assert.ok(kept);
  const order: string[] = [];
  page.on('request', (request) => order.push(`${request.method()} ${request.url()}`));
  await page.reload();
  await page.getByTestId('dashboard-kpis').waitFor();
  await page.waitForLoadState('networkidle');
  const count = (suffix: string) => order.filter((line) => line.endsWith(suffix)).length;
  assert.equal(count('/api/csrf'), 0, order.join('\n'));
  assert.equal(count('/auth/checkLogin'), 1, order.join('\n'));
  assert.equal(count('/leads/getLeadsForPublisherDashboard'), 1, order.join('\n'));
  assert.deepEqual(t.consoleErrors, []);

  // A kept token the API refuses: the page still opens (the client fetches a token), and the
  // refused one is not kept.
  await page.evaluate(() => sessionStorage.setItem('leadmesh-csrf-token', 'stale.token'));
  order.length = 0;
  await page.reload();
  await page.getByTestId('dashboard-kpis').waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(count('/api/csrf'), 1, order.join('\n'));
  assert.notEqual(await page.evaluate(() => sessionStorage.getItem('leadmesh-csrf-token')), 'stale.token');
});
