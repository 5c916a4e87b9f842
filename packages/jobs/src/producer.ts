import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { type JobDefinition, QUEUES, type QueueName } from './define.ts';
import { createEndpointLanes, laneMember } from './lanes.ts';

export interface JobProducer {
  /**
   * Validates the payload and enqueues it under its business key (or `jobId`: a delivery an
   * endpoint's lane released, decision 0035); a duplicate id is a no-op. A payload naming a lane
   * that is backed up (breaker open, deliveries parked) is parked in that lane instead, unless it
   * is delayed (a retry waits its time first) or released (`jobId`).
   */
  enqueue<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    delayMs?: number,
    jobId?: string,
  ): Promise<void>;
  /**
   * Enqueues the job unless a waiting, delayed or running one holds its key; a finished
   * (completed or failed) job holding the key is removed first, so the key can be used again.
   * Answers whether it enqueued (parked in its backed-up lane counts as not). For work that is
   * asked again on purpose (a resend, a sweep).
   */
  requeue<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    delayMs?: number,
  ): Promise<boolean>;
  close(): Promise<void>;
  /** How long `runUnitOfWork` waits for its after-commit jobs before it returns anyway. */
  deadlineMs?: number;
}

/**
 * `prefix` keeps queues apart (tests use a fresh one each). The endpoint lanes are the worker's
 * (its connection prefixes keys with `<prefix>:`, its namespace is `lanes`).
 */
export function createJobProducer(
  connection: Redis,
  prefix = 'leadmesh',
  options: { deadlineMs?: number } = {},
): JobProducer {
  const queues = new Map<QueueName, Queue>();
  const lanes = createEndpointLanes(connection, {}, `${prefix}:lanes`);
  /** Parked in its backed-up lane instead of queued (decision 0035)? */
  const parkedOnArrival = async (job: JobDefinition, data: unknown, delayMs?: number, jobId?: string) => {
    if (jobId !== undefined || (delayMs ?? 0) > 0) return false;
    const lane = job.laneOf?.(data);
    return lane ? !(await lanes.admit(lane, laneMember(job, data))) : false;
  };
  const queueFor = (name: QueueName) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      queues.set(name, queue);
    }
    return queue;
  };
  return {
    deadlineMs: options.deadlineMs ?? 2_000,
    async enqueue(job, payload, delayMs, jobId) {
      const data = job.schema.parse(payload);
      if (await parkedOnArrival(job as JobDefinition, data, delayMs, jobId)) return;
      await queueFor(job.queue).add(job.id, data, {
        ...job.options,
        jobId: jobId ?? job.key(data),
        delay: delayMs,
      });
    },
    async requeue(job, payload, delayMs) {
      const data = job.schema.parse(payload);
      if (await parkedOnArrival(job as JobDefinition, data, delayMs)) return false;
      const queue = queueFor(job.queue);
      const jobId = job.key(data);
      const existing = await queue.getJob(jobId);
      if (existing) {
        const state = await existing.getState();
        if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return false;
        await existing.remove();
      }
      await queue.add(job.id, data, {
        ...job.options,
        jobId,
        delay: delayMs && delayMs > 0 ? delayMs : undefined,
      });
      return true;
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
}

export { QUEUES };
