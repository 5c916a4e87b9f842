import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';
import { postbackDeliveries } from './postback-deliveries.ts';

/** Each try of a postback delivery, with the answer: the owner's delivery log. */
export const postbackAttempts = sqliteTable(
  'postback_attempts',
  {
    ID: id(),
    DeliveryID: integer('delivery_id')
      .notNull()
      .references(() => postbackDeliveries.ID, { onDelete: 'cascade' }),
    Attempt: integer('attempt').notNull(),
    URL: text('url').notNull(),
    ResponseStatus: integer('response_status'),
    ResponseBody: text('response_body'),
    Error: text('error'),
    DurationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('postback_attempts_delivery_idx').on(t.DeliveryID, t.createdAt)],
);
