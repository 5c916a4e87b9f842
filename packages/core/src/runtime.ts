import { applyMigrations, createDb, type Db, type DbHandle } from '@leadmesh/db';
import { createJobProducer, type JobProducer } from '@leadmesh/jobs';
import { Redis } from 'ioredis';
import { sealLegacyApiTokens } from './api-tokens.ts';
import type { PlatformEnv } from './env.ts';
import { secretBoxFromEnv } from './secrets.ts';

/** The connections one process of the platform holds: the database, Redis and the job producer. */
export interface Platform {
  db: Db;
  dbHandle: DbHandle;
  /** Prefixed with `REDIS_PREFIX:`; rate limits and small shared counters. */
  redis: Redis;
  /** Unprefixed (BullMQ prefixes its own keys and refuses a keyPrefix); queues and workers. */
  queueRedis: Redis;
  jobs: JobProducer;
  close(): Promise<void>;
}

/**
 * The one startup of the API and the worker: opens the database (applying migrations and sealing
 * tokens written before sealing) and Redis, and builds the job producer.
 */
export async function openPlatform(env: PlatformEnv): Promise<Platform> {
  const dbHandle = await createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  await applyMigrations(dbHandle.db);
  await sealLegacyApiTokens(dbHandle.db, () => secretBoxFromEnv(env));
  const redis = new Redis(env.REDIS_URL, { keyPrefix: `${env.REDIS_PREFIX}:`, maxRetriesPerRequest: 2 });
  // BullMQ needs maxRetriesPerRequest null on connections its workers block on (STACK-NOTES 11).
  const queueRedis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  // The producer has a connection of its own that gives up on a command after one reconnect: with
  // Redis gone, an after-commit enqueue fails within its deadline instead of waiting for Redis
  // (the workers' connection above waits forever by design), and the sweeps pick the rows up.
  const producerRedis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  const jobs = createJobProducer(producerRedis, env.REDIS_PREFIX, {
    deadlineMs: env.JOB_ENQUEUE_DEADLINE_MS,
  });
  return {
    db: dbHandle.db,
    dbHandle,
    redis,
    queueRedis,
    jobs,
    async close() {
      await jobs.close();
      redis.disconnect();
      queueRedis.disconnect();
      producerRedis.disconnect();
      dbHandle.close();
    },
  };
}
