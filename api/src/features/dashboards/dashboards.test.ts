import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoWorld } from '@leadmesh/seed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

let api: TestApi;
let uploads: string;
let publisher: TestClient;
let advertiser: TestClient;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  uploads = mkdtempSync(join(tmpdir(), 'leadmesh-dash-'));
  await seedDemoWorld(api.runtime.platform.dbHandle, { leads: 3000, uploadsDir: uploads, nodeEnv: 'test' });
  publisher = await api.loggedInAsWith('publisher', 'publisher12345');
  advertiser = await api.loggedInAsWith('advertiser', 'advertiser12345');
}, 120_000);
afterAll(async () => {
  await api.close();
  rmSync(uploads, { recursive: true, force: true });
});

interface Dashboard {
  leads: {
    LeadDate: string;
    LeadCount: number;
    ConvertedLeads: number;
    LeadEarnings: number;
    UniqueIPAddresses: number;
  }[];
  totalEarned: number;
  totalLeadCount: number;
  totalConvertedLeadsCount: number;
  totalFailedLeadsCount: number;
  totalWaitingLeadsCount: number;
  totalPhoneCount: number;
  uniqueCities: { name: string; count: number }[];
  activeOffers: number;
}

/** The truth, straight from the leads. */
async function fromLeads(where: string) {
  const [row] = await api.db.all<Record<string, number>>(
    sql.raw(`select count(*) as total, sum(status = 2) as converted, sum(status in (3,4,5)) as failed,
      sum(status not in (2,3,4,5)) as waiting, sum(purchase_is_phone) as phone,
      sum(case when status = 2 then earned_cents else 0 end) as earned,
      sum(case when status = 2 then price_cents else 0 end) as spent from leads where ${where}`),
  );
  return row;
}

describe('dashboards', () => {
  it('the publisher dashboard equals aggregates over their leads, filters included', async () => {
    const [{ id }] = await api.db.all<{ id: number }>(sql`select id from users where username = 'publisher'`);
    const answer = await publisher.call('/leads/getLeadsForPublisherDashboard', { Filters: [] });
    const data = answer.data as Dashboard;
    const truth = await fromLeads(`user_id = ${id}`);
    expect(data).toMatchObject({
      totalLeadCount: truth.total,
      totalConvertedLeadsCount: truth.converted,
      totalFailedLeadsCount: truth.failed,
      totalWaitingLeadsCount: truth.waiting,
      totalPhoneCount: truth.phone,
      totalEarned: truth.earned,
    });
    expect(data.activeOffers).toBe(5);
    expect(data.leads.reduce((n, d) => n + d.LeadCount, 0)).toBe(truth.total);
    expect(data.leads[0].LeadDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const filtered = (
      await publisher.call('/leads/getLeadsForPublisherDashboard', {
        Filters: [
          { name: 'createdAt', op: 'dgeq', value: since },
          { name: 'CountryCode', op: 'eq', value: 'RS' },
        ],
      })
    ).data as Dashboard;
    const truthFiltered = await fromLeads(
      `user_id = ${id} and country_code = 'RS' and strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') >= '${since}'`,
    );
    expect(filtered.totalLeadCount).toBe(truthFiltered.total);
    expect(filtered.uniqueCities.every((c) => ['Belgrade', 'Novi Sad', 'Nis'].includes(c.name))).toBe(true);
  });

  it('the advertiser dashboard counts what they spent; nobody reads another’s dashboard', async () => {
    const [{ id }] = await api.db.all<{ id: number }>(
      sql`select advertiser_id as id from users where username = 'advertiser'`,
    );
    const data = (await advertiser.call('/leads/getLeadsForAdvertiserDashboard', { Filters: [] }))
      .data as Dashboard;
    const truth = await fromLeads(`advertiser_id = ${id}`);
    expect(data.totalEarned).toBe(truth.spent);
    expect(data.totalLeadCount).toBe(truth.total);
    const [{ other }] = await api.db.all<{ other: number }>(
      sql`select advertiser_id as other from users where username = 'advertiser2'`,
    );
    expect(
      (
        await advertiser.call('/leads/getLeadsForAdvertiserDashboard', {
          BoundAdvertiser: other,
          Filters: [],
        })
      ).data,
    ).toBe('FORBIDDEN');
    const [{ p2 }] = await api.db.all<{ p2: number }>(
      sql`select id as p2 from users where username = 'publisher2'`,
    );
    expect(
      (await publisher.call('/leads/getLeadsForPublisherDashboard', { BoundUser: p2, Filters: [] })).data,
    ).toBe('FORBIDDEN');
    expect(
      (
        await publisher.call('/leads/getLeadsForPublisherDashboard', {
          Filters: [{ name: 'Status', op: 'eq', value: 2 }],
        })
      ).data,
    ).toBe('VALIDATION_ERROR');
  });
});

describe('admin-dashboard?p=: a publisher’s dashboard opened by staff', () => {
  it('gives staff the publisher’s own figures, and managers only the publishers they may manage', async () => {
    const [{ id }] = await api.db.all<{ id: number }>(sql`select id from users where username = 'publisher'`);
    const own = (await publisher.call('/leads/getLeadsForPublisherDashboard', { Filters: [] })).data;
    const { client: admin } = await api.loggedIn('dashadmin', { isAdmin: true, isVerified: true });
    expect(
      (await admin.call('/leads/getLeadsForPublisherDashboard', { BoundUser: id, Filters: [] })).data,
    ).toEqual(own);
    const { client: manager } = await api.loggedIn('dashmanager', { isPublisherManager: true });
    expect(
      (await manager.call('/leads/getLeadsForPublisherDashboard', { BoundUser: id, Filters: [] })).data,
    ).toEqual(own);
    // Not a staff account's, nor a user of the advertiser side, nor one that does not exist.
    const boss = await api.createUser('dashboss', { isAdmin: true, isVerified: true });
    const company = await api.createUser('dashcompany', { isVerified: true, isPublisherHidden: true });
    await api.createAdvertiser(company.ID);
    for (const [target, code] of [
      [boss.ID, 'FORBIDDEN'],
      [company.ID, 'FORBIDDEN'],
      [999_999, 'NOT_FOUND'],
    ] as const) {
      const answer = await manager.call('/leads/getLeadsForPublisherDashboard', {
        BoundUser: target,
        Filters: [],
      });
      expect([target, answer.data]).toEqual([target, code]);
    }
    // An advertiser manager is no publisher manager, even as a verified publisher themself.
    const { client: advManager } = await api.loggedIn('dashadvmanager', {
      isAdvertiserManager: true,
      isVerified: true,
    });
    expect(
      (await advManager.call('/leads/getLeadsForPublisherDashboard', { BoundUser: id, Filters: [] })).data,
    ).toBe('FORBIDDEN');
    // The admin may open a staff account's too.
    expect(
      (await admin.call('/leads/getLeadsForPublisherDashboard', { BoundUser: boss.ID, Filters: [] })).status,
    ).toBe('ok');
  });
});

describe('lead report and publisher stats', () => {
  it('the lead report counts per day and per offer, by status, with the range swapped when reversed', async () => {
    const { client: admin } = await api.loggedIn('reportadmin', { isAdmin: true, isVerified: true });
    const end = new Date();
    const start = new Date(Date.now() - 10 * 86_400_000);
    const report = (await admin.call('/leads/getLeadStatsForFrontendAdminDashboard', {
      startDate: end.toISOString(),
      endDate: start.toISOString(),
      Filters: [{ name: 'Status', op: 'in', value: [2, 3] }],
    })) as {
      data: {
        allLeads: { LeadDate: string; LeadCount: number; ConvertedLeads: number; BadLeads: number }[];
        allOffers: { OfferName: string; LeadCount: number }[];
      };
    };
    const from = start.toISOString().slice(0, 10);
    const truth = await fromLeads(
      `status in (2, 3) and strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') >= '${from}'`,
    );
    expect(report.data.allLeads.reduce((n, d) => n + d.LeadCount, 0)).toBe(truth.total);
    expect(report.data.allLeads.reduce((n, d) => n + d.ConvertedLeads, 0)).toBe(truth.converted);
    expect(report.data.allLeads.reduce((n, d) => n + d.BadLeads, 0)).toBe(truth.failed);
    expect(report.data.allOffers.reduce((n, d) => n + d.LeadCount, 0)).toBe(truth.total);
    expect(report.data.allOffers.every((o) => o.OfferName.length > 0)).toBe(true);
    const oneDay = (await admin.call('/leads/getLeadStatsForFrontendAdminDashboard', {
      startDate: new Date().toISOString().slice(0, 10),
      Filters: [],
    })) as { data: { allLeads: { LeadCount: number; LeadInfo: unknown[] }[] } };
    const today = oneDay.data.allLeads.at(-1);
    expect(today?.LeadInfo.length).toBe(today?.LeadCount);
  });

  it('publisher stats give each publisher’s leads, confirmed share and amount for payment', async () => {
    const { client: manager } = await api.loggedIn('statsmanager', {
      isPublisherManager: true,
      isVerified: true,
    });
    const rows = (await manager.call('/leads/getLeadStatsPerUser', { Filters: [] })).data as {
      User: { Username: string };
      Total: number;
      Good: number;
      PercentGood: number;
      LeadEarnings: number;
    }[];
    const petar = rows.find((r) => r.User.Username === 'publisher');
    const [{ id }] = await api.db.all<{ id: number }>(sql`select id from users where username = 'publisher'`);
    const truth = await fromLeads(`user_id = ${id}`);
    expect(petar).toMatchObject({ Total: truth.total, Good: truth.converted });
    expect(petar?.PercentGood).toBeCloseTo((truth.converted / truth.total) * 100, 1);
    expect(petar?.LeadEarnings).toBeGreaterThan(0);
    expect((await publisher.call('/leads/getLeadStatsPerUser', { Filters: [] })).data).toBe('FORBIDDEN');
  });
});
