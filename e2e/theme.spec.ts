import { assert, test } from './harness.ts';

test('the theme toggle persists across a reload; public pages drop the dark body class', async (t) => {
  const page = await t.newPage('publisher2');
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  const root = page.getByTestId('app-root');
  await page.getByTestId('sidebar').waitFor();
  const before = await root.getAttribute('data-theme');
  const expected = before === 'dark' ? 'light' : 'dark';
  const saved = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
  await page.getByTestId('theme-toggle').click();
  assert.equal((await saved).status(), 200);
  await page.locator(`[data-testid="app-root"][data-theme="${expected}"]`).waitFor();
  await page.reload();
  await page.getByTestId('sidebar').waitFor();
  await page.locator(`[data-testid="app-root"][data-theme="${expected}"]`).waitFor();
  assert.equal(await page.evaluate(() => document.body.classList.contains('dark')), expected === 'dark');
  await t.screenshot(page, expected);
  // Make it dark, then leave the dashboard: the body loses the dark class.
  if (expected !== 'dark') {
    const again = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
    await page.getByTestId('theme-toggle').click();
    await again;
  }
  await page.locator('[data-testid="app-root"][data-theme="dark"]').waitFor();
  assert.equal(await page.evaluate(() => document.body.classList.contains('dark')), true);
  await page.getByTestId('sidebar-settings').waitFor();
  await page.goto(`${t.urls.shell}/`);
  await page.getByTestId('public-layout').waitFor();
  assert.equal(await page.evaluate(() => document.body.classList.contains('dark')), false);
});
