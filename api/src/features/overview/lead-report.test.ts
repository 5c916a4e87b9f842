/**
 * The lead report by the caller's days (decision 0052), its per-IP list paged by the server for any
 * day, and the publisher picker's server-side search.
 */
import { leads, offers } from '@leadmesh/schema/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

let api: TestApi;
let manager: TestClient;
let advManager: TestClient;
const ids = { pub1: 0, pub2: 0 };

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  manager = (
    await api.loggedIn('reportpubmanager', {
      isVerified: true,
      isPublisherManager: true,
      isPublisherHidden: true,
    })
  ).client;
  advManager = (
    await api.loggedIn('reportadvmanager', {
      isVerified: true,
      isAdvertiserManager: true,
      isPublisherHidden: true,
    })
  ).client;
  ids.pub1 = (await api.createUser('reportpubone', { isVerified: true })).ID;
  ids.pub2 = (await api.createUser('reportpubtwo', { isVerified: true })).ID;
  const advUser = await api.createUser('reportadvertiser', { isVerified: true, isPublisherHidden: true });
  const advertiser = await api.createAdvertiser(advUser.ID);
  const [offer] = await api.db
    .insert(offers)
    .values({
      BoundAdvertiser: advertiser.ID,
      OfferName: 'Report offer',
      OfferProductName: 'Gel',
      OfferProductBrand: 'Brand',
      OfferProductPrice: '50 EUR',
      OfferPayout: 1000,
      OfferType: 'CPL',
      OfferActive: true,
      OfferCountry: ['RS'],
      OfferImages: [],
      OfferDescription: 'x',
    })
    .returning();
  const lead = (user: number, ip: string, createdAt: string, status: number) => ({
    BoundUser: user,
    BoundAdvertiser: advertiser.ID,
    BoundOffer: offer.ID,
    OfferName: 'Report offer',
    ProductName: 'Gel',
    Status: status,
    PurchaseLeadType: 'CPL' as const,
    PurchaseDetails: {},
    PurchaseIP: ip,
    createdAt: new Date(createdAt),
  });
  const rows = [
    // 10 March 23:30 UTC: the 11th for a caller at UTC+2, the 10th at UTC.
    lead(ids.pub1, '10.9.9.9', '2026-03-10T23:30:00Z', 2),
    // 10 March for both, from one busy IP: 3 leads (approved, rejected, bad)
    lead(ids.pub1, '10.1.1.1', '2026-03-10T12:00:00Z', 2),
    lead(ids.pub1, '10.1.1.1', '2026-03-10T12:01:00Z', 3),
    lead(ids.pub2, '10.1.1.1', '2026-03-10T12:02:00Z', 4),
  ];
  // 60 more IPs with one waiting lead each on 10 March: the list is longer than a page.
  for (let i = 0; i < 60; i++)
    rows.push(
      lead(ids.pub2, `10.2.0.${i}`, `2026-03-10T${String(10 + (i % 10)).padStart(2, '0')}:00:00Z`, 0),
    );
  await api.db.insert(leads).values(rows);
});

afterAll(async () => {
  await api.close();
});

type Report = {
  allLeads: { LeadDate: string; LeadCount: number; ConvertedLeads: number; BadLeads: number }[];
};
type PerIp = {
  total: number;
  DBData: { IP: string | null; Leads: number; Approved: number; Rejected: number }[];
};

describe('the lead report by the caller’s days', () => {
  it('counts a lead on the day of the caller’s offset', async () => {
    const report = async (utcOffset: number) =>
      (
        await manager.call('/leads/getLeadStatsForFrontendAdminDashboard', {
          startDate: '2026-03-10T00:00:00Z',
          endDate: '2026-03-11T00:00:00Z',
          utcOffset,
          Filters: [{ name: 'Status', op: 'in', value: [2] }],
        })
      ).data as Report;
    expect((await report(0)).allLeads.map((d) => [d.LeadDate, d.LeadCount])).toEqual([['10.03.2026', 2]]);
    expect((await report(120)).allLeads.map((d) => [d.LeadDate, d.LeadCount])).toEqual([
      ['10.03.2026', 1],
      ['11.03.2026', 1],
    ]);
    const refused = await manager.call('/leads/getLeadStatsForFrontendAdminDashboard', {
      utcOffset: 100,
      Filters: [],
    });
    expect(refused.details?.message).toContain('utcOffset is a whole number of quarter hours');
  });
});

describe('the per-IP list', () => {
  const perIp = async (body: Record<string, unknown>) => {
    const answer = await manager.call('/leads/getLeadStatsPerIP', {
      day: '2026-03-10',
      utcOffset: 0,
      Filters: [],
      ...body,
    } as never);
    expect(answer.status, JSON.stringify(answer)).toBe('ok');
    return answer.data as PerIp;
  };

  it('pages a day of any range: most leads first, the number of IPs beside', async () => {
    const first = await perIp({});
    // 60 single IPs, the busy one, and the 23:30 lead's IP (10 March at UTC)
    expect(first.total).toBe(62);
    expect(first.DBData).toHaveLength(50);
    expect(first.DBData[0]).toEqual({ IP: '10.1.1.1', Leads: 3, Approved: 1, Rejected: 2 });
    const second = await perIp({ paginationOffset: 50 });
    expect(second.DBData).toHaveLength(12);
    const seen = new Set([...first.DBData, ...second.DBData].map((r) => r.IP));
    expect(seen.size).toBe(62);
    expect((await perIp({ paginationOffset: 100 })).DBData).toEqual([]);
    expect((await perIp({ limit: 5 })).DBData).toHaveLength(5);
  });

  it('takes the report’s publisher and statuses, and the caller’s day', async () => {
    const pub1 = await perIp({ Filters: [{ name: 'BoundUser', op: 'eq', value: ids.pub1 }] });
    expect(pub1.DBData).toEqual([
      { IP: '10.1.1.1', Leads: 2, Approved: 1, Rejected: 1 },
      { IP: '10.9.9.9', Leads: 1, Approved: 1, Rejected: 0 },
    ]);
    const approved = await perIp({ Filters: [{ name: 'Status', op: 'in', value: [2] }] });
    expect(approved.DBData.map((r) => r.IP)).toEqual(['10.1.1.1', '10.9.9.9']);
    // At UTC+2 the 23:30 lead belongs to the 11th.
    expect((await perIp({ day: '2026-03-11', utcOffset: 120 })).DBData).toEqual([
      { IP: '10.9.9.9', Leads: 1, Approved: 1, Rejected: 0 },
    ]);
    const bad = await manager.call('/leads/getLeadStatsPerIP', {
      day: '2026-03-10',
      Filters: [{ name: 'PurchaseIP', op: 'eq', value: '10.1.1.1' }],
    } as never);
    expect(bad.data).toBe('VALIDATION_ERROR');
    expect(bad.details?.message).toContain('BoundUser and Status');
    expect((await advManager.call('/leads/getLeadStatsPerIP', { day: '2026-03-10' } as never)).data).toBe(
      'FORBIDDEN',
    );
  });
});

describe('the publisher picker', () => {
  it('finds any publisher by name on the server, past the first page of users', async () => {
    for (let i = 0; i < 30; i++)
      await api.createUser(`filler${String(i).padStart(2, '0')}`, { isVerified: true });
    const search = async (text: string) =>
      (
        (
          await manager.call('/users/getAllUsers', {
            paginationOffset: 0,
            limit: 20,
            Filters: [
              { name: 'Username', op: 'contains', value: text },
              { name: 'isPublisherHidden', op: 'eq', value: false },
            ],
          })
        ).data as { DBData: { Username: string }[] }
      ).DBData.map((u) => u.Username);
    expect(await search('reportpub')).toEqual(['reportpubtwo', 'reportpubone']);
    // The advertiser's user (publisher role hidden) and staff are not publishers to pick.
    expect(await search('report')).not.toContain('reportadvertiser');
    expect(await search('report')).not.toContain('reportpubmanager');
  });
});
