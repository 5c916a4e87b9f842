import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';

/**
 * Every call the worker made to an advertiser's CRM for a lead (delivery or status sync), with
 * the request and the answer as sent and received, secrets masked, for the lead's CRM info, its
 * timeline and the admin logs.
 */
export const leadCrmAttempts = sqliteTable(
  'lead_crm_attempts',
  {
    ID: id(),
    LeadID: integer('lead_id').notNull(),
    CRMID: integer('crm_id'),
    Kind: text('kind', { enum: ['deliver', 'status_sync'] }).notNull(),
    Attempt: integer('attempt').notNull(),
    /** Method, URL and body, with tokens masked. */
    Request: text('request', { mode: 'json' }).$type<Record<string, unknown>>(),
    ResponseStatus: integer('response_status'),
    /** The answer's body, cut to a few kilobytes. */
    ResponseBody: text('response_body'),
    Error: text('error'),
    DurationMs: integer('duration_ms'),
    Outcome: text('outcome', { enum: ['ok', 'retry', 'failed'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('lead_crm_attempts_lead_idx').on(t.LeadID, t.createdAt),
    index('lead_crm_attempts_created_idx').on(t.createdAt),
    // The overview's delivery health reads the last day's failures without the successes around them.
    index('lead_crm_attempts_failed_idx').on(t.createdAt, t.CRMID).where(sql`${t.Outcome} <> 'ok'`),
  ],
);

export type LeadCrmAttemptRow = typeof leadCrmAttempts.$inferSelect;
