import { describe, expect, it } from 'vitest';
import { randomToken, safeEqual } from './crypto.ts';

describe('randomToken', () => {
  it('answers base64url of the asked number of bytes, never the same twice, across pool refills', () => {
    const seen = new Set<string>();
    // 4 KB pool: 2,000 tokens of 12 bytes and 500 of 32 refill it several times.
    for (let i = 0; i < 2_000; i++) {
      const token = randomToken(12);
      expect(token).toMatch(/^[A-Za-z0-9_-]{16}$/);
      seen.add(token);
    }
    for (let i = 0; i < 500; i++) {
      const token = randomToken();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(2_500);
  });

  it('answers tokens larger than the pool straight from the CSPRNG', () => {
    expect(Buffer.from(randomToken(5_000), 'base64url')).toHaveLength(5_000);
  });

  it('never answers a token of all zero bytes (wiped pool bytes are not handed out again)', () => {
    const zero = Buffer.alloc(12).toString('base64url');
    for (let i = 0; i < 1_000; i++) expect(safeEqual(randomToken(12), zero)).toBe(false);
  });
});
