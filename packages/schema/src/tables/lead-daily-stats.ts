import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
    UserID: integer('user_id').notNull(),
    AdvertiserID: integer('advertiser_id').notNull(),
    OfferID: integer('offer_id').notNull(),
    CountryCode: text('country_code').notNull().default(''),
    City: text('city').notNull().default(''),
    Domain: text('domain').notNull().default(''),
    IsPhone: integer('is_phone').notNull().default(0),
    Total: integer('total').notNull().default(0),
    SRetrying: integer('s_retrying').notNull().default(0),
    SProcessing: integer('s_processing').notNull().default(0),
    SWaiting: integer('s_waiting').notNull().default(0),
    SInProgress: integer('s_in_progress').notNull().default(0),
    SConfirmed: integer('s_confirmed').notNull().default(0),
    SRejected: integer('s_rejected').notNull().default(0),
    SBad: integer('s_bad').notNull().default(0),
    SCrmError: integer('s_crm_error').notNull().default(0),
    SHandover: integer('s_handover').notNull().default(0),
    UniqueIPs: integer('unique_ips').notNull().default(0),
    Earned: integer('earned_cents').notNull().default(0),
    Spent: integer('spent_cents').notNull().default(0),
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
