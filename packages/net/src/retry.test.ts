import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffMs, MAX_RETRY_AFTER_MS, nextDelay, POSTBACK_RETRY_DELAYS_MS } from './retry.ts';

const s = 1000;
const min = 60 * s;
const h = 60 * min;

describe('POSTBACK_RETRY_DELAYS_MS', () => {
  it('is now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(POSTBACK_RETRY_DELAYS_MS).toEqual([0, 5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h]);
    expect(Object.isFrozen(POSTBACK_RETRY_DELAYS_MS)).toBe(true);
  });
});

describe('nextDelay', () => {
  it.each(POSTBACK_RETRY_DELAYS_MS.map((delay, attempt) => [attempt, delay]))(
    'after %i attempts waits %i ms',
    (attempt, delay) => {
      expect(nextDelay(attempt)).toBe(delay);
    },
  );

  it.each([8, 9, 100, -1, 1.5, Number.NaN])('gives up at attempt %s', (attempt) => {
    expect(nextDelay(attempt)).toBeNull();
    expect(nextDelay(attempt, 60 * s)).toBeNull();
  });

  it('honours a longer Retry-After and ignores a shorter one', () => {
    expect(nextDelay(1, 60 * s)).toBe(60 * s);
    expect(nextDelay(2, 60 * s)).toBe(5 * min);
    expect(nextDelay(0, 30 * s)).toBe(30 * s);
  });

  it('caps Retry-After at 24 h and ignores nonsense', () => {
    expect(nextDelay(1, 7 * 24 * h)).toBe(MAX_RETRY_AFTER_MS);
    expect(MAX_RETRY_AFTER_MS).toBe(24 * h);
    expect(nextDelay(1, -5)).toBe(5 * s);
    expect(nextDelay(1, Number.NaN)).toBe(5 * s);
    expect(nextDelay(1, Number.POSITIVE_INFINITY)).toBe(5 * s);
  });
});

describe('backoffMs', () => {
  const opts = { baseMs: 1000, maxMs: 60_000 };

  it('is 0 before the first attempt', () => {
    expect(backoffMs(0, opts)).toBe(0);
  });

  it('doubles the ceiling per attempt up to maxMs, keeping at least half of it', () => {
    expect(backoffMs(1, { ...opts, random: () => 0 })).toBe(500);
    expect(backoffMs(1, { ...opts, random: () => 0.999999 })).toBe(999);
    expect(backoffMs(3, { ...opts, random: () => 0 })).toBe(2000);
    expect(backoffMs(3, { ...opts, random: () => 0.5 })).toBe(3000);
    expect(backoffMs(20, { ...opts, random: () => 0 })).toBe(30_000);
    expect(backoffMs(5000, { ...opts, random: () => 0.999999 })).toBeLessThan(60_000);
  });

  it('stays within [ceiling/2, ceiling) for any attempt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), (attempt) => {
        const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** (attempt - 1));
        const delay = backoffMs(attempt, opts);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
        expect(delay).toBeLessThan(ceiling);
      }),
    );
  });
});
