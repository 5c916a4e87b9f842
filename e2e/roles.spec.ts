import { assert, test } from './harness.ts';

async function sidebarGroups(page: import('playwright-core').Page) {
  const ids = await page
    .locator('[data-testid^="sidebar-group-"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
  return ids.map((id) => id?.replace('sidebar-group-', ''));
}

test('a publisher who logs in gets mf-publisher, never mf-admin, and the publisher sidebar', async (t) => {
  const page = await t.newPage();
  await t.login(page, 'publisher');
  assert.match(page.url(), /\/dashboard\/publisher$/);
  await page.locator('[data-testid="remote-root"][data-remote="mf_publisher"]').waitFor();
  await page.locator('[data-testid="screen"][data-screen="publisher"]').waitFor();
  assert.equal(await page.getByTestId('section-title').textContent(), 'Dashboard');
  // The page's title shows once: in the header, not again as a heading of the page.
  assert.equal(
    await page.locator('[data-testid="remote-root"] h1, [data-testid="remote-root"] h2').count(),
    0,
  );
  const groups = await sidebarGroups(page);
  assert.deepEqual(groups.slice(0, 2), ['publisher', 'advertiser']);
  assert.ok(!groups.includes('admin') && !groups.includes('publishersManager'), groups.join(', '));
  // The publisher has no advertiser profile: the advertiser group only offers Register.
  await page.getByTestId('sidebar-item-advertiser-register').waitFor();
  // Navigate inside the dashboard: the header title follows the path.
  await page.getByTestId('sidebar-item-publisher-leads').click();
  await page.waitForURL(/\/dashboard\/publisher-leads$/);
  await page.getByTestId('section-title').filter({ hasText: 'Leads' }).waitFor();
  await page.locator('[data-testid="screen"][data-screen="publisher-leads"]').waitFor();
  await page.waitForLoadState('networkidle');
  await t.screenshot(page);
  assert.ok(t.fetchedFrom(t.urls.mf_publisher), 'mf-publisher was loaded');
  assert.ok(!t.fetchedFrom(t.urls.mf_admin), 'no request to mf-admin');
  assert.ok(!t.fetchedFrom(t.urls.mf_advertiser), 'no request to mf-advertiser');
});

test('an admin gets mf-admin and the administrator sidebar group', async (t) => {
  const page = await t.newPage('admin');
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  await page.getByTestId('sidebar').waitFor();
  const groups = await sidebarGroups(page);
  assert.ok(groups.includes('admin'), `admin group shown (${groups.join(', ')})`);
  await page.getByTestId('sidebar-item-admin-users').click();
  await page.waitForURL(/\/dashboard\/admin-users$/);
  await page.locator('[data-testid="remote-root"][data-remote="mf_admin"]').waitFor();
  await page.locator('[data-testid="screen"][data-screen="admin-users"]').waitFor();
  assert.equal(await page.getByTestId('section-title').textContent(), 'Users');
  await t.screenshot(page);
  assert.ok(t.fetchedFrom(t.urls.mf_admin), 'mf-admin was loaded');
});

test('an advertiser with the publisher role hidden goes from /dashboard to the advertiser dashboard', async (t) => {
  const page = await t.newPage('advertiser');
  await page.goto(`${t.urls.shell}/dashboard`);
  await page.waitForURL(/\/dashboard\/advertiser$/);
  await page.locator('[data-testid="remote-root"][data-remote="mf_advertiser"]').waitFor();
  const groups = await sidebarGroups(page);
  assert.ok(!groups.includes('publisher'), `publisher group hidden (${groups.join(', ')})`);
  await page.getByTestId('sidebar-item-advertiser-crm').waitFor();
  await page.getByTestId('user-menu').click();
  const credits = page.getByTestId('header-credits');
  await credits.waitFor();
  assert.match((await credits.textContent()) ?? '', /Credits: -?\$[\d,]+\.\d{2}$/);
  await t.screenshot(page);
  assert.ok(!t.fetchedFrom(t.urls.mf_admin), 'no request to mf-admin');
});

test('an unverified publisher sees the not-verified notice on data screens', async (t) => {
  const page = await t.newPage('newbie');
  await page.goto(`${t.urls.shell}/dashboard/publisher-leads`);
  const notice = page.getByTestId('not-verified');
  await notice.waitFor();
  assert.match((await notice.textContent()) ?? '', /Your account has not been verified/);
  await t.screenshot(page);
});

test('each role lands on its home from the login form, and login pages lead there again', async (t) => {
  const homes: [Parameters<typeof t.login>[1], RegExp, string][] = [
    ['advertiser', /\/dashboard\/advertiser$/, 'advertiser'],
    ['admin', /\/dashboard\/admin-dashboard$/, 'admin-dashboard'],
    ['manager', /\/dashboard\/admin-dashboard$/, 'admin-dashboard'],
  ];
  for (const [role, url, screen] of homes) {
    const page = await t.newPage();
    await t.login(page, role);
    await page.waitForURL(url);
    await page.locator(`[data-testid="screen"][data-screen="${screen}"]`).waitFor();
    // The spec's own landing, /dashboard/publisher, leads a user without the publisher menu home too.
    await page.goto(`${t.urls.shell}/dashboard/publisher`);
    await page.waitForURL(url);
    await page.goto(`${t.urls.shell}/register`);
    await page.waitForURL(url);
    await page.locator(`[data-testid="screen"][data-screen="${screen}"]`).waitFor();
    await page.context().close();
  }
});

test('a logged-in user on /login is sent to /dashboard/publisher', async (t) => {
  const page = await t.newPage('publisher');
  await page.goto(`${t.urls.shell}/login`);
  await page.waitForURL(/\/dashboard\/publisher$/);
  await page.getByTestId('sidebar').waitFor();
});

test('under 1025 px the sidebar closes after navigation', async (t) => {
  const page = await t.newPage('publisher');
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  await page.getByTestId('sidebar-open').click();
  await page.getByTestId('sidebar').waitFor();
  await page.getByTestId('sidebar-item-publisher-offers').click();
  await page.waitForURL(/\/dashboard\/publisher-offers$/);
  await page.getByTestId('sidebar').waitFor({ state: 'detached' });
  await page.getByTestId('section-title').filter({ hasText: 'Offers' }).waitFor();
  await t.screenshot(page);
});
