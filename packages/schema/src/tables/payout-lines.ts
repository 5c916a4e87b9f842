import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';

/**
 * Payment-history lines shown to publishers and advertisers (dashboards §2, Payments):
 * append-only; a correction is a new line.
 */
export const payoutLines = sqliteTable(
  'payout_lines',
  {
    ID: id(),
    BoundUser: integer('user_id'),
    BoundAdvertiser: integer('advertiser_id'),
    Amount: integer('amount_cents').notNull(),
    Description: text('description').notNull(),
    Comment: text('comment'),
    BoundPlatformPayout: integer('platform_payout_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_lines_user_idx').on(t.BoundUser, t.createdAt),
    index('payout_lines_advertiser_idx').on(t.BoundAdvertiser, t.createdAt),
    index('payout_lines_platform_payout_idx').on(t.BoundPlatformPayout),
    index('payout_lines_amount_idx').on(t.Amount),
  ],
);
