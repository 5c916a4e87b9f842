import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';
import { leads } from './leads.ts';

/** What the CRM's agents did with a lead: calls (with audio duration) and comments. */
export const leadCrmActivities = sqliteTable(
  'lead_crm_activities',
  {
    ID: id(),
    BoundLead: integer('lead_id')
      .notNull()
      .references(() => leads.ID, { onDelete: 'cascade' }),
    AgentID: text('agent_id'),
    Type: text('type').notNull(),
    /** Seconds, for calls. */
    audioDuration: integer('audio_duration'),
    Comment: text('comment'),
    /** The activity's own time in the CRM. */
    occurredAt: integer('occurred_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_crm_activities_lead_idx').on(t.BoundLead, t.occurredAt)],
);
