import { recomputeAllApproveRates, recomputeApproveRate } from '@leadmesh/core';
import { MESSAGES } from '@leadmesh/schema';
import { customPayouts, logs, offers, takenOffers } from '@leadmesh/schema/tables';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';
import { DAY_MS, makeAdvertiser, makeImage, makeLead, makeOffer } from './offers.fixtures.ts';

let api: TestApi;
let admin: TestClient;
let manager: TestClient;
let adv: Awaited<ReturnType<typeof makeAdvertiser>>;
let adv2: Awaited<ReturnType<typeof makeAdvertiser>>;
let image: string;

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  admin = (await api.loggedIn('offeradmin', { isAdmin: true, isVerified: true, isPublisherHidden: true }))
    .client;
  manager = (
    await api.loggedIn('offermanager', { isManager: true, isVerified: true, isPublisherHidden: true })
  ).client;
  adv = await makeAdvertiser(api, 'offeradv1');
  adv2 = await makeAdvertiser(api, 'offeradv2');
  image = await makeImage(api, 'product-shot.png');
});
afterAll(async () => {
  await api.close();
});

const offerCount = async () => (await api.db.select({ n: count() }).from(offers))[0].n;

/** A valid add-offer form: what the admin panel sends (money in cents). */
const form = (overrides: Record<string, unknown> = {}) => ({
  BoundAdvertiser: adv.advertiser.ID,
  SelectedCRM: adv.crm.ID,
  OfferCountry: ['RS', 'BA'],
  OfferName: 'Slim tea',
  OfferProductBrand: 'HerbaLine',
  OfferProductName: 'Slim tea 200 g',
  OfferType: 'CPA',
  OfferPayout: 1250,
  PlatformTax: 20,
  OfferLimit: 500,
  ReferralPayout: 50,
  OfferProductPrice: '2990,00 RSD',
  OfferActive: true,
  OfferImages: [image],
  OfferDescription: '<h1>Slim</h1><p>Drink <b>twice</b> a day</p>',
  CRMID: 'ART-1',
  ...overrides,
});

describe('/offers/addOffer', () => {
  it('creates the offer: countries joined by ~, bare image names, sanitised description, a log line', async () => {
    const answer = await admin.call(
      '/offers/addOffer',
      form({ OfferDescription: '<p onclick="x()">Hi<script>alert(1)</script></p>', isPromoted: true }),
    );
    expect(answer.status).toBe('ok');
    expect(answer.data).toMatchObject({
      BoundAdvertiser: adv.advertiser.ID,
      SelectedCRM: adv.crm.ID,
      OfferCountry: 'RS~BA',
      OfferImages: ['product-shot.png'],
      OfferDescription: '<p>Hi</p>',
      OfferPayout: 1250,
      PlatformTax: 20,
      OfferLimit: 500,
      ReferralPayout: 50,
      OfferMonthlyConversionRatio: -1,
      isPromoted: true,
      OfferActive: true,
      CRMID: 'ART-1',
    });
    const id = (answer.data as { ID: number }).ID;
    const [row] = await api.db.select().from(offers).where(eq(offers.ID, id));
    expect(row.OfferCountry).toEqual(['RS', 'BA']);
    const lines = await api.db.select().from(logs).where(eq(logs.Context, 'offers/addOffer'));
    expect(lines.some((l) => l.Log.includes(`[offer:${id}]`))).toBe(true);
  });

  it('applies the defaults: tax 20, limit 1000, referral payout 0, inactive, not promoted', async () => {
    const answer = await admin.call(
      '/offers/addOffer',
      form({
        PlatformTax: undefined,
        OfferLimit: '',
        ReferralPayout: null,
        OfferActive: undefined,
        OfferCountry: 'rs~hr',
        OfferImages: `/images/${image}`,
      }),
    );
    expect(answer.data).toMatchObject({
      PlatformTax: 20,
      OfferLimit: 1000,
      ReferralPayout: 0,
      OfferActive: false,
      isPromoted: false,
      OfferCountry: 'RS~HR',
      OfferImages: [image],
    });
  });

  it('accepts a tax of 0 and of 99, refuses 100 and fractions (whole percent below 100)', async () => {
    for (const tax of [0, 99, '15']) {
      expect((await admin.call('/offers/addOffer', form({ PlatformTax: tax }))).status, String(tax)).toBe(
        'ok',
      );
    }
    for (const tax of [100, 20.5, -1, 'twenty']) {
      const answer = await admin.call('/offers/addOffer', form({ PlatformTax: tax }));
      expect(answer.details, String(tax)).toEqual({
        field: 'PlatformTax',
        message: MESSAGES.offerTaxInvalid,
      });
    }
  });

  // Each rule of admin §5, one broken field at a time, in the spec's order.
  const rules: [string, Record<string, unknown>, string, string][] = [
    [
      'advertiser missing',
      { BoundAdvertiser: undefined },
      'BoundAdvertiser',
      MESSAGES.offerAdvertiserMissing,
    ],
    ['advertiser unknown', { BoundAdvertiser: 999_999 }, 'BoundAdvertiser', MESSAGES.offerAdvertiserMissing],
    ['CRM missing', { SelectedCRM: null }, 'SelectedCRM', MESSAGES.offerCrmMissing],
    ['countries missing', { OfferCountry: [] }, 'OfferCountry', MESSAGES.offerCountriesMissing],
    ['countries blank', { OfferCountry: '~' }, 'OfferCountry', MESSAGES.offerCountriesMissing],
    ['country not ISO', { OfferCountry: 'RS~XX' }, 'OfferCountry', 'Unknown country code: XX'],
    ['name missing', { OfferName: '  ' }, 'OfferName', MESSAGES.offerNameEmpty],
    ['brand missing', { OfferProductBrand: '' }, 'OfferProductBrand', MESSAGES.offerBrandEmpty],
    ['product missing', { OfferProductName: null }, 'OfferProductName', MESSAGES.offerProductNameEmpty],
    ['type missing', { OfferType: '' }, 'OfferType', MESSAGES.offerTypeMissing],
    ['type CPM', { OfferType: 'CPM' }, 'OfferType', MESSAGES.offerTypeMissing],
    ['payout text', { OfferPayout: 'abc' }, 'OfferPayout', MESSAGES.offerPayoutInvalid],
    ['payout fraction of a cent', { OfferPayout: 12.5 }, 'OfferPayout', MESSAGES.offerPayoutInvalid],
    ['payout zero', { OfferPayout: 0 }, 'OfferPayout', MESSAGES.offerPayoutInvalid],
    ['tax 100', { PlatformTax: 100 }, 'PlatformTax', MESSAGES.offerTaxInvalid],
    ['limit text', { OfferLimit: 'lots' }, 'OfferLimit', MESSAGES.offerLimitInvalid],
    ['limit negative', { OfferLimit: -5 }, 'OfferLimit', MESSAGES.offerLimitInvalid],
    ['referral text', { ReferralPayout: 'x' }, 'ReferralPayout', MESSAGES.offerReferralInvalid],
    ['price one part', { OfferProductPrice: '50,00' }, 'OfferProductPrice', MESSAGES.offerPriceInvalid],
    [
      'price three parts',
      { OfferProductPrice: '50 00 EUR' },
      'OfferProductPrice',
      MESSAGES.offerPriceInvalid,
    ],
    [
      'price two spaces',
      { OfferProductPrice: '50,00  EUR' },
      'OfferProductPrice',
      MESSAGES.offerPriceInvalid,
    ],
    ['image missing', { OfferImages: [] }, 'OfferImages', MESSAGES.offerImageMissing],
    ['image never uploaded', { OfferImages: ['nope.png'] }, 'OfferImages', MESSAGES.offerImageMissing],
    ['image path climbing', { OfferImages: ['../etc/passwd'] }, 'OfferImages', MESSAGES.offerImageMissing],
    ['description missing', { OfferDescription: '' }, 'OfferDescription', MESSAGES.offerDescriptionEmpty],
    [
      'description only a script',
      { OfferDescription: '<script>alert(1)</script><p><br></p>' },
      'OfferDescription',
      MESSAGES.offerDescriptionEmpty,
    ],
  ];

  it.each(rules)('%s: answers its message, writes nothing', async (_name, override, field, message) => {
    const before = await offerCount();
    const answer = await admin.call('/offers/addOffer', form(override));
    expect(answer).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR', httpStatus: 400 });
    expect(answer.details).toEqual({ field, message });
    expect(await offerCount()).toBe(before);
  });

  it('refuses a CRM of another advertiser with the CRM message', async () => {
    const answer = await admin.call('/offers/addOffer', form({ SelectedCRM: adv2.crm.ID }));
    expect(answer.details).toEqual({ field: 'SelectedCRM', message: MESSAGES.offerCrmMissing });
  });

  it('answers the messages one at a time in the order of admin §5 as the form is filled in', async () => {
    const steps: [string, unknown, string][] = [
      ['BoundAdvertiser', adv.advertiser.ID, MESSAGES.offerAdvertiserMissing],
      ['SelectedCRM', adv.crm.ID, MESSAGES.offerCrmMissing],
      ['OfferCountry', ['RS'], MESSAGES.offerCountriesMissing],
      ['OfferName', 'A', MESSAGES.offerNameEmpty],
      ['OfferProductBrand', 'B', MESSAGES.offerBrandEmpty],
      ['OfferProductName', 'C', MESSAGES.offerProductNameEmpty],
      ['OfferType', 'CPL', MESSAGES.offerTypeMissing],
      ['OfferPayout', 100, MESSAGES.offerPayoutInvalid],
      ['PlatformTax', 10, MESSAGES.offerTaxInvalid],
      ['OfferLimit', 10, MESSAGES.offerLimitInvalid],
      ['ReferralPayout', 0, MESSAGES.offerReferralInvalid],
      ['OfferProductPrice', '10 EUR', MESSAGES.offerPriceInvalid],
      ['OfferImages', [image], MESSAGES.offerImageMissing],
      ['OfferDescription', '<p>ok</p>', MESSAGES.offerDescriptionEmpty],
    ];
    // Everything wrong at once (tax, limit and referral payout wrong rather than blank: blank takes the default).
    const body: Record<string, unknown> = {
      OfferCountry: [],
      OfferType: 'X',
      OfferPayout: 'x',
      PlatformTax: 'x',
      OfferLimit: 'x',
      ReferralPayout: 'x',
      OfferProductPrice: 'x',
      OfferImages: [],
    };
    const before = await offerCount();
    const seen: string[] = [];
    for (const [field, fix] of steps) {
      const answer = await admin.call('/offers/addOffer', body);
      seen.push(`${answer.details?.field}: ${answer.details?.message}`);
      body[field] = fix;
    }
    expect(seen).toEqual(steps.map(([field, , message]) => `${field}: ${message}`));
    expect(await offerCount()).toBe(before);
    expect((await admin.call('/offers/addOffer', body)).status).toBe('ok');
  });
});

describe('/offers/editOffer', () => {
  it('changes what was sent, keeps the rest, toggles isPromoted and OfferActive', async () => {
    const offer = await makeOffer(api, adv, { OfferCountry: ['RS', 'HR'] });
    const answer = await admin.call('/offers/editOffer', {
      ID: offer.ID,
      OfferName: 'Renamed',
      isPromoted: true,
      OfferActive: false,
    });
    expect(answer.data).toMatchObject({
      ID: offer.ID,
      OfferName: 'Renamed',
      isPromoted: true,
      OfferActive: false,
      OfferCountry: 'RS~HR',
      OfferPayout: 1000,
      OfferProductBrand: offer.OfferProductBrand,
    });
  });

  it('takes the whole record the screen sends (countries as ~ text, answer-only fields ignored)', async () => {
    const offer = await makeOffer(api, adv);
    const record = (await admin.call('/offers/getOfferByID', { ID: offer.ID })).data as Record<
      string,
      unknown
    >;
    const answer = await admin.call('/offers/editOffer', {
      ...record,
      OfferCountry: 'BA~ME',
      OfferMonthlyConversionRatio: 99,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(answer.data).toMatchObject({ OfferCountry: 'BA~ME', OfferMonthlyConversionRatio: -1 });
    expect((answer.data as { createdAt: string }).createdAt).toBe(record.createdAt);
  });

  it('checks the result like an add and writes nothing when it fails', async () => {
    const offer = await makeOffer(api, adv);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ PlatformTax: 100 }, 'PlatformTax', MESSAGES.offerTaxInvalid],
      [{ SelectedCRM: adv2.crm.ID }, 'SelectedCRM', MESSAGES.offerCrmMissing],
      [{ BoundAdvertiser: adv2.advertiser.ID }, 'SelectedCRM', MESSAGES.offerCrmMissing],
      [{ OfferCountry: '' }, 'OfferCountry', MESSAGES.offerCountriesMissing],
      [{ OfferProductPrice: '12' }, 'OfferProductPrice', MESSAGES.offerPriceInvalid],
      [{ OfferImages: ['ghost.png'] }, 'OfferImages', MESSAGES.offerImageMissing],
      [{ OfferDescription: ' ' }, 'OfferDescription', MESSAGES.offerDescriptionEmpty],
    ];
    for (const [change, field, message] of cases) {
      const answer = await admin.call('/offers/editOffer', { ID: offer.ID, OfferName: 'Changed', ...change });
      expect(answer.details, JSON.stringify(change)).toEqual({ field, message });
    }
    const [row] = await api.db.select().from(offers).where(eq(offers.ID, offer.ID));
    expect(row.OfferName).toBe(offer.OfferName);
    // Its existing image stays valid although no upload record exists for 'offer.png'.
    expect((await admin.call('/offers/editOffer', { ID: offer.ID, OfferLimit: 7 })).status).toBe('ok');
  });

  it('moves an offer to another advertiser only with that advertiser’s CRM', async () => {
    const offer = await makeOffer(api, adv);
    const answer = await admin.call('/offers/editOffer', {
      ID: offer.ID,
      BoundAdvertiser: adv2.advertiser.ID,
      SelectedCRM: adv2.crm.ID,
    });
    expect(answer.data).toMatchObject({ BoundAdvertiser: adv2.advertiser.ID, SelectedCRM: adv2.crm.ID });
  });

  it('answers NOT_FOUND for an unknown or deleted offer', async () => {
    expect((await admin.call('/offers/editOffer', { ID: 987_654, OfferName: 'x' })).data).toBe('NOT_FOUND');
    const offer = await makeOffer(api, adv, { deletedAt: new Date() });
    expect((await admin.call('/offers/editOffer', { ID: offer.ID, OfferName: 'x' })).data).toBe('NOT_FOUND');
  });
});

describe('/offers/deleteOffer', () => {
  it('removes an offer nothing refers to', async () => {
    const offer = await makeOffer(api, adv);
    expect((await admin.call('/offers/deleteOffer', { ID: offer.ID })).status).toBe('ok');
    expect(await api.db.select().from(offers).where(eq(offers.ID, offer.ID))).toHaveLength(0);
  });

  it('retires an offer that has leads: the row and its leads stay, every list forgets it', async () => {
    const publisher = await api.loggedIn('delpublisher', { isVerified: true });
    const offer = await makeOffer(api, adv, { OfferName: 'Retire me', isPromoted: true });
    const lead = await makeLead(api, offer, publisher.user.ID);
    expect(
      (await admin.call('/offers/deleteOffer', { ID: offer.ID, BoundAdvertiser: adv.advertiser.ID })).status,
    ).toBe('ok');
    const [row] = await api.db.select().from(offers).where(eq(offers.ID, offer.ID));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.OfferActive).toBe(false);
    expect(lead.BoundOffer).toBe(offer.ID);

    const byId = [{ name: 'ID', op: 'eq', value: offer.ID }];
    expect(
      ((await admin.call('/offers/getAllOffers', { Filters: byId })).data as { DBData: [] }).DBData,
    ).toEqual([]);
    expect((await admin.call('/offers/getOfferByID', { ID: offer.ID })).data).toBe('NOT_FOUND');
    const names = (await admin.call('/offers/getAllOfferNames', {})).data as { ID: number }[];
    expect(names.some((n) => n.ID === offer.ID)).toBe(false);
    const mine = (await adv.client.call('/offers/getAllOffersForAdvertiser', { Filters: byId })).data as {
      DBData: [];
    };
    expect(mine.DBData).toEqual([]);
    const catalogue = (await publisher.client.call('/offers/getAllSelectableOffers', { showNewOffers: true }))
      .data as { DBData: { ID: number }[] };
    expect(catalogue.DBData.some((o) => o.ID === offer.ID)).toBe(false);
    expect((await admin.call('/offers/deleteOffer', { ID: offer.ID })).data).toBe('NOT_FOUND');
  });

  it('refuses a BoundAdvertiser that is not the offer’s, changing nothing', async () => {
    const offer = await makeOffer(api, adv);
    const answer = await admin.call('/offers/deleteOffer', {
      ID: offer.ID,
      BoundAdvertiser: adv2.advertiser.ID,
    });
    expect(answer.data).toBe('NOT_FOUND');
    expect(await api.db.select().from(offers).where(eq(offers.ID, offer.ID))).toHaveLength(1);
  });
});

describe('/offers/getAllOffers and getOfferByID', () => {
  let filterAdv: Awaited<ReturnType<typeof makeAdvertiser>>;
  let listed: Awaited<ReturnType<typeof makeOffer>>[];
  beforeAll(async () => {
    filterAdv = await makeAdvertiser(api, 'filteradv');
    listed = [
      await makeOffer(api, filterAdv, {
        OfferName: 'Alpha cream',
        OfferCountry: ['RS', 'BA'],
        OfferType: 'CPL',
        OfferPayout: 500,
        PlatformTax: 10,
        isPromoted: true,
        OfferMonthlyConversionRatio: 55.5,
      }),
      await makeOffer(api, filterAdv, {
        OfferName: 'Beta tea',
        OfferCountry: ['HR'],
        OfferPayout: 2500,
        OfferActive: false,
        OfferProductPrice: '20,00 EUR',
        OfferLimit: 50,
      }),
    ];
  });

  const ids = async (client: TestClient, filters: unknown[]) => {
    const answer = await client.call('/offers/getAllOffers', {
      Filters: [{ name: 'BoundAdvertiser', op: 'eq', value: filterAdv.advertiser.ID }, ...filters],
    });
    expect(answer.status, JSON.stringify(answer.details)).toBe('ok');
    return (answer.data as { DBData: { ID: number }[] }).DBData.map((o) => o.ID);
  };

  it('filters on every field of admin §2 (and isPromoted)', async () => {
    const [alpha, beta] = listed;
    const cases: [unknown[], number[]][] = [
      [[], [beta.ID, alpha.ID]],
      [[{ name: 'ID', op: 'eq', value: alpha.ID }], [alpha.ID]],
      [[{ name: 'OfferName', op: 'contains', value: 'tea' }], [beta.ID]],
      [[{ name: 'OfferProductName', op: 'eq', value: alpha.OfferProductName }], [alpha.ID]],
      [[{ name: 'OfferProductBrand', op: 'startsWith', value: beta.OfferProductBrand }], [beta.ID]],
      [[{ name: 'OfferCountry', op: 'eq', value: 'BA' }], [alpha.ID]],
      [[{ name: 'OfferCountry', op: 'in', value: ['HR', 'BA'] }], [beta.ID, alpha.ID]],
      [[{ name: 'OfferCountry', op: 'neq', value: 'RS' }], [beta.ID]],
      [[{ name: 'OfferType', op: 'eq', value: 'CPL' }], [alpha.ID]],
      [[{ name: 'OfferPayout', op: 'geq', value: 1000 }], [beta.ID]],
      [[{ name: 'OfferLimit', op: 'lt', value: 100 }], [beta.ID]],
      [[{ name: 'OfferProductPrice', op: 'endsWith', value: 'EUR' }], [beta.ID, alpha.ID]],
      [[{ name: 'OfferMonthlyConversionRatio', op: 'eq', value: -1 }], [beta.ID]],
      [[{ name: 'OfferActive', op: 'eq', value: 'No' }], [beta.ID]],
      [[{ name: 'PlatformTax', op: 'eq', value: 10 }], [alpha.ID]],
      [[{ name: 'isPromoted', op: 'eq', value: true }], [alpha.ID]],
      [
        [{ name: 'createdAt', op: 'dgeq', value: new Date(Date.now() - DAY_MS).toISOString() }],
        [beta.ID, alpha.ID],
      ],
    ];
    for (const [filters, expected] of cases) {
      expect(await ids(admin, filters), JSON.stringify(filters)).toEqual(expected);
    }
  });

  it('refuses unknown fields and operators without a 5xx', async () => {
    for (const filter of [
      { name: 'Secret', op: 'eq', value: 1 },
      { name: 'OfferCountry', op: 'gt', value: 'RS' },
      { name: 'OfferPayout', op: 'contains', value: '1' },
    ]) {
      const answer = await admin.call('/offers/getAllOffers', { Filters: [filter] });
      expect(answer.data, JSON.stringify(filter)).toBe('VALIDATION_ERROR');
    }
  });

  it('pages by 20, newest first; managers read', async () => {
    const pager = await makeAdvertiser(api, 'pageradv');
    for (let i = 0; i < 23; i++)
      await makeOffer(api, pager, {
        OfferName: `P${i}`,
        createdAt: new Date(Date.now() - (30 - i) * DAY_MS),
      });
    const filter = [{ name: 'BoundAdvertiser', op: 'eq', value: pager.advertiser.ID }];
    const first = (await manager.call('/offers/getAllOffers', { Filters: filter })).data as {
      DBData: { OfferName: string }[];
    };
    const second = (await manager.call('/offers/getAllOffers', { Filters: filter, paginationOffset: 20 }))
      .data as {
      DBData: { OfferName: string }[];
    };
    expect(first.DBData).toHaveLength(20);
    expect(first.DBData[0].OfferName).toBe('P22');
    expect(second.DBData.map((o) => o.OfferName)).toEqual(['P2', 'P1', 'P0']);
    expect((await manager.call('/offers/getOfferByID', { ID: listed[0].ID })).data).toMatchObject({
      ID: listed[0].ID,
      OfferCountry: 'RS~BA',
      OfferMonthlyConversionRatio: 55.5,
    });
    expect((await manager.call('/offers/addOffer', form())).data).toBe('FORBIDDEN');
  });

  it('getAllOfferNames answers the picker fields of offers not deleted, by name', async () => {
    const names = (await manager.call('/offers/getAllOfferNames', {})).data as Record<string, unknown>[];
    expect(names.find((n) => n.ID === listed[0].ID)).toEqual({
      ID: listed[0].ID,
      OfferName: 'Alpha cream',
      OfferProductName: listed[0].OfferProductName,
      PlatformTax: 10,
      OfferPayout: 500,
    });
    const sorted = [...names].sort((a, b) => String(a.OfferName).localeCompare(String(b.OfferName), 'en'));
    expect(names.map((n) => n.OfferName)).toEqual(sorted.map((n) => n.OfferName));
  });
});

describe('approve rate (OfferMonthlyConversionRatio)', () => {
  it('is confirmed ÷ decided of the last 30 days in percent, -1 below 10 decided leads', async () => {
    const publisher = await api.createUser('ratepublisher', { isVerified: true });
    const offer = await makeOffer(api, adv);
    const now = Date.now();
    const lead = (status: number, daysAgo = 1) =>
      makeLead(api, offer, publisher.ID, { Status: status, createdAt: new Date(now - daysAgo * DAY_MS) });
    for (let i = 0; i < 6; i++) await lead(2);
    for (let i = 0; i < 3; i++) await lead(3);
    // Not decided: waiting, in progress, CRM error, processing; and decided leads older than 30 days.
    for (const status of [0, 1, 5, 6, -1, -2]) await lead(status);
    for (let i = 0; i < 5; i++) await lead(3, 31);
    expect(await recomputeApproveRate(api.db, offer.ID, now)).toBe(-1);
    await lead(4);
    expect(await recomputeApproveRate(api.db, offer.ID, now)).toBe(60);
    await lead(2);
    expect(await recomputeApproveRate(api.db, offer.ID, now)).toBe(63.64);
    expect((await admin.call('/offers/getOfferByID', { ID: offer.ID })).data).toMatchObject({
      OfferMonthlyConversionRatio: 63.64,
    });

    const quiet = await makeOffer(api, adv, { OfferMonthlyConversionRatio: 80 });
    await recomputeAllApproveRates(api.db, now);
    const [a] = await api.db.select().from(offers).where(eq(offers.ID, offer.ID));
    const [b] = await api.db.select().from(offers).where(eq(offers.ID, quiet.ID));
    expect([a.OfferMonthlyConversionRatio, b.OfferMonthlyConversionRatio]).toEqual([63.64, -1]);
  });
});

describe('/offers/getAllOffersForAdvertiser', () => {
  it('answers the advertiser’s own offers with what More info needs, never the tax or referral payout', async () => {
    const own = await makeAdvertiser(api, 'ownadv');
    const other = await makeAdvertiser(api, 'otheradv');
    const mine = await makeOffer(api, own, { OfferCountry: ['RS', 'MK'], OfferMonthlyConversionRatio: 42 });
    await makeOffer(api, other);
    const answer = await own.client.call('/offers/getAllOffersForAdvertiser', {});
    const rows = (answer.data as { DBData: Record<string, unknown>[] }).DBData;
    expect(rows.map((r) => r.ID)).toEqual([mine.ID]);
    expect(rows[0]).toMatchObject({
      OfferCountry: 'RS~MK',
      OfferType: 'CPA',
      OfferPayout: 1000,
      OfferMonthlyConversionRatio: 42,
    });
    expect(rows[0]).not.toHaveProperty('PlatformTax');
    expect(rows[0]).not.toHaveProperty('ReferralPayout');

    // Naming another advertiser is refused; staff may name any.
    const stolen = await own.client.call('/offers/getAllOffersForAdvertiser', {
      BoundAdvertiser: other.advertiser.ID,
    });
    expect(stolen.data).toBe('FORBIDDEN');
    const asStaff = await manager.call('/offers/getAllOffersForAdvertiser', {
      BoundAdvertiser: own.advertiser.ID,
    });
    expect((asStaff.data as { DBData: { ID: number }[] }).DBData.map((r) => r.ID)).toEqual([mine.ID]);
    const filtered = await own.client.call('/offers/getAllOffersForAdvertiser', {
      Filters: [{ name: 'PlatformTax', op: 'eq', value: 20 }],
    });
    expect(filtered.data).toBe('VALIDATION_ERROR');
  });
});

describe('the publisher catalogue', () => {
  let catAdv: Awaited<ReturnType<typeof makeAdvertiser>>;
  let pub: { user: { ID: number }; client: TestClient };
  let pub2: { user: { ID: number }; client: TestClient };
  const country = 'SI';
  const inCatalogue = [{ name: 'OfferCountry', op: 'eq', value: country }];

  beforeAll(async () => {
    catAdv = await makeAdvertiser(api, 'catadv');
    pub = await api.loggedIn('catpublisher', { isVerified: true });
    pub2 = await api.loggedIn('catpublisher2', { isVerified: true });
  });

  type Row = Record<string, unknown> & { ID: number; OfferName: string };
  const load = async (client: TestClient, body: Record<string, unknown>) => {
    const answer = await client.call('/offers/getAllSelectableOffers', { Filters: inCatalogue, ...body });
    expect(answer.status, JSON.stringify(answer.details)).toBe('ok');
    return (answer.data as { DBData: Row[] }).DBData;
  };

  it('shows only active offers that are not deleted, with the publisher’s payout, new and taken flags', async () => {
    const now = Date.now();
    const fresh = await makeOffer(api, catAdv, {
      OfferName: 'Fresh',
      OfferCountry: [country],
      OfferPayout: 1000,
      PlatformTax: 20,
      createdAt: new Date(now - 2 * DAY_MS),
    });
    const old = await makeOffer(api, catAdv, {
      OfferName: 'Old',
      OfferCountry: [country, 'RS'],
      OfferPayout: 2000,
      PlatformTax: 25,
      createdAt: new Date(now - 8 * DAY_MS),
    });
    await makeOffer(api, catAdv, { OfferName: 'Inactive', OfferCountry: [country], OfferActive: false });
    await makeOffer(api, catAdv, { OfferName: 'Deleted', OfferCountry: [country], deletedAt: new Date() });
    await api.db.insert(customPayouts).values({
      UserID: pub.user.ID,
      OfferID: old.ID,
      Payout: 3000,
    });
    await api.db.insert(takenOffers).values({
      BoundUser: pub.user.ID,
      BoundOffer: fresh.ID,
      TrackingCode: `code-${fresh.ID}-abcdefghijklmnop`,
    });

    const rows = await load(pub.client, {});
    expect(rows.map((r) => r.OfferName)).toEqual(['Fresh', 'Old']);
    expect(rows[0]).toMatchObject({ OfferPayout: 800, isNew: true, isTaken: true, OfferCountry: country });
    // Custom payout 30.00 $ minus the 25 % tax.
    expect(rows[1]).toMatchObject({
      OfferPayout: 2250,
      isNew: false,
      isTaken: false,
      OfferCountry: `${country}~RS`,
    });
    for (const row of rows) {
      for (const hidden of [
        'BoundAdvertiser',
        'SelectedCRM',
        'CRMID',
        'PlatformTax',
        'ReferralPayout',
        'OfferActive',
      ])
        expect(row, hidden).not.toHaveProperty(hidden);
    }
    // Another publisher gets the offer's own payout and takes nothing.
    const theirs = await load(pub2.client, {});
    expect(theirs.map((r) => [r.OfferPayout, r.isTaken])).toEqual([
      [800, false],
      [1500, false],
    ]);
    expect(
      (await load(pub.client, { Filters: [...inCatalogue, { name: 'isNew', op: 'eq', value: 'Yes' }] })).map(
        (r) => r.OfferName,
      ),
    ).toEqual(['Fresh']);
  });

  it('puts promoted offers first on the first load and pages the rest by an offset that leaves them out', async () => {
    const promotedCountry = 'LU';
    const filters = [{ name: 'OfferCountry', op: 'eq', value: promotedCountry }];
    const base = Date.now() - 20 * DAY_MS;
    for (let i = 0; i < 3; i++)
      await makeOffer(api, catAdv, {
        OfferName: `Promoted ${i}`,
        OfferCountry: [promotedCountry],
        isPromoted: true,
        createdAt: new Date(base + i * 1000),
      });
    for (let i = 0; i < 25; i++)
      await makeOffer(api, catAdv, {
        OfferName: `Regular ${String(i).padStart(2, '0')}`,
        OfferCountry: [promotedCountry],
        createdAt: new Date(base + 100_000 + i * 1000),
      });

    // First load: the promoted ones (newest first), then the first 20 others.
    const first = await load(pub.client, { Filters: filters, showNewOffers: true, paginationOffset: 0 });
    expect(first).toHaveLength(23);
    expect(first.slice(0, 3).map((r) => r.OfferName)).toEqual(['Promoted 2', 'Promoted 1', 'Promoted 0']);
    expect(first.slice(0, 3).every((r) => r.isPromoted)).toBe(true);
    expect(first[3].OfferName).toBe('Regular 24');

    // The client's next offset: rows loaded minus the promoted ones among them (dashboards §4).
    const offset = first.length - first.filter((r) => r.isPromoted).length;
    expect(offset).toBe(20);
    const second = await load(pub.client, { Filters: filters, paginationOffset: offset });
    expect(second.map((r) => r.OfferName)).toEqual([
      'Regular 04',
      'Regular 03',
      'Regular 02',
      'Regular 01',
      'Regular 00',
    ]);
    const all = [...first, ...second].map((r) => r.ID);
    expect(new Set(all).size).toBe(28);

    // Without showNewOffers (promoted offers hidden) only the others come.
    const hidden = await load(pub.client, { Filters: filters, showNewOffers: false, paginationOffset: 0 });
    expect(hidden).toHaveLength(20);
    expect(hidden.some((r) => r.isPromoted)).toBe(false);
  });

  it('getSingleOffer answers an active offer, NOT_FOUND otherwise', async () => {
    const shown = await makeOffer(api, catAdv, { OfferCountry: ['NL'], OfferDescription: '<p>Page</p>' });
    const off = await makeOffer(api, catAdv, { OfferActive: false });
    const gone = await makeOffer(api, catAdv, { deletedAt: new Date() });
    const answer = await pub.client.call('/offers/getSingleOffer', { ID: shown.ID });
    expect(answer.data).toMatchObject({ ID: shown.ID, OfferDescription: '<p>Page</p>', OfferPayout: 800 });
    expect(answer.data).not.toHaveProperty('BoundAdvertiser');
    for (const id of [off.ID, gone.ID, 999_999])
      expect((await pub.client.call('/offers/getSingleOffer', { ID: id })).data).toBe('NOT_FOUND');
  });

  it('refuses unverified publishers, and a publisher naming another publisher', async () => {
    const unverified = await api.loggedIn('catnewbie', {});
    expect((await unverified.client.call('/offers/getAllSelectableOffers', {})).data).toBe('NOT_VERIFIED');
    expect((await unverified.client.call('/offers/getSingleOffer', { ID: 1 })).data).toBe('NOT_VERIFIED');
    expect((await pub2.client.call('/offers/getAllSelectableOffers', { BoundUser: pub.user.ID })).data).toBe(
      'FORBIDDEN',
    );
    expect((await pub2.client.call('/offers/getSingleOffer', { BoundUser: pub.user.ID, ID: 1 })).data).toBe(
      'FORBIDDEN',
    );
  });
});
