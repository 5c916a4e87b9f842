import {
  type EndpointHealth,
  type EndpointLanes,
  type JobDefinition,
  jobs,
  laneMember,
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

/**
 * Tells the lane what the call said about its endpoint. Resolves once the lane has handed the slot
 * on (the next delivery's claim asked for, or the slot freed): a caller that waits for it before
 * its record lets the record and the next claim share one database transaction (decision 0036).
 */
export type Report = (health: EndpointHealth, error?: string | null) => Promise<void>;

interface Outcome {
  health: EndpointHealth;
  error: string | null;
}
const NOTHING_SAID: Outcome = { health: 'neutral', error: null };

/**
 * Runs `deliver` in the endpoint's lane (decisions 0035, 0036): with a slot, the delivery goes and
 * its outcome feeds the breaker; without one (the endpoint's slots are busy, its breaker open), the
 * delivery is parked and the job ends at once. Answers whether it ran.
 *
 * Holding the slot, the worker sends the endpoint's parked deliveries itself, one after another
 * (`handOn`), for at most `drainMax` deliveries or `drainMs`, then gives the slot back (the oldest
 * parked one is re-enqueued holding it). The slot turns over at the speed of claim and call, not
 * of a job's trip through the shared queue. Each delivery's record runs beside the next one's
 * claim and call: the slot covers the claim and the call, not the write after it.
 *
 * `deliver` reports the call's outcome as soon as it is known; a delivery that reports nothing
 * (its claim found nothing to do) says nothing about the endpoint. A parked member of another job
 * is left to the sweep (never the case: a lane holds one job's deliveries).
 *
 * Long because the run in turn shares the slot's token, the previous delivery's pending record
 * and the run's bounds across its steps; split, each piece would need all three handed on.
 */
export async function throughLane<P>(
  ctx: WorkerContext & { lanes: EndpointLanes },
  jobId: string,
  endpoint: string,
  job: JobDefinition,
  payload: P,
  deliver: (payload: P, report: Report) => Promise<void>,
): Promise<boolean> {
  const { lanes } = ctx;
  const token = laneToken(jobId);
  if (!(await lanes.enter(endpoint, token, laneMember(job, payload)))) return false;
  const { drainMax, drainMs } = lanes.settings;
  const until = Date.now() + drainMs;
  const records: Promise<void>[] = [];
  let holding = true;
  let turns = 0;
  let current: { payload: P } | null = { payload };
  let failed = false;
  /** Lets the delivery before the current one write its record (see Report). */
  let handOver: () => void = () => undefined;
  try {
    while (current) {
      const previous = handOver;
      turns += 1;
      const drained = turns > 1;
      let reported: (outcome: Outcome) => void = () => undefined;
      const said = new Promise<Outcome>((resolve) => {
        reported = resolve;
      });
      const handedOn = new Promise<void>((resolve) => {
        handOver = resolve;
      });
      const finished = deliver(current.payload, (health, error) => {
        reported({ health, error: error ?? null });
        return handedOn;
      });
      // The next claim is asked for (synchronously, up to its first wait): the record may go with it.
      previous();
      records.push(
        drained
          ? finished.catch((error) => {
              failed = true;
              console.warn(`lane ${endpoint}: a delivery sent in turn failed: ${(error as Error).message}`);
            })
          : finished,
      );
      const outcome = await Promise.race([
        said,
        finished.then(
          () => NOTHING_SAID,
          () => {
            failed = true;
            return NOTHING_SAID;
          },
        ),
      ]);
      // Fair turns: a bounded run per slot; after an error (the database, a bug) the slot goes back.
      const keep = !failed && turns < drainMax && Date.now() < until;
      let { health, error } = outcome;
      current = null;
      while (holding) {
        const handoff = keep
          ? await lanes.handOn(endpoint, token, health, error)
          : { next: null, released: await lanes.leave(endpoint, token, health, error) };
        holding = handoff.next !== null;
        await dispatchReleased(ctx, handoff.released);
        if (handoff.next === null) break;
        const parsed = parseMember(job, handoff.next);
        if (parsed !== undefined) {
          current = { payload: parsed as P };
          break;
        }
        // Still holding the slot: it goes to the member after this one.
        console.warn(`lane ${endpoint}: a parked delivery that is not a ${job.id} is left for the sweep`);
        health = 'neutral';
        error = null;
      }
    }
  } finally {
    handOver();
    if (holding) await lanes.leave(endpoint, token, 'neutral', null).catch(() => undefined);
  }
  await Promise.all(records);
  return true;
}

/** The payload of a parked member of `job`, or undefined when it is another job's or does not parse. */
function parseMember(job: JobDefinition, member: string): unknown {
  try {
    const { j, d } = JSON.parse(member) as { j: string; d: unknown };
    if (j !== job.id) return undefined;
    const parsed = job.schema.safeParse(d);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export { crmLane as crmEndpoint, laneMember, postbackLane as postbackEndpoint } from '@leadmesh/jobs';
