/**
 * Every list of the product on a phone (390 px) and a laptop (1280 px), in both themes, measured by
 * bounding boxes: no cell covers its neighbour, no tag is cut, the key column is on screen without
 * sideways scrolling (decision 0056). Plus what a person does with a list: search it, open a row's
 * actions menu.
 */
import type { Page } from 'playwright-core';
import { assert, type Role, type TestContext, test } from './harness.ts';
import { listLayoutProblems, rowAction, rowActionIds } from './support.ts';

const LISTS: Record<'admin' | 'publisher' | 'advertiser', string[]> = {
  admin: [
    'admin-leads',
    'admin-blockedLeads',
    'admin-users',
    'admin-advertisers',
    'admin-offers',
    'admin-customPayouts',
    'admin-apitokens',
    'admin-domains',
    'admin-websites',
    'admin-payments',
    'admin-invoices',
    'admin-logs',
  ],
  publisher: ['publisher-leads', 'postback', 'domains', 'payments-publisher', 'referral-publisher'],
  // admin-publisherStats is a list too (its totals); the lead report's tables are the overview work's.
  advertiser: ['advertiser-leads', 'advertiser-offers', 'payments-advertiser', 'crm'],
};

const rows = (page: Page) => page.locator('.lm-list .ant-table-tbody tr.ant-table-row');

/** Waits until every list of the screen has its first page (rows or the empty text) and no spinner. */
async function listsReady(page: Page, path: string) {
  await page
    .locator(`[data-testid="screen"][data-screen="${path}"], [data-testid="remote-root"]`)
    .first()
    .waitFor();
  await page.locator('.lm-list').first().waitFor();
  await page
    .locator('.lm-list .ant-table-tbody tr.ant-table-row, .lm-list [data-testid="list-empty"]')
    .first()
    .waitFor();
  // The table's own loading spinner (the end marker's spinner stays while more pages may come).
  await page.locator('.lm-list .ant-table-wrapper .ant-spin-spinning').first().waitFor({ state: 'detached' });
}

/** Switches the user's saved theme with the sidebar toggle (at desktop width, where the sidebar is). */
async function useTheme(page: Page, theme: 'dark' | 'light') {
  await page.setViewportSize({ width: 1280, height: 800 });
  const root = page.getByTestId('app-root');
  await root.waitFor();
  if ((await root.getAttribute('data-theme')) === theme) return;
  const saved = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
  await page.getByTestId('theme-toggle').click();
  await saved;
  await page.locator(`[data-testid="app-root"][data-theme="${theme}"]`).waitFor();
}

async function walkLists(
  t: TestContext,
  role: Role & keyof typeof LISTS,
  theme: 'dark' | 'light',
  width: 390 | 1280,
) {
  const page = await t.newPage(role);
  await page.goto(`${t.urls.shell}/dashboard/${LISTS[role][0]}`);
  const before = ((await page.getByTestId('app-root').getAttribute('data-theme')) ?? 'dark') as
    | 'dark'
    | 'light';
  await useTheme(page, theme);
  const found: string[] = [];
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
  for (const path of LISTS[role]) {
    await page.goto(`${t.urls.shell}/dashboard/${path}`);
    await listsReady(page, path);
    for (const p of await listLayoutProblems(page))
      found.push(`${path} at ${width} px: ${p.kind} ${p.detail}`);
    await t.screenshot(page, `${path}-${width}-${theme}`, { fullPage: false });
  }
  await useTheme(page, before);
  assert.deepEqual(found, [], found.join('\n'));
}

for (const role of ['admin', 'publisher', 'advertiser'] as const) {
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [390, 1280] as const) {
      test(
        `lists of the ${role} at ${width} px, ${theme}: nothing covered, no tag cut, no sideways scroll`,
        (t) => walkLists(t, role, theme, width),
        { timeoutMs: 120_000 },
      );
    }
  }
}

test('admin users: the search box finds users by part of a name; a row is one button and a menu', async (t) => {
  const page = await t.newPage('admin');
  await page.goto(`${t.urls.shell}/dashboard/admin-users`);
  await listsReady(page, 'admin-users');
  const all = await rows(page).count();
  const answered = page.waitForResponse((r) => r.url().endsWith('/users/getAllUsers'));
  await page.getByTestId('list-search').locator('input').fill('advert');
  const body = (await answered).request().postDataJSON() as { Filters: unknown[] };
  assert.deepEqual(body.Filters, [{ name: 'Search', op: 'contains', value: 'advert' }]);
  await page.waitForFunction(
    (n) => document.querySelectorAll('.lm-list .ant-table-tbody tr.ant-table-row').length < n,
    all,
  );
  const names = await page
    .locator('.lm-list .ant-table-tbody tr.ant-table-row td:first-child')
    .allTextContents();
  assert.ok(names.length > 0 && names.every((n) => /advert/i.test(n)), names.join(', '));
  // One button per row (Edit, or Verify while unverified), the others in the menu, Delete last and red.
  const row = rows(page).filter({ hasText: 'advertiser2' }).first();
  assert.equal(await row.locator('[data-testid="row-actions"] > button').count(), 2, 'one action and More');
  const ids = await rowActionIds(page, row);
  assert.ok(['row-edit', 'row-verify'].includes(ids[0]), ids.join(', '));
  assert.ok(ids.includes('row-info') && ids.includes('row-payout'), ids.join(', '));
  assert.equal(ids.at(-1), 'row-delete');
  await row.getByTestId('row-actions-menu').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  assert.equal(await menu.locator('.ant-dropdown-menu-item-danger').count(), 1);
  await page.keyboard.press('Escape');
  await rowAction(page, row, 'row-info');
  await page.getByRole('dialog').getByText('advertiser2').first().waitFor();
  await t.screenshot(page, 'users-searched-info');
});

test('on a phone a lead row shows product, status and one actions menu; the rest opens under the row', async (t) => {
  const page = await t.newPage('admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${t.urls.shell}/dashboard/admin-leads`);
  await listsReady(page, 'admin-leads');
  const row = rows(page).first();
  const status = row.getByTestId('lead-status');
  const box = await status.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `status tag on screen: ${JSON.stringify(box)}`);
  assert.equal(await row.locator('[data-testid="row-actions"] > button').count(), 1, 'only the menu button');
  await row.locator('.ant-table-row-expand-icon').click();
  const details = page.getByTestId('list-row-details').first();
  await details.waitFor();
  assert.match((await details.textContent()) ?? '', /Date\s*\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await rowAction(page, row, 'row-info');
  await page.getByTestId('lead-info').waitFor();
  await t.screenshot(page, 'phone-lead-info', { fullPage: false });
});
