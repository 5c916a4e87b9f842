import { index, integer, sqliteTable, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { cents, createdAt, id, updatedAt } from './columns.ts';
import { offers } from './offers.ts';
import { users } from './users.ts';

/** A per-publisher payout for one offer, overriding the offer's payout (cents). */
export const customPayouts = sqliteTable(
  'custom_payouts',
  {
    ID: id(),
    UserID: integer('user_id')
      .notNull()
      .references(() => users.ID, { onDelete: 'cascade' }),
    OfferID: integer('offer_id')
      .notNull()
      .references(() => offers.ID, { onDelete: 'cascade' }),
    Payout: cents('payout_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('custom_payouts_user_offer_unique').on(t.UserID, t.OfferID),
    index('custom_payouts_offer_idx').on(t.OfferID),
    index('custom_payouts_created_idx').on(t.createdAt),
  ],
);
