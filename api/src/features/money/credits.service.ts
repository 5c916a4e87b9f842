import {
  ApiError,
  accountBalance,
  advertiserAccount,
  type Caller,
  notFound,
  OUTSIDE,
  PLATFORM,
  postTransfer,
  referrerAccount,
  validationError,
} from '@leadmesh/core';
import type { Db, DbOrTx } from '@leadmesh/db';
import { type Advertiser, BALANCE_BOUND_MESSAGE, isWithinMoneyBound } from '@leadmesh/schema';
import { advertisers, payoutLines, referralEarnings, users } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { audit } from '../../lib/logs.ts';
import { loadAdvertiser } from '../partners/partners.service.ts';

export interface CreditMove {
  advertiserID: number;
  /** Cents into (positive) or out of (negative) the advertiser's credit. */
  amount: number;
  countAsReferral: boolean;
  Comment?: string | null;
  code: 'top_up' | 'adjustment' | 'invoice_paid';
  invoiceId?: number | null;
  key?: string;
}

async function findAdvertiser(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(advertisers).where(eq(advertisers.ID, id)).limit(1);
  if (!row) throw notFound('Failed to find advertiser!');
  return row;
}

/**
 * Moves credit between the outside world and an advertiser, with its payment-history line, and
 * (money coming in, counted as referral) the referrer's share: their ReferralPercentEarnings of it,
 * paid from the platform's account. Runs in the caller's transaction.
 */
export async function moveCredit(tx: DbOrTx, caller: Caller, move: CreditMove): Promise<void> {
  if (move.amount === 0) return;
  const advertiser = await findAdvertiser(tx, move.advertiserID);
  const posted = await postTransfer(tx, {
    ...(move.amount > 0
      ? { debit: OUTSIDE, credit: advertiserAccount(advertiser.ID) }
      : { debit: advertiserAccount(advertiser.ID), credit: OUTSIDE }),
    amount: Math.abs(move.amount),
    code: move.code,
    key: move.key,
    invoiceId: move.invoiceId ?? null,
    createdBy: caller.user.ID,
    comment: move.Comment ?? null,
  });
  if (posted === null) return;
  await tx.insert(payoutLines).values({
    BoundAdvertiser: advertiser.ID,
    Amount: move.amount,
    Description:
      move.code === 'invoice_paid' ? 'Invoice paid' : move.amount > 0 ? 'Credit top-up' : 'Credit correction',
    Comment: move.Comment ?? null,
  });
  if (move.countAsReferral && move.amount > 0) {
    const [owner] = await tx
      .select({ ID: users.ID, referrer: users.ReferredByID })
      .from(users)
      .where(eq(users.ID, advertiser.UserID))
      .limit(1);
    if (!owner?.referrer) return;
    const [referrer] = await tx.select().from(users).where(eq(users.ID, owner.referrer)).limit(1);
    if (!referrer?.isRefferalEnabled) return;
    const share = Math.floor((move.amount * referrer.ReferralPercentEarnings) / 100);
    if (share <= 0) return;
    await postTransfer(tx, {
      debit: PLATFORM,
      credit: referrerAccount(referrer.ID),
      amount: share,
      code: 'referral_earning',
      key: move.key ? `${move.key}:referral` : undefined,
      createdBy: caller.user.ID,
      comment: `Referral share of advertiser ${advertiser.ID}'s credit`,
    });
    await tx.insert(referralEarnings).values({
      BoundUser: referrer.ID,
      ReferredUser: owner.ID,
      Kind: 'advertiser',
      Amount: share,
    });
  }
}

/**
 * Adds to (or, negative, takes from) an advertiser's credit (admin §2 Add balance). An advertiser
 * on infinite credits goes back to a finite balance, starting from 0.
 */
export async function setCreditBalanceDynamic(
  db: Db,
  caller: Caller,
  input: { advertiserID: number; balance: number; countAsReferral: boolean; Comment?: string | null },
): Promise<Advertiser> {
  await db.transaction(async (tx) => {
    const advertiser = await findAdvertiser(tx, input.advertiserID);
    // The resulting balance stays inside the money bound (decision 0031); the ledger checks it again.
    const start = await accountBalance(tx, advertiserAccount(advertiser.ID));
    if (!isWithinMoneyBound(start + input.balance)) throw validationError('balance', BALANCE_BOUND_MESSAGE);
    if (advertiser.isInfiniteCredits) {
      await tx.update(advertisers).set({ isInfiniteCredits: false }).where(eq(advertisers.ID, advertiser.ID));
    }
    await moveCredit(tx, caller, {
      advertiserID: advertiser.ID,
      amount: input.balance,
      countAsReferral: input.countAsReferral,
      Comment: input.Comment,
      code: input.balance > 0 ? 'top_up' : 'adjustment',
    });
    await audit(
      tx,
      'credit.changed',
      { advertiser: advertiser.ID, cents: input.balance, referral: input.countAsReferral },
      caller,
    );
  });
  return loadAdvertiser(db, input.advertiserID);
}

/**
 * Sets an advertiser's credit to an absolute amount, or to infinite credits (admin §4: choosing
 * infinite resets the balance to 0 internally). The difference moves as one correction.
 */
export async function setCreditBalance(
  db: Db,
  caller: Caller,
  input: {
    advertiserID: number;
    balance: number | 'infinite';
    countAsReferral: boolean;
    Comment?: string | null;
  },
): Promise<Advertiser> {
  // An absolute balance below zero is a debt, not a credit: corrections go through the relative call.
  if (input.balance !== 'infinite' && input.balance < 0) {
    throw new ApiError('VALIDATION_ERROR', {
      field: 'balance',
      message: 'The balance to set cannot be negative',
    });
  }
  await db.transaction(async (tx) => {
    const advertiser = await findAdvertiser(tx, input.advertiserID);
    const target = input.balance === 'infinite' ? 0 : input.balance;
    const current = await accountBalance(tx, advertiserAccount(advertiser.ID));
    await tx
      .update(advertisers)
      .set({ isInfiniteCredits: input.balance === 'infinite' })
      .where(eq(advertisers.ID, advertiser.ID));
    await moveCredit(tx, caller, {
      advertiserID: advertiser.ID,
      amount: target - current,
      countAsReferral: input.countAsReferral && input.balance !== 'infinite',
      Comment: input.Comment ?? (input.balance === 'infinite' ? 'Infinite credits' : 'Balance set'),
      code: target - current > 0 ? 'top_up' : 'adjustment',
    });
    await audit(tx, 'credit.set', { advertiser: advertiser.ID, to: input.balance, from: current }, caller);
  });
  return loadAdvertiser(db, input.advertiserID);
}
