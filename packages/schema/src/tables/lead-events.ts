import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';

/**
 * What happened to a lead, in order, beside its row: the intake decision, each status change
 * (with who or what made it), resends. With the click, the CRM attempts, the ledger transfers and
 * the postback attempts it makes the lead's timeline (admin-leads More info).
 */
export const leadEvents = sqliteTable(
  'lead_events',
  {
    ID: id(),
    LeadID: integer('lead_id').notNull(),
    Kind: text('kind', { enum: ['intake', 'status', 'resend'] }).notNull(),
    FromStatus: integer('from_status'),
    ToStatus: integer('to_status'),
    /** Who or what caused it: intake, crm (callback or sync), delivery (the worker), admin, system. */
    Source: text('source', { enum: ['intake', 'crm', 'delivery', 'admin', 'system'] }).notNull(),
    ActorID: integer('actor_id'),
    /** Rules passed, block reason, CRM status text, admin comment... */
    Detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_events_lead_idx').on(t.LeadID, t.createdAt)],
);

export type LeadEventRow = typeof leadEvents.$inferSelect;
