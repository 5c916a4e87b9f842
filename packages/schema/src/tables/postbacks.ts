import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { POSTBACK_DELIVERY_MODES, POSTBACK_TRIGGERS, POSTBACK_TYPES } from '../constants/catalogue.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** A user's postback: a URL called when one of their leads hits the trigger. */
export const postbacks = sqliteTable(
  'postbacks',
  {
    postbackID: id(),
    BoundUser: integer('user_id')
      .notNull()
      .references(() => users.ID, { onDelete: 'cascade' }),
    postbackName: text('name').notNull(),
    postbackURL: text('url').notNull(),
    postbackType: text('type', { enum: POSTBACK_TYPES }).notNull().default('default'),
    postbackTrigger: text('trigger', { enum: POSTBACK_TRIGGERS }).notNull(),
    /** GET with the values in the URL, or POST with them as JSON (decision 0042). */
    postbackDelivery: text('delivery', { enum: POSTBACK_DELIVERY_MODES }).notNull().default('get'),
    /** Set when its receiver failed for ENDPOINT_DISABLE_AFTER_MS (decision 0037); null while enabled. */
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('postbacks_user_idx').on(t.BoundUser)],
);

export type PostbackRow = typeof postbacks.$inferSelect;
