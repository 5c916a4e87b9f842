import type { LeadTimelineEntry, PostbackDelivery, PublisherLead } from '@leadmesh/schema';
import type { Page, Response } from 'playwright-core';
import { type FakeServer, startFakeServer } from '../packages/net/src/test-support/fake-server.ts';
import { assert, type Role, type TestContext, test } from './harness.ts';
import { settledOverflow } from './screens.ts';
import { apiCallerOf, unique } from './support.ts';

/*
 * More info on a lead in the publisher's and the advertiser's lead lists shows the lead's timeline
 * (their part of it), and the publisher replays a postback delivery of their own from it: a real
 * receiver on 127.0.0.1 gets the event again (the run's worker may call loopback addresses).
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const answerOf = (path: string) => (r: Response) => r.url().endsWith(path) && r.request().method() === 'POST';

async function dataOf<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { status: string; data: T };
  assert.equal(body.status, 'ok', `${response.url()} answered ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

/** Calls the API with a role's session, as its browser would (cookie and CSRF token). */
async function apiAs(t: TestContext, role: Role) {
  const page = await t.newPage(role);
  await page.goto(`${t.urls.shell}/dashboard/profile`);
  await page.getByTestId('sidebar').waitFor();
  return apiCallerOf(page, t.urls.api);
}

async function waitUntil(check: () => boolean, what: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens More info on the lead list's row of `leadId` and waits for its timeline and its answer. */
async function openTimeline(
  page: Page,
  shell: string,
  audience: 'publisher' | 'advertiser',
  leadId?: number,
) {
  await page.goto(`${shell}/dashboard/${audience}-leads${leadId ? `?ID=${leadId}` : ''}`);
  await page.getByTestId('lead-product').first().waitFor();
  const answered = page.waitForResponse(answerOf('/leads/getLeadTimeline'));
  await page.getByTestId('lead-more-info').first().click();
  await page.getByTestId('lead-info').waitFor();
  const entries = await dataOf<LeadTimelineEntry[]>(await answered);
  await page.locator('[data-testid="lead-timeline-slot"] [data-testid="lead-timeline"]').waitFor();
  return entries;
}

/** The open More info dialog at desktop and phone width, in both themes (the theme is put back). */
async function shootDialog(
  t: TestContext,
  page: Page,
  label: string,
  reopen: () => Promise<unknown>,
): Promise<void> {
  const first = (await page.getByTestId('app-root').getAttribute('data-theme')) ?? 'dark';
  const shoot = async (theme: string) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.getByTestId('lead-timeline').waitFor();
      const overflow = await settledOverflow(page);
      assert.ok(overflow <= 1, `${label} at ${viewport.width} px scrolls sideways by ${overflow} px`);
      await t.screenshot(page, `${label}-${viewport.width}-${theme}`, { fullPage: false });
    }
    await page.setViewportSize(DESKTOP);
  };
  const toggle = async (theme: string) => {
    await page.getByTestId('lead-info-close').click();
    await page.getByTestId('lead-info').waitFor({ state: 'detached' });
    const saved = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
    await page.getByTestId('theme-toggle').click();
    await saved;
    await page.locator(`[data-testid="app-root"][data-theme="${theme}"]`).waitFor();
  };
  const other = first === 'dark' ? 'light' : 'dark';
  await shoot(first);
  await toggle(other);
  await reopen();
  await shoot(other);
  await toggle(first);
}

for (const audience of ['publisher', 'advertiser'] as const) {
  test(`${audience} More info shows the lead's timeline, their part of it`, async (t) => {
    const page = await t.newPage(audience);
    const entries = await openTimeline(page, t.urls.shell, audience);
    assert.ok(entries.length > 0, 'a seeded lead has a history');
    const shown = page.locator('[data-testid="lead-timeline-slot"] [data-testid="timeline-entry"]');
    await shown.first().waitFor();
    assert.equal(await shown.count(), entries.length);
    const kinds = await shown.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-kind')));
    assert.deepEqual(kinds.slice().sort(), entries.map((e) => e.kind).sort());
    if (audience === 'advertiser') {
      // Never the buyer's click (IP) or the publisher's money.
      assert.ok(!kinds.includes('click'), kinds.join(','));
      assert.ok(!entries.some((e) => /publisher earning/.test(e.title)), 'no publisher earnings');
    }
    // Replay shows exactly where the server marked an attempt as the viewer's to send again.
    assert.equal(
      await page.getByTestId('timeline-replay').count(),
      entries.filter((e) => e.replayDeliveryID !== null).length,
    );
    await shootDialog(t, page, 'timeline', () => openTimeline(page, t.urls.shell, audience));
  });
}

test(
  'publisher replays a postback delivery from the timeline: the receiver gets the event again',
  async (t) => {
    const receiver: FakeServer = await startFakeServer((_req, res) => res.end('OK'));
    try {
      const asPublisher = await apiAs(t, 'publisher');
      const asAdmin = await apiAs(t, 'admin');
      const name = `E2E receiver ${unique()}`;
      await asPublisher('/postback/addPostback', {
        postbackName: name,
        postbackURL: `${receiver.origin}/pb?lead={lead_id}&status={lead_status}`,
        postbackType: 'default',
        postbackTrigger: 'OnDeclinedPublisher',
      });
      // A status change that moves no money and that the worker leaves alone (a decided lead,
      // rejected ↔ bad lead) fires the postback.
      const { DBData: leads } = await asPublisher<{ DBData: PublisherLead[] }>(
        '/leads/getLeadsForPublisher',
        {
          paginationOffset: 0,
          Filters: [{ name: 'Status', op: 'in', value: [3, 4, 5] }],
        },
      );
      const lead = leads[0];
      assert.ok(lead, 'the seeded publisher has a rejected lead');
      const newStatus = lead.Status === 3 ? 4 : 3;
      // Other leads declined meanwhile reach the receiver too: count this lead's only.
      const ofLead = () => receiver.requests.filter((r) => r.url.startsWith(`/pb?lead=${lead.ID}&`));
      await asAdmin('/leads/setLeadStatusAdmin', { ID: lead.ID, newStatus });
      // Automatic deliveries queue behind whatever the worker is busy with: the seeded world's
      // trackers (names that never resolve) fail and retry all through the run, so in a full run the
      // queue can be a minute deep; a replay goes to the head of the queue.
      await waitUntil(() => ofLead().length === 1, 'the first postback', 150_000);
      const [first] = ofLead();
      assert.equal(first.url, `/pb?lead=${lead.ID}&status=${newStatus}`);

      const page = await t.newPage('publisher');
      const entries = await openTimeline(page, t.urls.shell, 'publisher', lead.ID);
      const mine = entries.filter((e) => e.kind === 'postback' && e.title.includes(name));
      assert.equal(mine.length, 1, JSON.stringify(entries.map((e) => e.title)));
      const entry = page.locator('[data-testid="timeline-entry"]', { hasText: name });
      const button = entry.getByTestId('timeline-replay');
      await button.waitFor();
      await t.screenshot(page, 'before-replay', { fullPage: false });

      const replayed = page.waitForResponse(answerOf('/postback/replayPostbackDelivery'));
      await button.click();
      const replay = await dataOf<{ deliveryID: number; replayOf: number }>(await replayed);
      assert.equal(replay.replayOf, mine[0].replayDeliveryID);
      await waitUntil(() => ofLead().length === 2, 'the replayed postback');
      assert.equal(ofLead()[1].url, first.url, 'the same event, the same URL');
      assert.equal(ofLead()[1].headers['webhook-id'], first.headers['webhook-id']);
      // The timeline looks again and shows the replay's attempt, with Replay moved onto it.
      const replayEntry = page.locator('[data-testid="timeline-entry"]', {
        hasText: `${name}" (replay) #1: 200`,
      });
      await replayEntry.waitFor({ timeout: 15_000 });
      assert.equal(await replayEntry.getByTestId('timeline-replay').count(), 1);
      await replayEntry.scrollIntoViewIfNeeded();
      await t.screenshot(page, 'after-replay', { fullPage: false });

      // The delivery log holds the delivery and its replay. Asked for this lead: in a full run the
      // seeded trackers' retries push them off the screen's first page of all deliveries.
      const { DBData: logged } = await asPublisher<{ DBData: PostbackDelivery[] }>(
        '/postback/getDeliveries',
        {
          paginationOffset: 0,
          leadID: lead.ID,
        },
      );
      const ours = logged.filter((d) => d.postbackName === name);
      assert.deepEqual(
        ours.map((d) => [d.ID, d.replayOf, d.state]).sort(),
        [
          [replay.replayOf, null, 'delivered'],
          [replay.deliveryID, replay.replayOf, 'delivered'],
        ].sort(),
      );
    } finally {
      await receiver.close();
    }
  },
  { timeoutMs: 240_000 },
);

test('publisher offers at 390 px: the mode switch fits in both modes and both themes', async (t) => {
  const page = await t.newPage('publisher');
  await page.goto(`${t.urls.shell}/dashboard/publisher-offers`);
  await page.getByTestId('offer-card').first().waitFor();
  const root = page.getByTestId('app-root');
  const first = (await root.getAttribute('data-theme')) ?? 'dark';
  const check = async (theme: string) => {
    await page.setViewportSize(PHONE);
    for (const mode of ['taken', 'catalogue'] as const) {
      await page.getByTestId(`offers-mode-${mode}`).click();
      await page
        .getByTestId(mode === 'taken' ? 'taken-offers' : 'offer-card')
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      const fit = await page.evaluate(() => {
        const control = document.querySelector('[data-testid="offers-mode"]') as HTMLElement;
        const panel = document.querySelector('[data-testid="offers-panel"] .ant-card-body') as HTMLElement;
        const box = control.getBoundingClientRect();
        const outer = panel.getBoundingClientRect();
        const style = getComputedStyle(panel);
        const inner = {
          left: outer.left + Number.parseFloat(style.paddingLeft),
          right: outer.right - Number.parseFloat(style.paddingRight),
        };
        const clipped = [...control.querySelectorAll('.ant-segmented-item-label')].filter(
          (label) => (label as HTMLElement).scrollWidth > (label as HTMLElement).clientWidth + 1,
        ).length;
        return { right: box.right, left: box.left, innerRight: inner.right, innerLeft: inner.left, clipped };
      });
      // A full-width block on a phone: inside the panel, edge to edge.
      assert.ok(
        Math.abs(fit.left - fit.innerLeft) <= 1 && Math.abs(fit.right - fit.innerRight) <= 1,
        `mode switch ${JSON.stringify(fit)}`,
      );
      assert.equal(fit.clipped, 0, 'no label of the mode switch is cut off');
      const overflow = await settledOverflow(page);
      assert.ok(overflow <= 1, `offers (${mode}) scrolls sideways by ${overflow} px`);
      await t.screenshot(page, `offers-${mode}-390-${theme}`, { fullPage: false });
    }
    await page.setViewportSize(DESKTOP);
    await t.screenshot(page, `offers-catalogue-1280-${theme}`, { fullPage: false });
  };
  const toggle = async (theme: string) => {
    await page.setViewportSize(DESKTOP);
    const saved = page.waitForResponse((r) => r.url().endsWith('/users/setTheme'));
    await page.getByTestId('theme-toggle').click();
    await saved;
    await page.locator(`[data-testid="app-root"][data-theme="${theme}"]`).waitFor();
  };
  const other = first === 'dark' ? 'light' : 'dark';
  await check(first);
  await toggle(other);
  await check(other);
  await toggle(first);
});
