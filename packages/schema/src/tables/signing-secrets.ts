import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A user's secret for signing their postbacks (Standard Webhooks), encrypted at rest. During a
 * rotation the previous secret signs too, until `PreviousUntil`.
 */
export const signingSecrets = sqliteTable('signing_secrets', {
  UserID: integer('user_id')
    .primaryKey()
    .references(() => users.ID, { onDelete: 'cascade' }),
  Current: text('current_secret').notNull(),
  Previous: text('previous_secret'),
  PreviousUntil: integer('previous_until', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
});
