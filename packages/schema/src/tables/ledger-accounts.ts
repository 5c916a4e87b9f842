import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';

/**
 * What an account of the money ledger stands for (see docs/decisions/0006-double-entry-ledger.md):
 * - `outside`: the world beyond the platform; money enters (top-ups, invoices) and leaves (payouts) through it.
 * - `platform`: the platform's own share.
 * - `advertiser` (owner: advertiser id): the advertiser's credit.
 * - `publisher` (owner: user id): earnings not yet paid out.
 * - `referrer` (owner: user id): referral earnings not yet paid out.
 * - `paid` (owner: user id): a clearing account every payout to the user passes through, so its
 *   credits are the user's total paid out.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'outside',
  'platform',
  'advertiser',
  'publisher',
  'referrer',
  'paid',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * Accounts of the double-entry ledger with their running totals, written in the same
 * transaction as each transfer (as TigerBeetle keeps debits and credits posted on its
 * accounts), so a balance is one row: credits minus debits.
 */
export const ledgerAccounts = sqliteTable(
  'ledger_accounts',
  {
    ID: id(),
    Kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    /** The advertiser (kind advertiser) or user (publisher, referrer, paid); 0 for the platform and outside. */
    OwnerID: integer('owner_id').notNull().default(0),
    DebitsPosted: integer('debits_posted').notNull().default(0),
    CreditsPosted: integer('credits_posted').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_unique').on(t.Kind, t.OwnerID),
    check('ledger_accounts_totals_non_negative', sql`${t.DebitsPosted} >= 0 and ${t.CreditsPosted} >= 0`),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
