import { index, integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';

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
    UserID: integer('user_id').notNull(),
    AdvertiserID: integer('advertiser_id').notNull(),
    OfferID: integer('offer_id').notNull(),
    Clicks: integer('clicks').notNull().default(0),
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
    UserID: integer('user_id').notNull(),
    AdvertiserID: integer('advertiser_id').notNull(),
    OfferID: integer('offer_id').notNull(),
    Clicks: integer('clicks').notNull().default(0),
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
    primaryKey({ columns: [t.Day, t.UserID, t.AdvertiserID, t.OfferID] }),
    index('utc_day_stats_user_idx').on(t.UserID, t.Day),
  ],
);
