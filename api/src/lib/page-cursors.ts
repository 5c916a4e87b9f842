import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Where a page of a newest-first lead list starts: the date and id of the row just before it. */
export interface PageCursor {
  at: number;
  id: number;
}

/**
 * Remembers, per list and offset, the row a page continues after, so the next page of an infinite
 * scroll is read from there (keyset) instead of by skipping `offset` rows again (decision 0010).
 */
export interface PageCursors {
  get(key: string): Promise<PageCursor | null>;
  set(key: string, cursor: PageCursor): Promise<void>;
}

/** How long a remembered position is used: a scroll session, not a snapshot of the list. */
export const PAGE_CURSOR_TTL_SECONDS = 120;

/** The key of one list as one caller filters it: who asks, whose leads, the filters and the page size. */
export function listKey(list: string, parts: unknown): string {
  return `leads:page:${list}:${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 24)}`;
}

/** Cursors in Redis, shared by the API processes; a Redis failure only costs the shortcut. */
export function redisPageCursors(redis: Redis, ttlSeconds = PAGE_CURSOR_TTL_SECONDS): PageCursors {
  return {
    async get(key) {
      const value = await redis.get(key).catch(() => null);
      const match = value ? /^(-?\d+):(\d+)$/.exec(value) : null;
      return match ? { at: Number(match[1]), id: Number(match[2]) } : null;
    },
    async set(key, cursor) {
      await redis.set(key, `${cursor.at}:${cursor.id}`, 'EX', ttlSeconds).catch(() => undefined);
    },
  };
}
