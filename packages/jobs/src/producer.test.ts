import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { enqueueAfterCommit, runUnitOfWork, runUnitOfWorkInContext } from './after-commit.ts';
import { defineJob } from './define.ts';
import { createJobProducer, type JobProducer } from './producer.ts';

const prefix = `test-producer-${randomUUID()}`;
const probe = defineJob({
  id: 'probe',
  queue: 'mail',
  schema: z.object({ n: z.number().int() }),
  options: { attempts: 1, removeOnComplete: false, removeOnFail: false },
  key: (p) => `probe-${p.n}`,
});

/** What the unit of work needs of a database handle: transactions that run their work with a handle of their own. */
const handle = { transaction: <T>(work: (tx: object) => Promise<T>) => work({}) };

let redis: Redis;
let jobs: JobProducer;
let queue: Queue;
beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  jobs = createJobProducer(redis, prefix);
  queue = new Queue('mail', { connection: redis, prefix });
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await jobs.close();
  await redis.quit();
});

it('enqueue is a no-op for a key in use; requeue frees the key of a finished job only', async () => {
  await jobs.enqueue(probe, { n: 1 });
  await jobs.enqueue(probe, { n: 1 });
  expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
  // Waiting under its key: requeue leaves it alone.
  expect(await jobs.requeue(probe, { n: 1 })).toBe(false);

  const seen: number[] = [];
  const worker = new Worker(
    'mail',
    async (job) => {
      seen.push(job.data.n);
    },
    { connection: redis.duplicate({ maxRetriesPerRequest: null }), prefix },
  );
  await new Promise<void>((resolve) => worker.on('completed', () => resolve()));
  // Completed, and kept under its key: a plain enqueue is swallowed, a requeue runs it again.
  await jobs.enqueue(probe, { n: 1 });
  expect(await queue.getJobCounts('waiting', 'completed')).toEqual({ waiting: 0, completed: 1 });
  const again = new Promise<void>((resolve) => worker.on('completed', () => resolve()));
  expect(await jobs.requeue(probe, { n: 1 })).toBe(true);
  await again;
  await worker.close();
  expect(seen).toEqual([1, 1]);
});

it('a unit of work enqueues what it asked for after the work, requeues included', async () => {
  await runUnitOfWork(jobs, handle, async (unit) => {
    enqueueAfterCommit(unit, probe, { n: 2 });
    await unit.transaction(async (tx) => enqueueAfterCommit(tx, probe, { n: 3 }, { requeue: true }));
    // The unit's handle names its database, so per-database caches (prepared statements) are shared.
    expect((unit as Record<symbol, unknown>)[Symbol.for('leadmesh.databaseOfHandle')]).toBe(handle);
    // The handle outside the unit has no job list: that job is left to the sweep.
    enqueueAfterCommit(handle, probe, { n: 4 });
    expect(await queue.getJob('probe-2')).toBeUndefined();
  });
  expect((await queue.getJob('probe-2'))?.data).toEqual({ n: 2 });
  expect((await queue.getJob('probe-3'))?.data).toEqual({ n: 3 });
  expect(await queue.getJob('probe-4')).toBeUndefined();
});

it("the worker's unit of work finds its job list from the work's own async context, with the shared handle", async () => {
  await runUnitOfWorkInContext(jobs, async () => {
    await handle.transaction(async (tx) => enqueueAfterCommit(tx, probe, { n: 5 }));
    expect(await queue.getJob('probe-5')).toBeUndefined();
  });
  expect((await queue.getJob('probe-5'))?.data).toEqual({ n: 5 });
});

it('a unit of work answers within the deadline while Redis does not answer', async () => {
  // An enqueue that never settles: what a connection waiting for a restarting Redis does.
  const stuck: JobProducer = {
    deadlineMs: 300,
    enqueue: () => new Promise<void>(() => {}),
    requeue: () => new Promise<boolean>(() => {}),
    close: async () => {},
  };
  const started = Date.now();
  const result = await runUnitOfWork(stuck, handle, async (unit) => {
    enqueueAfterCommit(unit, probe, { n: 99 });
    return 'committed';
  });
  expect(result).toBe('committed');
  expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  expect(Date.now() - started).toBeLessThan(2_000);
});
