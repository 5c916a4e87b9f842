import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** Login sessions; the cookie carries a random id and only its SHA-256 is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    IDHash: text('id_hash').primaryKey(),
    UserID: integer('user_id')
      .notNull()
      .references(() => users.ID, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    IP: text('ip'),
    UserAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.UserID), index('sessions_expires_idx').on(t.expiresAt)],
);
