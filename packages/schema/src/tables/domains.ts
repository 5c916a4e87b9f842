import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** A publisher's domain, or an internal one (BoundUser null) that every publisher may use. */
export const domains = sqliteTable(
  'domains',
  {
    ID: id(),
    /** Stored with its http:// prefix (dashboards §3). */
    DomainName: text('domain_name').notNull(),
    BoundUser: integer('user_id').references(() => users.ID, { onDelete: 'cascade' }),
    isInternal: bool('is_internal'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('domains_user_idx').on(t.BoundUser),
    index('domains_internal_idx').on(t.isInternal),
    index('domains_name_idx').on(t.DomainName),
  ],
);

export type DomainRow = typeof domains.$inferSelect;
