import type { DashboardData, FilterItem, PublisherLead } from '@leadmesh/schema';
import { formatUsd, POSTBACK_PLACEHOLDERS } from '@leadmesh/schema/constants';
import type { Page, Response } from 'playwright-core';
import { freePort } from '../scripts/lib/world.ts';
import { assert, type Role, test } from './harness.ts';
import { shootBothThemes } from './screens.ts';
import { rowAction, unique } from './support.ts';

/*
 * The shared lead views (dashboard, leads, postback, statistic) as a publisher and as an
 * advertiser on the seeded world: what the screen shows is compared with what the API answered.
 */

type Audience = 'publisher' | 'advertiser';
const ROLE: Record<Audience, Role> = { publisher: 'publisher', advertiser: 'advertiser' };
const DASHBOARD_CALL: Record<Audience, string> = {
  publisher: '/leads/getLeadsForPublisherDashboard',
  advertiser: '/leads/getLeadsForAdvertiserDashboard',
};
const LEADS_CALL: Record<Audience, string> = {
  publisher: '/leads/getLeadsForPublisher',
  advertiser: '/leads/getLeadsForAdvertiser',
};

const answerOf = (path: string) => (r: Response) => r.url().endsWith(path) && r.request().method() === 'POST';

async function dataOf<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { status: string; data: T };
  assert.equal(body.status, 'ok', `${response.url()} answered ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

for (const audience of ['publisher', 'advertiser'] as const) {
  test(`${audience} dashboard: KPI tiles equal the API's answer, a breakdown filter narrows them`, async (t) => {
    const page = await t.newPage(ROLE[audience]);
    const first = page.waitForResponse(answerOf(DASHBOARD_CALL[audience]));
    await page.goto(`${t.urls.shell}/dashboard/${audience}`);
    const data = await dataOf<DashboardData>(await first);
    await page.getByTestId('dashboard-kpis').waitFor();
    assert.ok(data.totalLeadCount > 0, 'the seeded world has leads for this account');
    assert.equal(await page.getByTestId('kpi-total').getAttribute('data-value'), String(data.totalLeadCount));
    assert.equal(await text(page, 'kpi-money-value'), formatUsd(data.totalEarned));
    assert.equal(
      await text(page, 'kpi-converted-value'),
      data.totalConvertedLeadsCount.toLocaleString('en-US'),
    );
    assert.equal(await text(page, 'kpi-failed-value'), data.totalFailedLeadsCount.toLocaleString('en-US'));
    assert.equal(await text(page, 'kpi-mobile-value'), data.totalPhoneCount.toLocaleString('en-US'));
    assert.equal(
      await text(page, 'kpi-desktop-value'),
      (data.totalLeadCount - data.totalPhoneCount).toLocaleString('en-US'),
    );
    assert.equal(await text(page, 'kpi-active-offers-value'), String(data.activeOffers));
    const decided = data.totalLeadCount - data.totalWaitingLeadsCount;
    const ratio = decided > 0 ? `${((data.totalConvertedLeadsCount / decided) * 100).toFixed(2)}%` : '—';
    assert.equal(await text(page, 'kpi-ratio-value'), ratio);
    // Charts arrive lazily, each drawn on a canvas.
    await page.getByTestId('dashboard-charts').waitFor();
    await page.locator('[data-testid="chart-total-converted"] canvas').first().waitFor();
    await page.locator('[data-testid="chart-conversion"] canvas').first().waitFor();
    // The Countries tab: its first row's Filter narrows the dashboard to that country.
    await page.getByTestId('breakdown-tab-countries').click();
    const country = data.uniqueCountryCodes.find((c) => c.name);
    assert.ok(country, 'leads with a country');
    const filtered = page.waitForResponse(
      (r) =>
        answerOf(DASHBOARD_CALL[audience])(r) &&
        ((r.request().postDataJSON() as { Filters?: FilterItem[] }).Filters ?? []).some(
          (f) => f.name === 'CountryCode' && f.value === country.name,
        ),
    );
    const index = data.uniqueCountryCodes.indexOf(country);
    await page
      .locator('[data-testid="breakdown-countries"] [data-testid="breakdown-filter"]')
      .nth(index)
      .click();
    const narrowed = await dataOf<DashboardData>(await filtered);
    assert.equal(narrowed.totalLeadCount, country.count);
    await page
      .locator(`[data-testid="kpi-total"][data-value="${country.count}"]`)
      .waitFor({ timeout: 10_000 });
    const chip = page.getByTestId('filter-chip');
    assert.match((await chip.textContent()) ?? '', new RegExp(`Country equals ${country.name}`));
    // Removing the chip brings the totals back.
    const back = page.waitForResponse(answerOf(DASHBOARD_CALL[audience]));
    await chip.click();
    assert.equal((await dataOf<DashboardData>(await back)).totalLeadCount, data.totalLeadCount);
    await page.locator(`[data-testid="kpi-total"][data-value="${data.totalLeadCount}"]`).waitFor();
    await shootBothThemes(t, page, 'dashboard', async () => {
      await page.locator('[data-testid="chart-total-converted"] canvas').first().waitFor();
      await page.waitForTimeout(1100); // chart enter animations last up to 1000 ms (dashboards §2)
    });
  });

  test(`${audience} leads: rows are the API's, More info opens, ?ID= filters once`, async (t) => {
    const page = await t.newPage(ROLE[audience]);
    const first = page.waitForResponse(answerOf(LEADS_CALL[audience]));
    await page.goto(`${t.urls.shell}/dashboard/${audience}-leads`);
    const { DBData: rows } = await dataOf<{ DBData: PublisherLead[] }>(await first);
    assert.ok(rows.length > 0, 'the seeded world has leads');
    await page.getByTestId('lead-product').first().waitFor();
    const products = await page.getByTestId('lead-product').allTextContents();
    assert.deepEqual(
      products.slice(0, rows.length),
      rows.map((r) => r.ProductName).slice(0, products.length),
    );
    if (audience === 'publisher') {
      const labels = await page.getByTestId('lead-withdrawn').allTextContents();
      assert.deepEqual(
        labels.slice(0, 5),
        rows.slice(0, 5).map((r) => r.MoneyWithdrawn),
      );
    } else {
      const headers = await page.locator('.ant-table-thead th').allTextContents();
      assert.ok(headers.includes('Date') && !headers.includes('Money withdrawn'), headers.join('|'));
    }
    // Neither seeded account may ask for CRM info (no isCRMInfoAllowed).
    assert.equal(await page.getByTestId('lead-crm-info').count(), 0);
    await page.getByTestId('lead-more-info').first().click();
    await page.getByTestId('lead-info').waitFor();
    assert.match((await page.getByTestId('lead-info').textContent()) ?? '', new RegExp(`${rows[0].ID}`));
    await t.screenshot(page, 'more-info');
    await page.getByTestId('lead-info-close').click();

    const target = rows[Math.min(2, rows.length - 1)];
    const byId = page.waitForResponse(
      (r) =>
        answerOf(LEADS_CALL[audience])(r) &&
        ((r.request().postDataJSON() as { Filters?: FilterItem[] }).Filters ?? []).some(
          (f) => f.name === 'ID' && f.value === target.ID,
        ),
    );
    await page.goto(`${t.urls.shell}/dashboard/${audience}-leads?ID=${target.ID}`);
    const one = await dataOf<{ DBData: PublisherLead[] }>(await byId);
    assert.deepEqual(
      one.DBData.map((r) => r.ID),
      [target.ID],
    );
    assert.equal(await text(page, 'filter-chip'), `User ID equals ${target.ID} ✕`);
    await page.waitForURL((url) => !url.search.includes('ID='));
    await page.getByTestId('filter-chip').click();
    await page.locator('[data-testid="lead-product"]').nth(1).waitFor();
    await shootBothThemes(t, page, 'leads', async () => {
      await page.getByTestId('lead-product').first().waitFor();
    });
  });

  test(`${audience} statistic: one row per day of the API's answer, with totals`, async (t) => {
    const page = await t.newPage(ROLE[audience]);
    const first = page.waitForResponse(answerOf(DASHBOARD_CALL[audience]));
    await page.goto(`${t.urls.shell}/dashboard/${audience}-statistic`);
    const data = await dataOf<DashboardData>(await first);
    await page.getByTestId('statistic-totals').waitFor();
    const rows = page.locator('[data-testid="statistic-table"] tbody tr.ant-table-row');
    assert.equal(await rows.count(), Math.min(31, data.leads.length));
    const sum = data.leads.reduce((n, d) => n + d.LeadCount, 0);
    assert.equal(sum, data.totalLeadCount);
    assert.equal(await text(page, 'statistic-total-leads'), sum.toLocaleString('en-US'));
    assert.equal(
      await text(page, 'statistic-total-money'),
      formatUsd(data.leads.reduce((n, d) => n + d.LeadEarnings, 0)),
    );
    await shootBothThemes(t, page, 'statistic', async () => {
      await page.getByTestId('statistic-totals').waitFor();
    });
  });

  test(`${audience} postback: add, help lists every macro, edit, delete`, async (t) => {
    const page = await t.newPage(ROLE[audience]);
    await page.goto(`${t.urls.shell}/dashboard/postback`);
    await page.getByTestId('postback-add').waitFor();
    await page.getByTestId('postback-deliveries').waitFor();
    await page.getByTestId('postback-help-toggle').click();
    const macros = await page.getByTestId('postback-macro').allTextContents();
    assert.deepEqual(macros, [...POSTBACK_PLACEHOLDERS]);
    await page.getByTestId('postback-help-toggle').click();

    const name = `Tracker ${unique()}`;
    await page.getByTestId('postback-add').click();
    await page.getByTestId('postback-save').click();
    await page.getByText('Postback name missing').waitFor();
    await page.getByText('Postback URL missing').waitFor();
    await page.getByTestId('postback-name').fill(name);
    // A closed port on this machine: the worker sends this tracker the seeded world's status changes
    // meanwhile, and a test never sends a packet anywhere but 127.0.0.1 (the e2e world allows loopback).
    await page
      .getByTestId('postback-url')
      .fill(`http://127.0.0.1:${await freePort()}/pb?id={lead_id}&s={lead_status}`);
    const added = page.waitForResponse(answerOf('/postback/addPostback'));
    await page.getByTestId('postback-save').click();
    await dataOf(await added);
    // The list's row, not the delivery log's rows of the same tracker.
    const list = page.getByTestId('postback-table');
    const row = list.locator('tr', { has: page.getByText(name, { exact: true }) });
    await row.waitFor();
    await shootBothThemes(t, page, 'postback', async () => {
      await row.waitFor();
    });

    await rowAction(page, row, 'postback-edit');
    await page.getByTestId('postback-name').fill(`${name} edited`);
    const edited = page.waitForResponse(answerOf('/postback/editPostback'));
    await page.getByTestId('postback-save').click();
    await dataOf(await edited);
    const editedRow = list.locator('tr', { has: page.getByText(`${name} edited`, { exact: true }) });
    await editedRow.waitFor();
    await rowAction(page, editedRow, 'postback-delete');
    const deleted = page.waitForResponse(answerOf('/postback/deletePostback'));
    await page.getByTestId('confirm-ok').click();
    await dataOf(await deleted);
    await editedRow.waitFor({ state: 'detached' });
  });
}

test('an unverified publisher sees the not-verified notice on the dashboard, whose data the API refuses', async (t) => {
  const page = await t.newPage('newbie');
  await page.goto(`${t.urls.shell}/dashboard/publisher`);
  // The shell shows the wall before any call: the guard is the call's own callers (decision 0046).
  const notice = page.getByTestId('not-verified');
  await notice.waitFor();
  assert.match((await notice.textContent()) ?? '', /Your account has not been verified/);
  assert.equal(await page.getByTestId('dashboard-kpis').count(), 0);
  // And the server refuses the dashboard's data to this user for the same reason (asked on purpose).
  t.allowConsoleError(/status of 403.*\/leads\/getLeadsForPublisherDashboard/);
  const body = await page.evaluate(
    async ({ api, path }) => {
      const csrf = await fetch(`${api}/api/csrf`, { method: 'PUT', credentials: 'include' });
      const token = ((await csrf.json()) as { data: { token: string } }).data.token;
      const answer = await fetch(`${api}${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': token },
        body: '{}',
      });
      return (await answer.json()) as { status: string; data: string };
    },
    { api: t.urls.api, path: DASHBOARD_CALL.publisher },
  );
  assert.deepEqual([body.status, body.data], ['error', 'NOT_VERIFIED']);
});
