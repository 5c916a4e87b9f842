import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';
import { postbacks } from './postbacks.ts';

/** One postback call for one lead event, with its attempts; the unique key makes it idempotent. */
export const postbackDeliveries = sqliteTable(
  'postback_deliveries',
  {
    ID: id(),
    BoundPostback: integer('postback_id')
      .notNull()
      .references(() => postbacks.postbackID, { onDelete: 'cascade' }),
    BoundLead: integer('lead_id').notNull(),
    /** created | approved | declined, with the status that triggered it. */
    Event: text('event').notNull(),
    URL: text('url').notNull(),
    /** The JSON body of a POST delivery (decision 0042); null: a GET, its values in the URL. */
    Body: text('body'),
    State: text('state', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    Attempts: integer('attempts').notNull().default(0),
    ResponseCode: integer('response_code'),
    LastError: text('last_error'),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('postback_deliveries_unique').on(t.BoundPostback, t.BoundLead, t.Event),
    index('postback_deliveries_lead_idx').on(t.BoundLead),
    index('postback_deliveries_state_idx').on(t.State, t.createdAt),
  ],
);
