import type { leadDeliver } from '@leadmesh/jobs';
import type { z } from 'zod';
import type { JobRun, WorkerContext } from '../context.ts';
import { deliverLead } from '../crm/delivery.ts';

/**
 * Hands one accepted lead to its CRM (worker/src/crm/delivery.ts). Retries are the handler's own:
 * it records the failure, moves the lead to -2 and enqueues the next attempt with its delay, so
 * BullMQ runs each job once. A duplicate job, or one for a lead already delivered, does nothing.
 */
export async function runLeadDeliver(
  payload: z.output<typeof leadDeliver.schema>,
  ctx: WorkerContext,
  _run?: JobRun,
): Promise<void> {
  await deliverLead(ctx, payload.leadId, payload.attempt);
}
