import { index, integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id } from './columns.ts';

/** A payout run: created, then processed once by an admin (public §4). */
export const platformPayouts = sqliteTable(
  'platform_payouts',
  {
    ID: id(),
    /** Set for a payout created for one user (admin users screen); null for a run over everyone. */
    BoundUser: integer('user_id'),
    TotalPaidOut: integer('total_paid_out_cents').notNull().default(0),
    Processed: bool('processed'),
    processedAt: integer('processed_at', { mode: 'timestamp_ms' }),
    CreatedBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('platform_payouts_processed_idx').on(t.Processed, t.createdAt),
    index('platform_payouts_created_idx').on(t.createdAt),
  ],
);
