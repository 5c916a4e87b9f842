import { index, integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';
import { counter, leadCounters, rollupParties } from './columns.ts';

/** A quarter of an hour in ms: every UTC offset in use is a whole number of them. */
export const QUARTER_HOUR_MS = 900_000;

/**
 * Clicks and leads per quarter hour (UTC), publisher, advertiser and offer, kept by triggers on
 * `clicks` and `leads` (decision 0050), so every writer keeps them: intake, status changes, the
 * worker's batches, the click writer's thread, the seed. Local days at any offset are a range of
 * these rows, which the daily rollups (decision 0015) cannot give; the staff overview and the lead
 * report read them.
 *
 * Leads count by the quarter they were created in, with one count per status (`S*`, as in
 * `lead_daily_stats`), their first-from-IP count and the money of the confirmed ones.
 */
export const quarterHourStats = sqliteTable(
  'quarter_hour_stats',
  {
    /** Start of the UTC quarter hour, ms. */
    Quarter: integer('quarter').notNull(),
    ...rollupParties(),
    Clicks: counter('clicks'),
    ...leadCounters(),
  },
  (t) => [
    primaryKey({ columns: [t.Quarter, t.UserID, t.AdvertiserID, t.OfferID] }),
    index('quarter_hour_stats_user_idx').on(t.UserID, t.Quarter),
  ],
);

/**
 * The same counters per UTC day (start of the day, ms), kept by the same triggers: a range of many
 * days reads its whole UTC days here and only its edges from `quarter_hour_stats` (decision 0050).
 */
export const utcDayStats = sqliteTable(
  'utc_day_stats',
  {
    /** Start of the UTC day, ms. */
    Day: integer('day').notNull(),
    ...rollupParties(),
    Clicks: counter('clicks'),
    ...leadCounters(),
  },
  (t) => [
    primaryKey({ columns: [t.Day, t.UserID, t.AdvertiserID, t.OfferID] }),
    index('utc_day_stats_user_idx').on(t.UserID, t.Day),
  ],
);
