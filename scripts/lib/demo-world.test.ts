import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbHandle } from '@leadmesh/db';
import { createEndpointLanes, QUEUES } from '@leadmesh/jobs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningBackend, startBackend } from './backend.ts';
import { freePort } from './world.ts';

/**
 * Issue 17's demo world, as `npm start` makes it on a fresh data folder (real API and worker
 * processes, the seeded world, its own Redis prefix): it starts at rest, and new orders on its
 * landings are decided by the Sandbox CRM and their signed postbacks recorded by the inspector,
 * with nothing retrying, no endpoint failing and the queues drained. Every URL is on 127.0.0.1.
 */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Orders placed; each from its own client address (the sites server trusts this machine as its proxy). */
const ORDERS = 12;

let dir: string;
let backend: RunningBackend;
let handle: DbHandle;
let plain: Redis;
let prefixed: Redis;
const prefix = `demo-alive-${process.pid}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leadmesh-demo-alive-'));
  backend = await startBackend({
    dataDir: dir,
    apiPort: await freePort(),
    ownRedisPrefix: prefix,
    verbose: false,
    env: { TRUSTED_PROXIES: '127.0.0.1' },
  });
  handle = await createDb({ url: backend.databaseUrl });
  plain = new Redis(backend.redis.url, { maxRetriesPerRequest: null });
  prefixed = new Redis(backend.redis.url, { keyPrefix: `${prefix}:` });
}, 180_000);
afterAll(async () => {
  handle?.close();
  plain?.disconnect();
  prefixed?.disconnect();
  const cleanup = await backend?.stop();
  expect(cleanup?.left).toBe(0);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const rows = async (q: string) => (await handle.client.execute(q)).rows;
const scalar = async (q: string) => Number((await rows(q))[0][0]);

async function queueCounts() {
  const out: Record<string, { waiting: number; active: number; delayed: number; failed: number }> = {};
  for (const name of QUEUES) {
    const queue = new Queue(name, { connection: plain, prefix });
    const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized');
    out[name] = {
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      failed: c.failed ?? 0,
    };
    await queue.close();
  }
  return out;
}

/** A mobile number of the offer's first country, different per `n`. */
const PHONE_PREFIX: Record<string, [string, number]> = {
  RS: ['+381 64 ', 7],
  HR: ['+385 91 ', 7],
  BA: ['+387 61 ', 6],
  SI: ['+386 41 ', 6],
  ME: ['+382 67 ', 6],
  MK: ['+389 70 ', 6],
};
function phoneIn(country: string, n: number): string {
  const [prefix, digits] = PHONE_PREFIX[country] ?? PHONE_PREFIX.RS;
  return `${prefix}${String(2 * 10 ** (digits - 1) + n * 7919).slice(0, digits)}`;
}

/** A visitor clicks the tracking link, sees the first page and orders (name and phone). */
async function order({ code, country }: { code: string; country: string }, n: number): Promise<number> {
  const headers = { 'user-agent': BROWSER, 'x-forwarded-for': `198.51.100.${10 + n}` };
  const click = await fetch(`${backend.sitesUrl}/t/${code}`, { redirect: 'manual', headers });
  const first = new URL(click.headers.get('location') ?? '', backend.sitesUrl);
  const cookie = (click.headers.get('set-cookie') ?? '').split(';')[0];
  expect((await fetch(first, { headers: { ...headers, cookie } })).status).toBe(200);
  const answer = await fetch(`${backend.sitesUrl}/o/${code}/_lm/order`, {
    method: 'POST',
    headers: { ...headers, cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      click: first.searchParams.get('click'),
      name: `Demo Buyer ${n}`,
      phone: phoneIn(country, n),
    }),
  });
  return answer.status;
}

async function waitFor<T>(check: () => Promise<T | false>, timeoutMs: number, what: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

it('stays at rest, then decides new orders in the sandbox and shows their signed postbacks in the inspector', {
  timeout: 300_000,
}, async () => {
  // At rest: nothing on its way to a CRM, nothing waiting in the delivery queues, no failing lane.
  expect(await scalar('select count(*) from leads where status in (-2, -1, 6)')).toBe(0);
  expect(await scalar("select count(*) from crms where type <> 'sandbox'")).toBe(0);
  expect(await scalar(`select count(*) from postbacks where url not like '${backend.sitesUrl}/pb/%'`)).toBe(
    0,
  );
  const lanes = createEndpointLanes(prefixed);
  expect(await lanes.failing()).toEqual([]);

  // Orders on the offers of the call centre sandbox (30 s to decide).
  const codes = (
    await rows(
      "select t.tracking_code, o.countries from taken_offers t join offers o on o.id = t.offer_id join crms c on c.id = o.crm_id where t.deleted_at is null and o.active = 1 and t.landing_website_id is not null and c.friendly_name = 'Sandbox: call centre'",
    )
  ).map((r) => ({ code: String(r[0]), country: (JSON.parse(String(r[1])) as string[])[0] }));
  expect(codes.length).toBeGreaterThan(0);
  const before = await scalar('select max(id) from leads');
  for (let n = 0; n < ORDERS; n++) expect(await order(codes[n % codes.length], n)).toBe(200);
  const fresh = await rows(`select id, status, blocked_reason from leads where id > ${before}`);
  expect(fresh.map((r) => r.blocked_reason)).toEqual(fresh.map(() => null));
  expect(fresh).toHaveLength(ORDERS);

  // The sandbox decides each: confirmed, rejected or bad; none retries on the way.
  let retrying = 0;
  const decided = await waitFor(
    async () => {
      retrying = Math.max(retrying, await scalar('select count(*) from leads where status = -2'));
      const open = await scalar(
        `select count(*) from leads where id > ${before} and status not in (2, 3, 4)`,
      );
      return open === 0
        ? rows(`select status, count(*) n from leads where id > ${before} group by status`)
        : false;
    },
    150_000,
    'the sandbox to decide every new lead',
  );
  expect(retrying).toBe(0);
  const byStatus = Object.fromEntries(decided.map((r) => [Number(r.status), Number(r.n)]));
  expect((byStatus[2] ?? 0) + (byStatus[3] ?? 0)).toBeGreaterThan(0);

  // Their postbacks: every delivery delivered to the inspector, each request signed and verified.
  const deliveries = await waitFor(
    async () => {
      const states = await rows(
        `select state, count(*) n from postback_deliveries where lead_id > ${before} group by state`,
      );
      return states.length === 1 && states[0].state === 'delivered' ? Number(states[0].n) : false;
    },
    60_000,
    'every postback of the new leads delivered',
  );
  // One OnCreate postback per lead of its owner, one OnApproved or OnDeclined per decided lead of theirs.
  expect(deliveries).toBeGreaterThanOrEqual(ORDERS / 2);
  const signatures = await rows(
    `select signature, count(*) n from inspector_requests where created_at >= (select min(created_at) from leads where id > ${before}) group by signature`,
  );
  expect(signatures.map((r) => [r.signature, Number(r.n)])).toEqual([['valid', deliveries]]);

  // And the world is at rest again.
  await waitFor(
    async () => {
      const counts = await queueCounts();
      return counts.crm.waiting + counts.crm.active + counts.postbacks.waiting + counts.postbacks.active === 0
        ? counts
        : false;
    },
    30_000,
    'the delivery queues to drain',
  );
  const counts = await queueCounts();
  for (const name of ['crm', 'postbacks'] as const)
    expect(counts[name]).toMatchObject({ delayed: 0, failed: 0 });
  expect(await scalar('select count(*) from leads where status in (-2, -1, 6)')).toBe(0);
  expect(await lanes.failing()).toEqual([]);
});
