import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';
import { ledgerAccounts } from './ledger-accounts.ts';

/** Why money moved. A reversal has its own code and never edits the transfer it compensates. */
export const TRANSFER_CODES = [
  'top_up',
  'invoice_paid',
  'adjustment',
  'lead_charge',
  'lead_charge_reversal',
  'publisher_earning',
  'publisher_earning_reversal',
  'referral_earning',
  'referral_earning_reversal',
  'payout',
  'payout_sent',
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];

/**
 * The money ledger: append-only transfers, each debiting one account and crediting another by a
 * positive amount of cents, so the balances of all accounts always sum to zero.
 */
export const ledgerTransfers = sqliteTable(
  'ledger_transfers',
  {
    ID: id(),
    DebitAccountID: integer('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.ID),
    CreditAccountID: integer('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.ID),
    Amount: integer('amount_cents').notNull(),
    Code: text('code', { enum: TRANSFER_CODES }).notNull(),
    /** Makes a transfer happen at most once (e.g. `lead:12:charge:1`); null for manual ones. */
    IdempotencyKey: text('idempotency_key'),
    LeadID: integer('lead_id'),
    InvoiceID: integer('invoice_id'),
    PlatformPayoutID: integer('platform_payout_id'),
    /** The staff member behind a manual transfer. */
    CreatedBy: integer('created_by'),
    Comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_key_unique').on(t.IdempotencyKey),
    index('ledger_transfers_debit_idx').on(t.DebitAccountID, t.createdAt),
    index('ledger_transfers_credit_idx').on(t.CreditAccountID, t.createdAt),
    index('ledger_transfers_lead_idx').on(t.LeadID),
    index('ledger_transfers_payout_idx').on(t.PlatformPayoutID),
    check('ledger_transfers_positive', sql`${t.Amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.DebitAccountID} <> ${t.CreditAccountID}`),
  ],
);

export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;
