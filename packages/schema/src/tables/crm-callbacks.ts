import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';

/**
 * Status callbacks received from CRMs. The key (CRM, its lead id, its status and, where the CRM
 * sends one, its event id or timestamp) is unique, so a replayed callback changes nothing.
 */
export const crmCallbacks = sqliteTable(
  'crm_callbacks',
  {
    ID: id(),
    CRMID: integer('crm_id').notNull(),
    LeadID: integer('lead_id'),
    DedupKey: text('dedup_key').notNull(),
    /** What the CRM sent (secrets masked). */
    Payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>(),
    /** The status it mapped to (1-4), when it mapped. */
    MappedStatus: integer('mapped_status'),
    Outcome: text('outcome', { enum: ['applied', 'ignored', 'refused'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crm_callbacks_dedup_unique').on(t.CRMID, t.DedupKey),
    index('crm_callbacks_lead_idx').on(t.LeadID),
  ],
);
