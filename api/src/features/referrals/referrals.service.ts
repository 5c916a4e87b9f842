import type { Caller } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import {
  type AdvertiserReferral,
  type FilterItem,
  PAGE_SIZE,
  type PublisherReferral,
  type ReferralOverview,
  type ReferralRegister,
} from '@leadmesh/schema';
import { ADVERTISER_REFERRAL_LIST, PUBLISHER_REFERRAL_LIST } from '@leadmesh/schema/constants';
import { referralEarnings, users } from '@leadmesh/schema/tables';
import { and, sql } from 'drizzle-orm';
import { buildFilterWhere, listWhitelist } from '../../lib/list-engine.ts';

const DAY = sql`strftime('%Y-%m-%d', ${referralEarnings.createdAt} / 1000, 'unixepoch')`;

/**
 * Referrals belong to users whose programme an admin enabled (review: isRefferalEnabled). For the
 * others the lists are empty and the overview has no code: not a refusal, there is nothing to show.
 */
const enabled = (caller: Caller) => caller.user.isRefferalEnabled;

export const PUBLISHER_REFERRAL_FIELDS = listWhitelist(PUBLISHER_REFERRAL_LIST, {
  Date: referralEarnings.createdAt,
  Username: users.Username,
});

/** Earnings from referred publishers per day and publisher, newest first, 20 a page (SQL aggregate). */
export async function publisherReferrals(
  db: Db,
  caller: Caller,
  input: { Filters: FilterItem[]; paginationOffset: number },
): Promise<PublisherReferral[]> {
  // Filters are checked first: a bad one is refused the same whether the programme is on or not.
  const filters = buildFilterWhere(input.Filters, PUBLISHER_REFERRAL_FIELDS);
  if (!enabled(caller)) return [];
  const mine = sql`${referralEarnings.BoundUser} = ${caller.user.ID} and ${referralEarnings.Kind} = 'publisher'`;
  const rows = await db
    .select({
      Date: sql<string>`${DAY}`,
      Username: users.Username,
      EarnedAmount: sql<number>`sum(${referralEarnings.Amount})`,
    })
    .from(referralEarnings)
    .innerJoin(users, sql`${users.ID} = ${referralEarnings.ReferredUser}`)
    .where(filters ? and(mine, filters) : mine)
    .groupBy(DAY, users.ID)
    .orderBy(sql`1 desc`, users.Username)
    .limit(PAGE_SIZE)
    .offset(input.paginationOffset);
  return rows.map((r) => ({ ...r, EarnedAmount: Number(r.EarnedAmount) }));
}

export const ADVERTISER_REFERRAL_FIELDS = listWhitelist(ADVERTISER_REFERRAL_LIST, {
  Username: users.Username,
  Date: referralEarnings.createdAt,
});

/** Earnings from referred advertisers per advertiser and offer (top-ups have no offer). */
export async function advertiserReferrals(
  db: Db,
  caller: Caller,
  input: { Filters: FilterItem[] },
): Promise<AdvertiserReferral[]> {
  // Filters are checked first: a bad one is refused the same whether the programme is on or not.
  const filters = buildFilterWhere(input.Filters, ADVERTISER_REFERRAL_FIELDS);
  if (!enabled(caller)) return [];
  const mine = sql`${referralEarnings.BoundUser} = ${caller.user.ID} and ${referralEarnings.Kind} = 'advertiser'`;
  const rows = await db
    .select({
      Username: users.Username,
      OfferName: sql<string | null>`(select name from offers where id = ${referralEarnings.BoundOffer})`,
      Earned: sql<number>`sum(${referralEarnings.Amount})`,
      Count: sql<number>`count(*)`,
      Date: sql<number>`max(${referralEarnings.createdAt})`,
    })
    .from(referralEarnings)
    .innerJoin(users, sql`${users.ID} = ${referralEarnings.ReferredUser}`)
    .where(filters ? and(mine, filters) : mine)
    .groupBy(users.ID, referralEarnings.BoundOffer)
    .orderBy(sql`5 desc`)
    .limit(500);
  return rows.map((r) => ({
    Username: r.Username,
    OfferName: r.OfferName,
    Earned: Number(r.Earned),
    Count: Number(r.Count),
    Date: new Date(Number(r.Date)).toISOString(),
  }));
}

/** The users who signed up through the caller's link, newest first. */
export async function referralRegisters(db: Db, caller: Caller): Promise<ReferralRegister[]> {
  if (!enabled(caller)) return [];
  const rows = await db
    .select({ Username: users.Username, AdvertiserID: users.AdvertiserID, createdAt: users.createdAt })
    .from(users)
    .where(sql`${users.ReferredByID} = ${caller.user.ID}`)
    .orderBy(sql`${users.createdAt} desc`)
    .limit(1000);
  return rows.map((r) => ({
    Username: r.Username,
    isAdvertiser: r.AdvertiserID !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The overview: earnings per day over the last 90 days, counts and the code. */
export async function referralOverview(db: Db, caller: Caller, now: number): Promise<ReferralOverview> {
  const since = now - 90 * 86_400_000;
  const series = await db
    .select({ day: sql<string>`${DAY}`, amount: sql<number>`sum(${referralEarnings.Amount})` })
    .from(referralEarnings)
    .where(
      sql`${referralEarnings.BoundUser} = ${caller.user.ID} and ${referralEarnings.createdAt} >= ${since}`,
    )
    .groupBy(DAY)
    .orderBy(DAY);
  const [counts] = await db.all<{ unique: number; registers: number; total: number | null }>(sql`select
    (select count(distinct referred_user_id) from referral_earnings where referrer_user_id = ${caller.user.ID}) as "unique",
    (select count(*) from users where referred_by_id = ${caller.user.ID}) as registers,
    (select sum(amount_cents) from referral_earnings where referrer_user_id = ${caller.user.ID}) as total`);
  return {
    EarningsOverTime: Object.fromEntries(series.map((s) => [s.day, Number(s.amount)])),
    UniqueCount: Number(counts?.unique ?? 0),
    RegisterCount: Number(counts?.registers ?? 0),
    TotalEarned: Number(counts?.total ?? 0),
    RefCode: enabled(caller) ? caller.user.RefCode : null,
  };
}
