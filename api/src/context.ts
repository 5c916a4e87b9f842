import type { Db } from '@leadmesh/db';
import type { JobProducer } from '@leadmesh/jobs';
import type { Redis } from 'ioredis';
import type { Env } from './env.ts';
import type { Principal } from './lib/access.ts';

/** Everything a request needs from the outside world; built once per process by `createDeps`. */
export interface AppDeps {
  env: Env;
  db: Db;
  redis: Redis;
  jobs: JobProducer;
  /** HMAC key for CSRF tokens. */
  secret: string;
  now: () => number;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    principal: Principal | null;
    /** SHA-256 of the session cookie, when a valid session was found. */
    sessionIdHash: string | null;
  };
}
