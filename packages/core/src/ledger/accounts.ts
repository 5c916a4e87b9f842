import type { DbOrTx } from '@leadmesh/db';
import { type LedgerAccountKind, ledgerAccounts } from '@leadmesh/schema/tables';
import { and, eq } from 'drizzle-orm';

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

export interface AccountTotals {
  debits: number;
  credits: number;
  /** Credits minus debits: what the account holds. */
  balance: number;
}

/** The running totals of one account (zeros when nothing was ever posted to it): one indexed row. */
export async function accountTotals(db: DbOrTx, account: AccountRef): Promise<AccountTotals> {
  const [row] = await db
    .select({ debits: ledgerAccounts.DebitsPosted, credits: ledgerAccounts.CreditsPosted })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.Kind, account.kind), eq(ledgerAccounts.OwnerID, account.owner)))
    .limit(1);
  const debits = row?.debits ?? 0;
  const credits = row?.credits ?? 0;
  return { debits, credits, balance: credits - debits };
}

export async function accountBalance(db: DbOrTx, account: AccountRef): Promise<number> {
  return (await accountTotals(db, account)).balance;
}
