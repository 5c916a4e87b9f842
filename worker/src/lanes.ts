import {
  type EndpointHealth,
  type EndpointLanes,
  type JobDefinition,
  jobs,
  type Released,
} from '@leadmesh/jobs';
import type { WorkerContext } from './context.ts';

/** Jobs a lane may park, by id (a parked member names its job and payload). */
const byId = new Map<string, JobDefinition>(Object.values(jobs).map((job) => [job.id, job as JobDefinition]));

/**
 * The lane token of a job: a released delivery's job id ends in the token its lane gave it
 * (`…-lane12`); any other job is its own token.
 */
export function laneToken(jobId: string): string {
  const match = /-(lane\d+)$/.exec(jobId);
  return match ? match[1] : jobId;
}

/**
 * Puts released deliveries back on their queue, at its head, under a job id of their own (the
 * business key plus the lane token), so the job that parked them, finished or not, never hides them. A
 * delivery lost here (Redis gone mid-way) is still pending in the database: the sweeps find it.
 */
export async function dispatchReleased(ctx: WorkerContext, released: readonly Released[]): Promise<void> {
  for (const { member, token } of released) {
    try {
      const { j, d } = JSON.parse(member) as { j: string; d: unknown };
      const job = byId.get(j);
      if (!job) continue;
      const data = job.schema.parse(d);
      // It holds its endpoint's slot already: at the head of the queue, so the slot is not idle
      // while the delivery waits behind others (at most a slot's worth per endpoint go there).
      const holdingSlot = { ...job, options: { ...job.options, lifo: true } };
      await ctx.jobs.enqueue(holdingSlot, data, undefined, `${job.key(data)}-${token}`);
    } catch (error) {
      console.warn(`lane: a released delivery is left for the sweep: ${(error as Error).message}`);
    }
  }
}

export type Report = (health: EndpointHealth, error?: string | null) => void;

/**
 * Runs `body` in the endpoint's lane (decision 0035): with a slot, the delivery goes and its
 * outcome feeds the breaker; without one (the endpoint's slots are busy, its breaker open), the
 * delivery is parked and the job ends at once. Answers whether it ran.
 */
export async function throughLane(
  ctx: WorkerContext & { lanes: EndpointLanes },
  jobId: string,
  endpoint: string,
  member: string,
  body: (report: Report) => Promise<void>,
): Promise<boolean> {
  const token = laneToken(jobId);
  if (!(await ctx.lanes.enter(endpoint, token, member))) return false;
  // The slot is given back as soon as the call's outcome is known (the report), before the
  // database records it: the endpoint is free for the next delivery while this one is written.
  let left: Promise<void> | null = null;
  const leave = (health: EndpointHealth, error: string | null) => {
    left ??= ctx.lanes
      .leave(endpoint, token, health, error)
      .then((released) => dispatchReleased(ctx, released));
    return left;
  };
  try {
    await body((health, error) => {
      leave(health, error ?? null).catch(() => undefined);
    });
  } finally {
    await leave('neutral', null);
  }
  return true;
}

export { crmLane as crmEndpoint, laneMember, postbackLane as postbackEndpoint } from '@leadmesh/jobs';
