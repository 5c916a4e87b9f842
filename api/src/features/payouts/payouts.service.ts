import { findPayout, toPayout } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import type { FilterItem, PayoutLine, PlatformPayout } from '@leadmesh/schema';
import { PAYOUT_LINE_LIST, PLATFORM_PAYOUT_LIST } from '@leadmesh/schema/constants';
import { payoutLines, platformPayouts } from '@leadmesh/schema/tables';
import { and, desc, eq, sql } from 'drizzle-orm';
import { dollars, toCsv } from '../../lib/csv.ts';
import { buildFilterWhere, listWhitelist, pageOf } from '../../lib/list-engine.ts';

export {
  checkPayoutPending,
  createPlatformPayout,
  deletePlatformPayout,
  payoutAvailability,
  performPayoutProcess,
} from '@leadmesh/core';

export const PAYOUT_LIST_FIELDS = listWhitelist(PLATFORM_PAYOUT_LIST, {
  ID: platformPayouts.ID,
  BoundUser: platformPayouts.BoundUser,
  TotalPaidOut: platformPayouts.TotalPaidOut,
  Processed: platformPayouts.Processed,
  createdAt: platformPayouts.createdAt,
});

export async function listPayouts(
  db: Db,
  input: { paginationOffset: number; Filters: FilterItem[]; limit?: number },
): Promise<PlatformPayout[]> {
  const page = pageOf(input.paginationOffset, input.limit);
  const rows = await db
    .select()
    .from(platformPayouts)
    .where(buildFilterWhere(input.Filters, PAYOUT_LIST_FIELDS))
    .orderBy(desc(platformPayouts.ID))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toPayout);
}

export const PAYOUT_LINE_FIELDS = listWhitelist(PAYOUT_LINE_LIST, {
  ID: payoutLines.ID,
  Date: payoutLines.createdAt,
  Amount: payoutLines.Amount,
  Description: payoutLines.Description,
  Comment: payoutLines.Comment,
});

/** A payment history: the lines of one user or one advertiser (dashboards §2 Payment histories). */
export async function listPayoutLines(
  db: Db,
  owner: { userId: number } | { advertiserId: number },
  input: { paginationOffset: number; Filters: FilterItem[]; limit?: number },
): Promise<PayoutLine[]> {
  const page = pageOf(input.paginationOffset, input.limit);
  const whose =
    'userId' in owner
      ? eq(payoutLines.BoundUser, owner.userId)
      : eq(payoutLines.BoundAdvertiser, owner.advertiserId);
  const filters = buildFilterWhere(input.Filters, PAYOUT_LINE_FIELDS);
  const rows = await db
    .select()
    .from(payoutLines)
    .where(filters ? and(whose, filters) : whose)
    .orderBy(desc(payoutLines.createdAt), desc(payoutLines.ID))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    ID: row.ID,
    Date: row.createdAt.toISOString(),
    Amount: row.Amount,
    Description: row.Description,
    Comment: row.Comment,
  }));
}

/** The leads a payout paid (or will pay), one line each. */
export async function leadsPayoutFile(db: Db, input: { ID: number }): Promise<string> {
  await findPayout(db, input.ID);
  const rows = await db.all<{
    id: number;
    username: string;
    offer: string;
    created: number;
    earned: number;
    status: number;
  }>(sql`
    select l.id, u.username, l.offer_name as offer, l.created_at as created, l.earned_cents as earned, l.status
    from leads l join users u on u.id = l.user_id where l.platform_payout_id = ${input.ID} order by l.user_id, l.id`);
  return toCsv(
    ['Lead ID', 'Username', 'Offer', 'Lead date (UTC)', 'Earned ($)', 'Status'],
    rows.map((r) => [
      r.id,
      r.username,
      r.offer,
      new Date(Number(r.created)).toISOString(),
      dollars(Number(r.earned)),
      r.status,
    ]),
  );
}

/** What each user gets from a payout, with where to send it. */
export async function usersPayoutFile(db: Db, input: { ID: number }): Promise<string> {
  const payout = await findPayout(db, input.ID);
  const rows = await db.all<{
    id: number;
    username: string;
    email: string;
    method: string | null;
    leads: number;
    referrals: number;
  }>(sql`
    select u.id, u.username, u.email, u.payment_method as method,
      coalesce((select sum(earned_cents) from leads where platform_payout_id = ${payout.ID} and user_id = u.id), 0) as leads,
      coalesce((select sum(amount_cents) from referral_earnings where platform_payout_id = ${payout.ID} and referrer_user_id = u.id), 0) as referrals
    from users u where u.id in (select user_id from leads where platform_payout_id = ${payout.ID}
      union select referrer_user_id from referral_earnings where platform_payout_id = ${payout.ID})
    order by u.id`);
  return toCsv(
    [
      'User ID',
      'Username',
      'E-mail',
      'Method',
      'Bank name',
      'Account holder',
      'Country',
      'IBAN',
      'SWIFT',
      'PayPal owner',
      'PayPal e-mail',
      'Leads ($)',
      'Referrals ($)',
      'Total ($)',
    ],
    rows.map((r) => {
      const m = (r.method ? JSON.parse(r.method) : {}) as Record<string, string>;
      const leadsCents = Number(r.leads);
      const referralCents = Number(r.referrals);
      return [
        r.id,
        r.username,
        r.email,
        m.type ?? '',
        m.BankName ?? '',
        m.AccountHolder ?? '',
        m.Country ?? '',
        m.IBAN ?? '',
        m.SWIFT ?? '',
        m.OwnerName ?? '',
        m.EMail ?? '',
        dollars(leadsCents),
        dollars(referralCents),
        dollars(leadsCents + referralCents),
      ];
    }),
  );
}

/** The referral earnings a payout paid (or will pay). */
export async function referralsPayoutFile(db: Db, input: { ID: number }): Promise<string> {
  await findPayout(db, input.ID);
  const rows = await db.all<{
    id: number;
    referrer: string;
    referred: string;
    kind: string;
    lead: number | null;
    amount: number;
    created: number;
  }>(sql`
    select e.id, r.username as referrer, d.username as referred, e.kind, e.lead_id as lead, e.amount_cents as amount, e.created_at as created
    from referral_earnings e join users r on r.id = e.referrer_user_id join users d on d.id = e.referred_user_id
    where e.platform_payout_id = ${input.ID} order by e.referrer_user_id, e.id`);
  return toCsv(
    ['Earning ID', 'Referrer', 'Referred user', 'Kind', 'Lead ID', 'Amount ($)', 'Date (UTC)'],
    rows.map((r) => [
      r.id,
      r.referrer,
      r.referred,
      r.kind,
      r.lead ?? '',
      dollars(Number(r.amount)),
      new Date(Number(r.created)).toISOString(),
    ]),
  );
}
