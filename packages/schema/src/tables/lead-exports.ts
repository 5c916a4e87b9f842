import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';

/**
 * A lead export run by the worker (admin-leads Export selected): the filters, how many files, and
 * its progress; the files are written under the data folder and downloaded by the admin who asked.
 */
export const leadExports = sqliteTable(
  'lead_exports',
  {
    ID: id(),
    CreatedBy: integer('created_by').notNull(),
    Filters: text('filters', { mode: 'json' }).notNull().$type<unknown[]>(),
    /** Explicit lead ids (Export selected), or null for every lead the filters match. */
    LeadIDs: text('lead_ids', { mode: 'json' }).$type<number[] | null>(),
    Groups: integer('groups').notNull(),
    State: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    TotalRows: integer('total_rows').notNull().default(0),
    DoneRows: integer('done_rows').notNull().default(0),
    Error: text('error'),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('lead_exports_creator_idx').on(t.CreatedBy, t.createdAt)],
);

export type LeadExportRow = typeof leadExports.$inferSelect;
