import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer } from 'drizzle-orm/sqlite-core';

/** Milliseconds since the epoch, set by the database on insert. */
export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`);

export const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`)
    .$onUpdate(() => new Date());

export const id = () => integer('id').primaryKey({ autoIncrement: true });

export const bool = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);

/** Money is integer cents (see docs/decisions/0002-money-in-cents.md). */
export const cents = (name: string) => integer(name).notNull().default(0);

/** A counter of a rollup: starts at 0, only added to. */
export const counter = (name: string) => integer(name).notNull().default(0);

/** Who a rollup row is about: the publisher, the advertiser and the offer of its leads. */
export const rollupParties = () => ({
  UserID: integer('user_id').notNull(),
  AdvertiserID: integer('advertiser_id').notNull(),
  OfferID: integer('offer_id').notNull(),
});

/**
 * The lead counters every rollup keeps: the total, one count per status (`S*`, see
 * `STATUS_COLUMNS`), the first-from-IP count and the money of the confirmed leads.
 */
export const leadCounters = () => ({
  Total: counter('total'),
  SRetrying: counter('s_retrying'),
  SProcessing: counter('s_processing'),
  SWaiting: counter('s_waiting'),
  SInProgress: counter('s_in_progress'),
  SConfirmed: counter('s_confirmed'),
  SRejected: counter('s_rejected'),
  SBad: counter('s_bad'),
  SCrmError: counter('s_crm_error'),
  SHandover: counter('s_handover'),
  UniqueIPs: counter('unique_ips'),
  Earned: cents('earned_cents'),
  Spent: cents('spent_cents'),
});

/**
 * Indexes of one column each, by index name (the names the migrations gave them): the columns a
 * list sorts or filters by on its own.
 */
export const columnIndexes = (byName: Record<string, AnySQLiteColumn>) =>
  Object.entries(byName).map(([name, column]) => index(name).on(column));
