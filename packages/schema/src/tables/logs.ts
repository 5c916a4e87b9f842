import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';

/** System log: Log text with bracketed name:value parameters, a slash path as Context, level 0-3. */
export const logs = sqliteTable(
  'logs',
  {
    ID: id(),
    User: integer('user_id'),
    Log: text('log').notNull(),
    Context: text('context').notNull(),
    LogLevel: integer('level').notNull().default(0),
    /** A debug dump (JSON text), fetched on demand. */
    Dump: text('dump'),
    createdAt: createdAt(),
  },
  (t) => [index('logs_created_idx').on(t.createdAt), index('logs_level_idx').on(t.LogLevel, t.createdAt)],
);
