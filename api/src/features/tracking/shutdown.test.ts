/**
 * Clicks are buffered in memory; a clean shutdown (SIGTERM, SIGINT) of the real entries, Node and
 * Deno, writes every click whose redirect was answered.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, createDb } from '@leadmesh/db';
import { advertisers, clicks, offers, takenOffers, users, websites } from '@leadmesh/schema/tables';
import { count } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'leadmesh-shutdown-'));
const CODE = 'shutdown-test-code-0123456789';

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A database with one taken offer behind CODE. */
async function freshDatabase(name: string): Promise<string> {
  const url = `file:${join(dir, `${name}.db`)}`;
  const handle = await createDb({ url });
  await applyMigrations(handle.db);
  const db = handle.db;
  const [user] = await db
    .insert(users)
    .values({ Username: 'pub', Email: 'pub@example.com', PasswordHash: 'x', RefCode: 'r1', isVerified: true })
    .returning();
  const [adv] = await db
    .insert(advertisers)
    .values({ UserID: user.ID, CompanyName: 'C', CompanyAddress: 'A' })
    .returning();
  const [offer] = await db
    .insert(offers)
    .values({
      BoundAdvertiser: adv.ID,
      OfferName: 'O',
      OfferProductName: 'P',
      OfferProductBrand: 'B',
      OfferProductPrice: '1,00 EUR',
      OfferType: 'CPA',
      OfferActive: true,
      OfferCountry: ['RS'],
      OfferImages: [],
      OfferDescription: 'd',
    })
    .returning();
  const [site] = await db
    .insert(websites)
    .values({
      WebsiteName: 'L',
      BoundOffer: offer.ID,
      EntryFile: 'index.html',
      WebsiteType: 'Landing',
      StorageKey: 'k1',
    })
    .returning();
  await db
    .insert(takenOffers)
    .values({ BoundUser: user.ID, BoundOffer: offer.ID, BoundLandingWebsite: site.ID, TrackingCode: CODE });
  handle.close();
  return url;
}

function start(
  runtime: 'node' | 'deno',
  databaseUrl: string,
): Promise<{ child: ChildProcess; sitesUrl: string }> {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    SITES_PORT: '0',
    // No timer: only the full-batch writes (500) and the shutdown write the clicks.
    CLICK_FLUSH_MS: '600000',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    REDIS_PREFIX: `shutdown-${runtime}-${process.pid}`,
    APP_SECRET: 'shutdown-test-secret-0123456789',
    NODE_ENV: 'test',
    DENO_DIR: join(root, '.cache/deno'),
  };
  const [command, args] =
    runtime === 'node'
      ? [process.execPath, ['--import', 'tsx', 'api/src/main.node.ts']]
      : [join(root, 'node_modules/.bin/deno'), ['run', '-A', 'api/src/main.deno.ts']];
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${runtime} did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Sites server(?: \(Deno\))? at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, sitesUrl: match[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${runtime} exited with ${code}:\n${output}`));
    });
  });
}

it.each(['node', 'deno'] as const)(
  '%s: every click answered before SIGTERM/SIGINT is in the table after a clean shutdown',
  async (runtime) => {
    const databaseUrl = await freshDatabase(runtime);
    const { child, sitesUrl } = await start(runtime, databaseUrl);
    const answered = { n: 0 };
    const clickOnce = async () => {
      const response = await fetch(`${sitesUrl}/t/${CODE}?c1=batch`, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status === 302) answered.n++;
    };
    // 300 clicks, 30 at a time: all still in the buffer when the signal comes.
    for (let round = 0; round < 10; round++) await Promise.all(Array.from({ length: 30 }, clickOnce));
    const before = await createDb({ url: databaseUrl });
    const [written] = await before.db.select({ n: count() }).from(clicks);
    before.close();
    expect(written.n).toBe(0);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(runtime === 'node' ? 'SIGTERM' : 'SIGINT');
    expect(await exited).toBe(0);
    const handle = await createDb({ url: databaseUrl });
    const [row] = await handle.db.select({ n: count() }).from(clicks);
    handle.close();
    expect(answered.n).toBe(300);
    expect(row.n).toBe(300);
  },
  120_000,
);
