import { randomUUID } from 'node:crypto';
import {
  createEndpointLanes,
  createJobProducer,
  type EndpointLanes,
  type JobProducer,
  type LaneSettings,
  laneMember,
  postbackSend,
} from '@leadmesh/jobs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkerContext } from './context.ts';
import { dispatchReleased, throughLane } from './lanes.ts';

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

describe('throughLane: the slot holder sends the parked deliveries in turn (decision 0036)', () => {
  type Payload = { deliveryId: number; attempt: number; lane?: string };
  const endpoint = 'postback:drain.example:80';
  const member = (deliveryId: number) => laneMember(postbackSend, { deliveryId, attempt: 1, lane: endpoint });

  /** A lane of its own, `parked` deliveries waiting behind a slot that `holder` took. */
  async function parkedLane(settings: Partial<LaneSettings>, parked: number) {
    const lanes = createEndpointLanes(redis, { maxInFlight: 1, ...settings }, `${prefix}:${randomUUID()}`);
    expect(await lanes.enter(endpoint, 'holder', member(1))).toBe(true);
    for (let id = 2; id <= parked + 1; id++)
      expect(await lanes.enter(endpoint, `t${id}`, member(id))).toBe(false);
    const enqueued: string[] = [];
    const jobs = {
      async enqueue(_job: unknown, _data: unknown, _delay?: number, jobId?: string) {
        enqueued.push(jobId ?? '');
      },
    } as unknown as JobProducer;
    return { lanes, enqueued, ctx: { jobs, lanes } as unknown as WorkerContext & { lanes: EndpointLanes } };
  }

  it('sends at most drainMax in a row, then hands the slot to the oldest parked through the queue', async () => {
    const { lanes, enqueued, ctx } = await parkedLane({ drainMax: 5 }, 8);
    const sent: number[] = [];
    const ran = await throughLane(
      ctx,
      'holder',
      endpoint,
      postbackSend,
      { deliveryId: 1, attempt: 1, lane: endpoint },
      async (p: Payload, report) => {
        sent.push(p.deliveryId);
        report('ok');
      },
    );
    expect(ran).toBe(true);
    expect(sent).toEqual([1, 2, 3, 4, 5]);
    // The sixth goes back on the queue holding the slot; the rest wait their turn.
    expect(enqueued).toHaveLength(1);
    expect(enqueued[0]).toMatch(/^postback\.send-6-1-lane\d+$/);
    expect((await lanes.status([endpoint]))[0]).toMatchObject({ inFlight: 1, waiting: 3 });
  });

  it('stops after drainMs; the slot is free when nothing waits', async () => {
    const timed = await parkedLane({ drainMax: 100, drainMs: 150 }, 10);
    const sent: number[] = [];
    await throughLane(
      timed.ctx,
      'holder',
      endpoint,
      postbackSend,
      { deliveryId: 1, attempt: 1 },
      async (p: Payload, report) => {
        sent.push(p.deliveryId);
        await new Promise((r) => setTimeout(r, 60));
        report('ok');
      },
    );
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.length).toBeLessThan(6);
    expect(timed.enqueued).toHaveLength(1);

    const short = await parkedLane({ drainMax: 100 }, 2);
    const all: number[] = [];
    await throughLane(
      short.ctx,
      'holder',
      endpoint,
      postbackSend,
      { deliveryId: 1, attempt: 1 },
      async (p: Payload, report) => {
        all.push(p.deliveryId);
        report('ok');
      },
    );
    expect(all).toEqual([1, 2, 3]);
    expect(short.enqueued).toEqual([]);
    expect((await short.lanes.status([endpoint]))[0]).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  it('an opening breaker ends the run: the parked deliveries wait, none is sent', async () => {
    const { lanes, enqueued, ctx } = await parkedLane({ failuresToOpen: 3, probeBaseMs: 60_000 }, 10);
    const sent: number[] = [];
    await throughLane(
      ctx,
      'holder',
      endpoint,
      postbackSend,
      { deliveryId: 1, attempt: 1 },
      async (p: Payload, report) => {
        sent.push(p.deliveryId);
        report('fail', 'TIMEOUT: no answer');
      },
    );
    expect(sent).toEqual([1, 2, 3]);
    expect(enqueued).toEqual([]);
    expect((await lanes.status([endpoint]))[0]).toMatchObject({ state: 'open', inFlight: 0, waiting: 8 });
  });

  it('the next delivery goes while the one before is still being recorded; a delivery that reports nothing says nothing', async () => {
    const { lanes, ctx } = await parkedLane({}, 3);
    const events: string[] = [];
    let releaseRecords: () => void = () => undefined;
    const recordsMayEnd = new Promise<void>((r) => {
      releaseRecords = r;
    });
    const running = throughLane(
      ctx,
      'holder',
      endpoint,
      postbackSend,
      { deliveryId: 1, attempt: 1 },
      async (p: Payload, report) => {
        events.push(`call ${p.deliveryId}`);
        // Delivery 3's claim found nothing to do: no call, no report.
        if (p.deliveryId === 3) return;
        report('ok');
        await recordsMayEnd;
        events.push(`recorded ${p.deliveryId}`);
      },
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toEqual(['call 1', 'call 2', 'call 3', 'call 4']);
    releaseRecords();
    expect(await running).toBe(true);
    expect(events.slice(4).sort()).toEqual(['recorded 1', 'recorded 2', 'recorded 4']);
    expect((await lanes.status([endpoint]))[0]).toMatchObject({ inFlight: 0, failures: 0, state: 'closed' });
  });

  it("the job's own failure fails the job and gives the slot back; a parked delivery's failure ends the run only", async () => {
    const own = await parkedLane({}, 3);
    await expect(
      throughLane(own.ctx, 'holder', endpoint, postbackSend, { deliveryId: 1, attempt: 1 }, async () => {
        throw new Error('database is locked');
      }),
    ).rejects.toThrow('database is locked');
    // The slot went to the oldest parked through the queue.
    expect(own.enqueued).toHaveLength(1);
    expect((await own.lanes.status([endpoint]))[0]).toMatchObject({ inFlight: 1, waiting: 2 });

    const drained = await parkedLane({}, 3);
    const sent: number[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(
        await throughLane(
          drained.ctx,
          'holder',
          endpoint,
          postbackSend,
          { deliveryId: 1, attempt: 1 },
          async (p: Payload, report) => {
            sent.push(p.deliveryId);
            if (p.deliveryId === 2) throw new Error('database is locked');
            report('ok');
          },
        ),
      ).toBe(true);
    } finally {
      warn.mockRestore();
    }
    expect(sent).toEqual([1, 2]);
    expect(drained.enqueued).toHaveLength(1);
  });

  it("a delivery's report answers once the next one has asked for its claim, so the record may share its transaction", async () => {
    const { lanes, ctx } = await parkedLane({}, 2);
    const events: string[] = [];
    await throughLane(
      ctx,
      'holder',
      endpoint,
      postbackSend,
      { deliveryId: 1, attempt: 1 },
      async (p: Payload, report) => {
        events.push(`claim ${p.deliveryId}`);
        await report('ok');
        events.push(`record ${p.deliveryId}`);
      },
    );
    expect(events).toEqual(['claim 1', 'claim 2', 'record 1', 'claim 3', 'record 2', 'record 3']);
    expect((await lanes.status([endpoint]))[0]).toMatchObject({ inFlight: 0, waiting: 0 });
  });
});
