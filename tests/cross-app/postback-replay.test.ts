import { queueLeadPostbacks } from '@leadmesh/core';
import { runUnitOfWork } from '@leadmesh/jobs';
import type { LeadTimelineEntry, PostbackDelivery } from '@leadmesh/schema';
import { postbackAttempts, postbackDeliveries } from '@leadmesh/schema/tables';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../api/src/test/harness.ts';
import { makeAdvertiserWithOffer, makeLead } from '../../packages/core/src/postbacks/test-support.ts';
import { type FakeServer, startFakeServer } from '../../packages/net/src/test-support/fake-server.ts';
import { installNetworkJail } from '../../packages/net/src/test-support/network-jail.ts';
import { startWorkerBeside, waitFor } from '../../worker/src/test-support/worker-beside.ts';
import type { RunningWorker } from '../../worker/src/worker.ts';

const jail = installNetworkJail();

let api: TestApi;
let receiver: FakeServer;
let worker: RunningWorker;
let publisher: { user: { ID: number }; client: TestClient };
let advertiser: { user: { ID: number }; client: TestClient };
let stranger: TestClient;
let admin: TestClient;
/** The lead's two deliveries: the publisher's postback and the advertiser's. */
const id = { lead: 0, pub: 0, adv: 0 };

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true', ALLOW_LOOPBACK_TARGETS: 'true' });
  // The publisher's receiver answers after a moment, so a replay stays pending while a second
  // press arrives (the double-click case).
  receiver = await startFakeServer((req, res) => {
    const slow = (req.url ?? '').startsWith('/pub');
    setTimeout(() => res.end('OK'), slow ? 300 : 0);
  });
  worker = await startWorkerBeside(api);
  publisher = await api.loggedIn('rppublisher', { isVerified: true });
  // As advertiser sign-up leaves them: user unverified, publisher role hidden, advertiser verified.
  advertiser = await api.loggedIn('rpadvertiser', { isPublisherHidden: true });
  stranger = (await api.loggedIn('rpstranger', { isVerified: true })).client;
  admin = (await api.loggedIn('rpadmin', { isVerified: true, isAdmin: true, isPublisherHidden: true }))
    .client;
  const world = await makeAdvertiserWithOffer(api.db, advertiser.user.ID);

  for (const [who, path, trigger] of [
    [publisher, 'pub', 'OnCreatePublisher'],
    [advertiser, 'adv', 'OnCreateAdvertiser'],
  ] as const) {
    const added = await who.client.call('/postback/addPostback', {
      postbackName: `${path} tracker`,
      postbackURL: `${receiver.origin}/${path}?lead={lead_id}&status={lead_status}`,
      postbackType: 'default',
      postbackTrigger: trigger,
    });
    expect(added.status, JSON.stringify(added)).toBe('ok');
  }
  const lead = await makeLead(api.db, publisher.user.ID, world);
  id.lead = lead.ID;
  await runUnitOfWork(api.deps.jobs, api.db, (unit) =>
    unit.transaction((tx) => queueLeadPostbacks(tx, lead, 'created', 'intake')),
  );
  const rows = await api.db
    .select()
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.BoundLead, lead.ID));
  expect(rows).toHaveLength(2);
  id.pub = (rows.find((r) => r.URL.includes('/pub?')) as { ID: number }).ID;
  id.adv = (rows.find((r) => r.URL.includes('/adv?')) as { ID: number }).ID;
  for (const delivery of [id.pub, id.adv]) await delivered(delivery);
});
afterEach(() => {
  // Nothing but 127.0.0.1 (the receiver, Redis) was reached, and no name was looked up.
  expect(jail.violations).toEqual([]);
  expect(jail.attempts.filter((a) => a.address !== '127.0.0.1')).toEqual([]);
});
afterAll(async () => {
  await worker?.close();
  await receiver?.close();
  await api?.close();
  jail.restore();
});

const row = async (delivery: number) =>
  (await api.db.select().from(postbackDeliveries).where(eq(postbackDeliveries.ID, delivery)))[0];
const delivered = (delivery: number) => waitFor(async () => (await row(delivery))?.State === 'delivered');
/** What the receiver got for a delivery's event: requests carrying its webhook-id. */
const received = (original: number) =>
  receiver.requests.filter((r) => r.headers['webhook-id'] === `pb_${original}`);
const allRows = () => api.db.select().from(postbackDeliveries).orderBy(asc(postbackDeliveries.ID));

describe('the owner', () => {
  it('replays: the receiver gets the same URL again, logged as a new attempt in the log and the timeline', async () => {
    const before = received(id.pub);
    expect(before).toHaveLength(1);
    const answer = await publisher.client.call('/postback/replayPostbackDelivery', { ID: id.pub });
    expect(answer.status, JSON.stringify(answer)).toBe('ok');
    const replay = answer.data as { deliveryID: number; replayOf: number; state: string };
    expect(replay).toEqual({ deliveryID: expect.any(Number), replayOf: id.pub, state: 'pending' });
    expect(replay.deliveryID).not.toBe(id.pub);
    await delivered(replay.deliveryID);

    const requests = received(id.pub);
    expect(requests).toHaveLength(2);
    expect(requests[1].url).toBe(requests[0].url);
    expect(requests[1].url).toBe(`/pub?lead=${id.lead}&status=-1`);
    // The original is untouched; the replay has its own single attempt.
    expect(await row(id.pub)).toMatchObject({ State: 'delivered', Attempts: 1 });
    expect(await row(replay.deliveryID)).toMatchObject({
      State: 'delivered',
      Attempts: 1,
      BoundLead: id.lead,
      Event: `replay:${id.pub}:1`,
    });
    const attempts = await api.db
      .select()
      .from(postbackAttempts)
      .where(eq(postbackAttempts.DeliveryID, replay.deliveryID));
    expect(attempts).toEqual([expect.objectContaining({ Attempt: 1, ResponseStatus: 200 })]);

    const log = (await publisher.client.call('/postback/getDeliveries', { leadID: id.lead })).data as {
      DBData: PostbackDelivery[];
    };
    expect(log.DBData.map((d) => [d.ID, d.replayOf, d.state])).toEqual([
      [replay.deliveryID, id.pub, 'delivered'],
      [id.pub, null, 'delivered'],
    ]);
    expect(log.DBData[0].log).toEqual([expect.objectContaining({ attempt: 1, responseStatus: 200 })]);

    const timeline = (await publisher.client.call('/leads/getLeadTimeline', { ID: id.lead }))
      .data as LeadTimelineEntry[];
    const postbackEntries = timeline.filter((e) => e.kind === 'postback');
    expect(postbackEntries.map((e) => e.title)).toEqual([
      'Postback "pub tracker" #1: 200',
      'Postback "pub tracker" (replay) #1: 200',
    ]);
    // One Replay button for the delivery and its replays, on the latest attempt, naming the original.
    expect(postbackEntries.map((e) => e.replayDeliveryID)).toEqual([null, id.pub]);
  });

  it('pressed twice at once, or again while it waits, sends once', async () => {
    const count = received(id.pub).length;
    const [a, b] = await Promise.all([
      publisher.client.call('/postback/replayPostbackDelivery', { ID: id.pub }),
      publisher.client.call('/postback/replayPostbackDelivery', { ID: id.pub }),
    ]);
    const first = a.data as { deliveryID: number };
    expect((b.data as { deliveryID: number }).deliveryID).toBe(first.deliveryID);
    // Naming the pending replay itself, or the original again, still answers the same one.
    for (const named of [id.pub, first.deliveryID]) {
      const again = await publisher.client.call('/postback/replayPostbackDelivery', { ID: named });
      expect((again.data as { deliveryID: number }).deliveryID).toBe(first.deliveryID);
    }
    await delivered(first.deliveryID);
    // Give a duplicate job time to show itself: none may arrive.
    await new Promise((r) => setTimeout(r, 500));
    expect(received(id.pub)).toHaveLength(count + 1);
    expect((await row(first.deliveryID)).Event).toBe(`replay:${id.pub}:2`);
  });
});

describe('who may replay', () => {
  it('another publisher is refused like every owned call; nothing is written or sent', async () => {
    const rows = await allRows();
    const count = receiver.requests.length;
    for (const named of [id.pub, id.adv]) {
      const answer = await stranger.callRaw('/postback/replayPostbackDelivery', { ID: named });
      expect(answer).toMatchObject({
        status: 'error',
        data: 'FORBIDDEN',
        httpStatus: 403,
        details: { message: 'That belongs to another account' },
      });
    }
    // The advertiser of the lead owns their postback, not the publisher's.
    const crossed = await advertiser.client.callRaw('/postback/replayPostbackDelivery', { ID: id.pub });
    expect(crossed).toMatchObject({ status: 'error', data: 'FORBIDDEN' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await allRows()).toEqual(rows);
    expect(receiver.requests.length).toBe(count);
  });

  it('the advertiser replays their own postback (verified advertiser, unverified user)', async () => {
    const answer = await advertiser.client.call('/postback/replayPostbackDelivery', { ID: id.adv });
    expect(answer.status, JSON.stringify(answer)).toBe('ok');
    await delivered((answer.data as { deliveryID: number }).deliveryID);
    expect(received(id.adv)).toHaveLength(2);
    expect(received(id.adv)[1].url).toMatch(/^\/adv\?lead=\d+&status=-1$/);
    // Their timeline offers Replay on their postback only.
    const timeline = (await advertiser.client.call('/leads/getLeadTimeline', { ID: id.lead }))
      .data as LeadTimelineEntry[];
    const replays = timeline.filter((e) => e.replayDeliveryID !== null).map((e) => e.replayDeliveryID);
    expect(replays).toEqual([id.adv]);
  });

  it('an admin replays anyone’s, and sees Replay on every delivery of the lead', async () => {
    const count = received(id.pub).length;
    const answer = await admin.call('/postback/replayPostbackDelivery', { ID: id.pub });
    expect(answer.status, JSON.stringify(answer)).toBe('ok');
    await delivered((answer.data as { deliveryID: number }).deliveryID);
    expect(received(id.pub)).toHaveLength(count + 1);
    const timeline = (await admin.call('/leads/getLeadTimeline', { ID: id.lead }))
      .data as LeadTimelineEntry[];
    const replays = timeline.filter((e) => e.replayDeliveryID !== null).map((e) => e.replayDeliveryID);
    expect(replays.sort()).toEqual([id.pub, id.adv].sort());
  });
});

describe('bad input', () => {
  it('an unknown ID is NOT_FOUND with a clear message, for owners and admins alike', async () => {
    for (const client of [publisher.client, admin]) {
      const answer = await client.callRaw('/postback/replayPostbackDelivery', { ID: 987_654 });
      expect(answer).toMatchObject({
        status: 'error',
        data: 'NOT_FOUND',
        httpStatus: 404,
        details: { message: 'Postback delivery not found' },
      });
    }
  });

  it.each([[{}], [{ ID: 'abc' }], [{ ID: -1 }], [{ ID: true }]])(
    '%j is a validation error that writes nothing',
    async (body) => {
      const rows = await allRows();
      const answer = await publisher.client.callRaw('/postback/replayPostbackDelivery', body);
      expect(answer).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR', httpStatus: 400 });
      expect(await allRows()).toEqual(rows);
    },
  );

  it('a test fire is not replayed', async () => {
    const [pb] = (await publisher.client.call('/postback/getAllPostbacks', {})).data as {
      postbackID: number;
    }[];
    const test = await publisher.client.call('/postback/testPostback', { postbackID: pb.postbackID });
    const { deliveryID } = test.data as { deliveryID: number };
    const answer = await publisher.client.callRaw('/postback/replayPostbackDelivery', { ID: deliveryID });
    expect(answer).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
    expect(answer.details?.message).toMatch(/test fire is not replayed/);
  });
});
