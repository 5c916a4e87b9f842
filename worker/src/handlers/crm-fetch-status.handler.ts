import type { crmFetchStatus } from '@leadmesh/jobs';
import type { z } from 'zod';
import type { JobRun, WorkerContext } from '../context.ts';
import { fetchCrmStatus } from '../crm/fetch-status.ts';

/** Fetches a lead's status from its CRM and applies it (worker/src/crm/fetch-status.ts). */
export async function runCrmFetchStatus(
  payload: z.output<typeof crmFetchStatus.schema>,
  ctx: WorkerContext,
  _run?: JobRun,
): Promise<void> {
  await fetchCrmStatus(ctx, payload.crmId, payload.crmLeadId);
}
