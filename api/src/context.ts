import type { KeyObject } from 'node:crypto';
import type { Caller } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import type { JobProducer } from '@leadmesh/jobs';
import type { Redis } from 'ioredis';
import type { Env } from './env.ts';

/**
 * Everything a request needs from the outside world; built once per process by `createRuntime`.
 * A feature that brings a dependency of its own adds it to this interface where it defines it
 * (`declare module '../../context.ts'`, as tracking adds `traffic`), so this file knows no feature.
 */
export interface AppDeps {
  env: Env;
  db: Db;
  redis: Redis;
  jobs: JobProducer;
  /** The connection BullMQ queues use (the admin queue dashboard). */
  queueRedis: Redis;
  /** HMAC key for CSRF tokens, imported once. */
  csrfKey: KeyObject;
  now: () => number;
}

export interface AppEnv {
  /** What the runtime hands each request: Deno and tests pass the client address, Node its socket. */
  Bindings: { remoteAddr?: string; incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  Variables: {
    deps: AppDeps;
    caller: Caller | null;
    /** The client's address (see lib/client-ip.ts): the socket's, or a trusted proxy's report. */
    clientIp: string;
    /** SHA-256 of the session cookie, when a valid session was found. */
    sessionIdHash: string | null;
  };
}
