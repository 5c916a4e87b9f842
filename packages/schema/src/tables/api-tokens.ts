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
    /**
     * The token, sealed with the platform's secret box (context `apiToken`): the spec lets an admin
     * view it again (getToken), so it is kept, but a copy of the database alone does not reveal it.
     */
    Token: text('token').notNull(),
    /**
     * SHA-256 (hex) of the token: what `/intake/leads` looks up. Null only on a row written before
     * tokens were hashed, until the next start of the API or worker seals and hashes it.
     */
    TokenHash: text('token_hash'),
    Flags: text('flags', { mode: 'json' }).notNull().$type<Record<string, boolean>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_unique').on(t.TokenHash),
    index('api_tokens_user_idx').on(t.UserID),
    index('api_tokens_created_idx').on(t.createdAt),
    index('api_tokens_name_idx').on(t.Name),
  ],
);
