import type { DbHandle } from '@leadmesh/db';
import type { InValue } from '@libsql/client';
import type { Random } from './random.ts';

/** What every area of the seed shares: the database, the clock, the dice and the upload folder. */
export interface SeedContext {
  handle: DbHandle;
  r: Random;
  now: number;
  days: number;
  uploads: string;
  /** Where the sites server is reached: the demo postbacks point at the inspector there. */
  sitesPublicUrl: string;
  /** Big worlds (benchmarks) drop and rebuild indexes around their bulk inserts. */
  big: boolean;
  log: (message: string) => void;
}

export const DAY = 86_400_000;

/** Multi-row INSERTs, ten statements per batch: the fast path for big tables. */
export async function bulkInsert(
  handle: DbHandle,
  table: string,
  columns: readonly string[],
  rows: InValue[][],
  chunk = Math.max(1, Math.floor(30_000 / columns.length)),
): Promise<void> {
  const placeholders = `(${columns.map(() => '?').join(',')})`;
  for (let i = 0; i < rows.length; i += chunk * 10) {
    const statements = [];
    for (let j = i; j < Math.min(rows.length, i + chunk * 10); j += chunk) {
      const part = rows.slice(j, Math.min(j + chunk, rows.length, i + chunk * 10));
      statements.push({
        sql: `insert into ${table} (${columns.join(',')}) values ${part.map(() => placeholders).join(',')}`,
        args: part.flat(),
      });
    }
    await handle.client.batch(statements, 'write');
  }
}

/**
 * Runs `work` without the table's indexes and builds them once afterwards: a million rows go in
 * several times faster. Small worlds keep their indexes.
 */
export async function withoutIndexes(
  ctx: SeedContext,
  table: string,
  work: () => Promise<void>,
): Promise<void> {
  if (!ctx.big) return work();
  const indexes = (
    await ctx.handle.client.execute({
      sql: "select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null",
      args: [table],
    })
  ).rows;
  for (const index of indexes) await ctx.handle.client.execute(`drop index ${String(index.name)}`);
  await work();
  for (const index of indexes) await ctx.handle.client.execute(String(index.sql));
  ctx.log(`${table} indexes rebuilt`);
}
