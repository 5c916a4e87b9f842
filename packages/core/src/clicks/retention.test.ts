import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, createDb, type DbHandle } from '@leadmesh/db';
import { clickDailyStats, clicks, takenOffers } from '@leadmesh/schema/tables';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeAdvertiserWithOffer, makeUser } from '../postbacks/test-support.ts';
import { foldOldClicks } from './retention.ts';

const DAY = 86_400_000;
let dir: string;
let handle: DbHandle;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leadmesh-clicks-retention-'));
  handle = await createDb({ url: `file:${join(dir, 'db.db')}` });
  await applyMigrations(handle.db);
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

it('rolls clicks older than the retention into daily stats, deletes them, keeps the young ones, counts each once', async () => {
  const db = handle.db;
  const publisher = await makeUser(db, 'clicks-pub');
  const advertiser = await makeUser(db, 'clicks-adv', { isVerified: true, isPublisherHidden: true });
  const world = await makeAdvertiserWithOffer(db, advertiser.ID);
  const [taken] = await db
    .insert(takenOffers)
    .values({ BoundUser: publisher.ID, BoundOffer: world.offer.ID, TrackingCode: 'retention-code' })
    .returning();
  const now = Date.UTC(2026, 10, 22, 12);
  const old = now - 100 * DAY;
  const rows = Array.from({ length: 25 }, (_, i) => ({
    ClickKey: `k${i}`,
    BoundTakenOffer: taken.ID,
    BoundUser: publisher.ID,
    BoundOffer: world.offer.ID,
    IP: `203.0.113.${i % 3}`,
    isPhone: i % 2 === 0,
    isUniqueIP: i < 3,
    CountryCode: i < 20 ? 'RS' : null,
    // 22 old clicks over two days (ids in time order), then 3 young ones.
    createdAt: new Date(i < 22 ? old + (i < 11 ? 0 : DAY) + i * 1000 : now - DAY + i),
  }));
  await db.insert(clicks).values(rows);

  // Batches of 4: a crash between batches would leave each click in exactly one place.
  expect(await foldOldClicks(db, { now, days: 90, batch: 4 })).toBe(22);
  const [left] = await db.select({ n: count() }).from(clicks);
  expect(left.n).toBe(3);
  const stats = await db.select().from(clickDailyStats);
  expect(stats.reduce((n, s) => n + s.Clicks, 0)).toBe(22);
  const day0 = Math.floor(old / DAY) * DAY;
  expect(stats.find((s) => s.Day === day0 && s.CountryCode === 'RS')).toMatchObject({
    Clicks: 11,
    UniqueIPs: 3,
    PhoneClicks: 6,
    BoundUser: publisher.ID,
    BoundOffer: world.offer.ID,
  });
  expect(stats.find((s) => s.Day === day0 + DAY && s.CountryCode === '')?.Clicks).toBe(2);
  // Running again moves nothing: the young clicks stay, nothing is counted twice.
  expect(await foldOldClicks(db, { now, days: 90, batch: 4 })).toBe(0);
  expect((await db.select().from(clickDailyStats)).reduce((n, s) => n + s.Clicks, 0)).toBe(22);
  await expect(foldOldClicks(db, { now, days: 30 })).rejects.toThrow(/45 days/);
});
