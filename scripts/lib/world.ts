/**
 * A throw-away product for browser tests and page-weight measurements: a fresh seeded database in
 * a temporary folder, the API and the worker on free ports with their own Redis key prefix, and the
 * production front ends served on free ports. `stop()` stops everything, deletes the run's Redis
 * keys and the temporary folder, and reports the keys left (0 when the cleanup worked).
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RedisCleanup, startBackend } from './backend.ts';
import { type AppName, buildFrontends, serveFrontends } from './frontends.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface WorldOptions {
  /** Prefix of the temporary folder and of the Redis keys (`e2e`, `weight`, ...). */
  label: string;
  /** An API already running (its CORS must allow http://localhost:3000); front ends then use 3000-3004. */
  externalApiUrl?: string;
  /** Extra environment for the API and the worker. */
  env?: Record<string, string>;
  verbose?: boolean;
}

export interface World {
  urls: Record<AppName, string> & { api: string };
  /** The worker's mail sink folder (unset with an external API). */
  mailDir?: string;
  /** The database the API and the worker share (unset with an external API). */
  databaseUrl?: string;
  /** The run's Redis and its key prefix (unset with an external API): tests that start a job run. */
  redis?: { url: string; prefix: string };
  /** Stops everything; with its own backend, reports the run's Redis keys deleted and left. */
  stop(): Promise<RedisCleanup | undefined>;
}

/** Starts a seeded API + worker (unless external) and serves the built front ends. */
export async function startWorld(options: WorldOptions): Promise<World> {
  const stops: (() => Promise<unknown>)[] = [];
  let cleanup: RedisCleanup | undefined;
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((e) => console.error('stop failed:', e));
    return cleanup;
  };
  try {
    // Ports first: the API's CORS must allow the shell's origin.
    const external = options.externalApiUrl;
    const ports: Record<AppName, number> = external
      ? { shell: 3000, mf_public: 3001, mf_publisher: 3002, mf_advertiser: 3003, mf_admin: 3004 }
      : {
          shell: await freePort(),
          mf_public: await freePort(),
          mf_publisher: await freePort(),
          mf_advertiser: await freePort(),
          mf_admin: await freePort(),
        };
    let apiUrl = external ?? '';
    let mailDir: string | undefined;
    let databaseUrl: string | undefined;
    let redis: World['redis'];
    if (!external) {
      const apiPort = await freePort();
      const corsOrigins = [`http://localhost:${ports.shell}`, `http://127.0.0.1:${ports.shell}`].join(',');
      const dataDir = await mkdtemp(path.join(tmpdir(), `leadmesh-${options.label}-`));
      stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const backend = await startBackend({
        dataDir,
        apiPort,
        seed: true,
        corsOrigins,
        verbose: options.verbose ?? false,
        env: options.env,
        // A key prefix of this run alone: queues and rate limits of other runs on the same Redis
        // stay apart, and stop() deletes exactly this run's keys.
        ownRedisPrefix: `${options.label}-${path.basename(dataDir)}`,
      });
      redis = { url: backend.redis.url, prefix: `${options.label}-${path.basename(dataDir)}` };
      mailDir = backend.mailDir;
      databaseUrl = backend.databaseUrl;
      stops.push(async () => {
        cleanup = await backend.stop();
      });
      apiUrl = backend.apiUrl;
    }
    await buildFrontends();
    const served = await serveFrontends({ apiUrl, ports });
    stops.push(() => served.stop());
    return { urls: { ...served.urls, api: apiUrl }, mailDir, databaseUrl, redis, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
