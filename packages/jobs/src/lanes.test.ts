import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEndpointLanes } from './lanes.ts';

let redis: Redis;
const namespaces: string[] = [];
beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    keyPrefix: `test-lanes-${randomUUID()}:`,
  });
});
afterAll(async () => {
  const prefix = redis.options.keyPrefix ?? '';
  const keys = await redis.keys(`${prefix}*`);
  const plain = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  if (keys.length > 0) await plain.del(...keys);
  plain.disconnect();
  redis.disconnect();
});

function lanes(settings: Parameters<typeof createEndpointLanes>[1] = {}) {
  const namespace = `ns${namespaces.length}`;
  namespaces.push(namespace);
  return createEndpointLanes(redis, settings, namespace);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('endpoint lanes', () => {
  it('lets maxInFlight deliveries in per endpoint, parks the rest, and hands a freed slot to the oldest parked', async () => {
    const l = lanes({ maxInFlight: 2 });
    expect(await l.enter('a', 't1', 'm1')).toBe(true);
    expect(await l.enter('a', 't2', 'm2')).toBe(true);
    expect(await l.enter('a', 't3', 'm3')).toBe(false);
    expect(await l.enter('a', 't4', 'm4')).toBe(false);
    // Another endpoint is not held back.
    expect(await l.enter('b', 'u1', 'n1')).toBe(true);
    // The same delivery parked twice (a sweep) waits once.
    expect(await l.enter('a', 't3-again', 'm3')).toBe(false);
    expect((await l.status(['a']))[0]).toMatchObject({ inFlight: 2, waiting: 2, state: 'closed' });

    const released = await l.leave('a', 't1', 'ok');
    expect(released.map((r) => r.member)).toEqual(['m3']);
    // The released delivery holds the slot under its token: nobody else takes it meanwhile.
    expect(await l.enter('a', 't5', 'm5')).toBe(false);
    expect(await l.enter('a', released[0].token, 'm3')).toBe(true);
    expect((await l.status(['a']))[0]).toMatchObject({ inFlight: 2, waiting: 2 });
  });

  it('opens after consecutive failures, parks everything, sends one probe when due and closes on its success', async () => {
    const l = lanes({ maxInFlight: 4, failuresToOpen: 3, probeBaseMs: 200, probeMaxMs: 1_000 });
    for (const t of ['t1', 't2', 't3']) expect(await l.enter('dead', t, `m-${t}`)).toBe(true);
    await l.leave('dead', 't1', 'fail', 'TIMEOUT: no answer');
    // A success in between resets the run; here none: two more failures open it.
    await l.leave('dead', 't2', 'fail', 'TIMEOUT: no answer');
    expect((await l.status(['dead']))[0].state).toBe('closed');
    expect(await l.leave('dead', 't3', 'fail', 'CONNECTION_FAILED: refused')).toEqual([]);
    const open = (await l.status(['dead']))[0];
    expect(open).toMatchObject({ state: 'open', failures: 3, lastError: 'CONNECTION_FAILED: refused' });
    expect(open.failingSince).toBeGreaterThan(0);
    expect(open.nextTryAt).toBeGreaterThan(Date.now());
    expect((await l.failing()).map((f) => f.endpoint)).toEqual(['dead']);

    // Open: nothing goes, though every slot is free.
    for (const n of [1, 2, 3]) expect(await l.enter('dead', `p${n}`, `parked-${n}`)).toBe(false);
    expect(await l.wakeDue()).toEqual([]);
    await sleep(250);
    // Due: exactly one probe, the oldest parked.
    const woken = await l.wakeDue();
    expect(woken).toHaveLength(1);
    expect(woken[0].released.map((r) => r.member)).toEqual(['parked-1']);
    expect((await l.status(['dead']))[0].state).toBe('half-open');
    expect(await l.enter('dead', 'late', 'parked-4')).toBe(false);
    expect((await l.wakeDue()).flatMap((w) => w.released)).toEqual([]);

    // The probe answers: closed, and the parked ones get the free slots.
    const probe = woken[0].released[0].token;
    expect(await l.enter('dead', probe, 'parked-1')).toBe(true);
    const after = await l.leave('dead', probe, 'ok');
    expect(after.map((r) => r.member)).toEqual(['parked-2', 'parked-3', 'parked-4']);
    expect((await l.status(['dead']))[0]).toMatchObject({ state: 'closed', failures: 0, failingSince: null });
    expect(await l.failing()).toEqual([]);
  });

  it('a failed probe opens it again for longer; an arrival after the wait becomes the probe', async () => {
    const l = lanes({ maxInFlight: 4, failuresToOpen: 1, probeBaseMs: 100, probeMaxMs: 10_000 });
    expect(await l.enter('x', 't1', 'm1')).toBe(true);
    await l.leave('x', 't1', 'fail', 'boom');
    await sleep(120);
    expect(await l.enter('x', 'probe', 'm2')).toBe(true);
    expect(await l.enter('x', 'other', 'm3')).toBe(false);
    const before = Date.now();
    await l.leave('x', 'probe', 'fail', 'boom again');
    const st = (await l.status(['x']))[0];
    expect(st.state).toBe('open');
    // The second opening waits twice as long (200 ms).
    expect(st.nextTryAt ?? 0).toBeGreaterThanOrEqual(before + 190);
  });

  it('frees the slot of a delivery whose worker died once its lease runs out', async () => {
    const l = lanes({ maxInFlight: 1, leaseMs: 150 });
    expect(await l.enter('e', 'dies', 'm1')).toBe(true);
    expect(await l.enter('e', 't2', 'm2')).toBe(false);
    await sleep(200);
    const woken = await l.wakeDue();
    expect(woken.flatMap((w) => w.released.map((r) => r.member))).toEqual(['m2']);
  });

  it('a reset closes the breaker and releases what waits', async () => {
    const l = lanes({ maxInFlight: 2, failuresToOpen: 1, probeBaseMs: 60_000 });
    expect(await l.enter('r', 't1', 'm1')).toBe(true);
    await l.leave('r', 't1', 'fail', 'down');
    expect(await l.enter('r', 't2', 'm2')).toBe(false);
    expect(await l.enter('r', 't3', 'm3')).toBe(false);
    expect(await l.enter('r', 't4', 'm4')).toBe(false);
    const released = await l.reset('r');
    expect(released.map((r) => r.member)).toEqual(['m2', 'm3']);
    expect((await l.status(['r']))[0]).toMatchObject({ state: 'closed', waiting: 1, inFlight: 2 });
  });

  it('handOn keeps the slot for the oldest parked delivery, under the same token, and frees it when none waits', async () => {
    const l = lanes({ maxInFlight: 2 });
    expect(await l.enter('h', 't1', 'm1')).toBe(true);
    expect(await l.enter('h', 't2', 'm2')).toBe(true);
    for (const m of ['m3', 'm4']) expect(await l.enter('h', `t-${m}`, m)).toBe(false);
    const first = await l.handOn('h', 't1', 'ok');
    expect(first).toEqual({ next: 'm3', released: [] });
    // Still two in flight, one parked: the kept slot is not a third one.
    expect((await l.status(['h']))[0]).toMatchObject({ inFlight: 2, waiting: 1 });
    expect(await l.enter('h', 't5', 'm5')).toBe(false);
    // The same token goes on holding it (a second enter of it is a renewal, not a new slot).
    expect(await l.enter('h', 't1', 'm3')).toBe(true);
    expect((await l.status(['h']))[0]).toMatchObject({ inFlight: 2, waiting: 2 });
    expect((await l.handOn('h', 't1', 'ok')).next).toBe('m4');
    expect((await l.handOn('h', 't1', 'ok')).next).toBe('m5');
    expect(await l.handOn('h', 't1', 'ok')).toEqual({ next: null, released: [] });
    expect((await l.status(['h']))[0]).toMatchObject({ inFlight: 1, waiting: 0 });
  });

  it('handOn gives the other free slots to the queue as leave does, the oldest parked kept for itself', async () => {
    const l = lanes({ maxInFlight: 3, leaseMs: 150 });
    for (const t of ['t1', 't2', 't3']) expect(await l.enter('f', t, `m-${t}`)).toBe(true);
    for (const m of ['p1', 'p2', 'p3']) expect(await l.enter('f', `t-${m}`, m)).toBe(false);
    // t2 and t3 died mid-call: their leases run out; t1 renews its own by handing on.
    await sleep(200);
    const handoff = await l.handOn('f', 't1', 'ok');
    expect(handoff.next).toBe('p1');
    expect(handoff.released.map((r) => r.member)).toEqual(['p2', 'p3']);
    expect((await l.status(['f']))[0]).toMatchObject({ inFlight: 3, waiting: 0 });
  });

  it('handOn keeps nothing once the breaker opens, and a half-open probe that answers sends the next itself', async () => {
    const l = lanes({ maxInFlight: 2, failuresToOpen: 2, probeBaseMs: 100, probeMaxMs: 1_000 });
    expect(await l.enter('b', 't1', 'm1')).toBe(true);
    expect(await l.enter('b', 't2', 'm2')).toBe(true);
    for (const m of ['p1', 'p2', 'p3']) expect(await l.enter('b', `t-${m}`, m)).toBe(false);
    // A failure short of opening: the run goes on.
    expect((await l.handOn('b', 't1', 'fail', 'HTTP 503')).next).toBe('p1');
    // The second consecutive failure opens it: the slot is free and nothing goes.
    expect(await l.handOn('b', 't1', 'fail', 'HTTP 503')).toEqual({ next: null, released: [] });
    expect((await l.status(['b']))[0]).toMatchObject({ state: 'open', inFlight: 1, waiting: 2 });
    await sleep(150);
    const [woken] = await l.wakeDue();
    expect(woken.released.map((r) => r.member)).toEqual(['p2']);
    const probe = woken.released[0];
    expect(await l.enter('b', probe.token, probe.member)).toBe(true);
    // The probe answers: closed, and its worker goes on with the oldest parked under the probe's token.
    expect(await l.handOn('b', probe.token, 'ok')).toEqual({ next: 'p3', released: [] });
    expect((await l.status(['b']))[0]).toMatchObject({ state: 'closed', failures: 0, inFlight: 2 });
  });
});
