import type { DbOrTx } from '@leadmesh/db';
import { type LedgerAccountKind, ledgerAccounts } from '@leadmesh/schema/tables';
import { and, eq, sql } from 'drizzle-orm';

/** One account of the ledger: its kind and, for per-owner kinds, the advertiser or user it belongs to. */
export interface AccountRef {
  kind: LedgerAccountKind;
  owner: number;
}

export const OUTSIDE: AccountRef = { kind: 'outside', owner: 0 };
export const PLATFORM: AccountRef = { kind: 'platform', owner: 0 };
export const advertiserAccount = (advertiserId: number): AccountRef => ({
  kind: 'advertiser',
  owner: advertiserId,
});
export const publisherAccount = (userId: number): AccountRef => ({ kind: 'publisher', owner: userId });
export const referrerAccount = (userId: number): AccountRef => ({ kind: 'referrer', owner: userId });
export const paidAccount = (userId: number): AccountRef => ({ kind: 'paid', owner: userId });

/**
 * The accounts of one advertiser or user, whose balance MONEY_BOUND_CENTS bounds (decision 0031).
 * `outside` and `platform` are the mirror of all of them together, so only their totals are
 * bounded (to the safe integers).
 */
export function isBoundedKind(kind: LedgerAccountKind): boolean {
  return kind !== 'outside' && kind !== 'platform';
}

/** A total read as text, as an exact integer: refused past the safe integers, never rounded. */
export function checkedCents(text: string | number | bigint | null | undefined): number {
  if (text === null || text === undefined) return 0;
  const value = BigInt(text);
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`A ledger total is outside the safe integers: ${value}`);
  }
  return Number(value);
}

export interface AccountTotals {
  debits: number;
  credits: number;
  /** Credits minus debits: what the account holds. */
  balance: number;
}

/** The running totals of one account (zeros when nothing was ever posted to it): one indexed row. */
export async function accountTotals(db: DbOrTx, account: AccountRef): Promise<AccountTotals> {
  const [row] = await db
    .select({
      debits: sql<string>`cast(${ledgerAccounts.DebitsPosted} as text)`,
      credits: sql<string>`cast(${ledgerAccounts.CreditsPosted} as text)`,
      balance: sql<string>`cast(${ledgerAccounts.CreditsPosted} - ${ledgerAccounts.DebitsPosted} as text)`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.Kind, account.kind), eq(ledgerAccounts.OwnerID, account.owner)))
    .limit(1);
  // Read as text and converted exactly (decision 0031): a total past the safe integers is an error, never a rounded number.
  return {
    debits: checkedCents(row?.debits),
    credits: checkedCents(row?.credits),
    balance: checkedCents(row?.balance),
  };
}

export async function accountBalance(db: DbOrTx, account: AccountRef): Promise<number> {
  return (await accountTotals(db, account)).balance;
}
