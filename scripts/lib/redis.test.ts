import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteKeysWithPrefix, keysWithPrefix, prefixPattern } from './redis.ts';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = `redis-test-${randomBytes(4).toString('hex')}`;
const redis = new Redis(url);

afterAll(async () => {
  // Whatever a failed assertion left behind.
  for (const prefix of [run, `${run}2`, `${run}[x]`]) await deleteKeysWithPrefix(url, prefix);
  await redis.quit();
});

describe('a run’s own Redis keys', () => {
  it('escapes glob characters of the prefix', () => {
    expect(prefixPattern('e2e-a*b?[c]')).toBe('e2e-a\\*b\\?\\[c\\]:*');
  });

  it('deletes every key under prefix: (API and BullMQ style) and nothing else', async () => {
    await redis.set(`${run}:rl:login:1`, '1');
    await redis.hset(`${run}:mail:mail.send-1`, { name: 'mail.send' });
    await redis.zadd(`${run}:mail:completed`, 1, 'mail.send-1');
    for (let i = 0; i < 1200; i++) await redis.set(`${run}:bulk:${i}`, '1');
    // Neighbours: a longer prefix and a key without the colon.
    await redis.set(`${run}2:keep`, '1');
    await redis.set(`${run}-keep`, '1');
    await redis.set(`${run}[x]:keep`, '1');

    expect(await deleteKeysWithPrefix(url, run)).toBe(1203);
    expect(await keysWithPrefix(url, run)).toEqual([]);
    expect(await redis.exists(`${run}2:keep`, `${run}-keep`, `${run}[x]:keep`)).toBe(3);
    await redis.del(`${run}-keep`);
  });

  it('refuses an empty prefix', async () => {
    await expect(deleteKeysWithPrefix(url, '')).rejects.toThrow(/prefix/);
  });
});
