import type { Db } from '@leadmesh/db';
import { clicks, takenOffers } from '@leadmesh/schema/tables';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomToken } from '../../lib/crypto.ts';
import { openGeoLookup } from '../../lib/traffic/geo.ts';
import { ClickBuffer, type PendingClick } from './click-buffer.ts';
import { threadClickWriter } from './click-writer.ts';
import { createTrafficWorld, type TrafficWorld } from './test-world.ts';

let w: TrafficWorld;
beforeAll(async () => {
  w = await createTrafficWorld();
});
afterAll(async () => {
  await w?.close();
});

const geo = openGeoLookup();

function click(takenOfferId = w.taken.ID, overrides: Partial<PendingClick> = {}): PendingClick {
  return {
    ClickKey: randomToken(16),
    BoundTakenOffer: takenOfferId,
    BoundUser: w.publisher.user.ID,
    BoundOffer: w.offer.ID,
    IP: '10.1.2.3',
    UserAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    Referer: null,
    SubIDs: null,
    createdAt: Date.now(),
    ...overrides,
  };
}

async function stored(keys: string[]): Promise<number> {
  let n = 0;
  for (const key of keys) {
    const [row] = await w.db.select({ n: count() }).from(clicks).where(eq(clicks.ClickKey, key));
    n += row.n;
  }
  return n;
}

describe('ClickBuffer', () => {
  it('writes a full batch at once and the rest on close, every click exactly once', async () => {
    const buffer = new ClickBuffer(w.db, { geo, flushEveryMs: 3_600_000, maxRows: 100 });
    const added = Array.from({ length: 250 }, () => click());
    for (const c of added) buffer.add(c);
    await buffer.flush();
    expect(buffer.size).toBe(0);
    const more = Array.from({ length: 30 }, () => click());
    for (const c of more) buffer.add(c);
    expect(buffer.size).toBe(30);
    await buffer.close();
    expect(buffer.size).toBe(0);
    expect(await stored([...added, ...more].map((c) => c.ClickKey))).toBe(280);
  });

  it('writes on its timer without being asked', async () => {
    const buffer = new ClickBuffer(w.db, { geo, flushEveryMs: 5 });
    const c = click();
    buffer.add(c);
    await vi.waitFor(async () => expect(await stored([c.ClickKey])).toBe(1), {
      timeout: 5_000,
      interval: 10,
    });
    await buffer.close();
  });

  it('settle() waits until a buffered click is in the table', async () => {
    const buffer = new ClickBuffer(w.db, { geo, flushEveryMs: 3_600_000 });
    const c = click();
    buffer.add(c);
    expect(buffer.isPending(c.ClickKey)).toBe(true);
    await buffer.settle(c.ClickKey);
    expect(buffer.isPending(c.ClickKey)).toBe(false);
    expect(await stored([c.ClickKey])).toBe(1);
    await buffer.close();
  });

  it('keeps the clicks of a failed write and writes them on the next try', async () => {
    const real = (w.db as Db & { $client: { batch: (...args: unknown[]) => Promise<unknown> } }).$client;
    let fail = true;
    const flaky = {
      $client: {
        batch: (...args: unknown[]) =>
          fail ? Promise.reject(new Error('database is locked')) : real.batch(...args),
      },
    } as unknown as Db;
    const errors: unknown[] = [];
    const buffer = new ClickBuffer(flaky, { geo, flushEveryMs: 3_600_000, onError: (e) => errors.push(e) });
    const added = [click(), click(), click()];
    for (const c of added) buffer.add(c);
    await buffer.flush();
    expect(errors).toHaveLength(1);
    expect(buffer.size).toBe(3);
    fail = false;
    await buffer.close();
    expect(await stored(added.map((c) => c.ClickKey))).toBe(3);
  });

  it('drops the oldest clicks beyond the backlog while the database refuses writes', async () => {
    const broken = { $client: { batch: () => Promise.reject(new Error('disk full')) } } as unknown as Db;
    const buffer = new ClickBuffer(broken, {
      geo,
      flushEveryMs: 3_600_000,
      maxBacklog: 5,
      onError: () => {},
    });
    for (let i = 0; i < 8; i++) buffer.add(click());
    await buffer.flush();
    expect(buffer.size).toBe(5);
    expect(buffer.dropped).toBe(3);
    await buffer.close();
  });

  it('skips a click whose taken offer was removed meanwhile and ignores a click written twice', async () => {
    const doomed = await w.takeOffer({
      BoundUser: w.publisher.user.ID,
      BoundOffer: w.offer.ID,
      BoundLandingWebsite: w.landing.ID,
    });
    const buffer = new ClickBuffer(w.db, { geo, flushEveryMs: 3_600_000 });
    const orphan = click(doomed.ID);
    const fine = click();
    buffer.add(orphan);
    buffer.add(fine);
    await w.db.delete(takenOffers).where(eq(takenOffers.ID, doomed.ID));
    await buffer.flush();
    buffer.add({ ...fine, IP: '10.9.9.9' });
    await buffer.close();
    expect(await stored([orphan.ClickKey])).toBe(0);
    const [row] = await w.db.select().from(clicks).where(eq(clicks.ClickKey, fine.ClickKey));
    expect(row).toMatchObject({ IP: '10.1.2.3', isPhone: true });
  });

  it('on a writer thread: the API uses it, and it writes, decides uniqueness and skips removed offers alike', async () => {
    expect(await w.api.deps.traffic.clicks.writerKind()).toBe('thread');
    const writer = await threadClickWriter(w.api.deps.env.DATABASE_URL);
    expect(writer?.kind).toBe('thread');
    const buffer = new ClickBuffer(w.db, {
      geo,
      flushEveryMs: 3_600_000,
      maxRows: 150,
      writer: writer ?? undefined,
    });
    const offer = await w.createOffer();
    const doomed = await w.takeOffer({
      BoundUser: w.publisher.user.ID,
      BoundOffer: offer.ID,
      BoundLandingWebsite: w.landing.ID,
    });
    const added = Array.from({ length: 400 }, (_, i) =>
      click(w.taken.ID, { BoundOffer: offer.ID, IP: `10.60.0.${i % 3}` }),
    );
    for (const c of added) buffer.add(c);
    const orphan = click(doomed.ID, { BoundOffer: offer.ID });
    buffer.add(orphan);
    await w.db.delete(takenOffers).where(eq(takenOffers.ID, doomed.ID));
    await buffer.close();
    expect(await stored(added.map((c) => c.ClickKey))).toBe(400);
    expect(await stored([orphan.ClickKey])).toBe(0);
    const unique = await w.db.select().from(clicks).where(eq(clicks.BoundOffer, offer.ID));
    expect(
      unique
        .filter((r) => r.isUniqueIP)
        .map((r) => r.IP)
        .sort(),
    ).toEqual(['10.60.0.0', '10.60.0.1', '10.60.0.2']);
  });

  it('falls back to the event loop when its writer thread died', async () => {
    const dead = {
      kind: 'thread' as const,
      failed: true,
      write: () => Promise.reject(new Error('the click writer stopped (1)')),
      close: async () => {},
    };
    const errors: unknown[] = [];
    const buffer = new ClickBuffer(w.db, {
      geo,
      flushEveryMs: 3_600_000,
      writer: dead,
      onError: (e) => errors.push(e),
    });
    const c = click();
    buffer.add(c);
    await buffer.flush();
    expect(errors).toHaveLength(1);
    expect(await buffer.writerKind()).toBe('inline');
    await buffer.close();
    expect(await stored([c.ClickKey])).toBe(1);
  });
});
