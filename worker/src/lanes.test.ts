import { randomUUID } from 'node:crypto';
import { createJobProducer, laneMember, postbackSend } from '@leadmesh/jobs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WorkerContext } from './context.ts';
import { dispatchReleased } from './lanes.ts';

const prefix = `test-worker-lanes-${randomUUID()}`;
let redis: Redis;
let queue: Queue;
beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  queue = new Queue('postbacks', { connection: redis, prefix });
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
});

it("a released delivery, which holds its endpoint's slot, runs before the deliveries already queued", async () => {
  const jobs = createJobProducer(redis, prefix);
  try {
    for (let id = 1; id <= 20; id++)
      await jobs.enqueue(postbackSend, { deliveryId: id, lane: 'postback:other.example:80' });
    const lane = 'postback:busy.example:80';
    await dispatchReleased({ jobs } as WorkerContext, [
      { member: laneMember(postbackSend, { deliveryId: 99, attempt: 1, lane }), token: 'lane7' },
    ]);
    // BullMQ takes jobs from the head of the wait list: the released one is next, not 21st.
    const next = await queue.getWaiting(0, 0);
    expect(next.map((job) => job.id)).toEqual(['postback.send-99-1-lane7']);
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 21 });
  } finally {
    await jobs.close();
  }
});
