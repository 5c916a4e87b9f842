import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Clicks per UTC day, taken offer and country, kept after the raw rows are deleted (clicks are the
 * fastest-growing table: one row a visit). The retention job (worker, `clicks.retention`) adds the
 * raw clicks it removes here, in the same transaction, so counts survive the deletion exactly once.
 */
export const clickDailyStats = sqliteTable(
  'click_daily_stats',
  {
    /** Start of the UTC day, ms. */
    Day: integer('day').notNull(),
    BoundTakenOffer: integer('taken_offer_id').notNull(),
    BoundUser: integer('user_id').notNull(),
    BoundOffer: integer('offer_id').notNull(),
    /** '' when the click's country was unknown (a key column cannot be null). */
    CountryCode: text('country_code').notNull().default(''),
    Clicks: integer('clicks').notNull().default(0),
    UniqueIPs: integer('unique_ips').notNull().default(0),
    PhoneClicks: integer('phone_clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.Day, t.BoundTakenOffer, t.CountryCode] }),
    index('click_daily_stats_user_idx').on(t.BoundUser, t.Day),
    index('click_daily_stats_offer_idx').on(t.BoundOffer, t.Day),
  ],
);
