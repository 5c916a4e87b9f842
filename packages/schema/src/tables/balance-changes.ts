import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { advertisers } from './advertisers.ts';
import { bool, createdAt, id } from './columns.ts';

/**
 * The advertisers' credit ledger: append-only; an advertiser's credit balance is the sum
 * of its rows. Lead charges are negative, top-ups positive.
 */
export const balanceChanges = sqliteTable(
  'balance_changes',
  {
    ID: id(),
    BoundAdvertiser: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.ID, { onDelete: 'restrict' }),
    Amount: integer('amount_cents').notNull(),
    Reason: text('reason', {
      enum: ['top_up', 'adjustment', 'lead_charge', 'lead_refund', 'invoice'],
    }).notNull(),
    BoundLead: integer('lead_id'),
    Comment: text('comment'),
    countAsReferral: bool('count_as_referral'),
    /** The staff member who made a manual change. */
    CreatedBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('balance_changes_advertiser_idx').on(t.BoundAdvertiser, t.createdAt),
    // Covers the credit balance (a sum of the ledger) without touching the rows.
    index('balance_changes_total_idx').on(t.BoundAdvertiser, t.Amount),
    index('balance_changes_lead_idx').on(t.BoundLead),
  ],
);
