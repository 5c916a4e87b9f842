const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The postback schedule: now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. Entry `i` is the wait before
 * attempt `i + 1`, so its length (8) is the number of attempts (BullMQ `attempts`).
 */
export const POSTBACK_RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
]);

/** The most a receiver's `Retry-After` can push one attempt back. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

/**
 * The wait before the next postback attempt, or `null` when the schedule is used up.
 *
 * `attempt` is the number of attempts already made (BullMQ's `attemptsMade`): 0 → 0 (the first attempt
 * goes now), 1 → 5 s, ..., 7 → 10 h, 8 → `null`. A receiver's `Retry-After` wins when it asks for longer,
 * capped at {@link MAX_RETRY_AFTER_MS}; it never adds attempts.
 *
 * @example
 * nextDelay(1); // 5000
 * nextDelay(1, 60_000); // 60000: the receiver asked for a minute
 * nextDelay(8); // null: give up
 */
export function nextDelay(attempt: number, retryAfterMs?: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 0 || attempt >= POSTBACK_RETRY_DELAYS_MS.length) return null;
  const scheduled = POSTBACK_RETRY_DELAYS_MS[attempt];
  if (retryAfterMs === undefined || !Number.isFinite(retryAfterMs)) return scheduled;
  return Math.max(scheduled, Math.min(Math.max(0, retryAfterMs), MAX_RETRY_AFTER_MS));
}

export interface BackoffOptions {
  /** The wait after the first failure, before jitter. */
  baseMs: number;
  /** The largest wait, before jitter. */
  maxMs: number;
  /** Source of randomness in [0, 1); injectable for tests. Default `Math.random`. */
  random?: () => number;
}

/**
 * Exponential backoff with "equal jitter" for CRM delivery: the ceiling doubles per attempt
 * (`baseMs · 2^(attempt-1)`, at most `maxMs`) and the wait is uniform in [ceiling/2, ceiling). Half the
 * ceiling is kept so waits still grow; the random half spreads retries of many leads failing together.
 *
 * `attempt` is the number of attempts already made; 0 gives 0.
 *
 * @example
 * backoffMs(3, { baseMs: 1000, maxMs: 60_000 }); // between 2000 and 4000
 */
export function backoffMs(attempt: number, { baseMs, maxMs, random = Math.random }: BackoffOptions): number {
  if (!(attempt > 0)) return 0;
  // 2 ** 1024 is Infinity, which Math.min absorbs; no overflow to worry about.
  const ceiling = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return Math.floor(ceiling / 2 + random() * (ceiling / 2));
}
