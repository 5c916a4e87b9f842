import { applyMigrations, createDb, type DbHandle } from '@leadmesh/db';
import { createJobProducer } from '@leadmesh/jobs';
import { Redis } from 'ioredis';
import type { AppDeps } from './context.ts';
import type { Env } from './env.ts';
import { randomToken } from './lib/crypto.ts';

export interface Runtime {
  deps: AppDeps;
  dbHandle: DbHandle;
  close(): Promise<void>;
}

/** Opens the database (applying migrations) and Redis, and builds the job producer. */
export async function createRuntime(env: Env): Promise<Runtime> {
  const dbHandle = await createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  await applyMigrations(dbHandle.db);
  const redis = new Redis(env.REDIS_URL, {
    keyPrefix: `${env.REDIS_PREFIX}:`,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  // BullMQ refuses a connection with keyPrefix, so queues get their own, prefixed by BullMQ itself.
  const queueRedis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const jobs = createJobProducer(queueRedis, env.REDIS_PREFIX);
  const deps: AppDeps = {
    env,
    db: dbHandle.db,
    redis,
    jobs,
    secret: env.APP_SECRET ?? randomToken(32),
    now: () => Date.now(),
  };
  return {
    deps,
    dbHandle,
    async close() {
      await jobs.close();
      redis.disconnect();
      queueRedis.disconnect();
      dbHandle.close();
    },
  };
}
