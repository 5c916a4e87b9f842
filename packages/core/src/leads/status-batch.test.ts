import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, createDb, type DbHandle } from '@leadmesh/db';
import {
  advertisers,
  leadDailyStats,
  leadEvents,
  leads,
  ledgerTransfers,
  offers,
  postbackDeliveries,
  postbacks,
  users,
} from '@leadmesh/schema/tables';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLead, rebuildDailyStats } from './daily-stats.ts';
import { changeLeadStatus, changeLeadStatuses, type StatusChange } from './status.ts';

let handle: DbHandle;
let dir: string;
let publisher: number;
let quietPublisher: number;
let offerId: number;
let advertiserId: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leadmesh-status-batch-'));
  handle = await createDb({ url: `file:${join(dir, 'db.db')}` });
  await applyMigrations(handle.db);
  const db = handle.db;
  const user = async (name: string) =>
    (
      await db
        .insert(users)
        .values({ Username: name, Email: `${name}@x.test`, PasswordHash: 'x', RefCode: name })
        .returning()
    )[0].ID;
  publisher = await user('pub');
  quietPublisher = await user('quiet');
  const owner = await user('owner');
  advertiserId = (
    await db.insert(advertisers).values({ UserID: owner, CompanyName: 'C', CompanyAddress: 'A' }).returning()
  )[0].ID;
  offerId = (
    await db
      .insert(offers)
      .values({
        BoundAdvertiser: advertiserId,
        OfferName: 'O',
        OfferProductName: 'P',
        OfferProductBrand: 'B',
        OfferProductPrice: '10 EUR',
        OfferType: 'CPA',
        OfferCountry: ['RS'],
        OfferImages: [],
        OfferDescription: '',
      })
      .returning()
  )[0].ID;
  await db.insert(postbacks).values([
    {
      BoundUser: publisher,
      postbackName: 'any',
      postbackURL: 'https://pb.example/any?l={lead_id}&s={lead_status}',
      postbackTrigger: 'Any',
    },
    {
      BoundUser: publisher,
      postbackName: 'ok',
      postbackURL: 'https://pb.example/ok?l={lead_id}',
      postbackTrigger: 'OnApproved',
    },
    {
      BoundUser: owner,
      postbackName: 'adv',
      postbackURL: 'https://pb.example/adv?l={lead_id}',
      postbackTrigger: 'AnyAdvertiser',
    },
  ]);
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

async function lead(status: number, user = publisher, extra: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await handle.db
    .insert(leads)
    .values({
      BoundUser: user,
      BoundAdvertiser: advertiserId,
      BoundOffer: offerId,
      OfferName: 'O',
      ProductName: 'P',
      Status: status,
      LeadPrice: 1000,
      EarnedAmount: 800,
      PlatformEarnedAmount: 200,
      PurchaseLeadType: 'CPA',
      PurchaseDetails: {},
      ...extra,
    })
    .returning();
  await countLead(handle.db, row, 1);
  return row.ID;
}

/** What a lead's changes left behind, without ids and times. */
async function trace(id: number) {
  const [row] = await handle.db.select().from(leads).where(eq(leads.ID, id));
  const events = await handle.db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.LeadID, id))
    .orderBy(asc(leadEvents.ID));
  const deliveries = await handle.db
    .select()
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.BoundLead, id))
    .orderBy(asc(postbackDeliveries.ID));
  const transfers = await handle.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.LeadID, id));
  return {
    lead: {
      Status: row.Status,
      CRMLeadID: row.CRMLeadID,
      ConfirmCount: row.ConfirmCount,
      paid: [row.AdvertiserPaid, row.PublisherPaid],
    },
    events: events.map((e) => [e.FromStatus, e.ToStatus, e.Source, e.ActorID, e.Detail]),
    deliveries: deliveries.map((d) => [
      d.BoundPostback,
      d.Event.replace(/:\d+$/, ''),
      d.URL.replace(String(id), 'ID'),
    ]),
    transfers: transfers.map((t) => [t.Code, t.Amount]).sort(),
  };
}

describe('changeLeadStatuses', () => {
  it('leaves exactly what changeLeadStatus leaves, lead by lead, money moves included', async () => {
    const script: [number, Omit<StatusChange, 'leadId'>[]][] = [
      [
        -1,
        [
          { status: 6, source: 'delivery', detail: { attempt: 1 } },
          { status: 0, source: 'delivery', crmLeadId: 'c1' },
        ],
      ],
      [
        -2,
        [
          { status: 6, source: 'delivery' },
          { status: -2, source: 'delivery', detail: { retryAt: 5 } },
        ],
      ],
      [
        0,
        [
          { status: 2, source: 'crm', crmLeadId: 'c3' },
          { status: 3, source: 'crm' },
        ],
      ],
      [
        6,
        [
          { status: 6, source: 'delivery', crmLeadId: 'late-id' },
          { status: 5, source: 'delivery' },
        ],
      ],
      [
        1,
        [
          { status: 1, source: 'crm' },
          { status: 4, source: 'admin', actorId: 9 },
        ],
      ],
    ];
    for (const who of [publisher, quietPublisher]) {
      const single: number[] = [];
      const batched: number[] = [];
      for (const [start] of script) {
        single.push(await lead(start, who));
        batched.push(await lead(start, who));
      }
      for (let step = 0; step < 2; step++) {
        await handle.db.transaction(async (tx) => {
          for (const [i, [, changes]] of script.entries())
            await changeLeadStatus(tx, { leadId: single[i], ...changes[step] });
        });
        const results = await handle.db.transaction((tx) =>
          changeLeadStatuses(
            tx,
            script.map(([, changes], i) => ({ leadId: batched[i], ...changes[step] })),
          ),
        );
        expect(results.every((r) => !('error' in r))).toBe(true);
      }
      for (const [i] of script.entries()) expect(await trace(batched[i])).toEqual(await trace(single[i]));
    }
    const fired = await handle.db.select().from(postbackDeliveries);
    expect(fired.length).toBeGreaterThan(10);
  });

  it('keeps the daily rollups equal to a rebuild from the leads', async () => {
    const ids = [await lead(-1), await lead(-1), await lead(6), await lead(0, quietPublisher)];
    await handle.db.transaction((tx) =>
      changeLeadStatuses(tx, [
        { leadId: ids[0], status: 6, source: 'delivery' },
        { leadId: ids[1], status: 6, source: 'delivery' },
        { leadId: ids[2], status: 5, source: 'delivery' },
        { leadId: ids[3], status: 2, source: 'crm' },
      ]),
    );
    const rollups = () => handle.db.select().from(leadDailyStats).orderBy(leadDailyStats.UserID);
    const kept = await rollups();
    expect(kept.reduce((n, r) => n + r.SHandover, 0)).toBeGreaterThan(0);
    await handle.db.transaction((tx) => rebuildDailyStats(tx));
    expect(kept).toEqual(await rollups());
  });

  it('answers the refusal of one change and applies the others', async () => {
    const blocked = await lead(-1, publisher, { BlockedReason: 'BOT' });
    const fine = await lead(-1);
    const results = await handle.db.transaction((tx) =>
      changeLeadStatuses(tx, [
        { leadId: blocked, status: 6, source: 'delivery' },
        { leadId: 999_999, status: 6, source: 'delivery' },
        { leadId: fine, status: 6, source: 'delivery' },
      ]),
    );
    expect(results.map((r) => ('error' in r ? r.error.code : r.to))).toEqual(['CONFLICT', 'NOT_FOUND', 6]);
    const rows = await handle.db
      .select()
      .from(leads)
      .where(inArray(leads.ID, [blocked, fine]));
    expect(rows.map((r) => r.Status).sort()).toEqual([-1, 6]);
  });
});
