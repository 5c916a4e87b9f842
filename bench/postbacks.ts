/**
 * Postback throughput: deliveries per second from one worker process to a local receiver, end to
 * end: from the first lead event queued (delivery rows written, jobs enqueued after each commit,
 * as intake and status changes do) to the last delivery row marked `delivered`.
 *
 * Everything is local: a fresh libSQL file, a fresh Redis key prefix (removed afterwards), a
 * receiver on 127.0.0.1 answering 200, and `worker/src/main.ts` as a child process with
 * ALLOW_LOOPBACK_TARGETS (so it can only be a development run, never production). Each delivery
 * goes the production path: claim, the owner's sealed secret opened, Standard Webhooks signature,
 * guarded request (address checks, a new connection each time), attempt row and state.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queueLeadPostbacks } from '@leadmesh/core';
import { applyMigrations, createDb } from '@leadmesh/db';
import { createJobProducer, runUnitOfWork } from '@leadmesh/jobs';
import { leads, postbackDeliveries } from '@leadmesh/schema/tables';
import { count, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import {
  makeAdvertiserWithOffer,
  makeLead,
  makePostback,
  makeUser,
} from '../packages/core/src/postbacks/test-support.ts';

export interface PostbackBenchOptions {
  /** Deliveries to make (one postback, this many leads). Default 5,000. */
  deliveries?: number;
  /** The worker's POSTBACK_CONCURRENCY. Default: the worker's own default. */
  concurrency?: number;
  /**
   * Lead events per transaction while queueing. Default 100, so the figure is the worker's: with 1
   * (intake's one event per request) the producer in this process, writing the same SQLite file,
   * becomes what is measured.
   */
  perTransaction?: number;
  redisUrl?: string;
  log?: (message: string) => void;
  /** Give up after this long. Default 10 minutes. */
  timeoutMs?: number;
  /** Extra node flags for the worker process, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  workerNodeArgs?: string[];
}

export interface PostbackBenchResult {
  deliveries: number;
  /** From the first event queued to the last delivery marked delivered. */
  seconds: number;
  deliveriesPerSecond: number;
  /** Of which: the time the producer took to write the rows and enqueue the jobs. */
  queueSeconds: number;
  /** Requests the receiver saw (equals `deliveries` when nothing was sent twice). */
  received: number;
  concurrency: string;
}

const root = fileURLToPath(new URL('../', import.meta.url));

function startReceiver(): Promise<{ server: http.Server; port: number; received: () => number }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.end('OK');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, received: () => received }),
    ),
  );
}

export function startWorkerProcess(env: Record<string, string>, nodeArgs: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...nodeArgs, '--import', 'tsx', join(root, 'worker/src/main.ts')],
      {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker running')) {
        child.stdout?.off('data', onData);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}:\n${output}`)));
  });
}

export const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** Runs the benchmark; see the file comment. Throws if a delivery fails or the time runs out. */
export async function benchPostbacks(options: PostbackBenchOptions = {}): Promise<PostbackBenchResult> {
  const total = options.deliveries ?? 5_000;
  const perTransaction = options.perTransaction ?? 100;
  const log = options.log ?? (() => {});
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-pb-${process.pid}-${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-bench-pb-'));
  const databaseUrl = `file:${join(dir, 'bench.db')}`;
  const handle = await createDb({ url: databaseUrl });
  await applyMigrations(handle.db);
  const db = handle.db;
  const receiver = await startReceiver();
  const queueRedis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const jobs = createJobProducer(queueRedis, prefix);
  let worker: ChildProcess | undefined;
  try {
    // The world, not timed: one publisher with one postback, an advertiser's offer, the leads.
    const publisher = await makeUser(db, 'bench-publisher');
    const advertiserUser = await makeUser(db, 'bench-advertiser', {
      isVerified: true,
      isPublisherHidden: true,
    });
    const world = await makeAdvertiserWithOffer(db, advertiserUser.ID);
    await makePostback(
      db,
      publisher.ID,
      'OnCreate',
      `http://127.0.0.1:${receiver.port}/pb?lead={lead_id}&price={lead_price}&click={leadmesh-stclickid}`,
    );
    const rows = [];
    for (let n = 0; n < total; n++)
      rows.push(await makeLead(db, publisher.ID, world, { 'leadmesh-stclickid': `c${n}` }));
    log(`${total} leads ready; starting one worker process`);

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
        ...(options.concurrency ? { POSTBACK_CONCURRENCY: String(options.concurrency) } : {}),
      },
      options.workerNodeArgs ?? [],
    );

    const started = performance.now();
    for (let i = 0; i < rows.length; i += perTransaction) {
      const batch = rows.slice(i, i + perTransaction);
      await runUnitOfWork(jobs, db, (unit) =>
        unit.transaction(async (tx) => {
          for (const lead of batch) await queueLeadPostbacks(tx, lead, 'created', 'intake');
        }),
      );
    }
    const queueSeconds = (performance.now() - started) / 1000;
    log(`queued in ${queueSeconds.toFixed(1)} s; waiting for the deliveries`);

    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    for (;;) {
      // Two index range counts (state, createdAt), every 50 ms: light beside the worker.
      const of = async (state: 'delivered' | 'failed') =>
        (
          await db.select({ n: count() }).from(postbackDeliveries).where(eq(postbackDeliveries.State, state))
        )[0].n;
      const failed = await of('failed');
      if (failed > 0) throw new Error(`${failed} deliveries failed`);
      const delivered = await of('delivered');
      if (delivered >= total) break;
      if (Date.now() > deadline) throw new Error(`only ${delivered} of ${total} delivered in time`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    const [leadCount] = await db.select({ n: count() }).from(leads).where(eq(leads.BoundUser, publisher.ID));
    if (leadCount.n !== total) throw new Error('lead count changed under the bench');
    return {
      deliveries: total,
      seconds,
      deliveriesPerSecond: total / seconds,
      queueSeconds,
      received: receiver.received(),
      concurrency: options.concurrency ? String(options.concurrency) : 'worker default',
    };
  } finally {
    if (worker) await stop(worker);
    await jobs.close();
    const keys = await queueRedis.keys(`${prefix}:*`);
    if (keys.length > 0) await queueRedis.del(...keys);
    queueRedis.disconnect();
    await new Promise<void>((r) => receiver.server.close(() => r()));
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
