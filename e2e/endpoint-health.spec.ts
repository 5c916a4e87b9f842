import { createDb } from '@leadmesh/db';
import { postbackLane } from '@leadmesh/jobs';
import type { PublisherLead } from '@leadmesh/schema';
import { ENDPOINT_DISABLE_AFTER_MS } from '@leadmesh/schema/constants';
import { crms, postbacks } from '@leadmesh/schema/tables';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Locator, Page } from 'playwright-core';
import { type FakeServer, startFakeServer } from '../packages/net/src/test-support/fake-server.ts';
import { assert, LOGINS, type Role, type TestContext, test } from './harness.ts';
import { settledOverflow } from './screens.ts';
import { ApiSession, apiCallerOf, unique } from './support.ts';

/*
 * Issue 17, decision 0037: a publisher's postback to a receiver on 127.0.0.1 that refuses (503)
 * shows as failing on the Postback screen; the 3-day sweep (its job run by hand, with the lane's
 * failure run moved three days back: the clock is data, nothing waits three days) disables it;
 * the owner re-enables it from the screen and the waiting delivery goes.
 */

async function apiAs(t: TestContext, role: Role) {
  const page = await t.newPage(role);
  await page.goto(`${t.urls.shell}/dashboard/profile`);
  await page.getByTestId('sidebar').waitFor();
  return apiCallerOf(page, t.urls.api);
}

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Reloads the Postback screen until the row of `name` shows `testId` (the list is read on opening). */
async function rowShowing(page: Page, shell: string, name: string, testId: string): Promise<Locator> {
  let row = page.locator('[data-testid="postback-table"] tr', { hasText: name });
  await waitUntil(
    async () => {
      await page.goto(`${shell}/dashboard/postback`);
      row = page.locator('[data-testid="postback-table"] tr', { hasText: name });
      await row.first().waitFor();
      return (await row.getByTestId(testId).count()) > 0;
    },
    `${testId} on “${name}”`,
    60_000,
  );
  return row;
}

test(
  'publisher sees a refusing receiver failing, disabled by the 3-day sweep, and re-enables it',
  async (t) => {
    const redisInfo = t.urls.redis;
    assert.ok(redisInfo, 'this test runs the sweep job on the run’s own Redis');
    let refusing = true;
    const receiver: FakeServer = await startFakeServer((_req, res) =>
      refusing ? res.writeHead(503).end('down') : res.end('OK'),
    );
    const redis = new Redis(redisInfo.url, { keyPrefix: `${redisInfo.prefix}:` });
    const queueRedis = new Redis(redisInfo.url, { maxRetriesPerRequest: null });
    const queue = new Queue('maintenance', { connection: queueRedis, prefix: redisInfo.prefix });
    try {
      // The publisher adds the postback from the login form on, through the screen.
      const page = await t.newPage();
      await t.login(page, 'publisher');
      await page.goto(`${t.urls.shell}/dashboard/postback`);
      const name = `Refusing receiver ${unique()}`;
      const url = `${receiver.origin}/pb?lead={lead_id}&status={lead_status}`;
      await page.getByTestId('postback-add').click();
      await page.getByTestId('postback-name').fill(name);
      await page.getByTestId('postback-url').fill(url);
      await page.getByTestId('postback-save').click();
      await page.getByTestId('feedback-done').first().waitFor();

      // One lead event (a decided lead moved between rejected and bad: no money moves) fires it.
      const asPublisher = await apiAs(t, 'publisher');
      const asAdmin = await apiAs(t, 'admin');
      const { DBData: leads } = await asPublisher<{ DBData: PublisherLead[] }>(
        '/leads/getLeadsForPublisher',
        {
          paginationOffset: 0,
          Filters: [{ name: 'Status', op: 'in', value: [3, 4, 5] }],
        },
      );
      const lead = leads[0];
      assert.ok(lead, 'the seeded publisher has a rejected lead');
      await asAdmin('/leads/setLeadStatusAdmin', { ID: lead.ID, newStatus: lead.Status === 3 ? 4 : 3 });
      const ofLead = () => receiver.requests.filter((r) => r.url.startsWith(`/pb?lead=${lead.ID}&`));
      await waitUntil(() => ofLead().length >= 1, 'the first postback', 150_000);

      // Failing: since when, the last error.
      let row = await rowShowing(page, t.urls.shell, name, 'endpoint-failing');
      const failing = (await row.getByTestId('endpoint-failing').textContent()) ?? '';
      assert.match(failing, /Failing since \d{2}-\d{2}-\d{4} \d{2}:\d{2} UTC · last error: HTTP 503/);
      await t.screenshot(page, 'failing');

      // Three days on: the lane's run of failures began three days ago; the sweep job runs.
      const endpoint = postbackLane(url) as string;
      const since = Date.now() - ENDPOINT_DISABLE_AFTER_MS - 60_000;
      await redis.hset(`lanes:{${endpoint}}:state`, 'since', String(since));
      await queue.add(
        'endpoints.disable-failing',
        {},
        { jobId: `endpoints.disable-failing-e2e-${unique()}` },
      );
      row = await rowShowing(page, t.urls.shell, name, 'endpoint-disabled');
      assert.match(
        (await row.getByTestId('endpoint-disabled').textContent()) ?? '',
        /Disabled since .*HTTP 503/s,
      );
      // The delivery log says why the event waits.
      const logged = page.locator('[data-testid="postback-deliveries"] tr', { hasText: name }).first();
      await logged.waitFor();
      assert.equal(await logged.getByTestId('endpoint-state').getAttribute('data-state'), 'disabled');
      await t.screenshot(page, 'disabled');

      // The receiver heals; the owner re-enables: confirmation, toast, and the waiting event goes.
      refusing = false;
      const before = ofLead().length;
      await row.getByTestId('endpoint-reenable').click();
      await page.getByTestId('confirm-ok').click();
      await page.getByTestId('feedback-done').filter({ hasText: 'Re-enabled' }).waitFor();
      await waitUntil(() => ofLead().length > before, 'the waiting delivery', 60_000);
      await page.goto(`${t.urls.shell}/dashboard/postback`);
      row = page.locator('[data-testid="postback-table"] tr', { hasText: name });
      await row.first().waitFor();
      await waitUntil(
        async () => {
          await page.goto(`${t.urls.shell}/dashboard/postback`);
          await row.first().waitFor();
          return (await row.getByTestId('endpoint-state').count()) === 0;
        },
        'the postback answering again',
        30_000,
      );
      await t.screenshot(page, 're-enabled');
    } finally {
      await queue.close();
      queueRedis.disconnect();
      redis.disconnect();
      await receiver.close();
    }
  },
  { timeoutMs: 300_000 },
);

test('admin re-enables a user’s disabled postback and CRM from the overview; a manager sees them without the button', async (t) => {
  // The refusal this test provokes on purpose: a CRM deleted by its owner while the dialog is open.
  t.allowConsoleError(/status of 404.*\/partners\/enableCRM/);
  assert.ok(
    t.urls.databaseUrl,
    'the run started its own backend (the disabled marks are set in its database)',
  );
  const publisher = await ApiSession.login(t.urls.api, LOGINS.publisher.username, LOGINS.publisher.password);
  const advertiser = await ApiSession.login(
    t.urls.api,
    LOGINS.advertiser.username,
    LOGINS.advertiser.password,
  );
  const receiver: FakeServer = await startFakeServer((_req, res) => res.end('OK'));
  try {
    // A postback and a spare CRM, disabled the way the 3-day sweep leaves them (its mark and reason).
    const postbackName = `Staff re-enable ${unique()}`;
    await publisher.call('/postback/addPostback', {
      postbackName,
      postbackURL: `${receiver.origin}/pb?lead={lead_id}`,
      postbackTrigger: 'Any',
    });
    const postback = (
      await publisher.call<{ postbackID: number; postbackName: string }[]>('/postback/getAllPostbacks', {})
    ).find((p) => p.postbackName === postbackName);
    assert.ok(postback, 'the postback was added');
    const advertiserID = (await advertiser.call<{ AdvertiserInfo: { ID: number } }>('/auth/checkLogin', {}))
      .AdvertiserInfo.ID;
    const crmName = `Staff re-enable CRM ${unique()}`;
    await advertiser.call('/partners/addCRM', {
      CRMName: 'sandbox',
      CRMFriendlyName: crmName,
      CRMData: { delaySeconds: '60', confirmPercent: '60', rejectPercent: '30', badPercent: '10' },
      advertiserID,
    });
    const crm = (
      await advertiser.call<{ ID: number; friendlyName: string }[]>('/partners/getAllCRMs', {})
    ).find((c) => c.friendlyName === crmName);
    assert.ok(crm, 'the CRM was added');
    const reason = 'No successful delivery for 3 days (last error: HTTP 503)';
    const handle = await createDb({ url: t.urls.databaseUrl });
    try {
      const at = new Date(Date.now() - 60_000);
      await handle.db
        .update(postbacks)
        .set({ disabledAt: at, disabledReason: reason })
        .where(eq(postbacks.postbackID, postback.postbackID));
      await handle.db.update(crms).set({ disabledAt: at, disabledReason: reason }).where(eq(crms.ID, crm.ID));
    } finally {
      handle.close();
    }
    const rowOf = (page: Page, name: string) =>
      page.locator('[data-testid="overview-endpoints"] tr.ant-table-row', { hasText: name });

    // A manager sees both, disabled with the reason, and no button: the server refuses them the call.
    const manager = await t.newPage();
    await t.login(manager, 'manager');
    for (const name of [postbackName, crmName]) {
      const notice = rowOf(manager, name).getByTestId('endpoint-disabled');
      await notice.waitFor();
      assert.match(
        (await notice.textContent()) ?? '',
        /Disabled\s*since \d{2}-\d{2}-\d{4} \d{2}:\d{2} UTC.*HTTP 503/s,
      );
      assert.equal(await rowOf(manager, name).getByTestId('endpoint-reenable').count(), 0);
    }
    const asManager = await ApiSession.login(t.urls.api, LOGINS.manager.username, LOGINS.manager.password);
    assert.equal(
      (await asManager.send('/postback/enablePostback', { postbackID: postback.postbackID })).status,
      'error',
    );
    assert.equal((await asManager.send('/partners/enableCRM', { ID: crm.ID, advertiserID })).status, 'error');

    // The admin, from the login form: the overview is their home.
    const page = await t.newPage();
    await t.login(page, 'admin');
    const postbackRow = rowOf(page, postbackName);
    await postbackRow.getByTestId('endpoint-disabled').filter({ hasText: reason }).waitFor();
    await t.screenshot(page, 'disabled');
    await page.setViewportSize({ width: 390, height: 800 });
    await postbackRow.getByTestId('endpoint-reenable').waitFor();
    const overflow = await settledOverflow(page);
    assert.ok(overflow <= 1, `the overview scrolls sideways by ${overflow} px at 390 px`);
    const table = await page
      .getByTestId('overview-endpoints')
      .evaluate((e) => e.scrollWidth - (e.parentElement?.clientWidth ?? e.scrollWidth));
    assert.ok(table <= 1, `the endpoint list is ${table} px wider than its card at 390 px`);
    await t.screenshot(page, 'disabled-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await postbackRow.getByTestId('endpoint-reenable').click();
    await page.getByTestId('confirm-ok').click();
    await page
      .getByTestId('feedback-done')
      .filter({ hasText: `Re-enabled: the waiting deliveries of postback “${postbackName}” of publisher` })
      .waitFor();
    await postbackRow.waitFor({ state: 'detached' });
    const mark = await publisher.call<{ postbackID: number; health: { state: string } }[]>(
      '/postback/getAllPostbacks',
      {},
    );
    assert.notEqual(mark.find((p) => p.postbackID === postback.postbackID)?.health.state, 'disabled');

    // Its owner deletes the CRM while the admin's dialog is open: the server's reason in the dialog.
    const crmRow = rowOf(page, crmName);
    await crmRow.getByTestId('endpoint-reenable').click();
    await advertiser.call('/partners/deleteCRM', { ID: crm.ID, advertiserID });
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('confirm-error').filter({ hasText: 'CRM not found' }).waitFor();
    await t.screenshot(page, 'refused');
  } finally {
    await receiver.close();
  }
});
