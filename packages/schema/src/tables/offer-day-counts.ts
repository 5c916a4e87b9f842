import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Leads an offer took in on one UTC day, kept in the same transaction as each lead, so intake
 * checks the daily limit by reading one row instead of counting the day's leads.
 */
export const offerDayCounts = sqliteTable(
  'offer_day_counts',
  {
    OfferID: integer('offer_id').notNull(),
    /** `YYYY-MM-DD` in UTC. */
    Day: text('day').notNull(),
    Accepted: integer('accepted').notNull().default(0),
    Blocked: integer('blocked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.OfferID, t.Day] })],
);
