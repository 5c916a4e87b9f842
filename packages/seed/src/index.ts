import { isAbsolute, join, resolve } from 'node:path';
import { type DbHandle, repoRoot } from '@leadmesh/db';
import * as t from '@leadmesh/schema/tables';
import { count } from 'drizzle-orm';
import { seedAdvertisers } from './advertisers.ts';
import type { SeedContext } from './context.ts';
import { seedIntegrations, seedLogs } from './extras.ts';
import { seedMoney } from './money.ts';
import { seedOffers } from './offers.ts';
import { seedPeople } from './people.ts';
import { createRandom } from './random.ts';
import { seedTraffic } from './traffic.ts';

export { DEMO_API_TOKEN, DEMO_LOGINS, DEMO_PASSWORDS } from './demo-data.ts';

export interface SeedOptions {
  /** How many leads to generate (10,000 by default; 1,000,000 for benchmarks). */
  leads?: number;
  /** Days the leads spread over, ending now. */
  days?: number;
  /** Where offer images and landing pages are written (data/uploads by default). */
  uploadsDir?: string;
  now?: number;
  /**
   * The sites server's public URL (`SITES_PUBLIC_URL`, default http://127.0.0.1:5100): the demo
   * postbacks point at the users' inspectors there.
   */
  sitesPublicUrl?: string;
  /** Demo logins are for development only: production refuses to seed them. */
  nodeEnv?: string;
  log?: (message: string) => void;
}

export interface SeedSummary {
  users: number;
  offers: number;
  leads: number;
  ms: number;
}

export async function isSeeded(handle: DbHandle): Promise<boolean> {
  const [row] = await handle.db.select({ n: count() }).from(t.users);
  return row.n > 0;
}

/**
 * Builds the demo world: staff, three publishers (one unverified), two advertisers with Sandbox CRMs
 * and credit, offers with images and websites, taken offers, leads in every status over the
 * last 60 days with their ledger, postbacks, payouts, invoices, referral earnings and logs.
 * Each area lives in its own module; this only orders them.
 */
export async function seedDemoWorld(handle: DbHandle, options: SeedOptions = {}): Promise<SeedSummary> {
  if ((options.nodeEnv ?? process.env.NODE_ENV) === 'production') {
    throw new Error('The demo world (with its well-known passwords) is never seeded in production');
  }
  const started = Date.now();
  const leads = options.leads ?? 10_000;
  const uploads = options.uploadsDir
    ? isAbsolute(options.uploadsDir)
      ? options.uploadsDir
      : resolve(repoRoot, options.uploadsDir)
    : join(repoRoot, 'data', 'uploads');
  const ctx: SeedContext = {
    handle,
    r: createRandom(20261121),
    now: options.now ?? Date.now(),
    days: options.days ?? 60,
    uploads,
    sitesPublicUrl: (
      options.sitesPublicUrl ??
      process.env.SITES_PUBLIC_URL ??
      'http://127.0.0.1:5100'
    ).replace(/\/+$/, ''),
    big: leads >= 50_000,
    log: options.log ?? (() => undefined),
  };
  if (ctx.big) {
    await handle.client.execute('PRAGMA synchronous = OFF');
    await handle.client.execute('PRAGMA cache_size = -262144');
  }
  const people = await seedPeople(ctx);
  const partners = await seedAdvertisers(ctx, people);
  const catalogue = await seedOffers(ctx, partners);
  await seedTraffic(ctx, people, partners, catalogue, leads);
  await seedMoney(ctx, people, partners);
  await seedIntegrations(ctx, people);
  await seedLogs(ctx, catalogue);
  if (ctx.big) await handle.client.execute('PRAGMA synchronous = NORMAL');
  const [users] = await handle.db.select({ n: count() }).from(t.users);
  ctx.log('demo world ready');
  return { users: users.n, offers: catalogue.offers.length, leads, ms: Date.now() - started };
}
