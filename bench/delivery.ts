/**
 * CRM delivery throughput: leads per second from status -1 to status 0 at a local fake CRM.
 *
 * `benchDelivery({ leads, workers })` builds a fresh database with one advertiser whose offer
 * delivers to a fake Scale CRM on 127.0.0.1 (worker/src/crm/test-support/fake-crms.ts), inserts
 * the leads in status -1, starts `workers` worker processes as production runs them
 * (`node --import tsx worker/src/main.ts`), enqueues one `lead.deliver` per lead and times from
 * the first enqueue until every lead is in 0. It checks each lead reached the CRM exactly once,
 * then stops the workers (SIGTERM) and removes its database and Redis keys.
 *
 * Run alone: `node --import tsx bench/delivery.ts` (BENCH_DELIVERY_LEADS, default 10,000; one
 * worker, then two).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, createDb } from '@leadmesh/db';
import { leadDeliver } from '@leadmesh/jobs';
import { leads } from '@leadmesh/schema/tables';
import { Queue } from 'bullmq';
import { count, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { startFakeCrms } from '../worker/src/crm/test-support/fake-crms.ts';
import { createCrmWorld, fakeCrmData, insertLeads } from '../worker/src/crm/test-support/world.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface DeliveryBenchOptions {
  /** Leads to deliver (default 10,000). */
  leads?: number;
  /** Worker processes (default 1). */
  workers?: number;
  /** Jobs of the crm queue each worker runs at once (CRM_CONCURRENCY, default the worker's). */
  concurrency?: number;
  redisUrl?: string;
  /** Gives up after this long (default 10 minutes). */
  timeoutMs?: number;
  log?: (message: string) => void;
}

export interface DeliveryBenchResult {
  leads: number;
  workers: number;
  seconds: number;
  leadsPerSecond: number;
  /** Leads the fake CRM received more than once (must be 0). */
  duplicates: number;
  /** Leads that never reached the CRM (must be 0). */
  missing: number;
  /** The workers' peak resident memory, MB each. */
  peakRssMb: number[];
}

interface WorkerProcess {
  child: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}

function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  return new Promise((resolve, reject) => {
    // BENCH_WORKER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the workers.
    const extra = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...extra, '--import', 'tsx', join(ROOT, 'worker/src/main.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: WorkerProcess = {
      child,
      output: '',
      exited: new Promise((done) => child.on('exit', (code) => done(code))),
    };
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${proc.output}`)), 60_000);
    const onData = (d: Buffer) => {
      proc.output = (proc.output + d.toString()).slice(-20_000);
      if (proc.output.includes('worker running')) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}): ${proc.output}`));
    });
  });
}

/** Peak resident set size of a process, from /proc (Linux); 0 elsewhere. */
async function peakRssMb(pid: number | undefined): Promise<number> {
  if (!pid) return 0;
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

export async function benchDelivery(options: DeliveryBenchOptions = {}): Promise<DeliveryBenchResult> {
  const total = options.leads ?? 10_000;
  const workerCount = options.workers ?? 1;
  const log = options.log ?? (() => undefined);
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-delivery-${process.pid}-${Date.now()}`;
  const dir = await mkdtemp(join(tmpdir(), 'leadmesh-delivery-'));
  const databaseUrl = `file:${join(dir, 'bench.db')}`;
  const secrets = { NODE_ENV: 'test', APP_SECRET: 'bench-delivery-secret-0001' };

  const handle = await createDb({ url: databaseUrl });
  await applyMigrations(handle.db);
  const fake = await startFakeCrms();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(leadDeliver.queue, { connection: redis, prefix });
  const workers: WorkerProcess[] = [];
  try {
    const world = await createCrmWorld(
      handle.db,
      secrets,
      'scalecrm',
      fakeCrmData('scalecrm', fake.urls.scalecrm),
    );
    const ids = await insertLeads(handle.db, world, total);
    log(`${total} leads in -1; starting ${workerCount} worker(s)`);
    const env: Record<string, string> = {
      ...secrets,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      ALLOW_LOOPBACK_TARGETS: 'true',
      MAIL_SINK_DIR: join(dir, 'mail'),
      OUTBOX_SWEEP_MS: '600000',
      CRM_SWEEP_MS: '600000',
      ...(options.concurrency ? { CRM_CONCURRENCY: String(options.concurrency) } : {}),
    };
    for (let i = 0; i < workerCount; i++) workers.push(await startWorkerProcess(env));

    const started = performance.now();
    for (let i = 0; i < ids.length; i += 1000) {
      await queue.addBulk(
        ids.slice(i, i + 1000).map((leadId) => {
          const data = leadDeliver.schema.parse({ leadId, attempt: 1 });
          return {
            name: leadDeliver.id,
            data,
            opts: { ...leadDeliver.options, jobId: leadDeliver.key(data) },
          };
        }),
      );
    }
    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    let delivered = 0;
    for (;;) {
      const [row] = await handle.db.select({ n: count() }).from(leads).where(eq(leads.Status, 0));
      delivered = row.n;
      if (delivered >= total) break;
      if (Date.now() > deadline) throw new Error(`only ${delivered} of ${total} leads delivered in time`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const copies = fake.copies('scalecrm');
    const duplicates = [...copies.values()].filter((n) => n > 1).length;
    const missing = ids.filter((id) => !copies.has(String(id))).length;
    const peakRss = await Promise.all(workers.map((w) => peakRssMb(w.child.pid)));
    return {
      leads: total,
      workers: workerCount,
      seconds,
      leadsPerSecond: total / seconds,
      duplicates,
      missing,
      peakRssMb: peakRss,
    };
  } finally {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exited));
    await queue.close();
    const keys = await redis.keys(`${prefix}:*`);
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
    redis.disconnect();
    await fake.close();
    handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const total = Number(process.env.BENCH_DELIVERY_LEADS ?? 10_000);
  for (const workers of [1, 2]) {
    const result = await benchDelivery({ leads: total, workers, log: (m) => console.log(`  ${m}`) });
    console.log(
      `${workers} worker(s): ${result.leads} leads -1 → 0 in ${result.seconds.toFixed(1)} s = ${Math.round(result.leadsPerSecond)} leads/s (duplicates ${result.duplicates}, missing ${result.missing}, peak RSS ${result.peakRssMb.join(' + ')} MB)`,
    );
  }
}
