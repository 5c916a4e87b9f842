import { type Caller, notFound } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { type FilterItem, LOG_LEVELS, type LogEntry } from '@leadmesh/schema';
import { logs } from '@leadmesh/schema/tables';
import { desc, eq, sql } from 'drizzle-orm';
import { buildFilterWhere, type ListFields } from '../../lib/list-engine.ts';
import { writeLog } from '../../lib/logs.ts';

/** admin-logs pages by 100 (public §4). */
export const LOG_PAGE_SIZE = 100;

export const LOG_FIELDS: ListFields = {
  ID: { column: logs.ID, type: 'number' },
  User: { column: logs.User, type: 'number' },
  Log: { column: logs.Log, type: 'string' },
  Context: { column: logs.Context, type: 'string' },
  LogLevel: { column: logs.LogLevel, type: 'number' },
  createdAt: { column: logs.createdAt, type: 'date' },
};

const levelName = (level: number) => LOG_LEVELS.find((l) => l.level === level)?.name ?? LOG_LEVELS[0].name;

/** Newest first, 100 a page, without the dumps (fetched one at a time). */
export async function listLogs(
  db: Db,
  input: { offset: number; filters: FilterItem[]; limit?: number },
): Promise<LogEntry[]> {
  const limit = Math.min(input.limit ?? LOG_PAGE_SIZE, LOG_PAGE_SIZE);
  const rows = await db
    .select({
      ID: logs.ID,
      User: logs.User,
      Log: logs.Log,
      Context: logs.Context,
      LogLevel: logs.LogLevel,
      createdAt: logs.createdAt,
      LogDumpPresent: sql<number>`${logs.Dump} is not null`,
    })
    .from(logs)
    .where(buildFilterWhere(input.filters, LOG_FIELDS))
    .orderBy(desc(logs.ID))
    .limit(limit)
    .offset(input.offset);
  return rows.map((r) => ({
    ID: r.ID,
    User: r.User,
    Log: r.Log,
    Context: r.Context,
    LogLevel: r.LogLevel as LogEntry['LogLevel'],
    LogLevelName: levelName(r.LogLevel) as LogEntry['LogLevelName'],
    LogDumpPresent: Boolean(r.LogDumpPresent),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function logDump(db: Db, input: { ID: number }): Promise<{ ID: number; Dump: string }> {
  const [row] = await db
    .select({ ID: logs.ID, Dump: logs.Dump })
    .from(logs)
    .where(eq(logs.ID, input.ID))
    .limit(1);
  if (!row?.Dump) throw notFound('This log entry has no dump');
  return { ID: row.ID, Dump: row.Dump };
}

/** Removes every entry (the spec's button), leaving one line that says who did it and when. */
export async function removeAllLogs(db: Db, caller: Caller): Promise<null> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(logs).returning({ ID: logs.ID });
    await writeLog(tx, {
      level: 1,
      context: 'logs/removeAllLogs',
      text: `All logs removed [entries:${removed.length}] [by:${caller.user.ID}]`,
      userId: caller.user.ID,
    });
  });
  return null;
}
