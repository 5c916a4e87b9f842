import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { leadCounters, rollupParties } from './columns.ts';

/**
 * Daily rollups of leads per publisher, advertiser, offer, country, city, domain and device,
 * kept in the same transaction as each lead and each status change (intake, changeLeadStatus), as
 * reporting systems of this field do: dashboards and statistics read thousands of these rows
 * instead of hundreds of thousands of leads.
 *
 * One count per status (`S*`), so any status selection is a sum of columns; the dashboards' buckets
 * are converted (2), failed (3, 4, 5) and waiting (the rest). `UniqueIPs` counts leads that were the
 * first from their IP for their offer that day. Money is what the confirmed leads are worth: the
 * publishers' `Earned`, the advertisers' `Spent`. Days are UTC.
 */
export const leadDailyStats = sqliteTable(
  'lead_daily_stats',
  {
    /** `YYYY-MM-DD` (UTC). */
    Day: text('day').notNull(),
    ...rollupParties(),
    CountryCode: text('country_code').notNull().default(''),
    City: text('city').notNull().default(''),
    Domain: text('domain').notNull().default(''),
    IsPhone: integer('is_phone').notNull().default(0),
    ...leadCounters(),
  },
  (t) => [
    primaryKey({
      columns: [t.Day, t.UserID, t.AdvertiserID, t.OfferID, t.CountryCode, t.City, t.Domain, t.IsPhone],
    }),
    index('lead_daily_stats_user_idx').on(t.UserID, t.Day),
    index('lead_daily_stats_advertiser_idx').on(t.AdvertiserID, t.Day),
    index('lead_daily_stats_day_idx').on(t.Day),
  ],
);

/** The rollup column of each lead status. */
export const STATUS_COLUMNS = {
  [-2]: 's_retrying',
  [-1]: 's_processing',
  0: 's_waiting',
  1: 's_in_progress',
  2: 's_confirmed',
  3: 's_rejected',
  4: 's_bad',
  5: 's_crm_error',
  6: 's_handover',
} as const;
