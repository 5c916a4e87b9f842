import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** A server-to-server token acting for a user, with its own flags. */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    ID: id(),
    Name: text('name').notNull(),
    UserID: integer('user_id')
      .notNull()
      .references(() => users.ID, { onDelete: 'cascade' }),
    /** The spec lets an admin view a token again (getToken), so the value is kept. */
    Token: text('token').notNull(),
    Flags: text('flags', { mode: 'json' }).notNull().$type<Record<string, boolean>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_unique').on(t.Token),
    index('api_tokens_user_idx').on(t.UserID),
    index('api_tokens_created_idx').on(t.createdAt),
    index('api_tokens_name_idx').on(t.Name),
  ],
);
