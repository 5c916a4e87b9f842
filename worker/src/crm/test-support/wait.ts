import type { Db } from '@leadmesh/db';
import { leads } from '@leadmesh/schema/tables';
import { inArray } from 'drizzle-orm';

/** Polls `check` until it answers something truthy; the shared 2-core machine gets generous time. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false | null>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Statuses of the given leads, counted. */
export async function statusCounts(db: Db, ids: readonly number[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ Status: leads.Status })
      .from(leads)
      .where(inArray(leads.ID, ids.slice(i, i + 500)));
    for (const row of rows) counts[row.Status] = (counts[row.Status] ?? 0) + 1;
  }
  return counts;
}

/** Waits until every lead is in `status`. */
export function waitForStatus(db: Db, ids: readonly number[], status: number, timeoutMs = 60_000) {
  return waitFor(
    async () => ((await statusCounts(db, ids))[status] ?? 0) === ids.length,
    timeoutMs,
    `${ids.length} leads in status ${status}`,
  ).catch(async (error) => {
    throw new Error(`${(error as Error).message}: now ${JSON.stringify(await statusCounts(db, ids))}`);
  });
}
