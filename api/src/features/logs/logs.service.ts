import { type Caller, notFound } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { type FilterItem, LOG_LEVELS, type LogEntry } from '@leadmesh/schema';
import { LOG_LIST } from '@leadmesh/schema/constants';
import { logs } from '@leadmesh/schema/tables';
import { eq, sql } from 'drizzle-orm';
import { buildFilterWhere, listWhitelist } from '../../lib/list-engine.ts';
import { audit } from '../../lib/logs.ts';
import type { PageCursors } from '../../lib/page-cursors.ts';

/** admin-logs pages by 100 (public §4). */
export const LOG_PAGE_SIZE = 100;

export const LOG_FIELDS = listWhitelist(LOG_LIST, {
  ID: logs.ID,
  User: logs.User,
  Log: logs.Log,
  Context: logs.Context,
  LogLevel: logs.LogLevel,
  createdAt: logs.createdAt,
});

const levelName = (level: number) => LOG_LEVELS.find((l) => l.level === level)?.name ?? LOG_LEVELS[0].name;

/** Filters that narrow little (a level, a date range): the list reads in its own order and stops early. */
const BROAD_FIELDS = new Set(['LogLevel', 'createdAt']);

/** How the list may remember where a scroll's pages start (absent: plain offsets). */
export interface LogPageMemo {
  cursors: PageCursors;
  key: string;
}

interface LogRow {
  id: number;
  user_id: number | null;
  log: string;
  context: string;
  level: number;
  dump_present: number;
  created_at: number;
}

/**
 * Newest first, 100 a page, without the dumps (fetched one at a time). With only broad filters the
 * rows are read in id order (`not indexed`: the level index would find every match and sort them
 * all on each call), so a page costs its own rows; a narrow filter (a user, a context) keeps the
 * planner's choice. With a memo, the id before each page is remembered, so the next page of a
 * scroll starts there (keyset) instead of skipping `offset` rows again.
 */
export async function listLogs(
  db: Db,
  input: { offset: number; filters: FilterItem[]; limit?: number },
  memo?: LogPageMemo,
): Promise<LogEntry[]> {
  const limit = Math.min(input.limit ?? LOG_PAGE_SIZE, LOG_PAGE_SIZE);
  const where = buildFilterWhere(input.filters, LOG_FIELDS);
  const inOrder = input.filters.every((f) => BROAD_FIELDS.has(f.name));
  const read = (after: number | null, count: number, offset: number) =>
    db.all<LogRow>(sql`select id, user_id, log, context, level, (dump is not null) as dump_present, created_at
      from logs${sql.raw(inOrder ? ' not indexed' : '')}
      where ${after === null ? sql`1` : sql`id < ${after}`} and ${where ?? sql`1`}
      order by id desc limit ${count} offset ${offset}`);
  let rows: LogRow[];
  if (!memo || input.offset === 0) {
    rows = await read(null, limit, input.offset);
  } else {
    const start = await memo.cursors.get(`${memo.key}:${input.offset}`);
    if (start) rows = await read(start.id, limit, 0);
    else {
      rows = await read(null, limit + 1, input.offset - 1);
      const before = rows.shift();
      if (before) await memo.cursors.set(`${memo.key}:${input.offset}`, { at: 0, id: Number(before.id) });
    }
  }
  if (memo && rows.length === limit)
    await memo.cursors.set(`${memo.key}:${input.offset + limit}`, { at: 0, id: Number(rows.at(-1)!.id) });
  return rows.map((r) => ({
    ID: Number(r.id),
    User: r.user_id === null ? null : Number(r.user_id),
    Log: r.log,
    Context: r.context,
    LogLevel: Number(r.level) as LogEntry['LogLevel'],
    LogLevelName: levelName(Number(r.level)) as LogEntry['LogLevelName'],
    LogDumpPresent: Boolean(r.dump_present),
    createdAt: new Date(Number(r.created_at)).toISOString(),
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
    await audit(tx, 'logs.removed', { entries: removed.length }, caller);
  });
  return null;
}
