/**
 * The staff overview over HTTP (decision 0051): figures against hand-counted leads placed around
 * the caller's day boundaries (UTC+2), the periods before, each side's view, delivery health and
 * the refusals of bad ranges.
 */

import { createEndpointLanes } from '@leadmesh/jobs';
import {
  clicks,
  crms,
  leadCrmAttempts,
  leads,
  offers,
  postbackDeliveries,
  postbacks,
  takenOffers,
} from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

const NOW = Date.parse('2026-03-10T10:00:00Z');
const at = (iso: string) => new Date(iso);
/** UTC+2: the caller's 10 March runs from 9 March 22:00 UTC to 10 March 22:00 UTC. */
const OFFSET = 120;
const RANGE = { startDate: '2026-03-04', endDate: '2026-03-10', utcOffset: OFFSET };

let api: TestApi;
let admin: TestClient;
let pubManager: TestClient;
let advManager: TestClient;
let publisher: TestClient;
const ids = { pub1: 0, pub2: 0, admin: 0, offerA: 0, offerB: 0, crm: 0, l7: 0, advertiser: 0 };

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  api.deps.now = () => NOW;
  const a = await api.loggedIn('overviewadmin', { isVerified: true, isAdmin: true, isPublisherHidden: true });
  admin = a.client;
  ids.admin = a.user.ID;
  pubManager = (
    await api.loggedIn('pubmanager', { isVerified: true, isPublisherManager: true, isPublisherHidden: true })
  ).client;
  advManager = (
    await api.loggedIn('advmanager', { isVerified: true, isAdvertiserManager: true, isPublisherHidden: true })
  ).client;
  const p1 = await api.loggedIn('publisherone', { isVerified: true });
  publisher = p1.client;
  ids.pub1 = p1.user.ID;
  ids.pub2 = (await api.createUser('publishertwo', { isVerified: true })).ID;
  const advUser = await api.createUser('advertiserone', { isVerified: true, isPublisherHidden: true });
  const advertiser = await api.createAdvertiser(advUser.ID);
  ids.advertiser = advertiser.ID;
  const [crm] = await api.db
    .insert(crms)
    .values({
      BoundAdvertiser: advertiser.ID,
      name: 'bitrix24',
      friendlyName: 'Main Bitrix',
      data: {},
      callbackToken: 'overview-token',
    })
    .returning();
  ids.crm = crm.ID;
  const offer = (name: string) => ({
    BoundAdvertiser: advertiser.ID,
    SelectedCRM: crm.ID,
    OfferName: name,
    OfferProductName: name,
    OfferProductBrand: 'Brand',
    OfferProductPrice: '50 EUR',
    OfferPayout: 1000,
    OfferType: 'CPL' as const,
    OfferActive: true,
    OfferCountry: ['RS'],
    OfferImages: [],
    OfferDescription: 'x',
  });
  ids.offerA = (await api.db.insert(offers).values(offer('Offer A')).returning())[0].ID;
  ids.offerB = (await api.db.insert(offers).values(offer('Offer B')).returning())[0].ID;

  const lead = (user: number, offerId: number, createdAt: string, status: number, price = 0, earned = 0) => ({
    BoundUser: user,
    BoundAdvertiser: advertiser.ID,
    BoundOffer: offerId,
    BoundCRM: crm.ID,
    OfferName: 'x',
    ProductName: 'x',
    Status: status,
    LeadPrice: price,
    EarnedAmount: earned,
    PlatformEarnedAmount: price - earned,
    PurchaseLeadType: 'CPL' as const,
    PurchaseDetails: {},
    PurchaseIP: '10.0.0.1',
    createdAt: at(createdAt),
  });
  await api.db.insert(leads).values([
    // today (10 March, UTC+2)
    lead(ids.pub1, ids.offerA, '2026-03-10T09:00:00Z', 2, 1000, 800), // L1
    lead(ids.pub1, ids.offerA, '2026-03-09T23:00:00Z', 3), // L2: 9 March in UTC, 10 March for the caller
    // before the range's first instant (3 March 22:00 UTC): in no period
    lead(ids.pub2, ids.offerB, '2026-03-03T21:59:00Z', 2, 5000, 4000), // L3
    lead(ids.pub2, ids.offerB, '2026-03-03T22:00:00Z', 2, 2000, 1500), // L4: 4 March 00:00 for the caller
    lead(ids.pub1, ids.offerB, '2026-03-01T12:00:00Z', 2, 500, 400), // L5: the period before the range
    lead(ids.pub1, ids.offerA, '2026-03-09T09:00:00Z', 4), // L6: yesterday before this time of day
    lead(ids.admin, ids.offerA, '2026-03-08T12:00:00Z', 2, 300, 200), // L9: a staff account's lead
    lead(ids.pub2, ids.offerA, '2026-02-01T00:00:00Z', -1), // L10: still waiting for the CRM
  ]);
  const [l7] = await api.db
    .insert(leads)
    .values(lead(ids.pub1, ids.offerA, '2026-03-09T11:00:00Z', -2)) // L7: yesterday after this time
    .returning();
  ids.l7 = l7.ID;

  const [taken] = await api.db
    .insert(takenOffers)
    .values({ BoundUser: ids.pub1, BoundOffer: ids.offerA, TrackingCode: 'overview-1' })
    .returning();
  await api.db.insert(clicks).values(
    ['2026-03-10T08:00:00Z', '2026-03-09T22:30:00Z', '2026-03-09T21:00:00Z'].map((t, i) => ({
      ClickKey: `overview-click-${i}`,
      BoundTakenOffer: taken.ID,
      BoundUser: ids.pub1,
      BoundOffer: ids.offerA,
      createdAt: at(t),
    })),
  );

  await api.db.insert(leadCrmAttempts).values([
    {
      LeadID: ids.l7,
      CRMID: crm.ID,
      Kind: 'deliver',
      Attempt: 1,
      Error: 'connect ECONNREFUSED',
      Outcome: 'retry',
      createdAt: new Date(NOW - 3600_000),
    },
    {
      LeadID: ids.l7,
      CRMID: crm.ID,
      Kind: 'deliver',
      Attempt: 1,
      Error: 'an old failure',
      Outcome: 'failed',
      createdAt: new Date(NOW - 2 * 86_400_000),
    },
  ]);
  const [pubPostback] = await api.db
    .insert(postbacks)
    .values({
      BoundUser: ids.pub1,
      postbackName: 'Tracker',
      postbackURL: 'https://tracker.example/pb?x={lead_id}',
      postbackTrigger: 'Any',
    })
    .returning();
  const [advPostback] = await api.db
    .insert(postbacks)
    .values({
      BoundUser: advUser.ID,
      postbackName: 'Advertiser hook',
      postbackURL: 'https://adv.example/hook',
      postbackTrigger: 'Any',
    })
    .returning();
  const delivery = (
    postback: number,
    lead: number,
    state: 'failed' | 'pending',
    agoMs: number,
    error: string,
  ) => ({
    BoundPostback: postback,
    BoundLead: lead,
    Event: `created:${lead}:${agoMs}`,
    URL: 'https://tracker.example/pb',
    State: state,
    Attempts: 1,
    LastError: error,
    createdAt: new Date(NOW - agoMs),
  });
  await api.db
    .insert(postbackDeliveries)
    .values([
      delivery(pubPostback.postbackID, 1, 'failed', 7200_000, 'HTTP 500'),
      delivery(pubPostback.postbackID, 2, 'failed', 3600_000, 'HTTP 502'),
      delivery(pubPostback.postbackID, 3, 'failed', 3 * 86_400_000, 'too old'),
      delivery(pubPostback.postbackID, 4, 'pending', 60_000, 'timeout'),
      delivery(advPostback.postbackID, 5, 'failed', 600_000, 'HTTP 404'),
    ]);
});

afterAll(async () => {
  await api.close();
});

type Overview = {
  side: string;
  today: Period;
  range: Period;
  topOffers: { OfferID: number; OfferName: string; leads: number; confirmed: number }[];
  topPublishers: { UserID: number; Username: string; leads: number; payouts: number | null }[] | null;
  topAdvertisers: { AdvertiserID: number; leads: number; spend: number | null }[] | null;
  delivery: {
    crms:
      | {
          CRMID: number;
          waiting: number;
          retrying: number;
          failedAttempts: number;
          lastError: string | null;
        }[]
      | null;
    failingEndpoints: {
      source: string;
      name: string;
      host: string;
      failed: number;
      retrying: number;
      lastError: string | null;
    }[];
    queues: { name: string; waiting: number }[] | null;
    lastErrors: { source: string; message: string; LeadID: number }[];
  };
};
type Figures = Record<
  'clicks' | 'leads' | 'confirmed' | 'rejected' | 'approveRate' | 'spend' | 'payouts' | 'margin',
  number | null
>;
type Period = {
  from: string;
  to: string;
  startDay: string;
  endDay: string;
  figures: Figures;
  previous: Figures & { from: string; to: string };
};

async function overview(client: TestClient, body: object = RANGE) {
  const answer = await client.call('/leads/getNetworkOverview', body as never);
  expect(answer.status, JSON.stringify(answer)).toBe('ok');
  return answer.data as Overview;
}

describe('the network overview', () => {
  it("counts the admin's today and range by the caller's days, beside the periods before", async () => {
    const data = await overview(admin);
    expect(data.side).toBe('all');
    expect(data.range).toMatchObject({
      startDay: '2026-03-04',
      endDay: '2026-03-10',
      from: '2026-03-03T22:00:00.000Z',
      to: '2026-03-10T22:00:00.000Z',
    });
    // L1, L2, L4, L6, L7, L9
    expect(data.range.figures).toEqual({
      clicks: 3,
      leads: 6,
      confirmed: 3,
      rejected: 2,
      approveRate: 50,
      spend: 3300,
      payouts: 2500,
      margin: 800,
    });
    // 24 Feb 22:00 UTC to 3 March 10:00 UTC: the range's length earlier, stopped at this time of day.
    expect(data.range.previous).toEqual({
      from: '2026-02-24T22:00:00.000Z',
      to: '2026-03-03T10:00:00.000Z',
      clicks: 0,
      leads: 1,
      confirmed: 1,
      rejected: 0,
      approveRate: 100,
      spend: 500,
      payouts: 400,
      margin: 100,
    });
    expect(data.today).toMatchObject({ startDay: '2026-03-10', from: '2026-03-09T22:00:00.000Z' });
    // L1 and L2 (the 9th in UTC); two of the three clicks (21:00 UTC is the caller's 9 March).
    expect(data.today.figures).toEqual({
      clicks: 2,
      leads: 2,
      confirmed: 1,
      rejected: 1,
      approveRate: 50,
      spend: 1000,
      payouts: 800,
      margin: 200,
    });
    // Yesterday until 10:00 UTC: L6 only (L7 and the 21:00 click came later in the day).
    expect(data.today.previous).toMatchObject({
      from: '2026-03-08T22:00:00.000Z',
      to: '2026-03-09T10:00:00.000Z',
      clicks: 0,
      leads: 1,
      confirmed: 0,
      rejected: 1,
      approveRate: 0,
    });
    expect(data.topOffers.map((o) => [o.OfferName, o.leads, o.confirmed])).toEqual([
      ['Offer A', 5, 2],
      ['Offer B', 1, 1],
    ]);
    expect(data.topPublishers?.map((p) => [p.Username, p.leads, p.payouts])).toEqual([
      ['publisherone', 4, 800],
      ['overviewadmin', 1, 200],
      ['publishertwo', 1, 1500],
    ]);
    expect(data.topAdvertisers?.map((a) => [a.AdvertiserID, a.leads, a.spend])).toEqual([
      [ids.advertiser, 6, 3300],
    ]);
  });

  it('follows status changes: a retried lead confirmed later counts as confirmed in its own day', async () => {
    await api.db
      .update(leads)
      .set({ Status: 2, LeadPrice: 700, EarnedAmount: 600 })
      .where(eq(leads.ID, ids.l7));
    try {
      const data = await overview(admin);
      expect(data.range.figures).toMatchObject({
        leads: 6,
        confirmed: 4,
        spend: 4000,
        payouts: 3100,
        margin: 900,
      });
      expect(data.today.figures.confirmed).toBe(1);
    } finally {
      await api.db
        .update(leads)
        .set({ Status: -2, LeadPrice: 0, EarnedAmount: 0 })
        .where(eq(leads.ID, ids.l7));
    }
    expect((await overview(admin)).range.figures.confirmed).toBe(3);
  });

  it('shows delivery health: CRM backlog, failing postback endpoints, queues and last errors', async () => {
    const { delivery } = await overview(admin);
    expect(delivery.crms).toEqual([
      expect.objectContaining({
        CRMID: ids.crm,
        name: 'Main Bitrix',
        waiting: 1,
        retrying: 1,
        failedAttempts: 1,
        lastError: 'connect ECONNREFUSED',
      }),
    ]);
    expect(delivery.failingEndpoints).toEqual([
      expect.objectContaining({
        source: 'postback',
        name: 'Tracker',
        host: 'tracker.example',
        failed: 2,
        retrying: 1,
        lastError: 'timeout',
      }),
      expect.objectContaining({ name: 'Advertiser hook', host: 'adv.example', failed: 1, retrying: 0 }),
    ]);
    expect(delivery.queues?.map((q) => q.name)).toEqual([
      'mail',
      'crm',
      'postbacks',
      'payouts',
      'exports',
      'maintenance',
    ]);
    expect(delivery.lastErrors.map((e) => [e.source, e.message])).toEqual([
      ['postback', 'timeout'],
      ['postback', 'HTTP 404'],
      ['crm', 'connect ECONNREFUSED'],
      ['postback', 'HTTP 502'],
      ['postback', 'HTTP 500'],
    ]);
  });

  it("a publisher manager sees the publisher side of the publishers they manage, nothing of advertisers'", async () => {
    const data = await overview(pubManager);
    expect(data.side).toBe('publisher');
    // The staff account's lead (L9) is not theirs; spend and margin are the advertisers' side.
    expect(data.range.figures).toEqual({
      clicks: 3,
      leads: 5,
      confirmed: 2,
      rejected: 2,
      approveRate: 40,
      spend: null,
      payouts: 2300,
      margin: null,
    });
    expect(data.topAdvertisers).toBeNull();
    expect(data.topPublishers?.map((p) => p.Username)).toEqual(['publisherone', 'publishertwo']);
    expect(data.delivery.crms).toBeNull();
    expect(data.delivery.failingEndpoints.map((e) => e.name)).toEqual(['Tracker']);
    expect(data.delivery.queues?.map((q) => q.name)).toEqual(['postbacks']);
    expect(data.delivery.lastErrors.every((e) => e.source === 'postback' && e.message !== 'HTTP 404')).toBe(
      true,
    );
    expect(JSON.stringify(data)).not.toContain('Main Bitrix');
  });

  it('an advertiser manager sees the advertiser side: spend, CRMs, their endpoints; no clicks, payouts or publishers', async () => {
    const data = await overview(advManager);
    expect(data.side).toBe('advertiser');
    expect(data.range.figures).toEqual({
      clicks: null,
      leads: 6,
      confirmed: 3,
      rejected: 2,
      approveRate: 50,
      spend: 3300,
      payouts: null,
      margin: null,
    });
    expect(data.topPublishers).toBeNull();
    expect(data.topOffers[0]).toMatchObject({ OfferName: 'Offer A', payouts: null });
    expect(data.delivery.crms?.map((c) => c.CRMID)).toEqual([ids.crm]);
    expect(data.delivery.failingEndpoints.map((e) => e.name)).toEqual(['Advertiser hook']);
    expect(data.delivery.queues?.map((q) => q.name)).toEqual(['crm']);
    expect(JSON.stringify(data)).not.toContain('publisherone');
  });

  it('is refused to publishers, and says what is wrong with a range', async () => {
    expect((await publisher.call('/leads/getNetworkOverview', RANGE as never)).data).toBe('FORBIDDEN');
    const refusal = async (body: object) => {
      const answer = await admin.call('/leads/getNetworkOverview', body as never);
      expect(answer.status).toBe('error');
      expect(answer.httpStatus).toBe(400);
      return [answer.data, answer.details?.message];
    };
    expect(await refusal({ ...RANGE, startDate: '2026-03-11' })).toEqual([
      'VALIDATION_ERROR',
      'The start date is after the end date',
    ]);
    expect(await refusal({ ...RANGE, startDate: '2025-12-01' })).toEqual([
      'VALIDATION_ERROR',
      'A range covers at most 92 days',
    ]);
    expect((await refusal({ ...RANGE, utcOffset: 7 }))[1]).toContain(
      'utcOffset is a whole number of quarter hours',
    );
    expect((await refusal({ ...RANGE, endDate: '10.03.2026' }))[1]).toContain('A day is written YYYY-MM-DD');
    // 92 days is the longest range, and it answers.
    expect((await overview(admin, { ...RANGE, startDate: '2025-12-09' })).range.startDay).toBe('2025-12-09');
  });

  it('shows disabled and failing endpoints with their health, each side only its own (decision 0037)', async () => {
    const lanes = createEndpointLanes(api.deps.redis);
    const flaky = 'postback:flaky.example';
    for (let i = 0; i < 5; i++) {
      await lanes.enter(flaky, `t${i}`, `m${i}`);
      await lanes.leave(flaky, `t${i}`, 'fail', 'HTTP 502');
    }
    await api.db.insert(postbacks).values([
      {
        BoundUser: ids.pub2,
        postbackName: 'Dead receiver',
        postbackURL: 'https://dead.example/pb',
        postbackTrigger: 'Any',
        disabledAt: new Date(NOW - 3_600_000),
        disabledReason: 'No successful delivery since …',
      },
      {
        BoundUser: ids.pub2,
        postbackName: 'Flaky receiver',
        postbackURL: 'https://flaky.example/pb',
        postbackTrigger: 'Any',
      },
    ]);
    await api.db
      .update(crms)
      .set({ disabledAt: new Date(NOW - 3_600_000), disabledReason: 'No successful delivery since …' })
      .where(eq(crms.ID, ids.crm));
    const stateOf = (data: Awaited<ReturnType<typeof overview>>) =>
      (
        data.delivery.failingEndpoints as unknown as {
          source: string;
          name: string;
          health: { state: string };
        }[]
      )
        .filter((e) => e.health.state !== 'ok')
        .map((e) => [e.source, e.name, e.health.state]);
    expect(stateOf(await overview(admin))).toEqual([
      ['postback', 'Dead receiver', 'disabled'],
      ['postback', 'Flaky receiver', 'failing'],
      ['crm', 'Main Bitrix', 'disabled'],
    ]);
    expect(stateOf(await overview(pubManager))).toEqual([
      ['postback', 'Dead receiver', 'disabled'],
      ['postback', 'Flaky receiver', 'failing'],
    ]);
    expect(stateOf(await overview(advManager))).toEqual([['crm', 'Main Bitrix', 'disabled']]);
    // What a re-enable names: a CRM's advertiser (enableCRM asks for it), none for a postback.
    const named = (
      (await overview(admin)).delivery.failingEndpoints as unknown as {
        source: string;
        advertiserID: number | null;
        health: { state: string };
      }[]
    )
      .filter((e) => e.health.state === 'disabled')
      .map((e) => [e.source, e.advertiserID]);
    expect(named).toEqual([
      ['postback', null],
      ['crm', ids.advertiser],
    ]);
  });
});
