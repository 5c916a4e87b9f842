import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, createDb, type DbHandle } from '@leadmesh/db';
import { LEAD_STATUS_CODES, type LeadStatusCode, publisherShareCents } from '@leadmesh/schema';
import * as t from '@leadmesh/schema/tables';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { findLedgerDrift, ledgerSum } from '../ledger/check.ts';
import {
  accountBalance,
  advertiserAccount,
  OUTSIDE,
  postSignedTransfer,
  publisherAccount,
} from '../ledger/index.ts';
import { countLead, rebuildDailyStats } from './daily-stats.ts';
import { changeLeadStatus } from './status.ts';

let dir: string;
let handle: DbHandle;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leadmesh-status-'));
  handle = await createDb({ url: `file:${join(dir, 'status.db')}` });
  await applyMigrations(handle.db);
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A seeded PRNG, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

async function world() {
  const { db } = handle;
  const user = (name: string, extra: Partial<typeof t.users.$inferInsert> = {}) =>
    db
      .insert(t.users)
      .values({
        Username: name,
        Email: `${name}@x.example`,
        PasswordHash: 'x',
        RefCode: `rc-${name}`,
        ...extra,
      })
      .returning()
      .then((r) => r[0]);
  const referrer = await user('referrer', { isRefferalEnabled: true });
  const publishers = [
    await user('pub1', { isVerified: true, ReferredByID: referrer.ID }),
    await user('pub2', { isVerified: true }),
  ];
  const advertisers = [];
  for (const [i, infinite] of [false, true].entries()) {
    const owner = await user(`adv${i}`, { isPublisherHidden: true });
    const [advertiser] = await db
      .insert(t.advertisers)
      .values({
        UserID: owner.ID,
        CompanyName: `Co ${i}`,
        CompanyAddress: 'Street 1',
        isVerified: true,
        isInfiniteCredits: infinite,
      })
      .returning();
    advertisers.push(advertiser);
  }
  const offers = [];
  for (const advertiser of advertisers) {
    const [offer] = await db
      .insert(t.offers)
      .values({
        BoundAdvertiser: advertiser.ID,
        OfferName: `Offer ${advertiser.ID}`,
        OfferProductName: 'Product',
        OfferProductBrand: 'Brand',
        OfferProductPrice: '10 EUR',
        OfferPayout: 1500,
        PlatformTax: 20,
        OfferType: 'CPA',
        OfferCountry: ['RS'],
        OfferImages: [],
        OfferDescription: '<p>x</p>',
        ReferralPayout: 75,
      })
      .returning();
    offers.push(offer);
  }
  return { publishers, advertisers, offers, referrer };
}

describe('lead status money: the invariant', () => {
  it('after 10,000 random status changes, custom payouts, top-ups and corrections the ledger holds', async () => {
    const { db } = handle;
    const { publishers, advertisers, offers, referrer } = await world();
    const r = random(20261122);
    const leadIds: number[] = [];
    const newLead = async () => {
      const offer = offers[r.int(0, offers.length - 1)];
      const publisher = publishers[r.int(0, publishers.length - 1)];
      // A custom payout for some leads: the publisher's payout may exceed what the advertiser pays.
      const payout = r.next() < 0.3 ? r.int(500, 2500) : offer.OfferPayout;
      const earned = publisherShareCents(payout, offer.PlatformTax);
      const [lead] = await db
        .insert(t.leads)
        .values({
          BoundUser: publisher.ID,
          BoundAdvertiser: offer.BoundAdvertiser,
          BoundOffer: offer.ID,
          OfferName: offer.OfferName,
          ProductName: offer.OfferProductName,
          PurchaseLeadType: 'CPA',
          PurchaseDetails: {},
          LeadPrice: offer.OfferPayout,
          EarnedAmount: earned,
          PlatformEarnedAmount: offer.OfferPayout - earned,
          PlatformTax: offer.PlatformTax,
          ReferralAmount: publisher.ReferredByID ? offer.ReferralPayout : 0,
          FirstFromIP: r.next() < 0.5,
        })
        .returning();
      // Counted as intake counts a new lead.
      await db.transaction((tx) => countLead(tx, lead, 1));
      leadIds.push(lead.ID);
    };
    for (let i = 0; i < 40; i++) await newLead();

    const statuses = LEAD_STATUS_CODES;
    for (let op = 0; op < 10_000; op++) {
      const dice = r.next();
      if (dice < 0.02) await newLead();
      else if (dice < 0.05) {
        const advertiser = advertisers[r.int(0, advertisers.length - 1)];
        await db.transaction((tx) =>
          postSignedTransfer(tx, OUTSIDE, advertiserAccount(advertiser.ID), r.int(-50_000, 200_000), {
            code: dice < 0.035 ? 'top_up' : 'adjustment',
            comment: 'random correction',
          }),
        );
      } else {
        const leadId = leadIds[r.int(0, leadIds.length - 1)];
        const status = statuses[r.int(0, statuses.length - 1)] as LeadStatusCode;
        // Confirmations come more often than in life, so they and their reversals are well exercised.
        const target = r.next() < 0.35 ? 2 : status;
        await db.transaction((tx) =>
          changeLeadStatus(tx, { leadId, status: target as LeadStatusCode, source: 'system' }),
        );
      }
    }

    expect(await findLedgerDrift(db)).toEqual([]);
    expect(await ledgerSum(db)).toBe(0);
    // The daily rollups kept beside every change equal a rebuild from the leads.
    const rollups = () =>
      db.all(
        sql`select * from lead_daily_stats where total <> 0 order by day, user_id, advertiser_id, offer_id, country_code, city, domain, is_phone`,
      );
    const kept = await rollups();
    await db.transaction((tx) => rebuildDailyStats(tx));
    expect(await rollups()).toEqual(kept);
    // No confirmation was charged twice: per lead, charges minus reversals is 1 exactly when it is
    // confirmed by a finite-credit advertiser, else 0; the same for earnings.
    const rows = await db.all<{
      id: number;
      status: number;
      paid: number;
      charges: number;
      earnings: number;
      referrals: number;
    }>(sql`
      select l.id, l.status, l.advertiser_paid as paid,
        coalesce(sum(case tr.code when 'lead_charge' then 1 when 'lead_charge_reversal' then -1 end), 0) as charges,
        coalesce(sum(case tr.code when 'publisher_earning' then 1 when 'publisher_earning_reversal' then -1 end), 0) as earnings,
        coalesce(sum(case tr.code when 'referral_earning' then 1 when 'referral_earning_reversal' then -1 end), 0) as referrals
      from leads l left join ledger_transfers tr on tr.lead_id = l.id group by l.id`);
    let confirmed = 0;
    for (const row of rows) {
      const isConfirmed = Number(row.status) === 2;
      if (isConfirmed) confirmed++;
      expect(Number(row.charges), `lead ${row.id}`).toBe(isConfirmed && Number(row.paid) === 1 ? 1 : 0);
      expect(Number(row.earnings), `lead ${row.id}`).toBe(isConfirmed ? 1 : 0);
      expect(Number(row.referrals)).toBeLessThanOrEqual(1);
    }
    expect(confirmed).toBeGreaterThan(5);
    // Every publisher's balance is the earnings of their currently confirmed leads.
    for (const publisher of publishers) {
      const [expected] = await db.all<{ total: number | null }>(
        sql`select sum(earned_cents) as total from leads where user_id = ${publisher.ID} and status = 2`,
      );
      expect(await accountBalance(db, publisherAccount(publisher.ID))).toBe(Number(expected?.total ?? 0));
    }
    // The referrer's recorded referral earnings net to what the ledger holds for them.
    const [recorded] = await db.all<{ total: number | null }>(
      sql`select sum(amount_cents) as total from referral_earnings where referrer_user_id = ${referrer.ID}`,
    );
    expect(await accountBalance(db, { kind: 'referrer', owner: referrer.ID })).toBe(
      Number(recorded?.total ?? 0),
    );
  }, 240_000);

  it('an infinite-credit advertiser is never charged, yet the publisher earns', async () => {
    const { db } = handle;
    const [lead] = await db
      .select()
      .from(t.leads)
      .where(sql`${t.leads.BoundAdvertiser} = (select id from advertisers where is_infinite_credits = 1)`)
      .limit(1);
    await db.transaction((tx) => changeLeadStatus(tx, { leadId: lead.ID, status: 0, source: 'system' }));
    const before = await accountBalance(db, advertiserAccount(lead.BoundAdvertiser));
    await db.transaction((tx) => changeLeadStatus(tx, { leadId: lead.ID, status: 2, source: 'system' }));
    expect(await accountBalance(db, advertiserAccount(lead.BoundAdvertiser))).toBe(before);
    const [after] = await db.select().from(t.leads).where(eq(t.leads.ID, lead.ID));
    expect(after).toMatchObject({ Status: 2, AdvertiserPaid: false, PublisherPaid: true });
  });

  it('a blocked lead never changes status, and setting the same status again changes nothing', async () => {
    const { db } = handle;
    const [lead] = await db.select().from(t.leads).limit(1);
    await db.update(t.leads).set({ BlockedReason: 'BOT' }).where(eq(t.leads.ID, lead.ID));
    await expect(
      db.transaction((tx) => changeLeadStatus(tx, { leadId: lead.ID, status: 2, source: 'admin' })),
    ).rejects.toBeInstanceOf(ApiError);
    await db.update(t.leads).set({ BlockedReason: null }).where(eq(t.leads.ID, lead.ID));
    const [current] = await db.select().from(t.leads).where(eq(t.leads.ID, lead.ID));
    const events = (await db.select().from(t.leadEvents).where(eq(t.leadEvents.LeadID, lead.ID))).length;
    const same = await db.transaction((tx) =>
      changeLeadStatus(tx, { leadId: lead.ID, status: current.Status as LeadStatusCode, source: 'admin' }),
    );
    expect(same.changed).toBe(false);
    expect((await db.select().from(t.leadEvents).where(eq(t.leadEvents.LeadID, lead.ID))).length).toBe(
      events,
    );
  });
});
