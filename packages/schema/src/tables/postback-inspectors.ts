import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { SIGNATURE_CHECKS } from '../constants/catalogue.ts';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * A user's postback inspector: the secret token of their receiving URL on the sites server
 * (`/pb/{Token}`), made on first need (decision 0041).
 */
export const postbackInspectors = sqliteTable('postback_inspectors', {
  UserID: integer('user_id')
    .primaryKey()
    .references(() => users.ID, { onDelete: 'cascade' }),
  Token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A request the inspector received, as it arrived (the body cut to `INSPECTOR_LIMITS.bodyChars`),
 * with the check of its signature against the owner's secrets then. The newest 100 per user are kept.
 */
export const inspectorRequests = sqliteTable(
  'inspector_requests',
  {
    ID: id(),
    UserID: integer('user_id')
      .notNull()
      .references(() => users.ID, { onDelete: 'cascade' }),
    Method: text('method').notNull(),
    URL: text('url').notNull(),
    Headers: text('headers', { mode: 'json' }).notNull().$type<Record<string, string>>(),
    Body: text('body').notNull().default(''),
    /** The body's whole size in bytes (it is kept cut). */
    BodyBytes: integer('body_bytes').notNull().default(0),
    Signature: text('signature', { enum: SIGNATURE_CHECKS }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('inspector_requests_user_idx').on(t.UserID, t.ID)],
);

export type InspectorRequestRow = typeof inspectorRequests.$inferSelect;
