import { assert, test } from './harness.ts';

test('a broken remote URL shows Retry inside the layout; after the fix Retry loads it', async (t) => {
  const page = await t.newPage('publisher');
  // Break mf-publisher's URL in the shell's run-time manifest of remotes: the copy inlined in
  // config.js (first load) and remotes.json (Retry). The broken URL stays on the remote's origin,
  // which the Content-Security-Policy allows: the failure is the remote's, not the policy's.
  let broken = true;
  const brokenUrl = `${t.urls.mf_publisher}/gone/mf-manifest.json`;
  await page.route(`${t.urls.shell}/config.js`, async (route) => {
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
