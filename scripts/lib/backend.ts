import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, createDb } from '@leadmesh/db';
import { isSeeded, seedDemoWorld } from '@leadmesh/seed';
import { deleteKeysWithPrefix, ensureRedis, keysWithPrefix, type RedisHandle } from './redis.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface BackendOptions {
  /** Folder for the libSQL file, uploads, the mail sink and the app secret (default ./data). */
  dataDir?: string;
  apiPort?: number;
  /**
   * Port of the sites server (landings, tracking links, order forms), served by the API process
   * (default: a free port; `npm start` uses 5100).
   */
  sitesPort?: number;
  /**
   * Where browsers reach the sites server (default http://127.0.0.1:<sitesPort>): another host than
   * the API's and the shell's (localhost), so a landing never shares their cookies.
   */
  sitesPublicUrl?: string;
  /** Seed the demo world when the database is empty (default true). */
  seed?: boolean;
  /** Browser origins allowed by CORS (default: the shell and remotes on localhost:3000-3004). */
  corsOrigins?: string;
  /** Where the browser reaches the API (default http://localhost:<apiPort>). */
  publicApiUrl?: string;
  /** Extra environment for the API and worker. */
  env?: Record<string, string>;
  /** Prefix child output lines (default true); tests pass false to keep quiet. */
  verbose?: boolean;
  /** Development: restart the API and the worker when their sources change (tsx watch). */
  watch?: boolean;
  /**
   * A Redis key prefix of this run alone (passed as `REDIS_PREFIX`): `stop()` deletes every key under
   * it, the API's and BullMQ's, once the API and the worker have stopped, and reports what is left.
   */
  ownRedisPrefix?: string;
}

/** What `stop()` did to the run's own Redis keys (`ownRedisPrefix`). */
export interface RedisCleanup {
  prefix: string;
  deleted: number;
  /** Keys still under the prefix after the deletion: 0 unless something else wrote there. */
  left: number;
}

export interface RunningBackend {
  apiUrl: string;
  /** The sites server as browsers reach it (tracking links, landings, previews). */
  sitesUrl: string;
  redis: RedisHandle;
  mailDir: string;
  /** The database the API and the worker share (`DATABASE_URL`). */
  databaseUrl: string;
  /** Stops the API and the worker; with `ownRedisPrefix`, deletes the run's keys and says so. */
  stop(): Promise<RedisCleanup | undefined>;
}

function pipeOutput(child: ChildProcess, label: string, verbose: boolean) {
  const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    stream?.on('data', (chunk: Buffer) => {
      if (!verbose) return;
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${label}] ${line}\n`);
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`the API exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the API did not answer ${url}/health within ${timeoutMs / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the API and the worker as child processes on one embedded libSQL file, after
 * applying migrations and (on first run) seeding the demo world.
 */
export async function startBackend(options: BackendOptions = {}): Promise<RunningBackend> {
  const dataDir = resolve(REPO_ROOT, options.dataDir ?? 'data');
  const apiPort = options.apiPort ?? 5000;
  const verbose = options.verbose ?? true;
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = process.env.DATABASE_URL ?? `file:${join(dataDir, 'leadmesh.db')}`;
  const mailDir = join(dataDir, 'mail');

  // Redis first: a missing one is the likeliest problem on a new machine, so say it before any work.
  const redis = await ensureRedis(dataDir);
  const sitesPort = options.sitesPort ?? (await freePort());
  const sitesUrl = (options.sitesPublicUrl ?? `http://127.0.0.1:${sitesPort}`).replace(/\/+$/, '');
  const db = await createDb({ url: databaseUrl, authToken: process.env.DATABASE_AUTH_TOKEN });
  await applyMigrations(db.db);
  if ((options.seed ?? true) && !(await isSeeded(db))) {
    if (verbose) console.log('First run: seeding the demo world...');
    // The demo postbacks point at the inspectors on this sites server.
    const summary = await seedDemoWorld(db, {
      uploadsDir: join(dataDir, 'uploads'),
      sitesPublicUrl: sitesUrl,
    });
    if (verbose)
      console.log(`Seeded ${summary.users} users, ${summary.offers} offers and ${summary.leads} leads.`);
  }
  db.close();

  // One secret per data folder, so restarts keep CSRF tokens valid and several API processes agree.
  const secretFile = join(dataDir, '.app-secret');
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  const secret = readFileSync(secretFile, 'utf8').trim();

  const apiUrl = options.publicApiUrl ?? `http://localhost:${apiPort}`;
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SITES_PORT: String(sitesPort),
    SITES_PUBLIC_URL: sitesUrl,
    REDIS_URL: redis.url,
    PORT: String(apiPort),
    APP_SECRET: process.env.APP_SECRET ?? secret,
    MAIL_SINK_DIR: mailDir,
    UPLOADS_DIR: join(dataDir, 'uploads'),
    PUBLIC_API_URL: apiUrl,
    ...(options.corsOrigins ? { CORS_ORIGINS: options.corsOrigins } : {}),
    ...(process.env.SMTP_URL ? {} : { DEV_MAIL_VIEW: 'true' }),
    ...options.env,
    ...(options.ownRedisPrefix ? { REDIS_PREFIX: options.ownRedisPrefix } : {}),
  };
  const tsx = options.watch
    ? [join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch']
    : ['--import', 'tsx'];
  const api = spawn(process.execPath, [...tsx, join(REPO_ROOT, 'api/src/main.node.ts')], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const worker = spawn(process.execPath, [...tsx, join(REPO_ROOT, 'worker/src/main.ts')], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeOutput(api, 'api', verbose);
  pipeOutput(worker, 'worker', verbose);

  const stop = async (): Promise<RedisCleanup | undefined> => {
    await Promise.all([stopChild(api), stopChild(worker)]);
    let cleanup: RedisCleanup | undefined;
    const prefix = options.ownRedisPrefix;
    if (prefix) {
      const deleted = await deleteKeysWithPrefix(redis.url, prefix);
      cleanup = { prefix, deleted, left: (await keysWithPrefix(redis.url, prefix)).length };
    }
    await redis.stop?.();
    return cleanup;
  };
  try {
    await waitForHealth(`http://127.0.0.1:${apiPort}`, api);
    await waitForHealth(`http://127.0.0.1:${sitesPort}`, api);
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrl, sitesUrl, redis, mailDir, databaseUrl, stop };
}
