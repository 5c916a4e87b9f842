import {
  ADMIN_LEAD_FILTER_FIELDS,
  ADVERTISER_LEAD_FILTER_FIELDS,
  BLOCKED_REASON_CODES,
  BLOCKED_REASONS,
  PUBLISHER_LEAD_FILTER_FIELDS,
} from '@leadmesh/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';
import { DAY_MS, makeAdvertiser, makeLead, makeOffer } from '../offers/offers.fixtures.ts';
import {
  ADMIN_LEAD_LIST_FIELDS,
  ADVERTISER_LEAD_LIST_FIELDS,
  PUBLISHER_LEAD_LIST_FIELDS,
} from './leads.service.ts';

let api: TestApi;
let admin: TestClient;
let manager: TestClient;
let pub: { user: { ID: number }; client: TestClient };
let pub2: { user: { ID: number }; client: TestClient };
let adv: Awaited<ReturnType<typeof makeAdvertiser>>;
let adv2: Awaited<ReturnType<typeof makeAdvertiser>>;
let offerA: Awaited<ReturnType<typeof makeOffer>>;
let offerB: Awaited<ReturnType<typeof makeOffer>>;
type Row = Record<string, unknown> & { ID: number; createdAt: string };
/** Every lead of the world, as made, to compute what each list should answer. */
const made: {
  ID: number;
  user: number;
  advertiser: number;
  offer: number;
  status: number;
  country: string;
  at: number;
  blocked: string | null;
}[] = [];
const NOW = Date.now();

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  admin = (await api.loggedIn('leadadmin', { isAdmin: true, isVerified: true, isPublisherHidden: true }))
    .client;
  manager = (
    await api.loggedIn('leadmanager', { isManager: true, isVerified: true, isPublisherHidden: true })
  ).client;
  pub = await api.loggedIn('leadpub', { isVerified: true });
  pub2 = await api.loggedIn('leadpub2', { isVerified: true });
  adv = await makeAdvertiser(api, 'leadadv1');
  adv2 = await makeAdvertiser(api, 'leadadv2');
  offerA = await makeOffer(api, adv, { OfferName: 'Alpha', OfferProductName: 'Alpha cream' });
  offerB = await makeOffer(api, adv2, { OfferName: 'Beta', OfferProductName: 'Beta tea' });
  // 90 leads over 40 days: both publishers, both offers, every status, three countries, some blocked.
  const countries = ['RS', 'BA', 'HR'];
  for (let i = 0; i < 90; i++) {
    const publisher = i % 3 === 0 ? pub2.user.ID : pub.user.ID;
    const offer = i % 4 === 0 ? offerB : offerA;
    const status = [-2, -1, 0, 1, 2, 3, 4, 5, 6][(i * 7) % 9];
    const country = countries[(i * 5) % 3];
    const blocked = i % 13 === 0 ? BLOCKED_REASON_CODES[i % BLOCKED_REASON_CODES.length] : null;
    // Dates not in id order, with ties, so the order really is by date then id.
    const at = NOW - ((i * 37) % 40) * DAY_MS - (i % 5 === 0 ? 0 : i * 1000);
    const lead = await makeLead(api, offer, publisher, {
      Status: blocked ? 4 : status,
      CountryCode: country,
      createdAt: new Date(at),
      BlockedReason: blocked,
      LeadMoneyWithdrawn: i % 10 === 1,
      PublisherPaid: i % 10 === 1 || i % 10 === 2,
      AdvertiserPaid: i % 10 === 2,
      LeadPrice: 1000 + i,
      EarnedAmount: 800,
      PlatformEarnedAmount: 200 + i,
    });
    made.push({
      ID: lead.ID,
      user: publisher,
      advertiser: offer.BoundAdvertiser,
      offer: offer.ID,
      status: blocked ? 4 : status,
      country,
      at,
      blocked,
    });
  }
});
afterAll(async () => {
  await api.close();
});

const newestFirst = (a: (typeof made)[number], b: (typeof made)[number]) => b.at - a.at || b.ID - a.ID;

async function page(client: TestClient, path: string, body: Record<string, unknown>) {
  const answer = await client.call(path as '/leads/getLeadsForAdmin', body);
  expect(answer.status, JSON.stringify(answer.details)).toBe('ok');
  return (answer.data as { DBData: Row[] }).DBData;
}

describe('filter whitelists', () => {
  it('accept every field the contracts announce to the screens', () => {
    for (const [spec, fields] of [
      [PUBLISHER_LEAD_FILTER_FIELDS, PUBLISHER_LEAD_LIST_FIELDS],
      [ADVERTISER_LEAD_FILTER_FIELDS, ADVERTISER_LEAD_LIST_FIELDS],
      [ADMIN_LEAD_FILTER_FIELDS, ADMIN_LEAD_LIST_FIELDS],
    ] as const) {
      for (const field of spec) expect(fields[field.name]?.type, field.name).toBe(field.type);
    }
  });
});

describe('/leads/getLeadsForAdmin', () => {
  const iso = (daysAgo: number) => new Date(NOW - daysAgo * DAY_MS).toISOString();
  // Filter sets that take each path through the index choice: none, the covering date index,
  // a single status over dates (status index), and narrowing fields (SQLite's own choice).
  const cases: [string, unknown[], (l: (typeof made)[number]) => boolean][] = [
    ['no filter', [], () => true],
    [
      'status in, date range, country',
      [
        { name: 'Status', op: 'in', value: [2, 3, 4] },
        { name: 'createdAt', op: 'dgeq', value: iso(30) },
        { name: 'createdAt', op: 'dleq', value: iso(2) },
        { name: 'CountryCode', op: 'eq', value: 'RS' },
      ],
      (l) =>
        [2, 3, 4].includes(l.status) &&
        l.at >= NOW - 30 * DAY_MS &&
        l.at <= NOW - 2 * DAY_MS &&
        l.country === 'RS',
    ],
    [
      'one status over dates (Date alias)',
      [
        { name: 'Status', op: 'eq', value: 2 },
        { name: 'Date', op: 'dgeq', value: iso(35) },
      ],
      (l) => l.status === 2 && l.at >= NOW - 35 * DAY_MS,
    ],
    ['one publisher', [{ name: 'BoundUser', op: 'eq', value: 'PUB' }], (l) => l.user === pub.user.ID],
    [
      'one offer, a status',
      [
        { name: 'BoundOffer', op: 'eq', value: 'OFFER' },
        { name: 'Status', op: 'neq', value: 0 },
      ],
      (l) => l.offer === offerA.ID && l.status !== 0,
    ],
  ];

  it.each(cases)(
    '%s: every page is the filtered leads, newest first, 20 at a time',
    async (_name, raw, keep) => {
      const filters = JSON.parse(
        JSON.stringify(raw).replace('"PUB"', String(pub.user.ID)).replace('"OFFER"', String(offerA.ID)),
      );
      const expected = made
        .filter(keep)
        .sort(newestFirst)
        .map((l) => l.ID);
      const got: number[] = [];
      for (let offset = 0; offset <= expected.length; offset += 20) {
        const rows = await page(admin, '/leads/getLeadsForAdmin', {
          paginationOffset: offset,
          Filters: filters,
        });
        expect(rows.length).toBeLessThanOrEqual(20);
        got.push(...rows.map((r) => r.ID));
      }
      expect(got).toEqual(expected);
    },
  );

  it('marks the rows a resend would take: failed or retrying, not blocked (Resend only where it works)', async () => {
    const rows = await page(admin, '/leads/getLeadsForAdmin', {
      paginationOffset: 0,
      Filters: [],
      limit: 100,
    });
    expect(rows).toHaveLength(made.length);
    for (const row of rows) {
      const lead = made.find((l) => l.ID === row.ID);
      expect(row.Resendable, `lead ${row.ID}`).toBe(!lead?.blocked && [5, -2].includes(lead?.status ?? 0));
    }
    expect(rows.some((r) => r.Resendable)).toBe(true);
  });

  it('answers a page asked for directly, and again from the remembered start, the same', async () => {
    const filters = [{ name: 'CountryCode', op: 'in', value: ['RS', 'HR'] }];
    const expected = made
      .filter((l) => ['RS', 'HR'].includes(l.country))
      .sort(newestFirst)
      .map((l) => l.ID)
      .slice(40, 60);
    for (let i = 0; i < 2; i++) {
      const rows = await page(admin, '/leads/getLeadsForAdmin', { paginationOffset: 40, Filters: filters });
      expect(
        rows.map((r) => r.ID),
        `call ${i + 1}`,
      ).toEqual(expected);
    }
  });

  it('a scroll continues after the rows it holds when newer leads arrive between pages', async () => {
    const filters = [{ name: 'BoundOffer', op: 'eq', value: offerB.ID }];
    const first = await page(admin, '/leads/getLeadsForAdmin', {
      paginationOffset: 0,
      Filters: filters,
      limit: 5,
    });
    const fresh = await makeLead(api, offerB, pub.user.ID, { createdAt: new Date() });
    const second = await page(admin, '/leads/getLeadsForAdmin', {
      paginationOffset: 5,
      Filters: filters,
      limit: 5,
    });
    const expected = made
      .filter((l) => l.offer === offerB.ID)
      .sort(newestFirst)
      .map((l) => l.ID);
    expect([...first, ...second].map((r) => r.ID)).toEqual(expected.slice(0, 10));
    // A new scroll starts from the top and sees the new lead.
    const again = await page(admin, '/leads/getLeadsForAdmin', {
      paginationOffset: 0,
      Filters: filters,
      limit: 5,
    });
    expect(again[0].ID).toBe(fresh.ID);
    made.push({
      ID: fresh.ID,
      user: pub.user.ID,
      advertiser: offerB.BoundAdvertiser,
      offer: offerB.ID,
      status: 0,
      country: 'RS',
      at: fresh.createdAt.getTime(),
      blocked: null,
    });
  });

  it('answers the admin columns and labels, and ?ID= finds one lead', async () => {
    const withdrawn = made[1];
    const [row] = await page(admin, '/leads/getLeadsForAdmin', {
      Filters: [{ name: 'ID', op: 'eq', value: withdrawn.ID }],
    });
    expect(row).toMatchObject({
      ID: withdrawn.ID,
      BoundUser: withdrawn.user,
      BoundAdvertiser: withdrawn.advertiser,
      ProductName: 'Alpha cream',
      MoneyWithdrawn: 'Yes',
      PurchaseLocation: { city: 'Belgrade', countryCode: withdrawn.country },
      LeadPrice: 1001,
      PlatformEarnedAmount: 201,
      // Beside the ids, the names the screen shows (joined in the page's query).
      User: { Username: 'leadpub' },
      Advertiser: { CompanyName: adv.advertiser.CompanyName },
    });
    const names = new Map([
      [pub.user.ID, 'leadpub'],
      [pub2.user.ID, 'leadpub2'],
    ]);
    const companies = new Map([
      [adv.advertiser.ID, adv.advertiser.CompanyName],
      [adv2.advertiser.ID, adv2.advertiser.CompanyName],
    ]);
    for (const offset of [0, 20, 40]) {
      const rows = (await page(admin, '/leads/getLeadsForAdmin', { paginationOffset: offset })) as (Row & {
        BoundUser: number;
        BoundAdvertiser: number;
        User: { Username: string };
        Advertiser: { CompanyName: string };
      })[];
      expect(rows).toHaveLength(20);
      for (const r of rows) {
        expect(r.User.Username).toBe(names.get(r.BoundUser));
        expect(r.Advertiser.CompanyName).toBe(companies.get(r.BoundAdvertiser));
      }
    }
    const blocked = made.find((l) => l.blocked)!;
    const [b] = await page(admin, '/leads/getLeadsForAdmin', {
      Filters: [{ name: 'ID', op: 'eq', value: blocked.ID }],
    });
    expect(b.BlockedReasonLabel).toBe(BLOCKED_REASONS[blocked.blocked as keyof typeof BLOCKED_REASONS]);
  });

  it('refuses unknown fields and wrong operators as VALIDATION_ERROR', async () => {
    for (const filter of [
      { name: 'Phone', op: 'eq', value: '+381' },
      { name: 'Status', op: 'contains', value: '2' },
      { name: 'createdAt', op: 'dgeq', value: 'not a date' },
    ]) {
      expect((await admin.call('/leads/getLeadsForAdmin', { Filters: [filter] })).data, filter.name).toBe(
        'VALIDATION_ERROR',
      );
    }
  });
});

describe('/leads/getLeadsForPublisher', () => {
  it('answers only the publisher’s own leads, with the price, AdvertiserPaid and the money withdrawn label', async () => {
    const expected = made
      .filter((l) => l.user === pub.user.ID)
      .sort(newestFirst)
      .map((l) => l.ID);
    const got: Row[] = [];
    for (let offset = 0; offset < expected.length + 20; offset += 20)
      got.push(...(await page(pub.client, '/leads/getLeadsForPublisher', { paginationOffset: offset })));
    expect(got.map((r) => r.ID)).toEqual(expected);
    for (const row of got) {
      expect(row).toHaveProperty('LeadPrice');
      expect(row).toHaveProperty('AdvertiserPaid');
      expect(row).not.toHaveProperty('BoundAdvertiser');
      expect(row).not.toHaveProperty('PlatformEarnedAmount');
    }
    const labels = (i: number) => got.find((r) => r.ID === made[i].ID)?.MoneyWithdrawn;
    expect([labels(1), labels(2), labels(4)]).toEqual(['Yes', 'No', 'Not eligible']);
    expect(got.find((r) => r.ID === made[2].ID)?.AdvertiserPaid).toBe(true);
  });

  it('filters as the screen does: ?ID=, status in, dates and country', async () => {
    const mine = made.filter((l) => l.user === pub.user.ID);
    const [one] = await page(pub.client, '/leads/getLeadsForPublisher', {
      BoundUser: pub.user.ID,
      Filters: [{ name: 'ID', op: 'eq', value: mine[3].ID }],
    });
    expect(one.ID).toBe(mine[3].ID);
    const filtered = await page(pub.client, '/leads/getLeadsForPublisher', {
      authUser: pub.user.ID,
      Filters: [
        { name: 'Status', op: 'in', value: [2, 3] },
        { name: 'CountryCode', op: 'eq', value: 'BA' },
        { name: 'createdAt', op: 'dgeq', value: new Date(NOW - 20 * DAY_MS).toISOString() },
      ],
      limit: 100,
    });
    const expected = mine
      .filter((l) => [2, 3].includes(l.status) && l.country === 'BA' && l.at >= NOW - 20 * DAY_MS)
      .sort(newestFirst)
      .map((l) => l.ID);
    expect(filtered.map((r) => r.ID)).toEqual(expected);
    // Another publisher's lead id finds nothing here.
    const theirs = made.find((l) => l.user === pub2.user.ID)!;
    expect(
      await page(pub.client, '/leads/getLeadsForPublisher', {
        Filters: [{ name: 'ID', op: 'eq', value: theirs.ID }],
      }),
    ).toEqual([]);
  });

  it('refuses a publisher naming another publisher; staff name anyone', async () => {
    for (const body of [{ BoundUser: pub.user.ID }, { authUser: pub.user.ID }]) {
      const answer = await pub2.client.call('/leads/getLeadsForPublisher', body);
      expect(answer.data, JSON.stringify(body)).toBe('FORBIDDEN');
    }
    const asStaff = await page(manager, '/leads/getLeadsForPublisher', {
      BoundUser: pub2.user.ID,
      limit: 100,
    });
    expect(asStaff.length).toBe(made.filter((l) => l.user === pub2.user.ID).length);
  });
});

describe('/leads/getLeadsForAdvertiser', () => {
  it('answers the leads of the advertiser’s offers that were not blocked, without the publisher’s side', async () => {
    const rows: Row[] = [];
    for (let offset = 0; offset < 100; offset += 20)
      rows.push(...(await page(adv.client, '/leads/getLeadsForAdvertiser', { paginationOffset: offset })));
    const expected = made
      .filter((l) => l.advertiser === adv.advertiser.ID && !l.blocked)
      .sort(newestFirst)
      .map((l) => l.ID);
    expect(rows.map((r) => r.ID)).toEqual(expected);
    for (const hidden of [
      'BoundUser',
      'EarnedAmount',
      'PlatformEarnedAmount',
      'PurchaseIP',
      'FriendlyName',
      'BlockedReason',
      'PublisherPaid',
    ])
      expect(rows[0], hidden).not.toHaveProperty(hidden);
    expect(rows[0]).toMatchObject({ ProductName: 'Alpha cream' });
    expect(rows[0]).toHaveProperty('LeadPrice');
    const byStatus = await page(adv.client, '/leads/getLeadsForAdvertiser', {
      BoundAdvertiser: adv.advertiser.ID,
      Filters: [{ name: 'Status', op: 'eq', value: 2 }],
      limit: 100,
    });
    expect(byStatus.every((r) => r.Status === 2)).toBe(true);
    expect(
      (
        await adv.client.call('/leads/getLeadsForAdvertiser', {
          Filters: [{ name: 'PublisherPaid', op: 'eq', value: true }],
        })
      ).data,
    ).toBe('VALIDATION_ERROR');
  });

  it('refuses an advertiser naming another advertiser; staff name any, and must name one', async () => {
    expect(
      (await adv.client.call('/leads/getLeadsForAdvertiser', { BoundAdvertiser: adv2.advertiser.ID })).data,
    ).toBe('FORBIDDEN');
    const asStaff = await page(manager, '/leads/getLeadsForAdvertiser', {
      BoundAdvertiser: adv2.advertiser.ID,
      limit: 100,
    });
    expect(asStaff.length).toBe(made.filter((l) => l.advertiser === adv2.advertiser.ID && !l.blocked).length);
    expect((await manager.call('/leads/getLeadsForAdvertiser', {})).data).toBe('VALIDATION_ERROR');
  });
});

describe('blocked leads', () => {
  it('lists blocked leads newest first with the publisher’s username, the company and the reason’s label', async () => {
    const rows = await page(admin, '/leads/getAllBlockedLeadsDashboardAdmin', { paginationOffset: 0 });
    const expected = made.filter((l) => l.blocked).sort(newestFirst);
    expect(rows.map((r) => r.ID)).toEqual(expected.map((l) => l.ID));
    expect(rows[0]).toMatchObject({
      BlockedReason: expected[0].blocked,
      BlockedReasonLabel: BLOCKED_REASONS[expected[0].blocked as keyof typeof BLOCKED_REASONS],
      User: { Username: expected[0].user === pub.user.ID ? 'leadpub' : 'leadpub2' },
      Advertiser: {
        CompanyName: `Company ${expected[0].advertiser === adv.advertiser.ID ? adv.user.ID : adv2.user.ID}`,
      },
    });
    // The spellings public §7 uses: offset, filters.
    const since = new Date(NOW - 10 * DAY_MS).toISOString();
    const recent = await page(admin, '/leads/getAllBlockedLeadsDashboardAdmin', {
      offset: 1,
      filters: [{ name: 'createdAt', op: 'dgeq', value: since }],
    });
    expect(recent.map((r) => r.ID)).toEqual(
      expected
        .filter((l) => l.at >= NOW - 10 * DAY_MS)
        .slice(1)
        .map((l) => l.ID),
    );
  });

  it('counts them per reason: every reason once, zeros included, with its label; the date filter applies', async () => {
    const kpi = (await admin.call('/leads/getAllBlockedLeadsKPIAdmin', {})).data as {
      BlockedReason: string;
      Label: string;
      Count: number;
    }[];
    expect(kpi.map((k) => k.BlockedReason)).toEqual(BLOCKED_REASON_CODES);
    for (const tile of kpi) {
      expect(tile.Label).toBe(BLOCKED_REASONS[tile.BlockedReason as keyof typeof BLOCKED_REASONS]);
      expect(tile.Count, tile.BlockedReason).toBe(
        made.filter((l) => l.blocked === tile.BlockedReason).length,
      );
    }
    expect(kpi.some((k) => k.Count === 0)).toBe(true);
    const since = NOW - 10 * DAY_MS;
    const recent = (
      await admin.call('/leads/getAllBlockedLeadsKPIAdmin', {
        Filters: [{ name: 'createdAt', op: 'dgeq', value: new Date(since).toISOString() }],
      })
    ).data as { Count: number }[];
    expect(recent.reduce((n, k) => n + k.Count, 0)).toBe(
      made.filter((l) => l.blocked && l.at >= since).length,
    );

    // A code the catalogue does not know (an older intake's) still gets its tile.
    await makeLead(api, offerA, pub.user.ID, { BlockedReason: 'LEGACY_RULE', Status: 4 });
    const withLegacy = (await admin.call('/leads/getAllBlockedLeadsKPIAdmin', {})).data as {
      BlockedReason: string;
      Label: string;
      Count: number;
    }[];
    expect(withLegacy.at(-1)).toEqual({ BlockedReason: 'LEGACY_RULE', Label: 'LEGACY_RULE', Count: 1 });
  });
});
