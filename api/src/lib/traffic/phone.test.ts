import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';

describe('normalizePhone: accepted', () => {
  it.each([
    // Serbia
    ['060 1234567', 'RS', '+381601234567', 'RS'],
    ['060/123-45-67', 'RS', '+381601234567', 'RS'],
    ['(060) 123.45.67', 'RS', '+381601234567', 'RS'],
    ['+381 60 123 4567', 'RS', '+381601234567', 'RS'],
    ['00381601234567', null, '+381601234567', 'RS'],
    ['381601234567', 'RS', '+381601234567', 'RS'],
    ['011 234567', 'RS', '+38111234567', 'RS'],
    // Bosnia and Herzegovina
    ['061 123 456', 'BA', '+38761123456', 'BA'],
    ['+387 61 123-456', null, '+38761123456', 'BA'],
    ['033 212-345', 'ba', '+38733212345', 'BA'],
    // Germany
    ['01512 3456789', 'DE', '+4915123456789', 'DE'],
    ['030/123456', 'DE', '+4930123456', 'DE'],
    ['+49 (0)30 123456', 'DE', '+4930123456', 'DE'],
    ['0049 1512 3456789', 'US', '+4915123456789', 'DE'],
    // United States
    ['(201) 555-0123', 'US', '+12015550123', 'US'],
    ['201.555.0123', 'US', '+12015550123', 'US'],
    ['1-201-555-0123', 'US', '+12015550123', 'US'],
    ['+1 201 555 0123', 'RS', '+12015550123', 'US'],
    ['011 381 60 1234567', 'US', '+381601234567', 'RS'],
    // Thailand
    ['081 234 5678', 'TH', '+66812345678', 'TH'],
    ['02-123-4567', 'TH', '+6621234567', 'TH'],
    ['+66 81 234 5678', null, '+66812345678', 'TH'],
    ['๐๘๑๒๓๔๕๖๗๘', 'TH', '+66812345678', 'TH'],
    // United Arab Emirates
    ['050 123 4567', 'AE', '+971501234567', 'AE'],
    ['+971 50 123 4567', 'AE', '+971501234567', 'AE'],
    ['٠٥٠١٢٣٤٥٦٧', 'AE', '+971501234567', 'AE'],
    ['00971 2 234 5678', null, '+97122345678', 'AE'],
    // Odd but harmless input
    ['＋３８１ ６０ １２３ ４５６７', null, '+381601234567', 'RS'],
    ['  060 1234567  ', ' rs ', '+381601234567', 'RS'],
    ['060\u00a0123\u20134567', 'RS', '+381601234567', 'RS'],
  ])('%j (hint %s) is %s in %s', (raw, hint, e164, country) => {
    expect(normalizePhone(raw, hint)).toEqual({ ok: true, e164, country });
  });
});

describe('normalizePhone: refused', () => {
  it.each([
    // Too short or too long
    ['060 123', 'RS'],
    ['123', 'US'],
    ['06012345678901', 'RS'],
    ['+3816012345679999', null],
    ['+49 1512 3456789012345', null],
    // Letters, extensions, other characters
    ['+1 800 FLOWERS', null],
    ['060 1234567x', 'RS'],
    ['+381601234567 ext. 12', null],
    ['060-CALL-NOW', 'RS'],
    ['060#1234567', 'RS'],
    ['060*1234567', 'RS'],
    ['060,1234567', 'RS'],
    ['+381+601234567', null],
    ['381601234567+', null],
    ['<script>', 'RS'],
    // Not valid in the country's plan
    ['099 1234567 8', 'RS'],
    ['(123) 456-7890', 'US'],
    ['(201) 055-0123', 'US'],
    ['0012 345', 'DE'],
    ['011 234 5678', 'TH'],
    ['080 123 4567', 'AE'],
    ['+999 1234 5678', null],
    ['+800 1234 5678', null],
    // National numbers without a usable country
    ['060 1234567', null],
    ['060 1234567', undefined],
    ['060 1234567', ''],
    ['060 1234567', 'XX'],
    ['060 1234567', 'Serbia'],
    // Not input at all
    ['', 'RS'],
    ['   ', 'RS'],
    ['+', null],
    ['0'.repeat(65), 'RS'],
  ])('%j (hint %s)', (raw, hint) => {
    expect(normalizePhone(raw, hint)).toEqual({ ok: false, reason: 'PHONE_INVALID' });
  });

  it('refuses what is not a string', () => {
    expect(normalizePhone(381601234567 as never, 'RS')).toEqual({ ok: false, reason: 'PHONE_INVALID' });
    expect(normalizePhone(null as never)).toEqual({ ok: false, reason: 'PHONE_INVALID' });
  });
});
