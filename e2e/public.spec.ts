import { assert, test } from './harness.ts';

test('a visitor on / sees the public layout and downloads no dashboard remote', async (t) => {
  const page = await t.newPage();
  await page.goto(`${t.urls.shell}/`);
  await page.getByTestId('public-layout').waitFor();
  await page.getByTestId('page-home').waitFor();
  for (const id of [
    'nav-home',
    'nav-publishers',
    'nav-advertisers',
    'nav-culture',
    'nav-login',
    'nav-signup',
  ]) {
    await page.getByTestId(id).waitFor();
  }
  await page.getByTestId('public-footer').waitFor();
  await page.getByTestId('contact-form').waitFor();
  await page.waitForLoadState('networkidle');
  await t.screenshot(page, 'landing');
  assert.ok(t.fetchedFrom(t.urls.mf_public), 'mf-public was loaded');
  assert.ok(!t.fetchedFrom(t.urls.mf_publisher), 'no request to mf-publisher');
  assert.ok(!t.fetchedFrom(t.urls.mf_advertiser), 'no request to mf-advertiser');
  assert.ok(!t.fetchedFrom(t.urls.mf_admin), 'no request to mf-admin');
});

test('a logged-out user opening /dashboard/publisher lands on /login', async (t) => {
  const page = await t.newPage();
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  await page.waitForURL(/\/login$/);
  await page.getByTestId('login-form').waitFor();
  await t.screenshot(page);
  assert.ok(!t.fetchedFrom(t.urls.mf_publisher), 'no request to mf-publisher');
});

test('a wrong password shows the login error', async (t) => {
  // The refusal this test asks for on purpose.
  t.allowConsoleError(/status of 401.*\/auth\/login/);
  const page = await t.newPage();
  await page.goto(`${t.urls.shell}/login`);
  await page.getByTestId('login-username').fill('publisher');
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  const error = page.getByTestId('login-error');
  await error.waitFor();
  assert.match((await error.textContent()) ?? '', /Username or password is incorrect/);
  await t.screenshot(page);
});
