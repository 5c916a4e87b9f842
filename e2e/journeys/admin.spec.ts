/**
 * The admin's first hour (issue 16): from the login form to the network overview, and from a
 * figure to the list of exactly the leads it counts; a publisher manager sees their side only.
 * Desktop and 390 px, both themes, screenshots of each.
 */
import type { Page } from 'playwright-core';
import { assert, LOGINS, type TestContext, test } from '../harness.ts';
import { settledOverflow } from '../screens.ts';
import { ApiSession, apiCallerOf, createPublisher } from '../support.ts';

/** Opens the overview from the sidebar, as a user would after logging in. */
async function openOverview(page: Page, menuKey: string) {
  if (!page.url().includes('/dashboard/admin-dashboard')) {
    await page.getByTestId(`sidebar-item-${menuKey}`).click();
    await page.waitForURL(/\/dashboard\/admin-dashboard$/);
  }
  await page.getByTestId('overview-range').waitFor();
}

/** The number a figure's tile shows. */
async function tileNumber(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(testId).locator('.ant-statistic-content').textContent();
  return Number((text ?? '').replace(/[^0-9.-]/g, ''));
}

/** Screenshots at desktop and 390 px in the current theme, then in the other one. */
async function bothThemesBothWidths(
  t: TestContext,
  page: Page,
  label: string,
  ready: () => Promise<void>,
  sections: string[] = [],
) {
  for (const theme of ['first', 'second']) {
    if (theme === 'second') {
      await page.setViewportSize({ width: 1280, height: 800 });
      const before = await page.getByTestId('app-root').getAttribute('data-theme');
      await page.getByTestId('theme-toggle').click();
      await page.locator(`[data-testid="app-root"]:not([data-theme="${before}"])`).waitFor();
    }
    const mode = await page.getByTestId('app-root').getAttribute('data-theme');
    await page.setViewportSize({ width: 1280, height: 800 });
    await ready();
    await t.screenshot(page, `${label}-desktop-${mode}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await ready();
    // Nothing wider than the phone: the page itself never scrolls sideways.
    const overflow = await settledOverflow(page);
    assert.ok(overflow <= 1, `${label} at 390 px is ${overflow}px wider than the screen`);
    await t.screenshot(page, `${label}-390-${mode}`);
    // What a phone shows of each section, at its real size.
    for (const section of sections) {
      await page.getByTestId(section).scrollIntoViewIfNeeded();
      await t.screenshot(page, `${label}-390-${mode}-${section}`, { fullPage: false });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test(
  'admin: logs in, lands on the overview and follows a figure to the list of exactly its leads',
  async (t) => {
    const page = await t.newPage();
    const overviewBodies: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/leads/getNetworkOverview')) overviewBodies.push(r.postData() ?? '{}');
    });
    await t.login(page, 'admin');
    await openOverview(page, 'admin-dashboard');
    const range = page.getByTestId('overview-range');
    for (const key of ['leads', 'confirmed', 'rejected', 'approveRate', 'spend', 'payouts', 'margin'])
      await range.getByTestId(`overview-range-${key}`).waitFor();
    await page.getByTestId('overview-top-offers').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('overview-delivery').waitFor();
    assert.match(
      (await page.getByTestId('overview-range-spend').textContent()) ?? '',
      /\$[\d,]+\.\d{2}/,
      'money in $ with 2 decimals',
    );
    assert.match((await page.getByTestId('overview-range-leads-delta').textContent()) ?? '', /was /);
    await bothThemesBothWidths(
      t,
      page,
      'overview',
      async () => {
        await page.getByTestId('overview-range-leads').waitFor();
      },
      ['overview-today', 'overview-top-offers', 'overview-crms', 'overview-errors'],
    );

    // The confirmed leads of the range: the tile's link opens admin-leads with what it counted.
    const confirmed = await tileNumber(page, 'overview-range-confirmed');
    assert.ok(confirmed > 0, 'the demo world has confirmed leads this week');
    const listRequest = page.waitForRequest((r) => r.url().endsWith('/leads/getLeadsForAdmin'));
    await page.getByTestId('overview-range-confirmed-link').click();
    await page.waitForURL(/\/dashboard\/admin-leads\?/);
    const sent = JSON.parse((await listRequest).postData() ?? '{}') as {
      Filters: { name: string; op: string; value: unknown }[];
    };
    assert.deepEqual(
      sent.Filters.map((f) => `${f.name} ${f.op}`).sort(),
      ['Status eq', 'createdAt dgeq', 'createdAt dlt'],
      'the list asks for the figure’s status and instants',
    );
    await page.getByTestId('filter-chip').first().waitFor();
    assert.equal(await page.getByTestId('filter-chip').count(), 3);
    const rows = page.locator('.ant-table-row');
    await rows.first().waitFor();
    const shown = await rows.count();
    assert.ok(shown > 0 && shown <= 20);
    for (let i = 0; i < shown; i++) assert.match((await rows.nth(i).textContent()) ?? '', /Lead confirmed/);
    await t.screenshot(page, 'leads-from-the-figure');
    // Paged to its end with the screen's own filters, the list holds exactly the figure's leads.
    const call = await apiCallerOf(page, t.urls.api);
    const listTotal = async () => {
      let total = 0;
      for (let offset = 0; ; offset += 20) {
        const answer = await call<{ DBData: { Status: number }[] }>('/leads/getLeadsForAdmin', {
          paginationOffset: offset,
          Filters: sent.Filters,
        });
        assert.ok(answer.DBData.every((l) => l.Status === 2));
        total += answer.DBData.length;
        if (answer.DBData.length < 20) break;
      }
      return total;
    };
    // The demo world is live (its sandbox CRM confirms leads while the test runs), so a lead can be
    // confirmed between the tile's reading and the list's: then the figure is asked again, and the
    // two are compared at a still moment (the same figure before and after the list is paged).
    const figureNow = async () =>
      (
        await call<{ range: { figures: { confirmed: number } } }>(
          '/leads/getNetworkOverview',
          JSON.parse(overviewBodies.at(-1) ?? '{}'),
        )
      ).range.figures.confirmed;
    let figure = confirmed;
    let total = await listTotal();
    for (let tries = 0; tries < 5 && total !== figure; tries++) {
      const before = await figureNow();
      total = await listTotal();
      figure = before === (await figureNow()) ? before : Number.NaN;
    }
    assert.equal(total, figure, 'the list holds as many leads as the figure counts');
    assert.deepEqual(t.consoleErrors, []);
  },
  { timeoutMs: 120_000 },
);

test(
  'publisher manager: the overview of their side only, and its figures open the lead report',
  async (t) => {
    // A new account made a publisher manager by the admin, as the back office would.
    const login = await createPublisher(t.urls, `pubmanager${Date.now() % 100000}`);
    const admin = await ApiSession.login(t.urls.api, LOGINS.admin.username, LOGINS.admin.password);
    const [user] = (
      await admin.call<{ DBData: { ID: number }[] }>('/users/getAllUsers', {
        paginationOffset: 0,
        Filters: [{ name: 'Username', op: 'eq', value: login.username }],
      })
    ).DBData;
    await admin.call('/users/editUser', {
      id: user.ID,
      newFlags: { isPublisherManager: true, isPublisherHidden: true, isVerified: true },
    });

    const page = await t.newPage();
    await page.goto(`${t.urls.shell}/login`);
    await page.getByTestId('login-username').fill(login.username);
    await page.getByTestId('login-password').fill(login.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('sidebar').waitFor();
    await openOverview(page, 'manager-overview');
    assert.equal(await page.getByTestId('overview-side').textContent(), 'Publisher side');
    const range = page.getByTestId('overview-range');
    await range.getByTestId('overview-range-payouts').waitFor();
    for (const hidden of ['spend', 'margin'])
      assert.equal(await range.getByTestId(`overview-range-${hidden}`).count(), 0, `${hidden} is not theirs`);
    assert.equal(await page.getByTestId('overview-top-advertisers').count(), 0);
    assert.equal(await page.getByTestId('overview-crms').count(), 0);
    await page.getByTestId('overview-top-publishers').locator('.ant-table-row').first().waitFor();
    await bothThemesBothWidths(t, page, 'manager-overview', async () => {
      await page.getByTestId('overview-range-leads').waitFor();
    });

    // The server decides, whatever the screen: spend and margin never reach them.
    const call = await apiCallerOf(page, t.urls.api);
    const answer = await call<{ side: string; range: { figures: Record<string, number | null> } }>(
      '/leads/getNetworkOverview',
      { startDate: '2026-01-01', endDate: '2026-01-07', utcOffset: 0 },
    );
    assert.equal(answer.side, 'publisher');
    assert.equal(answer.range.figures.spend, null);
    assert.equal(answer.range.figures.margin, null);

    // Their leads figure opens the lead report over the same days, which counts the same leads.
    const leads = await tileNumber(page, 'overview-range-leads');
    await page.getByTestId('overview-range-leads-link').click();
    await page.waitForURL(/\/dashboard\/admin-leadStats\?/);
    const daily = page.getByTestId('stats-daily').locator('.ant-table-row');
    await daily.first().waitFor();
    let counted = 0;
    for (let i = 0; i < (await daily.count()); i++)
      counted += Number(((await daily.nth(i).locator('td').nth(1).textContent()) ?? '').replace(/\D/g, ''));
    assert.equal(counted, leads, 'the lead report counts the figure’s leads');
    await page.getByTestId('stats-ips').locator('.ant-table-row').first().waitFor();
    await t.screenshot(page, 'manager-lead-report');
    assert.deepEqual(t.consoleErrors, []);
  },
  { timeoutMs: 120_000 },
);
