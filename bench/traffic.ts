/**
 * Bench rows of the traffic path (for scripts/bench.ts; also runs alone: `npx tsx bench/traffic.ts`).
 *
 * - `trackingRows`: the tracking redirect (`GET /t/{code}` on the sites server) against a bare Hono
 *   app answering the same 302 (same status, headers and Location shape, recorded from the real
 *   one, bench/bare-hono.ts), 50 connections, throughput ratio and p99.
 * - `intakeRows`: lead intake (`POST /intake/leads`, API token) posting `leads` different leads
 *   over 50 connections; accepted leads per second, then, after a clean shutdown, the leads
 *   committed (status -1) and the `lead.deliver` jobs in Redis are counted.
 *
 * Each starts the API as in production on a small world of its own (a temporary libSQL file), so
 * neither depends on the million-lead world of scripts/bench.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiTokenColumns, secretBoxFromEnv } from '@leadmesh/core';
import { applyMigrations, createDb } from '@leadmesh/db';
import {
  advertisers,
  apiTokens,
  clicks,
  leads,
  offers,
  takenOffers,
  users,
  websites,
} from '@leadmesh/schema/tables';
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { count, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { type Child, type LoadResult, load, startChild } from './http-load.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsx = ['--import', 'tsx'];

/** One line of the bench table (the shape scripts/bench.ts prints). */
export interface Row {
  name: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  ok: boolean;
}

export interface TrafficBenchOptions {
  /** Seconds per load figure (default 8). */
  seconds?: number;
  connections?: number;
  /** Leads posted by the intake bench (default 20,000). */
  leads?: number;
  /** Another checkout whose API the intake bench starts (a before/after comparison in one run). */
  apiRoot?: string;
  /** Names the measured tree in the row (e.g. "before"). */
  label?: string;
  log?: (line: string) => void;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const TRACKING_CODE = 'bench-tracking-code-0123456789';
export const API_TOKEN = 'bench-api-token-0123456789abcdef';
const BENCH_SECRET = 'bench-secret-bench-secret';

/** A world of one verified publisher, an infinite-credit advertiser, an offer without a practical limit. */
export async function buildWorld(dir: string): Promise<string> {
  const url = `file:${join(dir, 'bench.db')}`;
  const handle = await createDb({ url });
  await applyMigrations(handle.db);
  const db = handle.db;
  const [publisher] = await db
    .insert(users)
    .values({
      Username: 'benchpub',
      Email: 'benchpub@example.com',
      PasswordHash: 'x',
      RefCode: 'b1',
      isVerified: true,
    })
    .returning();
  const [owner] = await db
    .insert(users)
    .values({
      Username: 'benchadv',
      Email: 'benchadv@example.com',
      PasswordHash: 'x',
      RefCode: 'b2',
      isVerified: true,
    })
    .returning();
  const [advertiser] = await db
    .insert(advertisers)
    .values({
      UserID: owner.ID,
      CompanyName: 'Bench',
      CompanyAddress: 'Street 1',
      isVerified: true,
      isInfiniteCredits: true,
    })
    .returning();
  const [offer] = await db
    .insert(offers)
    .values({
      BoundAdvertiser: advertiser.ID,
      OfferName: 'Bench offer',
      OfferProductName: 'Bench product',
      OfferProductBrand: 'Bench',
      OfferProductPrice: '10,00 EUR',
      OfferPayout: 1500,
      PlatformTax: 20,
      OfferLimit: 100_000_000,
      OfferType: 'CPA',
      OfferActive: true,
      OfferCountry: ['RS'],
      OfferImages: [],
      OfferDescription: 'Bench',
    })
    .returning();
  const [landing] = await db
    .insert(websites)
    .values({
      WebsiteName: 'Bench landing',
      BoundOffer: offer.ID,
      EntryFile: 'index.html',
      WebsiteType: 'Landing',
      StorageKey: 'bench',
    })
    .returning();
  await db.insert(takenOffers).values({
    BoundUser: publisher.ID,
    BoundOffer: offer.ID,
    BoundLandingWebsite: landing.ID,
    TrackingCode: TRACKING_CODE,
  });
  await db.insert(apiTokens).values({
    Name: 'bench',
    UserID: publisher.ID,
    ...apiTokenColumns(secretBoxFromEnv({ NODE_ENV: 'production', APP_SECRET: BENCH_SECRET }), API_TOKEN),
    Flags: { canSendLeads: true },
  });
  handle.close();
  return url;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The API as in production with the sites server on a free port; answers both addresses. */
async function startApi(databaseUrl: string, dataDir: string, prefix: string, apiRoot = root) {
  const sitesPort = await freePort();
  // BENCH_API_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the API.
  const extra = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = await startChild(
    process.execPath,
    [...extra, ...tsx, join(apiRoot, 'api/src/main.node.ts')],
    {
      NODE_ENV: 'production',
      PORT: '0',
      SITES_PORT: String(sitesPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      REDIS_PREFIX: prefix,
      APP_SECRET: BENCH_SECRET,
    },
  );
  const sitesUrl = `http://127.0.0.1:${sitesPort}`;
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${sitesUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 100) throw new Error('the sites server did not answer');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, apiUrl: `http://127.0.0.1:${child.port}`, sitesUrl };
}

/** CPU time a child has used so far (user + system, ms; Linux /proc). */
function cpuMs(child: Child): number {
  const fields = readFileSync(`/proc/${child.process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Stops a child with SIGTERM and waits (the API writes its buffered clicks first). */
const stop = (child: Child) => child.stop();

export async function trackingRows(options: TrafficBenchOptions = {}): Promise<Row[]> {
  const log = options.log ?? console.log;
  const seconds = options.seconds ?? 8;
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-bench-tracking-'));
  const children: Child[] = [];
  try {
    const databaseUrl = await buildWorld(dir);
    const api = await startApi(databaseUrl, dir, `bench-tracking-${process.pid}`);
    children.push(api.child);
    const path = `/t/${TRACKING_CODE}`;

    // The baseline answers what the sites server answered: status, headers, Location and cookie.
    const sample = await fetch(`${api.sitesUrl}${path}`, { redirect: 'manual' });
    if (sample.status !== 302) throw new Error(`the tracking link answered ${sample.status}`);
    const headers: Record<string, string> = {};
    sample.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
        headers[name] = value;
    });
    const answersFile = join(dir, 'bare-answers.json');
    writeFileSync(answersFile, JSON.stringify([{ method: 'GET', path, status: 302, headers, body: '' }]));
    const bare = await startChild(process.execPath, [...tsx, join(root, 'bench/bare-hono.ts')], {
      PORT: '0',
      BARE_ANSWERS: answersFile,
    });
    children.push(bare);
    await new Promise((r) => setTimeout(r, 1000));

    const measure = (base: string): Promise<LoadResult> =>
      load({ url: `${base}${path}`, seconds, connections: options.connections ?? 50, expectStatus: 302 });
    const baseline = await measure(`http://127.0.0.1:${bare.port}`);
    const cpuBefore = cpuMs(api.child);
    const measured = await measure(api.sitesUrl);
    const cpuPerClick =
      ((cpuMs(api.child) - cpuBefore) * 1000) / Math.max(measured.requestsPerSecond * seconds, 1);
    if (measured.errors || measured.unexpected) {
      throw new Error(
        `tracking: ${measured.errors} errors and ${measured.unexpected} unexpected answers under load`,
      );
    }
    await stop(api.child);
    children.splice(children.indexOf(api.child), 1);
    const handle = await createDb({ url: databaseUrl });
    const [written] = await handle.db.select({ n: count() }).from(clicks);
    handle.close();
    const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
    log(
      `  tracking redirect: ${fmt(measured.requestsPerSecond)} vs bare ${fmt(baseline.requestsPerSecond)} req/s (API CPU about ${fmt(cpuPerClick)} µs a click, writer thread included), ${fmt(written.n)} clicks written`,
    );
    return [
      {
        name: 'GET /t/{code} tracking redirect (302): throughput',
        value: `${fmt(measured.requestsPerSecond)} req/s`,
        baseline: `${fmt(baseline.requestsPerSecond)} req/s`,
        ratio: `${fmt(ratio * 100)}%`,
        target: '>= 60% of bare',
        ok: ratio >= 0.6,
      },
      {
        name: 'GET /t/{code} tracking redirect (302): p99 latency',
        value: `${fmt(measured.p99Ms, 1)} ms`,
        baseline: `${fmt(baseline.p99Ms, 1)} ms`,
        ratio: `${fmt(measured.p99Ms / Math.max(baseline.p99Ms, 0.1), 1)}x`,
        target: '< 10 ms',
        ok: measured.p99Ms < 10,
      },
      {
        name: 'tracking: clicks in the table after SIGTERM',
        value: fmt(written.n),
        baseline: '',
        ratio: '',
        target: 'every answered click',
        ok: written.n >= Math.floor(measured.requestsPerSecond * seconds * 0.9),
      },
    ];
  } finally {
    await Promise.all(children.map(stop));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `total` posts over `connections`, timed from the start to the last answer (autocannon stops on its next tick). */
async function postLeads(
  url: string,
  total: number,
  connections: number,
  body: () => string,
): Promise<{ result: autocannon.Result; perSecond: number }> {
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: `${url}/intake/leads`,
        connections,
        amount: total,
        requests: [
          {
            method: 'POST',
            path: '/intake/leads',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${API_TOKEN}` },
            setupRequest: (request) => ({ ...request, body: body() }),
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    run.on('response', () => {
      lastAnswer = performance.now();
    });
  });
  return { result, perSecond: result['2xx'] / ((lastAnswer - started) / 1000) };
}

/**
 * Lead intake against its baseline: a bare Hono app answering the same posts with the API's
 * recorded answer (bench/bare-hono.ts reads each body, as the API does), same count, same
 * connections, in the same run.
 */
export async function intakeRows(options: TrafficBenchOptions = {}): Promise<Row[]> {
  const log = options.log ?? console.log;
  const total = options.leads ?? 20_000;
  const connections = options.connections ?? 50;
  const label = options.label ? ` (${options.label})` : '';
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-bench-intake-'));
  const prefix = `bench-intake-${process.pid}-${options.label ?? 'now'}`;
  const children: Child[] = [];
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  try {
    const databaseUrl = await buildWorld(dir);
    const api = await startApi(databaseUrl, dir, prefix, options.apiRoot);
    children.push(api.child);
    const handle = await createDb({ url: databaseUrl });
    const [{ ID: takenId }] = await handle.db.select({ ID: takenOffers.ID }).from(takenOffers).limit(1);
    handle.close();

    let next = 0;
    const body = () =>
      JSON.stringify({
        BoundTakenOffer: takenId,
        name: `Buyer ${next}`,
        // Every lead its own valid Serbian mobile number (no DUPLICATE_PHONE), no buyer IP (no IP_LIMIT).
        phone: `+38160${1_000_000 + next}`,
        IdempotencyKey: `bench-${next++}`,
      });
    // The baseline answers what the API answered to one lead (kept out of the counts below).
    const sample = await fetch(`${api.apiUrl}/intake/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${API_TOKEN}` },
      body: JSON.stringify({ BoundTakenOffer: takenId, name: 'Sample', phone: '+381600999999' }),
    });
    if (sample.status !== 200) throw new Error(`intake answered ${sample.status}: ${await sample.text()}`);
    const headers: Record<string, string> = {};
    sample.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
        headers[name] = value;
    });
    const answersFile = join(dir, 'bare-answers.json');
    writeFileSync(
      answersFile,
      JSON.stringify([
        { method: 'POST', path: '/intake/leads', status: 200, headers, body: await sample.text() },
      ]),
    );
    const bare = await startChild(process.execPath, [...tsx, join(root, 'bench/bare-hono.ts')], {
      PORT: '0',
      BARE_ANSWERS: answersFile,
    });
    children.push(bare);
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = await postLeads(`http://127.0.0.1:${bare.port}`, total, connections, body);
    next = 0;

    const cpuBefore = cpuMs(api.child);
    const { result, perSecond } = await postLeads(api.apiUrl, total, connections, body);
    const cpuPerLead = ((cpuMs(api.child) - cpuBefore) * 1000) / Math.max(result['2xx'], 1);
    await stop(api.child);
    children.splice(children.indexOf(api.child), 1);

    const after = await createDb({ url: databaseUrl });
    const [accepted] = await after.db.select({ n: count() }).from(leads).where(eq(leads.Status, -1));
    after.close();
    const queue = new Queue('crm', { connection: redis, prefix });
    const jobs = await queue.getJobCountByTypes(
      'waiting',
      'delayed',
      'active',
      'completed',
      'failed',
      'prioritized',
    );
    await queue.obliterate({ force: true });
    await queue.close();
    // The sample lead is one more of each.
    const committed = accepted.n - 1;
    const queued = jobs - 1;
    const ratio = perSecond / baseline.perSecond;
    log(
      `  lead intake${label}: ${fmt(result['2xx'])} answered = ${fmt(perSecond)} leads/s vs bare ${fmt(baseline.perSecond)} (${fmt(ratio * 100, 1)}%; p99 ${fmt(result.latency.p99, 1)} ms, API CPU ${fmt(cpuPerLead)} µs a lead), ${fmt(committed)} committed, ${fmt(queued)} jobs`,
    );
    return [
      {
        name: `POST /intake/leads${label}, ${fmt(total)} leads over ${connections} connections`,
        value: `${fmt(perSecond)} leads/s (p99 ${fmt(result.latency.p99, 1)} ms)`,
        baseline: `${fmt(baseline.perSecond)} req/s (p99 ${fmt(baseline.result.latency.p99, 1)} ms)`,
        ratio: `${fmt(ratio * 100, 1)}%`,
        target: '>= 2,000 leads/s',
        ok: perSecond >= 2000 && result.non2xx === 0 && result.errors === 0,
      },
      {
        name: `intake${label}: leads committed (status -1) and lead.deliver jobs after SIGTERM`,
        value: `${fmt(committed)} leads, ${fmt(queued)} jobs`,
        baseline: '',
        ratio: '',
        target: `${fmt(total)} each`,
        ok: committed === total && queued === total,
      },
    ];
  } finally {
    await Promise.all(children.map(stop));
    redis.disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/traffic.ts`: both benches alone, printed as the bench table.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const leadCount = Number(process.env.BENCH_INTAKE_LEADS ?? 20_000);
  // BENCH_INTAKE_ONLY=1 skips the tracking rows; BENCH_INTAKE_BEFORE=<checkout> measures that
  // tree's intake first, then this one's, each beside its own bare baseline in the same run.
  const before = process.env.BENCH_INTAKE_BEFORE;
  const rows = [
    ...(process.env.BENCH_INTAKE_ONLY ? [] : await trackingRows({ seconds })),
    ...(before ? await intakeRows({ leads: leadCount, apiRoot: before, label: 'before' }) : []),
    ...(await intakeRows({ leads: leadCount, label: before ? 'after' : undefined })),
  ];
  console.log('\n| | measured | bare Hono, same run | ratio | target | |\n|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.ok ? 'ok' : 'MISSED'} |`,
    );
  }
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
