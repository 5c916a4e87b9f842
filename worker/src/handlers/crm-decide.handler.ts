import type { crmDecide } from '@leadmesh/jobs';
import type { z } from 'zod';
import type { JobRun, WorkerContext } from '../context.ts';
import { decideLead } from '../crm/in-process.ts';

/** An in-process CRM (the Sandbox) decides a lead it took (worker/src/crm/in-process.ts). */
export async function runCrmDecide(
  payload: z.output<typeof crmDecide.schema>,
  ctx: WorkerContext,
  _run?: JobRun,
): Promise<void> {
  await decideLead(ctx, payload.crmId, payload.leadId);
}
