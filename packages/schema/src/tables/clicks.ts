import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id } from './columns.ts';
import { takenOffers } from './taken-offers.ts';

/** One visit through a tracking link. */
export const clicks = sqliteTable(
  'clicks',
  {
    ID: id(),
    /** Public click id carried to the landing page and back with the lead. */
    ClickKey: text('click_key').notNull(),
    BoundTakenOffer: integer('taken_offer_id')
      .notNull()
      .references(() => takenOffers.ID, { onDelete: 'cascade' }),
    BoundUser: integer('user_id').notNull(),
    BoundOffer: integer('offer_id').notNull(),
    IP: text('ip'),
    UserAgent: text('user_agent'),
    Referer: text('referer'),
    isPhone: bool('is_phone'),
    CountryCode: text('country_code'),
    City: text('city'),
    /** The first click from this IP on this offer this (UTC) day. */
    isUniqueIP: bool('is_unique_ip'),
    /** Sub ids c1..c6 and stclickid from the link. */
    SubIDs: text('sub_ids', { mode: 'json' }).$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  // No index on user_id: nothing reads clicks by publisher, and each index is written on every
  // click (the tracking redirect's main cost, decision 0011).
  (t) => [
    uniqueIndex('clicks_key_unique').on(t.ClickKey),
    index('clicks_taken_offer_idx').on(t.BoundTakenOffer, t.createdAt),
    index('clicks_offer_ip_idx').on(t.BoundOffer, t.IP, t.createdAt),
  ],
);

export type ClickRow = typeof clicks.$inferSelect;
