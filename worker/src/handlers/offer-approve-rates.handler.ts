import { recomputeAllApproveRates } from '@leadmesh/core';
import type { WorkerContext } from '../context.ts';

/** Every offer's approve rate from its decided leads of the last 30 days (core); hourly. */
export async function runOfferApproveRates(_payload: unknown, ctx: WorkerContext): Promise<void> {
  const changed = await recomputeAllApproveRates(ctx.db, Date.now());
  if (changed) console.log(`approve rates: ${changed} offer(s) changed`);
}
