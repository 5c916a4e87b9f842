import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** A mailed reset code: stored hashed, valid 15 minutes, single use, limited attempts. */
export const passwordResetCodes = sqliteTable(
  'password_reset_codes',
  {
    ID: id(),
    UserID: integer('user_id')
      .notNull()
      .references(() => users.ID, { onDelete: 'cascade' }),
    CodeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    Attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.UserID, t.createdAt)],
);
