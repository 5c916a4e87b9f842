import { runAutoPayouts } from '@leadmesh/core';
import type { WorkerContext } from '../context.ts';

/** One round of automatic payouts (core `runAutoPayouts`); the scheduler runs it hourly. */
export async function runPayoutAuto(_payload: unknown, ctx: WorkerContext): Promise<void> {
  const paid = await runAutoPayouts(ctx.db, Date.now());
  if (paid) console.log(`auto-payouts: paid ${paid} user(s)`);
}
