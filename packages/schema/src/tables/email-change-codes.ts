import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * A change of the own e-mail waiting for its code (decision 0030): the code goes to the NEW
 * address, stored hashed, valid 15 minutes, single use, limited attempts; the e-mail changes only
 * when the code comes back.
 */
export const emailChangeCodes = sqliteTable(
  'email_change_codes',
  {
    ID: id(),
    UserID: integer('user_id')
      .notNull()
      .references(() => users.ID, { onDelete: 'cascade' }),
    NewEmail: text('new_email').notNull(),
    CodeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    Attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_codes_user_idx').on(t.UserID, t.createdAt)],
);
