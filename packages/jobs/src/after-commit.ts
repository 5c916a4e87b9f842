import { AsyncLocalStorage } from 'node:async_hooks';
import type { z } from 'zod';
import type { JobDefinition } from './define.ts';
import type { JobProducer } from './producer.ts';

interface PendingJob {
  job: JobDefinition;
  payload: unknown;
  requeue: boolean;
}

/** Where a unit of work's database handle, and each transaction opened from it, keeps its job list. */
const PENDING = Symbol('leadmesh.unitOfWork.pendingJobs');
/** The database behind a handle: `DATABASE_OF_HANDLE` of @leadmesh/db (per-database caches key by it). */
const DATABASE_OF_HANDLE = Symbol.for('leadmesh.databaseOfHandle');
/** The worker's units (`runUnitOfWorkInContext`); never entered in the API. */
const contextPending = new AsyncLocalStorage<PendingJob[]>();

type Handle = object & { [PENDING]?: PendingJob[] };
// biome-ignore lint/suspicious/noExplicitAny: drizzle's transaction signatures differ per handle kind
type Transactional = { transaction: (work: (tx: any) => Promise<any>, ...rest: any[]) => Promise<any> };

/**
 * The handle as the unit of work sees it: the same database (or transaction) with the unit's job
 * list attached, and the transactions it opens carrying the list on. Passed explicitly rather
 * than through AsyncLocalStorage: under Node 20 one AsyncLocalStorage in use turns on promise hooks
 * for every promise of the process (a third of PUT /api/csrf's throughput; docs/operations.md).
 */
function withUnit<H extends object>(handle: H, pending: PendingJob[]): H {
  const bound = Object.create(handle) as H & Handle & Transactional & { [DATABASE_OF_HANDLE]?: object };
  bound[PENDING] = pending;
  if (!(DATABASE_OF_HANDLE in handle)) bound[DATABASE_OF_HANDLE] = handle;
  const { transaction } = handle as unknown as Partial<Transactional>;
  if (typeof transaction === 'function') {
    bound.transaction = (work, ...rest) =>
      transaction.call(handle, (tx: object) => work(withUnit(tx, pending)), ...rest);
  }
  return bound;
}

/**
 * Asks for a job to be enqueued once the unit of work that `handle` belongs to (an API call, a
 * worker job) has finished. `handle` is the database handle the unit gave its work, or a
 * transaction opened from it: call it inside the transaction that writes the job's outbox row,
 * with that transaction. The row is the promise, the job only the nudge. If the work fails, or
 * Redis cannot be reached, the outbox sweep finds the row later. A handle from outside any unit
 * of work leaves the job to the sweep. `requeue` asks again for a key that may belong to a
 * finished job (see `JobProducer.requeue`).
 */
export function enqueueAfterCommit<S extends z.ZodType>(
  handle: object,
  job: JobDefinition<S>,
  payload: z.input<S>,
  options: { requeue?: boolean } = {},
): void {
  ((handle as Handle)[PENDING] ?? contextPending.getStore())?.push({
    job: job as unknown as JobDefinition,
    payload,
    requeue: !!options.requeue,
  });
}

/**
 * Runs one unit of work on `db` and then enqueues what it asked for with `enqueueAfterCommit`
 * (on the handle `work` is given, or a transaction opened from it). Enqueue failures are logged,
 * never thrown: the outbox rows are already committed. It waits `jobs.deadlineMs` at most: with
 * Redis unreachable or restarting, the answer goes out anyway and the enqueues still under way
 * finish (or fail) on their own; the sweeps cover what failed.
 */
export async function runUnitOfWork<D extends object, T>(
  jobs: JobProducer,
  db: D,
  work: (db: D) => Promise<T>,
): Promise<T> {
  const pending: PendingJob[] = [];
  const result = await work(withUnit(db, pending));
  await enqueuePending(jobs, pending);
  return result;
}

/**
 * The worker's unit of work: the job list is found through AsyncLocalStorage, so a job's work keeps
 * the worker's one database handle, whose per-database state (the CRM delivery's micro-batcher, its
 * prepared statements) its jobs share. The API never enters it (decision 0058).
 */
export async function runUnitOfWorkInContext<T>(jobs: JobProducer, work: () => Promise<T>): Promise<T> {
  const pending: PendingJob[] = [];
  const result = await contextPending.run(pending, work);
  await enqueuePending(jobs, pending);
  return result;
}

async function enqueuePending(jobs: JobProducer, pending: PendingJob[]): Promise<void> {
  if (pending.length === 0) return;
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
}
