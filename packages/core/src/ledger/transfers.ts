import type { DbOrTx } from '@leadmesh/db';
import { BALANCE_BOUND_MESSAGE, MONEY_BOUND_CENTS, MONEY_BOUND_MESSAGE } from '@leadmesh/schema';
import { ledgerAccounts, ledgerTransfers, type TransferCode } from '@leadmesh/schema/tables';
import { eq, sql } from 'drizzle-orm';
import { ApiError } from '../errors.ts';
import { type AccountRef, isBoundedKind } from './accounts.ts';

const BOUND = BigInt(MONEY_BOUND_CENTS);
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export interface TransferInput {
  debit: AccountRef;
  credit: AccountRef;
  /** Whole cents, at least 1. */
  amount: number;
  code: TransferCode;
  /** Makes the transfer happen at most once; a second post with the same key changes nothing. */
  key?: string;
  leadId?: number | null;
  invoiceId?: number | null;
  platformPayoutId?: number | null;
  createdBy?: number | null;
  comment?: string | null;
  at?: Date;
}

/**
 * Adds `amount` to one side of an account's totals, opening the account on first use; answers its
 * id. The new totals are read back as text and checked as BigInt inside the transaction (decision
 * 0031): an owner's balance stays strictly inside ±MONEY_BOUND_CENTS and no total passes the safe
 * integers, whatever sequence of calls led here; past either, the whole transaction is refused.
 */
async function post(
  tx: DbOrTx,
  account: AccountRef,
  side: 'debit' | 'credit',
  amount: number,
): Promise<number> {
  const column = side === 'debit' ? ledgerAccounts.DebitsPosted : ledgerAccounts.CreditsPosted;
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({
      Kind: account.kind,
      OwnerID: account.owner,
      DebitsPosted: side === 'debit' ? amount : 0,
      CreditsPosted: side === 'credit' ? amount : 0,
    })
    .onConflictDoUpdate({
      target: [ledgerAccounts.Kind, ledgerAccounts.OwnerID],
      set:
        side === 'debit'
          ? { DebitsPosted: sql`${column} + ${amount}` }
          : { CreditsPosted: sql`${column} + ${amount}` },
    })
    .returning({
      ID: ledgerAccounts.ID,
      debits: sql<string>`cast(${ledgerAccounts.DebitsPosted} as text)`,
      credits: sql<string>`cast(${ledgerAccounts.CreditsPosted} as text)`,
    });
  const debits = BigInt(row.debits);
  const credits = BigInt(row.credits);
  const balance = credits - debits;
  if (debits > SAFE || credits > SAFE || debits < 0n || credits < 0n) {
    throw new ApiError('VALIDATION_ERROR', { message: MONEY_BOUND_MESSAGE });
  }
  if (isBoundedKind(account.kind) && (balance >= BOUND || balance <= -BOUND)) {
    throw new ApiError('VALIDATION_ERROR', { message: BALANCE_BOUND_MESSAGE });
  }
  return row.ID;
}

/**
 * Posts one transfer and the running totals of both accounts. Must run inside the transaction
 * of the change that causes it, so the money moves if and only if the change is committed.
 * Answers the transfer id, or null when `key` was already posted (nothing changes then).
 */
export async function postTransfer(tx: DbOrTx, transfer: TransferInput): Promise<number | null> {
  if (!Number.isSafeInteger(transfer.amount) || transfer.amount <= 0) {
    throw new Error(`A transfer moves a positive whole number of cents, not ${transfer.amount}`);
  }
  if (transfer.amount >= MONEY_BOUND_CENTS) {
    throw new ApiError('VALIDATION_ERROR', { message: MONEY_BOUND_MESSAGE });
  }
  if (transfer.key) {
    const [done] = await tx
      .select({ ID: ledgerTransfers.ID })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.IdempotencyKey, transfer.key))
      .limit(1);
    if (done) return null;
  }
  const debitId = await post(tx, transfer.debit, 'debit', transfer.amount);
  const creditId = await post(tx, transfer.credit, 'credit', transfer.amount);
  const [row] = await tx
    .insert(ledgerTransfers)
    .values({
      DebitAccountID: debitId,
      CreditAccountID: creditId,
      Amount: transfer.amount,
      Code: transfer.code,
      IdempotencyKey: transfer.key ?? null,
      LeadID: transfer.leadId ?? null,
      InvoiceID: transfer.invoiceId ?? null,
      PlatformPayoutID: transfer.platformPayoutId ?? null,
      CreatedBy: transfer.createdBy ?? null,
      Comment: transfer.comment ?? null,
      ...(transfer.at ? { createdAt: transfer.at } : {}),
    })
    .returning({ ID: ledgerTransfers.ID });
  return row.ID;
}

/**
 * Moves `amount` (which may be negative) between two accounts: a positive amount debits `from`
 * and credits `to`, a negative one the other way round, zero posts nothing.
 */
export async function postSignedTransfer(
  tx: DbOrTx,
  from: AccountRef,
  to: AccountRef,
  amount: number,
  rest: Omit<TransferInput, 'debit' | 'credit' | 'amount'>,
): Promise<number | null> {
  if (amount === 0) return null;
  return amount > 0
    ? postTransfer(tx, { ...rest, debit: from, credit: to, amount })
    : postTransfer(tx, { ...rest, debit: to, credit: from, amount: -amount });
}
