import { AsyncLocalStorage } from 'node:async_hooks';
import type { z } from 'zod';
import type { JobDefinition } from './define.ts';
import type { JobProducer } from './producer.ts';

interface PendingJob {
  job: JobDefinition;
  payload: unknown;
  requeue: boolean;
}

const pendingJobs = new AsyncLocalStorage<PendingJob[]>();

/**
 * Asks for a job to be enqueued once the current unit of work (an API call, a worker job)
 * has finished. Call it inside the transaction that writes the job's outbox row: the row is
 * the promise, the job only the nudge. If the work fails, or Redis cannot be reached, the
 * outbox sweep finds the row later. Outside a unit of work the job is left to the sweep.
 * `requeue` asks again for a key that may belong to a finished job (see `JobProducer.requeue`).
 */
export function enqueueAfterCommit<S extends z.ZodType>(
  job: JobDefinition<S>,
  payload: z.input<S>,
  options: { requeue?: boolean } = {},
): void {
  pendingJobs.getStore()?.push({ job: job as unknown as JobDefinition, payload, requeue: !!options.requeue });
}

/**
 * Runs one unit of work and then enqueues what it asked for with `enqueueAfterCommit`.
 * Enqueue failures are logged, never thrown: the outbox rows are already committed. It waits
 * `jobs.deadlineMs` at most: with Redis unreachable or restarting, the answer goes out anyway and
 * the enqueues still under way finish (or fail) on their own; the sweeps cover what failed.
 */
export async function runUnitOfWork<T>(jobs: JobProducer, work: () => Promise<T>): Promise<T> {
  const pending: PendingJob[] = [];
  const result = await pendingJobs.run(pending, work);
  if (pending.length === 0) return result;
  const enqueueAll = (async () => {
    for (const { job, payload, requeue } of pending) {
      try {
        if (requeue) await jobs.requeue(job, payload);
        else await jobs.enqueue(job, payload);
      } catch (error) {
        console.warn(`${job.id} left for the outbox sweep: ${(error as Error).message}`);
      }
    }
  })();
  const deadlineMs = jobs.deadlineMs ?? 2_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`after-commit jobs still waiting for Redis after ${deadlineMs} ms; answering anyway`);
      resolve();
    }, deadlineMs);
    timer.unref?.();
  });
  await Promise.race([enqueueAll, deadline]);
  clearTimeout(timer);
  return result;
}
