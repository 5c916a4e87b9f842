import type { StaffEndpointView } from '@leadmesh/core';
import { createEndpointLanes, crmLane, type EndpointLanes, postbackLane } from '@leadmesh/jobs';
import { crms, offers, postbackDeliveries } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  makeAdvertiserWithOffer,
  makeLead,
  makePostback,
} from '../../../../packages/core/src/postbacks/test-support.ts';
import { createTestApi, type TestApi } from '../../test/harness.ts';

/**
 * The endpoints page beside Bull Board (issue 17: staff see failing endpoints in Bull Board). The
 * lanes are the worker's (same Redis prefix as this API), fed as the worker feeds them; every URL
 * is on 127.0.0.1 and nothing is called.
 */
let api: TestApi;
let lanes: EndpointLanes;
const DEAD_URL = 'http://127.0.0.1:9/pb?lead={lead_id}';
const DEAD = postbackLane(DEAD_URL) as string;
const ERROR = 'connect ECONNREFUSED <script>alert(1)</script>';

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  lanes = createEndpointLanes(api.deps.redis);
});
afterAll(async () => {
  await api.close();
});

const PATHS = ['/admin/queues/endpoints', '/admin/queues/endpoints.json'];

it('answers 404 without a session and to a publisher or an advertiser, as the queue dashboard does', async () => {
  for (const path of PATHS) expect((await api.client().raw('GET', path)).status).toBe(404);
  const { client: publisher } = await api.loggedIn('lanespub', { isVerified: true });
  const { client: manager } = await api.loggedIn('lanesmgr', { isVerified: true, isPublisherManager: true });
  for (const path of PATHS) {
    expect((await publisher.raw('GET', path)).status).toBe(404);
    expect((await manager.raw('GET', path)).status).toBe(404);
  }
});

it('shows an admin each endpoint: breaker, failing since, last error, next try, in flight, parked, waiting and disabled', async () => {
  const { client: admin } = await api.loggedIn('lanesadmin', { isVerified: true, isAdmin: true });
  const empty = (await (await admin.raw('GET', '/admin/queues/endpoints.json')).json()) as {
    data: StaffEndpointView;
  };
  expect(empty.data.endpoints).toEqual([]);
  expect(await (await admin.raw('GET', '/admin/queues/endpoints')).text()).toContain(
    'data-testid="no-endpoints"',
  );

  // A receiver that refuses: five failures open its breaker; one delivery parks, one is pending in the database.
  const pub = await api.createUser('lanesowner', { isVerified: true });
  const advUser = await api.createUser('lanesadv', { isVerified: true, isPublisherHidden: true });
  const world = await makeAdvertiserWithOffer(api.db, advUser.ID);
  const postback = await makePostback(api.db, pub.ID, 'Any', DEAD_URL);
  const lead = await makeLead(api.db, pub.ID, world);
  await api.db.insert(postbackDeliveries).values({
    BoundPostback: postback.postbackID,
    BoundLead: lead.ID,
    Event: 'created',
    URL: DEAD_URL.replace('{lead_id}', String(lead.ID)),
  });
  for (let i = 0; i < 5; i++) {
    expect(await lanes.enter(DEAD, `t${i}`, `m${i}`)).toBe(true);
    await lanes.leave(DEAD, `t${i}`, 'fail', ERROR);
  }
  expect(await lanes.enter(DEAD, 'parked', 'parked-member')).toBe(false);
  // A healthy CRM with one slot taken, and a disabled CRM with its lead waiting.
  const [busyCrm] = await api.db
    .insert(crms)
    .values({
      BoundAdvertiser: world.advertiser.ID,
      name: 'kmacrm',
      friendlyName: 'Busy KMA',
      data: {},
      callbackToken: 'busy-token-0000000000000000000001',
    })
    .returning();
  await lanes.enter(crmLane(busyCrm.ID), 'busy-slot', 'busy-member');
  const [offCrm] = await api.db
    .insert(crms)
    .values({
      BoundAdvertiser: world.advertiser.ID,
      name: 'kmacrm',
      friendlyName: 'Off KMA',
      data: {},
      callbackToken: 'off-token-00000000000000000000001',
      disabledAt: new Date(),
      disabledReason: 'No successful delivery (test)',
    })
    .returning();
  await api.db.update(offers).set({ SelectedCRM: offCrm.ID }).where(eq(offers.ID, world.offer.ID));

  const answer = await admin.raw('GET', '/admin/queues/endpoints.json');
  expect(answer.status).toBe(200);
  const view = ((await answer.json()) as { data: StaffEndpointView }).data;
  expect(view.lanesRead).toBe(true);
  const [dead, off, ...rest] = view.endpoints;
  expect(dead).toMatchObject({
    endpoint: DEAD,
    kind: 'postback',
    label: '127.0.0.1:9',
    laned: true,
    waitingInDatabase: 1,
    rows: 1,
    disabledRows: 0,
    lane: { state: 'open', failures: 5, lastError: ERROR, inFlight: 0, waiting: 1 },
  });
  expect(dead.lane?.failingSince).toBeTypeOf('number');
  expect(dead.lane?.nextTryAt).toBeGreaterThan(Date.now());
  // The disabled CRM (its lead waits in -1) before the busy one (nothing waits in the database).
  expect(off).toMatchObject({
    endpoint: crmLane(offCrm.ID),
    kind: 'crm',
    waitingInDatabase: 1,
    disabledRows: 1,
    lane: { state: 'closed', failingSince: null },
  });
  expect(off.label).toContain('Off KMA (kmacrm)');
  // The busy CRM has nothing waiting and is not failing: only what waits or fails is listed.
  expect(rest.map((r) => r.endpoint)).not.toContain(crmLane(busyCrm.ID));

  const html = await (await admin.raw('GET', '/admin/queues/endpoints')).text();
  expect(html).toContain(`data-endpoint="${DEAD}"`);
  expect(html).toContain('connect ECONNREFUSED &lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).not.toContain('<script>alert(1)</script>');
  expect(html).toContain('href="/admin/queues"');
});

it("links the endpoints page from Bull Board's menu", async () => {
  const { client: admin } = await api.loggedIn('lanesadmin2', { isVerified: true, isAdmin: true });
  const page = await (await admin.raw('GET', '/admin/queues')).text();
  const config = JSON.parse(
    page.match(/<script id="__UI_CONFIG__" type="application\/json">([^<]*)<\/script>/)?.[1] ?? '{}',
  ) as { miscLinks?: { text: string; url: string }[] };
  expect(config.miscLinks).toEqual([{ text: 'Endpoints (lanes)', url: '/admin/queues/endpoints' }]);
});
