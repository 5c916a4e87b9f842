/**
 * Isolation rows (issue 17, decision 0035): what dead endpoints cost the healthy ones.
 *
 * - `benchPostbackIsolation`: one publisher with a postback to each of `receivers` receivers on
 *   127.0.0.1 (one lane each: a lane is host:port), `leads` lead events, so `leads` deliveries per
 *   receiver. Run twice in one call, each on a fresh database, Redis prefix and worker process:
 *   every receiver healthy, then half of them dead (the larger part of those take connections and
 *   never answer, the rest refuse them). The figure both times is the deliveries per second of
 *   the receivers that stay healthy in the second run, from the first event queued to their last
 *   delivery marked delivered: the same receivers, the same work, only the fault differs.
 * - `benchCrmIsolation`: `crms` advertisers, each with its own CRM connection (one lane each) at a
 *   fake Scale CRM, `leads` leads each in -1, one `lead.deliver` per lead. Run twice: every CRM
 *   healthy, then one CRM hanging (it takes the connection and never answers). The figure both
 *   times is the leads per second of the CRMs that stay healthy in the second run, -1 → 0 (the
 *   same CRMs, the same work, only the fault differs), each checked to reach the fake CRM once.
 *
 * The default sizes (1,000 per receiver, 500 per CRM) keep each run long enough, on this machine,
 * that the hanging endpoints' calls reach their 10 s budget and their breakers open while the
 * healthy ones are measured: the measurement covers slots held by hangs, not only their start.
 *
 * The worker runs with its production lane settings (ENDPOINT_MAX_IN_FLIGHT 4, breaker after 5
 * failures, 10 s call budget) and ALLOW_LOOPBACK_TARGETS, so only as a development run.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queueLeadPostbacks } from '@leadmesh/core';
import { applyMigrations, createDb } from '@leadmesh/db';
import { createJobProducer, leadDeliver, runUnitOfWork } from '@leadmesh/jobs';
import { leads, postbackDeliveries, postbacks as postbackTable } from '@leadmesh/schema/tables';
import { Queue } from 'bullmq';
import { and, count, eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { makeAdvertiserWithOffer, makeLead, makeUser } from '../packages/core/src/postbacks/test-support.ts';
import { startFakeCrms } from '../worker/src/crm/test-support/fake-crms.ts';
import { createCrmWorld, fakeCrmData, insertLeads } from '../worker/src/crm/test-support/world.ts';
import { startWorkerProcess, stop } from './postbacks.ts';

type Mode = 'ok' | 'hang';
/** What a receiver not counted does: answer (the all-healthy run), hang or refuse. */
type Fault = Mode | 'refuse';

/** A receiver on 127.0.0.1 counting what it answered; `hang` takes connections and never answers. */
function listen(mode: Mode): Promise<{ server: http.Server; port: number; answered: () => number }> {
  let answered = 0;
  const server = http.createServer((req, res) => {
    if (mode === 'hang') return;
    req.resume();
    req.on('end', () => {
      answered++;
      res.end('OK');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, answered: () => answered }),
    ),
  );
}

/** A port nothing listens on: connections refused. */
async function refusedPort(): Promise<number> {
  const { server, port } = await listen('ok');
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const closeServer = (server: http.Server) =>
  new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });

async function clearPrefix(redis: Redis, prefix: string) {
  const keys = await redis.keys(`${prefix}:*`);
  for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
}

async function waitUntil(check: () => Promise<boolean>, deadline: number, what: () => Promise<string>) {
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out: ${await what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface IsolationOptions {
  redisUrl?: string;
  log?: (message: string) => void;
  /** Give up on one run after this long. Default 10 minutes. */
  timeoutMs?: number;
}

export interface IsolationRun {
  /** Deliveries (postbacks) or leads (CRM) of the endpoints that stay healthy. */
  healthyDeliveries: number;
  seconds: number;
  perSecond: number;
  /** Healthy deliveries seen more than once at their endpoint, and never seen (both must be 0). */
  duplicates: number;
  missing: number;
}

export interface IsolationResult {
  endpoints: number;
  dead: number;
  perEndpoint: number;
  healthy: IsolationRun;
  faulty: IsolationRun;
  /** faulty.perSecond / healthy.perSecond */
  ratio: number;
}

// ---------------------------------------------------------------------------------------------
// Postbacks

/** `others` are the receivers not counted, after the counted healthy ones. */
async function postbackRun(
  receivers: number,
  perReceiver: number,
  others: Fault[],
  options: IsolationOptions,
): Promise<IsolationRun> {
  const log = options.log ?? (() => {});
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-iso-pb-${process.pid}-${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-bench-iso-pb-'));
  const databaseUrl = `file:${join(dir, 'bench.db')}`;
  const handle = await createDb({ url: databaseUrl });
  await applyMigrations(handle.db);
  const db = handle.db;
  const healthyCount = receivers - others.length;
  const servers: { server: http.Server; port: number; answered: () => number }[] = [];
  const ports: number[] = [];
  for (let i = 0; i < healthyCount; i++) {
    const s = await listen('ok');
    servers.push(s);
    ports.push(s.port);
  }
  for (const fault of others) {
    if (fault === 'refuse') ports.push(await refusedPort());
    else {
      const s = await listen(fault);
      servers.push(s);
      ports.push(s.port);
    }
  }
  const queueRedis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const jobs = createJobProducer(queueRedis, prefix);
  let worker: ChildProcess | undefined;
  try {
    const publisher = await makeUser(db, 'bench-iso-publisher');
    const advertiserUser = await makeUser(db, 'bench-iso-advertiser', {
      isVerified: true,
      isPublisherHidden: true,
    });
    const world = await makeAdvertiserWithOffer(db, advertiserUser.ID);
    const postbackRows = await db
      .insert(postbackTable)
      .values(
        ports.map((port, i) => ({
          BoundUser: publisher.ID,
          postbackName: `receiver ${i}`,
          postbackURL: `http://127.0.0.1:${port}/pb?lead={lead_id}`,
          postbackTrigger: 'OnCreate' as const,
        })),
      )
      .returning();
    const healthyIds = postbackRows.slice(0, healthyCount).map((p) => p.postbackID);
    const rows = [];
    for (let n = 0; n < perReceiver; n++) rows.push(await makeLead(db, publisher.ID, world));
    worker = await startWorkerProcess(
      {
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        ALLOW_LOOPBACK_TARGETS: 'true',
        DATA_ENCRYPTION_KEY: 'bench-data-key-bench-data-key',
        OUTBOX_SWEEP_MS: '3600000',
        MAIL_SINK_DIR: join(dir, 'mail'),
      },
      [],
    );

    const started = performance.now();
    for (let i = 0; i < rows.length; i += 100) {
      const batch = rows.slice(i, i + 100);
      await runUnitOfWork(jobs, db, (unit) =>
        unit.transaction(async (tx) => {
          for (const lead of batch) await queueLeadPostbacks(tx, lead, 'created', 'intake');
        }),
      );
    }
    const expected = healthyCount * perReceiver;
    const of = async (state: 'delivered' | 'failed') =>
      (
        await db
          .select({ n: count() })
          .from(postbackDeliveries)
          .where(
            and(inArray(postbackDeliveries.BoundPostback, healthyIds), eq(postbackDeliveries.State, state)),
          )
      )[0].n;
    await waitUntil(
      async () => {
        const failed = await of('failed');
        if (failed > 0) throw new Error(`${failed} deliveries to healthy receivers failed`);
        return (await of('delivered')) >= expected;
      },
      Date.now() + (options.timeoutMs ?? 600_000),
      async () => `${await of('delivered')} of ${expected} healthy deliveries`,
    );
    const seconds = (performance.now() - started) / 1000;
    const seen = servers.slice(0, healthyCount).reduce((a, s) => a + s.answered(), 0);
    const dead = others.filter((f) => f !== 'ok').length;
    log(`postbacks, ${dead} dead of ${receivers}: ${expected} healthy in ${seconds.toFixed(1)} s`);
    return {
      healthyDeliveries: expected,
      seconds,
      perSecond: expected / seconds,
      duplicates: Math.max(0, seen - expected),
      missing: Math.max(0, expected - seen),
    };
  } finally {
    if (worker) await stop(worker);
    await jobs.close();
    await clearPrefix(queueRedis, prefix);
    queueRedis.disconnect();
    await Promise.all(servers.map((s) => closeServer(s.server)));
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Postback throughput with half the receivers dead, beside all healthy; see the file comment. */
export async function benchPostbackIsolation(
  options: IsolationOptions & { receivers?: number; perReceiver?: number } = {},
): Promise<IsolationResult> {
  const receivers = options.receivers ?? 10;
  const perReceiver = options.perReceiver ?? 1_000;
  const deadCount = Math.floor(receivers / 2);
  // Of the dead: the larger part hangs (holds a slot for the whole call budget), the rest refuses.
  const dead: Fault[] = Array.from({ length: deadCount }, (_, i) =>
    i < Math.ceil(deadCount / 2) ? 'hang' : 'refuse',
  );
  // Both runs count the same receivers: the ones that stay healthy in the second.
  const healthy = await postbackRun(
    receivers,
    perReceiver,
    dead.map(() => 'ok'),
    options,
  );
  const faulty = await postbackRun(receivers, perReceiver, dead, options);
  return {
    endpoints: receivers,
    dead: deadCount,
    perEndpoint: perReceiver,
    healthy,
    faulty,
    ratio: faulty.perSecond / healthy.perSecond,
  };
}

// ---------------------------------------------------------------------------------------------
// CRM delivery

/** The last `notCounted` CRMs are not counted; with `hang` they take connections and never answer. */
async function crmRun(
  crmCount: number,
  perCrm: number,
  notCounted: number,
  hang: boolean,
  options: IsolationOptions,
) {
  const log = options.log ?? (() => {});
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-iso-crm-${process.pid}-${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-bench-iso-crm-'));
  const databaseUrl = `file:${join(dir, 'bench.db')}`;
  const secrets = { NODE_ENV: 'test', APP_SECRET: 'bench-delivery-secret-0001' };
  const handle = await createDb({ url: databaseUrl });
  await applyMigrations(handle.db);
  const db = handle.db;
  const fake = await startFakeCrms();
  const hangs = hang ? await Promise.all(Array.from({ length: notCounted }, () => listen('hang'))) : [];
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(leadDeliver.queue, { connection: redis, prefix });
  let worker: ChildProcess | undefined;
  try {
    const healthyCount = crmCount - notCounted;
    const healthyAdvertisers: number[] = [];
    const healthyLeads: number[] = [];
    const allLeads: number[] = [];
    for (let i = 0; i < crmCount; i++) {
      const counted = i < healthyCount;
      const url =
        hang && !counted
          ? `http://127.0.0.1:${hangs[i - healthyCount].port}${new URL(fake.urls.scalecrm).pathname}`
          : fake.urls.scalecrm;
      const world = await createCrmWorld(db, secrets, 'scalecrm', fakeCrmData('scalecrm', url));
      const ids = await insertLeads(db, world, perCrm);
      if (counted) {
        healthyAdvertisers.push(world.advertiserId);
        healthyLeads.push(...ids);
      }
      allLeads.push(...ids);
    }
    // Interleaved, as leads of many advertisers arrive: the dead CRM's leads among everybody's.
    const order: number[] = [];
    for (let n = 0; n < perCrm; n++) for (let c = 0; c < crmCount; c++) order.push(allLeads[c * perCrm + n]);
    worker = await startWorkerProcess(
      {
        ...secrets,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        ALLOW_LOOPBACK_TARGETS: 'true',
        MAIL_SINK_DIR: join(dir, 'mail'),
        OUTBOX_SWEEP_MS: '600000',
        CRM_SWEEP_MS: '600000',
      },
      [],
    );
    const started = performance.now();
    for (let i = 0; i < order.length; i += 1000) {
      await queue.addBulk(
        order.slice(i, i + 1000).map((leadId) => {
          const data = leadDeliver.schema.parse({ leadId, attempt: 1 });
          return {
            name: leadDeliver.id,
            data,
            opts: { ...leadDeliver.options, jobId: leadDeliver.key(data) },
          };
        }),
      );
    }
    const expected = healthyCount * perCrm;
    const delivered = async () =>
      (
        await db
          .select({ n: count() })
          .from(leads)
          .where(and(eq(leads.Status, 0), inArray(leads.BoundAdvertiser, healthyAdvertisers)))
      )[0].n;
    await waitUntil(
      async () => (await delivered()) >= expected,
      Date.now() + (options.timeoutMs ?? 600_000),
      async () => `${await delivered()} of ${expected} healthy leads delivered`,
    );
    const seconds = (performance.now() - started) / 1000;
    const copies = fake.copies('scalecrm');
    log(
      `CRM delivery, ${hang ? notCounted : 0} hanging of ${crmCount}: ${expected} healthy in ${seconds.toFixed(1)} s`,
    );
    return {
      healthyDeliveries: expected,
      seconds,
      perSecond: expected / seconds,
      duplicates: healthyLeads.filter((id) => (copies.get(String(id)) ?? 0) > 1).length,
      missing: healthyLeads.filter((id) => !copies.has(String(id))).length,
    };
  } finally {
    if (worker) await stop(worker);
    await queue.close();
    await clearPrefix(redis, prefix);
    redis.disconnect();
    await Promise.all(hangs.map((s) => closeServer(s.server)));
    await fake.close();
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CRM delivery with one hanging CRM among `crms`, beside all healthy; see the file comment. */
export async function benchCrmIsolation(
  options: IsolationOptions & { crms?: number; perCrm?: number } = {},
): Promise<IsolationResult> {
  const crmCount = options.crms ?? 10;
  const perCrm = options.perCrm ?? 500;
  // Both runs count the same CRMs: the ones that stay healthy in the second.
  const healthy = await crmRun(crmCount, perCrm, 1, false, options);
  const faulty = await crmRun(crmCount, perCrm, 1, true, options);
  return {
    endpoints: crmCount,
    dead: 1,
    perEndpoint: perCrm,
    healthy,
    faulty,
    ratio: faulty.perSecond / healthy.perSecond,
  };
}
