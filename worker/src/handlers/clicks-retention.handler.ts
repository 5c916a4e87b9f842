import { foldOldClicks } from '@leadmesh/core';
import type { WorkerContext } from '../context.ts';

/** Daily: raw clicks older than CLICK_RETENTION_DAYS rolled up per day and deleted (core). */
export async function runClicksRetention(_payload: unknown, ctx: WorkerContext): Promise<void> {
  const folded = await foldOldClicks(ctx.db, { now: Date.now(), days: ctx.env.CLICK_RETENTION_DAYS });
  if (folded) console.log(`clicks retention: ${folded} clicks rolled up and deleted`);
}
