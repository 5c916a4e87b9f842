import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { enqueueAfterCommit, runUnitOfWork, runUnitOfWorkInContext } from './after-commit.ts';
import { defineJob } from './define.ts';
import { postbackSend } from './jobs.ts';
import { createEndpointLanes, laneMember } from './lanes.ts';
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

it("a delivery for a backed-up endpoint's lane is parked on enqueue, never queued in front of another endpoint's", async () => {
  const pbQueue = new Queue('postbacks', { connection: redis, prefix });
  // The worker's view of the same lanes: its connection prefixes keys with `<prefix>:`.
  const workerRedis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    keyPrefix: `${prefix}:`,
  });
  const lanes = createEndpointLanes(workerRedis, { maxInFlight: 1 });
  try {
    const dead = 'postback:dead.example:80';
    const healthy = 'postback:healthy.example:80';
    // The dead receiver holds its one slot (a hanging call) and one delivery already waits for it.
    expect(
      await lanes.enter(dead, 'hanging', laneMember(postbackSend, { deliveryId: 1, attempt: 1, lane: dead })),
    ).toBe(true);
    expect(
      await lanes.enter(dead, 'second', laneMember(postbackSend, { deliveryId: 2, attempt: 1, lane: dead })),
    ).toBe(false);

    // A backlog for it, then one delivery for a healthy receiver.
    for (let id = 3; id <= 50; id++) await jobs.enqueue(postbackSend, { deliveryId: id, lane: dead });
    await jobs.enqueue(postbackSend, { deliveryId: 51, lane: healthy });
    // The sweep asking again for a parked one: still parked, once.
    expect(await jobs.requeue(postbackSend, { deliveryId: 3, attempt: 1, lane: dead })).toBe(false);

    // The shared queue holds only the healthy receiver's delivery: nothing of the backlog stands in front of it.
    expect(await pbQueue.getWaiting()).toMatchObject([{ id: 'postback.send-51-1' }]);
    expect((await lanes.status([dead]))[0]).toMatchObject({ inFlight: 1, waiting: 49 });
    // The backlog leaves the lane in arrival order, one per freed slot, as the worker's jobs.
    const released = await lanes.leave(dead, 'hanging', 'ok');
    expect(released.map((r) => JSON.parse(r.member).d.deliveryId)).toEqual([2]);
    // A retry waits its delay first, and a released delivery holds its slot: neither is parked on enqueue.
    await jobs.enqueue(postbackSend, { deliveryId: 60, attempt: 2, lane: dead }, 5_000);
    await jobs.enqueue(
      postbackSend,
      { deliveryId: 2, lane: dead },
      undefined,
      `postback.send-2-1-${released[0].token}`,
    );
    expect(await pbQueue.getJobCounts('waiting', 'delayed')).toEqual({ waiting: 2, delayed: 1 });
  } finally {
    await pbQueue.obliterate({ force: true });
    await pbQueue.close();
    const laneKeys = await redis.keys(`${prefix}:lanes*`);
    if (laneKeys.length > 0) await redis.del(...laneKeys);
    workerRedis.disconnect();
  }
});
