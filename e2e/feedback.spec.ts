import type { Page } from 'playwright-core';
import { assert, test } from './harness.ts';
import { shootBothThemes } from './screens.ts';
import { rowAction, rowActionIds, unique } from './support.ts';

/*
 * Issue 16 item 3: refusals say why, actions confirm what they did, and what the server would
 * refuse is not offered. Each page's console errors fail the test (harness.ts), so a 409 logged
 * for a normal state would too.
 */

const rows = (page: Page) => page.locator('[data-testid="data-table"] .ant-table-tbody tr.ant-table-row');

test('feedback: a refused postback says why in the form', async (t) => {
  // The refusal this test asks for on purpose.
  t.allowConsoleError(/status of 400.*\/postback\/addPostback/);
  const page = await t.newPage('publisher');
  await page.goto(`${t.urls.shell}/dashboard/postback`);
  await page.getByTestId('postback-add').click();
  const name = `Why ${unique()}`;
  await page.getByTestId('postback-name').fill(name);
  // Refused before any network use: the placeholder is not one the platform fills.
  await page.getByTestId('postback-url').fill('http://127.0.0.1:9/pb?x={nonsense}');
  await page.getByTestId('postback-save').click();
  const error = page.getByTestId('postback-error');
  await error.waitFor();
  const text = (await error.textContent()) ?? '';
  assert.match(text, /There was an error while adding postback/);
  assert.match(text, /Unknown placeholder \{nonsense\}/);
  await t.screenshot(page, 'postback-refused');
});

test('feedback: admin leads offer Resend only where it works, and a resend says it was queued', async (t) => {
  const page = await t.newPage('admin');
  await page.goto(`${t.urls.shell}/dashboard/admin-leads?Status=2`);
  await rows(page).first().waitFor();
  assert.ok(
    !(await rowActionIds(page, rows(page).first())).includes('row-resend'),
    'no Resend on a confirmed lead',
  );

  await page.goto(`${t.urls.shell}/dashboard/admin-leads?Status=5`);
  const failed = rows(page).first();
  await failed.waitFor();
  assert.ok((await rowActionIds(page, failed)).includes('row-resend'), 'Resend on a failed delivery');
  await rowAction(page, failed, 'row-resend');
  const done = page.getByTestId('feedback-done');
  await done.waitFor();
  assert.match((await done.textContent()) ?? '', /^Lead #\d+ queued to be sent to its CRM again$/);
  await failed.getByTestId('lead-status').filter({ hasText: 'Retrying' }).waitFor();
});

test('feedback: admin payments asks for payouts as data (no failed request on a visit)', async (t) => {
  const page = await t.newPage('admin');
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/payouts/') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/payouts/getPayoutAvailability'));
  await page.goto(`${t.urls.shell}/dashboard/admin-payments`);
  assert.equal((await answered).status(), 200);
  await page.getByTestId('data-table').waitFor();
  assert.deepEqual(failures, []);
});

test('feedback: the advertiser dashboard shows the credit balance as a tile', async (t) => {
  const page = await t.newPage('advertiser');
  await page.goto(`${t.urls.shell}/dashboard/advertiser`);
  const tile = page.getByTestId('kpi-credits');
  await tile.waitFor();
  assert.match((await tile.textContent()) ?? '', /Credit balance.*(\$[\d,]+\.\d{2}|Infinite)/);
  await shootBothThemes(t, page, 'advertiser-credits', async () => {
    await page.getByTestId('kpi-credits').waitFor();
    await page.locator('[data-testid="chart-total-converted"] canvas').first().waitFor();
    // The charts redraw at the new width after a resize: wait until the page fits it again.
    await page.waitForFunction(() => document.documentElement.scrollWidth - window.innerWidth <= 1);
  });
});
