import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';
import { domains } from './domains.ts';
import { offers } from './offers.ts';
import { users } from './users.ts';
import { websites } from './websites.ts';

/** A publisher's take of an offer: domain, landing and optional prelanding, behind one tracking code. */
export const takenOffers = sqliteTable(
  'taken_offers',
  {
    ID: id(),
    BoundUser: integer('user_id')
      .notNull()
      .references(() => users.ID, { onDelete: 'cascade' }),
    BoundOffer: integer('offer_id')
      .notNull()
      .references(() => offers.ID, { onDelete: 'restrict' }),
    BoundDomain: integer('domain_id').references(() => domains.ID, { onDelete: 'set null' }),
    BoundLandingWebsite: integer('landing_website_id').references(() => websites.ID, {
      onDelete: 'set null',
    }),
    BoundPreLandingWebsite: integer('prelanding_website_id').references(() => websites.ID, {
      onDelete: 'set null',
    }),
    FriendlyName: text('friendly_name'),
    /** Unguessable code of the tracking link. */
    TrackingCode: text('tracking_code').notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('taken_offers_user_idx').on(t.BoundUser, t.createdAt),
    index('taken_offers_offer_idx').on(t.BoundOffer),
    uniqueIndex('taken_offers_code_unique').on(t.TrackingCode),
  ],
);

export type TakenOfferRow = typeof takenOffers.$inferSelect;
