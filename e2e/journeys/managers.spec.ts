/**
 * A manager of each side (issue 16), from the login form: each lands on the overview, does their
 * side's work in the back office (the publishers manager verifies a new publisher, the advertisers
 * manager a new advertiser) and is refused the rest, by the menu, by the screens (a screen of the
 * other side leads home) and by the server. Desktop and 390 px, both themes, screenshots of each.
 */
import type { Page } from 'playwright-core';
import { assert, LOGINS, type TestContext, test } from '../harness.ts';
import { shootBothThemes } from '../screens.ts';
import { ApiSession, createPublisher, rowAction, unique } from '../support.ts';

type Side = 'publisher' | 'advertiser';

/** A new account the admin makes a manager of one side, as the back office would. */
async function newManager(t: TestContext, side: Side) {
  const login = await createPublisher(t.urls, `${side.slice(0, 3)}man${unique()}`);
  const admin = await ApiSession.login(t.urls.api, LOGINS.admin.username, LOGINS.admin.password);
  const [user] = (
    await admin.call<{ DBData: { ID: number }[] }>('/users/getAllUsers', {
      paginationOffset: 0,
      Filters: [{ name: 'Username', op: 'eq', value: login.username }],
    })
  ).DBData;
  const flag = side === 'publisher' ? 'isPublisherManager' : 'isAdvertiserManager';
  await admin.call('/users/editUser', {
    id: user.ID,
    newFlags: { [flag]: true, isPublisherHidden: true, isVerified: true },
  });
  return login;
}

async function logIn(page: Page, t: TestContext, login: { username: string; password: string }) {
  await page.goto(`${t.urls.shell}/login`);
  await page.getByTestId('login-username').fill(login.username);
  await page.getByTestId('login-password').fill(login.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard\/admin-dashboard$/);
  await page.getByTestId('overview-range').waitFor();
}

async function sidebarGroups(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid^="sidebar-group-"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('sidebar-group-', ''));
}

/** What the server answers the page's session on a call (the envelope's status and data). */
async function answerOf(page: Page, api: string, path: string, body: unknown) {
  return page.evaluate(
    async ({ api, path, body }) => {
      const csrf = await fetch(`${api}/api/csrf`, { method: 'PUT', credentials: 'include' });
      const token = ((await csrf.json()) as { data: { token: string } }).data.token;
      const answer = await fetch(`${api}${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': token },
        body: JSON.stringify(body),
      });
      return (await answer.json()) as { status: string; data: unknown };
    },
    { api, path, body },
  );
}

test(
  'publishers manager: lands on the overview, verifies a new publisher, is refused the advertiser side',
  async (t) => {
    // The server's refusal of the other side's call is provoked below: the browser logs its 403.
    t.allowConsoleError(/status of 403.*\/partners\/getAllAdvertisers/);
    const manager = await newManager(t, 'publisher');
    const newcomer = await createPublisher(t.urls, `newpub${unique()}`);
    const page = await t.newPage();
    await logIn(page, t, manager);
    assert.deepEqual(await sidebarGroups(page), ['publishersManager']);

    await page.getByTestId('sidebar-item-manager-publishers').click();
    await page.locator('[data-testid="screen"][data-screen="manager-publishers"]').waitFor();
    await page.getByTestId('list-search').locator('input').fill(newcomer.username);
    const row = page.locator('.lm-list .ant-table-tbody tr.ant-table-row', { hasText: newcomer.username });
    await row.waitFor();
    await rowAction(page, row, 'row-verify');
    await page.getByText(`Verify publisher ${newcomer.username}?`).waitFor();
    await page.getByTestId('confirm-ok').click();
    await row.locator('.ant-tag', { hasText: 'Yes' }).waitFor();
    await shootBothThemes(t, page, 'publishers', () => row.waitFor());

    await page.getByTestId('sidebar-item-manager-publisherStats').click();
    await page.locator('[data-testid="screen"][data-screen="manager-publisherStats"]').waitFor();

    // Refused the rest: the other side's screen leads home, and the server says no.
    await page.goto(`${t.urls.shell}/dashboard/manager-advertisers`);
    await page.waitForURL(/\/dashboard\/admin-dashboard$/);
    const refused = await answerOf(page, t.urls.api, '/partners/getAllAdvertisers', { paginationOffset: 0 });
    assert.deepEqual(refused, { ...refused, status: 'error', data: 'FORBIDDEN' });
    await page.goto(`${t.urls.shell}/dashboard/admin-logs`);
    await page.waitForURL(/\/dashboard\/admin-dashboard$/);
    await page.getByTestId('overview-range').waitFor();
  },
  { timeoutMs: 150_000 },
);

test(
  'advertisers manager: lands on the overview, verifies a new advertiser, is refused the publisher side',
  async (t) => {
    // The server's refusal of the other side's call is provoked below: the browser logs its 403.
    t.allowConsoleError(/status of 403.*\/users\/verifyPublisher/);
    const manager = await newManager(t, 'advertiser');
    // A new advertiser, signed up as people do (the user, then the company), waiting for verification.
    const company = `Waiting Co ${unique()}`;
    const signUp = await createPublisher(t.urls, `newadv${unique()}`);
    const advertiser = await ApiSession.login(t.urls.api, signUp.username, signUp.password);
    await advertiser.call('/partners/addAdvertiser', {
      CompanyName: company,
      CompanyAddress: 'Bulevar 2',
      CompanyCity: 'Novi Sad',
      CompanyZipCode: '21000',
      TaxVatNumber: 'Tax: 2, VAT: 3',
    });

    const page = await t.newPage();
    await logIn(page, t, manager);
    assert.deepEqual(await sidebarGroups(page), ['advertisersManager']);

    await page.getByTestId('sidebar-item-manager-advertisers').click();
    await page.locator('[data-testid="screen"][data-screen="manager-advertisers"]').waitFor();
    await page.getByTestId('list-search').locator('input').fill(company);
    const row = page.locator('.lm-list .ant-table-tbody tr.ant-table-row', { hasText: company });
    await row.waitFor();
    await rowAction(page, row, 'row-verify');
    await page.getByTestId('confirm-ok').click();
    await row.locator('.ant-tag', { hasText: 'Yes' }).waitFor();
    await shootBothThemes(t, page, 'advertisers', () => row.waitFor());

    // Refused the rest: the publisher side's screens lead home, and the server says no.
    await page.goto(`${t.urls.shell}/dashboard/manager-publisherStats`);
    await page.waitForURL(/\/dashboard\/admin-dashboard$/);
    const refused = await answerOf(page, t.urls.api, '/users/verifyPublisher', { ID: 1 });
    assert.deepEqual(refused, { ...refused, status: 'error', data: 'FORBIDDEN' });
    await page.getByTestId('overview-range').waitFor();
  },
  { timeoutMs: 150_000 },
);
