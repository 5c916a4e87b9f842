import { openPlatform, type Platform } from '@leadmesh/core';
import type { AppDeps } from './context.ts';
import type { Env } from './env.ts';
import { createTraffic } from './features/tracking/traffic.ts';
import { startWalCheckpointer } from './features/tracking/wal-checkpointer.ts';
import { hmacKey, randomToken } from './lib/crypto.ts';

export interface Runtime {
  deps: AppDeps;
  platform: Platform;
  close(): Promise<void>;
}

/** The shared startup (database with migrations, Redis, job producer) plus the API's own keys. */
export async function createRuntime(env: Env): Promise<Runtime> {
  const platform = await openPlatform(env);
  const secret = env.APP_SECRET ?? randomToken(32);
  const now = () => Date.now();
  const traffic = createTraffic({ env, db: platform.db, jobs: platform.jobs, secret, now });
  const checkpointer =
    env.WAL_CHECKPOINT_MS > 0 && !('Deno' in globalThis)
      ? await startWalCheckpointer(platform.db, env.DATABASE_URL, {
          intervalMs: env.WAL_CHECKPOINT_MS,
          onError: (error) =>
            console.warn(`WAL checkpoints back on the event loop: ${(error as Error).message}`),
        })
      : null;
  const deps: AppDeps = {
    env,
    db: platform.db,
    redis: platform.redis,
    jobs: platform.jobs,
    queueRedis: platform.queueRedis,
    csrfKey: hmacKey(secret),
    now,
    traffic,
  };
  return {
    deps,
    platform,
    // Clicks still in the buffer are written before the database closes.
    close: async () => {
      await traffic.close();
      await checkpointer?.stop();
      await platform.close();
    },
  };
}
