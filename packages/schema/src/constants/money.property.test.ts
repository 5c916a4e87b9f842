/**
 * Property tests of the money helpers (issue 12): for any whole number of cents and any tax the
 * platform allows, shown dollars read back to the same cents and a payout splits without a cent
 * made or lost.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatUsd,
  grossUpCents,
  groupThousands,
  isPlatformLosingMoney,
  platformShareCents,
  publisherShareCents,
} from './money.ts';

/** Cents up to about ±90 billion dollars: beyond anything the platform holds, within exact doubles. */
const cents = fc.integer({ min: -9_000_000_000_000, max: 9_000_000_000_000 });
const payout = fc.integer({ min: 0, max: 100_000_000 });
const tax = fc.integer({ min: 0, max: 99 });

describe('groupThousands', () => {
  it('writes a whole number as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(cents, (n) => {
        expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
    expect(groupThousands(-1234.6)).toBe('-1,235');
  });
});

describe('formatUsd', () => {
  it('shows $ with thousands separators and exactly 2 decimals, and reads back to the same cents', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const shown = formatUsd(c);
        expect(shown).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(dollarsToCents(shown.replace(/[$,]/g, ''))).toBe(c === 0 ? 0 : c);
      }),
    );
  });
});

describe('dollarsToCents and centsToDollars', () => {
  it('round-trip every whole number of cents, from numbers and from typed text', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(dollarsToCents(centsToDollars(c))).toBe(c);
        expect(dollarsToCents((c / 100).toFixed(2))).toBe(c);
        expect(dollarsToCents(` ${(c / 100).toFixed(2).replace('.', ',')} `)).toBe(c);
      }),
    );
  });

  it('answer null, never NaN, for anything that is not a number', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string().filter((s) => !Number.isFinite(Number(s.trim().replace(',', '.'))) || s.trim() === ''),
          fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e400', '', '   '),
        ),
        (text) => {
          expect(dollarsToCents(text)).toBeNull();
        },
      ),
    );
    expect(dollarsToCents(Number.NaN)).toBeNull();
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('splitting a payout by the platform tax', () => {
  it('platform share + publisher share = payout, both whole cents, neither negative', () => {
    fc.assert(
      fc.property(payout, tax, (p, t) => {
        const platform = platformShareCents(p, t);
        const publisher = publisherShareCents(p, t);
        expect(Number.isInteger(platform) && Number.isInteger(publisher)).toBe(true);
        expect(platform + publisher).toBe(p);
        expect(platform).toBeGreaterThanOrEqual(0);
        expect(publisher).toBeGreaterThanOrEqual(0);
        expect(isPlatformLosingMoney(p, publisher)).toBe(false);
      }),
    );
  });

  it('grossing up gives the publisher what was typed, to the cent', () => {
    fc.assert(
      fc.property(payout, tax, (wanted, t) => {
        const charged = grossUpCents(wanted, t);
        expect(Number.isInteger(charged)).toBe(true);
        expect(charged).toBeGreaterThanOrEqual(wanted);
        expect(Math.abs(publisherShareCents(charged, t) - wanted)).toBeLessThanOrEqual(1);
      }),
    );
    expect(() => grossUpCents(100, 100)).toThrow(RangeError);
  });
});
