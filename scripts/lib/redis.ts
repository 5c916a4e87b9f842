import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/** True when a Redis server answers PING at host:port. */
export function pingRedis(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export interface RedisHandle {
  url: string;
  /** Set when this process started the server, so it stops it too. */
  stop?: () => Promise<void>;
  describe: string;
}

/**
 * Redis from REDIS_URL; else 127.0.0.1:6379 when it answers; else a redis-server started
 * here when the binary is on PATH; else a clear error saying what to install.
 */
export async function ensureRedis(dataDir: string, env = process.env): Promise<RedisHandle> {
  if (env.REDIS_URL) {
    const target = new URL(env.REDIS_URL);
    // Only plain redis:// can be pinged here; rediss:// (TLS) is trusted as given.
    if (target.protocol === 'redis:' && !(await pingRedis(target.hostname, Number(target.port || 6379)))) {
      throw new Error(
        `REDIS_URL ${env.REDIS_URL} does not answer. Start that Redis, or unset REDIS_URL to use 127.0.0.1:6379.`,
      );
    }
    return { url: env.REDIS_URL, describe: `Redis at ${target.host}` };
  }
  if (await pingRedis('127.0.0.1', 6379))
    return { url: 'redis://127.0.0.1:6379', describe: 'Redis already running on 127.0.0.1:6379' };
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    'redis-server',
    ['--port', '6379', '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  const failed = await new Promise<Error | null>((resolve) => {
    child.once('error', resolve);
    setTimeout(() => resolve(null), 300);
  });
  if (failed) {
    throw new Error(
      'Redis is needed and none answers on 127.0.0.1:6379. Install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or set REDIS_URL.',
    );
  }
  for (let i = 0; i < 50; i++) {
    if (await pingRedis('127.0.0.1', 6379)) {
      return {
        url: 'redis://127.0.0.1:6379',
        describe: 'Redis started by npm start on 127.0.0.1:6379',
        stop: async () => {
          child.kill('SIGTERM');
          await new Promise((r) => child.once('exit', r));
        },
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server was started but never answered on 127.0.0.1:6379');
}

/** `prefix:*` as a SCAN pattern, with the glob characters of the prefix escaped. */
export function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[*?[\]\\]/g, (c) => `\\${c}`)}:*`;
}

/**
 * Every key under `prefix:` (the API's `keyPrefix` and BullMQ's queue prefix both end in `:`),
 * found with SCAN so a large Redis is never blocked.
 */
export async function keysWithPrefix(url: string, prefix: string): Promise<string[]> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = new Set<string>();
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', prefixPattern(prefix), 'COUNT', 500);
      for (const key of batch) keys.add(key);
      cursor = next;
    } while (cursor !== '0');
    return [...keys];
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key under `prefix:` (SCAN + UNLINK in batches); returns how many there were. */
export async function deleteKeysWithPrefix(url: string, prefix: string): Promise<number> {
  if (!prefix) throw new Error('refusing to delete keys without a prefix');
  const keys = await keysWithPrefix(url, prefix);
  if (keys.length === 0) return 0;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (let i = 0; i < keys.length; i += 500) await redis.unlink(...keys.slice(i, i + 500));
    return keys.length;
  } finally {
    redis.disconnect();
  }
}
