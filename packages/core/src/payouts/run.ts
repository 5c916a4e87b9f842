import type { Db, DbOrTx } from '@leadmesh/db';
import {
  LEAD_STATUS,
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  type PayoutProcessResult,
  type PlatformPayout,
} from '@leadmesh/schema';
import { payoutLines, platformPayouts, users } from '@leadmesh/schema/tables';
import { and, eq, sql } from 'drizzle-orm';
import { ApiError, notFound } from '../errors.ts';
import {
  type AccountRef,
  accountBalance,
  OUTSIDE,
  paidAccount,
  publisherAccount,
  referrerAccount,
} from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/transfers.ts';
import { audit } from '../logs.ts';

/** The payment line's comment: the method the payout went by, as people write it. */
const paymentMethodLabel = (type: string | undefined): string | null =>
  type ? (PAYMENT_METHOD_LABELS[type as keyof typeof PAYMENT_METHOD_LABELS] ?? type) : null;

/**
 * Platform payouts (decision 0014): creating a run gathers what it will pay; processing it moves the
 * money once. Shared by the admin calls and the worker's automatic payouts.
 */

const CONFIRMED = LEAD_STATUS.CONFIRMED;

/** Who runs a payout: an admin (their id), or the worker's automatic payouts (null). */
export interface PayoutActor {
  userId: number | null;
}

export function toPayout(row: typeof platformPayouts.$inferSelect): PlatformPayout {
  return {
    ID: row.ID,
    BoundUser: row.BoundUser,
    Processed: row.Processed,
    TotalPaidOut: row.TotalPaidOut,
    processedAt: row.processedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findPayout(db: DbOrTx, id: number) {
  const [row] = await db.select().from(platformPayouts).where(eq(platformPayouts.ID, id)).limit(1);
  if (!row) throw notFound('Payout not found');
  return row;
}

/** Why a payout cannot be created now, or null (admin §4: the two reasons of §8). */
async function refusal(db: DbOrTx, boundUser: number | null | undefined): Promise<ApiError | null> {
  const [pending] = await db
    .select({ ID: platformPayouts.ID })
    .from(platformPayouts)
    .where(eq(platformPayouts.Processed, false))
    .limit(1);
  if (pending) {
    return new ApiError(
      'PAYOUT_PENDING',
      { message: `${MESSAGES.payoutCantBeCreated} ${MESSAGES.payoutsPending}` },
      409,
    );
  }
  if (boundUser != null) {
    const [user] = await db
      .select({ method: users.PaymentMethod })
      .from(users)
      .where(eq(users.ID, boundUser))
      .limit(1);
    if (!user) return notFound('User not found');
    if (!user.method) {
      return new ApiError(
        'PAYMENT_METHOD_MISSING',
        { message: `${MESSAGES.payoutCantBeCreated} ${MESSAGES.payoutNeedsPaymentMethod}` },
        409,
      );
    }
  }
  return null;
}

/** ok when a payout may be created: none is waiting to be processed (and, for one user, they have a payment method). */
export async function checkPayoutPending(db: Db, input: { BoundUser?: number }): Promise<null> {
  const refused = await refusal(db, input.BoundUser);
  if (refused) throw refused;
  return null;
}

/**
 * Whether a payout may be created now, as data (issue 16: a normal state is not an error): the
 * screens ask this on every visit, where `checkPayoutPending`'s 409 would log a failed request.
 * A missing user is still an error (404). `reason` is the message `createPlatformPayout` would give.
 */
export async function payoutAvailability(
  db: Db,
  input: { BoundUser?: number },
): Promise<{
  canCreate: boolean;
  reason: string | null;
  code: 'PAYOUT_PENDING' | 'PAYMENT_METHOD_MISSING' | null;
}> {
  const refused = await refusal(db, input.BoundUser);
  if (!refused) return { canCreate: true, reason: null, code: null };
  if (refused.code !== 'PAYOUT_PENDING' && refused.code !== 'PAYMENT_METHOD_MISSING') throw refused;
  return { canCreate: false, reason: refused.details?.message ?? null, code: refused.code };
}

/** Users who can be paid: a payment method set (the payout needs somewhere to send the money). */
const payable = sql`(select id from users where payment_method is not null)`;

/**
 * Creates a payout run and gathers what it will pay: confirmed, credited leads not yet paid or in
 * a payout, and unpaid referral earnings, of users with a payment method (one user's only, with
 * BoundUser). No money moves until it is processed.
 */
export async function createPlatformPayout(
  db: Db,
  actor: PayoutActor,
  input: { BoundUser?: number | null },
): Promise<PlatformPayout> {
  const id = await db.transaction(async (tx) => {
    const refused = await refusal(tx, input.BoundUser);
    if (refused) throw refused;
    const [payout] = await tx
      .insert(platformPayouts)
      .values({ BoundUser: input.BoundUser ?? null, CreatedBy: actor.userId })
      .returning({ ID: platformPayouts.ID });
    const whose = input.BoundUser != null ? sql`= ${input.BoundUser}` : sql`in ${payable}`;
    await tx.run(sql`update leads set platform_payout_id = ${payout.ID}
      where status = ${CONFIRMED} and publisher_paid = 1 and money_withdrawn = 0 and platform_payout_id is null
        and earned_cents > 0 and user_id ${whose}`);
    await tx.run(sql`update referral_earnings set platform_payout_id = ${payout.ID}
      where paid = 0 and platform_payout_id is null and referrer_user_id ${whose}`);
    const [total] = await tx.all<{ total: number | null }>(sql`select
      coalesce((select sum(earned_cents) from leads where platform_payout_id = ${payout.ID}), 0) +
      coalesce((select sum(amount_cents) from referral_earnings where platform_payout_id = ${payout.ID}), 0) as total`);
    await tx
      .update(platformPayouts)
      .set({ TotalPaidOut: Number(total?.total ?? 0) })
      .where(eq(platformPayouts.ID, payout.ID));
    await audit(
      tx,
      'payout.created',
      { payout: payout.ID, user: input.BoundUser ?? 'all' },
      actor.userId ?? 'auto-payout',
    );
    return payout.ID;
  });
  return toPayout(await findPayout(db, id));
}

export async function deletePlatformPayout(db: Db, actor: PayoutActor, input: { ID: number }): Promise<null> {
  await db.transaction(async (tx) => {
    const payout = await findPayout(tx, input.ID);
    if (payout.Processed) throw new ApiError('CONFLICT', { message: 'A processed payout cannot be deleted' });
    await tx.run(sql`update leads set platform_payout_id = null where platform_payout_id = ${payout.ID}`);
    await tx.run(
      sql`update referral_earnings set platform_payout_id = null where platform_payout_id = ${payout.ID}`,
    );
    await tx.delete(platformPayouts).where(eq(platformPayouts.ID, payout.ID));
    await audit(tx, 'payout.deleted', { payout: payout.ID }, actor.userId ?? 'auto-payout');
  });
  return null;
}

/** Marks the payout processed, once: a second run (another tab) finds it processed and stops. */
async function claimPayout(tx: DbOrTx, id: number): Promise<typeof platformPayouts.$inferSelect> {
  const [payout] = await tx
    .update(platformPayouts)
    .set({ Processed: true, processedAt: new Date() })
    .where(and(eq(platformPayouts.ID, id), eq(platformPayouts.Processed, false)))
    .returning();
  if (payout) return payout;
  await findPayout(tx, id);
  throw new ApiError('CONFLICT', { message: `${MESSAGES.failedProcessPayouts} It was already processed.` });
}

type Owed = { earned: number; referral: number };

/** What the payout owes each user: their leads' earnings and their referral earnings. */
async function owedPerUser(tx: DbOrTx, payoutId: number): Promise<Map<number, Owed>> {
  const perUser = await tx.all<{ user: number; earned: number; leads: number }>(sql`
    select user_id as user, sum(earned_cents) as earned, count(*) as leads from leads
    where platform_payout_id = ${payoutId} group by user_id`);
  const referralsPerUser = await tx.all<{ user: number; amount: number; rows: number }>(sql`
    select referrer_user_id as user, sum(amount_cents) as amount, count(*) as rows from referral_earnings
    where platform_payout_id = ${payoutId} group by referrer_user_id`);
  const people = new Map<number, Owed>();
  for (const row of perUser) people.set(Number(row.user), { earned: Number(row.earned), referral: 0 });
  for (const row of referralsPerUser) {
    const entry = people.get(Number(row.user)) ?? { earned: 0, referral: 0 };
    entry.referral = Number(row.amount);
    people.set(Number(row.user), entry);
  }
  return people;
}

type Payee = { method: unknown; holdUntil: Date | null; holdReason: string | null };

/**
 * Decision 0030: the e-mail was changed by someone else; the money stays in the account (released
 * from this run) until the hold ends, and the next run pays it. Answers the rows released.
 */
async function releaseHeldUser(
  tx: DbOrTx,
  actor: PayoutActor,
  payoutId: number,
  userId: number,
  hold: { until: Date; reason: string | null },
): Promise<{ leads: number; referrals: number }> {
  const leads = await tx.run(
    sql`update leads set platform_payout_id = null where platform_payout_id = ${payoutId} and user_id = ${userId}`,
  );
  const referrals = await tx.run(
    sql`update referral_earnings set platform_payout_id = null where platform_payout_id = ${payoutId} and referrer_user_id = ${userId}`,
  );
  await audit(
    tx,
    'payout.skipped-on-hold',
    { payout: payoutId, user: userId, until: hold.until.toISOString(), reason: hold.reason ?? '' },
    actor.userId ?? 'auto-payout',
  );
  return { leads: leads.rowsAffected, referrals: referrals.rowsAffected };
}

/**
 * Pays one user: publisher/referrer → paid → outside, each capped at what the account holds (a
 * clawback of an earlier paid lead is netted, not paid twice), and a payment-history line.
 * Answers the cents sent.
 */
async function payUser(
  tx: DbOrTx,
  actor: PayoutActor,
  payoutId: number,
  userId: number,
  owed: Owed,
  payee: Payee | undefined,
): Promise<number> {
  const capped = async (want: number, account: AccountRef) =>
    Math.max(0, Math.min(want, await accountBalance(tx, account)));
  const earnings = await capped(owed.earned, publisherAccount(userId));
  const referral = await capped(owed.referral, referrerAccount(userId));
  const sent = earnings + referral;
  const key = `payout:${payoutId}:user:${userId}`;
  const transfers = [
    {
      debit: publisherAccount(userId),
      credit: paidAccount(userId),
      amount: earnings,
      code: 'payout',
      part: 'earnings',
    },
    {
      debit: referrerAccount(userId),
      credit: paidAccount(userId),
      amount: referral,
      code: 'payout',
      part: 'referral',
    },
    { debit: paidAccount(userId), credit: OUTSIDE, amount: sent, code: 'payout_sent', part: 'sent' },
  ] as const;
  for (const { part, ...transfer } of transfers) {
    if (transfer.amount <= 0) continue;
    await postTransfer(tx, {
      ...transfer,
      key: `${key}:${part}`,
      platformPayoutId: payoutId,
      createdBy: actor.userId,
    });
  }
  if (sent > 0) {
    await tx.insert(payoutLines).values({
      BoundUser: userId,
      Amount: sent,
      Description: `Payout #${payoutId}`,
      Comment: paymentMethodLabel((payee?.method as { type?: string } | null)?.type),
      BoundPlatformPayout: payoutId,
    });
  }
  return sent;
}

/**
 * Processes a payout once, in one transaction (a crash leaves it unprocessed, and running it again
 * is clean; two tabs at once: the second finds it processed). Per user: the leads still confirmed
 * and credited, and the referral earnings, are paid; the rest are skipped and released. The money
 * goes publisher/referrer → paid → outside, capped at what the user's accounts hold (a clawback of
 * an earlier paid lead is netted, not paid twice). Leads are marked withdrawn; each user gets a
 * payment-history line.
 */
export async function performPayoutProcess(
  db: Db,
  actor: PayoutActor,
  input: { ID: number },
): Promise<PayoutProcessResult> {
  return db.transaction(async (tx) => {
    const payout = await claimPayout(tx, input.ID);
    // Leads that left "confirmed" (or lost their credit) since the payout was created are skipped.
    const skippedLeads = await tx.run(sql`update leads set platform_payout_id = null
      where platform_payout_id = ${payout.ID} and not (status = ${CONFIRMED} and publisher_paid = 1 and money_withdrawn = 0)`);
    const skippedReferrals = await tx.run(sql`update referral_earnings set platform_payout_id = null
      where platform_payout_id = ${payout.ID} and paid = 1`);
    let total = 0;
    let heldLeads = 0;
    let heldReferrals = 0;
    const now = Date.now();
    for (const [userId, owed] of await owedPerUser(tx, payout.ID)) {
      const [payee] = await tx
        .select({
          method: users.PaymentMethod,
          holdUntil: users.PaymentHoldUntil,
          holdReason: users.PaymentHoldReason,
        })
        .from(users)
        .where(eq(users.ID, userId))
        .limit(1);
      if (payee?.holdUntil && payee.holdUntil.getTime() > now) {
        const held = await releaseHeldUser(tx, actor, payout.ID, userId, {
          until: payee.holdUntil,
          reason: payee.holdReason,
        });
        heldLeads += held.leads;
        heldReferrals += held.referrals;
        continue;
      }
      total += await payUser(tx, actor, payout.ID, userId, owed, payee);
    }
    const processedLeads = await tx.run(
      sql`update leads set money_withdrawn = 1 where platform_payout_id = ${payout.ID}`,
    );
    const processedReferrals = await tx.run(
      sql`update referral_earnings set paid = 1 where platform_payout_id = ${payout.ID}`,
    );
    await tx.update(platformPayouts).set({ TotalPaidOut: total }).where(eq(platformPayouts.ID, payout.ID));
    const result = {
      processedLeads: processedLeads.rowsAffected,
      skippedLeads: skippedLeads.rowsAffected + heldLeads,
      processedReferrals: processedReferrals.rowsAffected,
      skippedReferrals: skippedReferrals.rowsAffected + heldReferrals,
    };
    await audit(
      tx,
      'payout.processed',
      {
        payout: payout.ID,
        cents: total,
        leads: result.processedLeads,
        skippedLeads: result.skippedLeads,
        referrals: result.processedReferrals,
      },
      actor.userId ?? 'auto-payout',
    );
    return result;
  });
}

/**
 * Automatic payouts (admin users: the auto-payout interval of 7, 14 or 30 days): every user with
 * an interval, a payment method and something payable, whose last payout is at least that old, gets
 * a payout of their own, processed at once. Skips the round while an admin's run waits to be
 * processed (runs never overlap). Answers the users paid.
 */
export async function runAutoPayouts(db: Db, now: number): Promise<number> {
  const due = await db.all<{ id: number }>(sql`
    select u.id from users u
    where u.auto_payout_interval > 0 and u.payment_method is not null
      and (u.payment_hold_until is null or u.payment_hold_until <= ${now})
      and (coalesce((select credits_posted - debits_posted from ledger_accounts where kind = 'publisher' and owner_id = u.id), 0)
         + coalesce((select credits_posted - debits_posted from ledger_accounts where kind = 'referrer' and owner_id = u.id), 0)) > 0
      and coalesce((select max(created_at) from payout_lines where user_id = u.id and platform_payout_id is not null), u.created_at)
          <= ${now} - u.auto_payout_interval * 86400000
    order by u.id limit 200`);
  let paid = 0;
  for (const { id } of due) {
    let payout: PlatformPayout;
    try {
      payout = await createPlatformPayout(db, { userId: null }, { BoundUser: Number(id) });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PAYOUT_PENDING') break;
      throw error;
    }
    const result = await performPayoutProcess(db, { userId: null }, { ID: payout.ID });
    if (result.processedLeads || result.processedReferrals) paid++;
  }
  return paid;
}
