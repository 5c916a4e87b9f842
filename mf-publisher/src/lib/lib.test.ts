import { MESSAGES } from '@leadmesh/schema/constants';
import { describe, expect, it } from 'vitest';
import {
  consumeTakenFlag,
  earningsBars,
  earningsSeries,
  failureText,
  periodFilters,
  periodLink,
  referralLink,
  setTakenFlag,
} from './answers.ts';
import {
  checkAdvertiser,
  checkAdvertiserSignUp,
  checkGeneral,
  checkPassword,
  checkPaypal,
  checkWire,
  taxVatText,
} from './profile-rules.ts';

describe('the offers screen start flag (dashboards §2 Publisher offers)', () => {
  it('starts in taken mode once after the flag was set, then resets it to 0', () => {
    localStorage.clear();
    expect(consumeTakenFlag()).toBe(false);
    setTakenFlag();
    expect(localStorage.getItem('taken')).toBe('1');
    expect(consumeTakenFlag()).toBe(true);
    expect(localStorage.getItem('taken')).toBe('0');
    expect(consumeTakenFlag()).toBe(false);
  });
});

describe('answers', () => {
  it('shows Server timed out! for an unreachable server, else the screen message', () => {
    expect(failureText({ status: 'error', data: 'SERVER_ERROR' }, 'x')).toBe(MESSAGES.serverTimedOutBang);
    expect(failureText({ status: 'error', data: 'VALIDATION_ERROR' }, 'Domain add failed')).toBe(
      'Domain add failed',
    );
    expect(failureText({ status: 'ok', data: null }, 'x')).toBe('');
  });

  it('builds the referral link in the spec form {host}/#/?ref={code}', () => {
    expect(referralLink('https://leadmesh.test/', 'pub-ref')).toBe('https://leadmesh.test/#/?ref=pub-ref');
    expect(referralLink('http://127.0.0.1:3000', 'a b')).toBe('http://127.0.0.1:3000/#/?ref=a%20b');
  });

  it('turns the day → cents map into dollars, oldest first, with quiet days as 0', () => {
    expect(earningsSeries({ '2026-01-03': 250, '2026-01-01': 1000, junk: 5 })).toEqual([
      { date: '2026-01-01', dollars: 10 },
      { date: '2026-01-02', dollars: 0 },
      { date: '2026-01-03', dollars: 2.5 },
    ]);
    expect(earningsSeries({})).toEqual([]);
  });

  it('draws up to 31 days a bar a day, longer ranges a bar a week from its Monday, summed in cents', () => {
    const short = earningsBars(earningsSeries({ '2026-01-01': 1000, '2026-01-03': 250 }));
    expect(short).toEqual({
      unit: 'day',
      bars: [
        { label: '01-01', dollars: 10, from: '2026-01-01', to: '2026-01-01' },
        { label: '02-01', dollars: 0, from: '2026-01-02', to: '2026-01-02' },
        { label: '03-01', dollars: 2.5, from: '2026-01-03', to: '2026-01-03' },
      ],
    });
    // 90 days (2025-10-01 is a Wednesday): 14 weeks, the first from Monday 29-09, 10 cents each day.
    const byDay: Record<string, number> = {};
    for (let i = 0; i < 90; i++) byDay[new Date(Date.UTC(2025, 9, 1 + i)).toISOString().slice(0, 10)] = 10;
    const long = earningsBars(earningsSeries(byDay));
    expect(long.unit).toBe('week');
    expect(long.bars).toHaveLength(14);
    expect(long.bars[0]).toEqual({ label: '29-09', dollars: 0.5, from: '2025-10-01', to: '2025-10-05' });
    expect(long.bars[1]).toEqual({ label: '06-10', dollars: 0.7, from: '2025-10-06', to: '2025-10-12' });
    // The last week ends with the series (2025-12-29 is its last day, a Monday).
    expect(long.bars[13]).toEqual({ label: '29-12', dollars: 0.1, from: '2025-12-29', to: '2025-12-29' });
    expect(long.bars.reduce((sum, b) => sum + Math.round(b.dollars * 100), 0)).toBe(900);
  });

  it('turns a bar into the referral lists’ period filters, whole UTC days, and ignores anything else', () => {
    expect(periodFilters('2025-09-29', '2025-10-05')).toEqual([
      { name: 'Date', op: 'dgeq', value: '2025-09-29T00:00:00.000Z' },
      { name: 'Date', op: 'dlt', value: '2025-10-06T00:00:00.000Z' },
    ]);
    expect(periodFilters('2026-01-03', '2026-01-03')[1].value).toBe('2026-01-04T00:00:00.000Z');
    expect(periodFilters(null, '2026-01-03')).toEqual([]);
    expect(periodFilters('2026-1-3', '2026-01-03')).toEqual([]);
    expect(periodFilters('2026-01-05', '2026-01-03')).toEqual([]);
    expect(periodLink('publisher', { from: '2026-01-01', to: '2026-01-07' })).toBe(
      '/dashboard/referral-publisher?from=2026-01-01&to=2026-01-07',
    );
  });
});

describe('profile rules (dashboards §5), first failing rule answers', () => {
  it.each([
    [{ FirstName: '', LastName: 'B', ZIP: '1' }, "First name can't be empty"],
    [{ FirstName: 'A', LastName: ' ', ZIP: '1' }, "Last name can't be empty"],
    [{ FirstName: 'A', LastName: 'B', ZIP: '' }, "ZIP can't be empty"],
    [{ FirstName: 'A', LastName: 'B', ZIP: '11a' }, MESSAGES.zipMustBeNumber],
    [{ FirstName: 'A', LastName: 'B', ZIP: '11000' }, null],
  ])('general %j → %s', (values, message) => {
    expect(checkGeneral(values)).toBe(message);
  });

  it.each([
    [{ newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, MESSAGES.oldPasswordMissing],
    [{ oldPassword: 'x', newPassword: 'short', confirmPassword: 'short' }, MESSAGES.newPasswordRange],
    [
      { oldPassword: 'x', newPassword: 'a'.repeat(65), confirmPassword: 'a'.repeat(65) },
      MESSAGES.newPasswordRange,
    ],
    [
      { oldPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' },
      MESSAGES.newPasswordMismatch,
    ],
    [{ oldPassword: 'x', newPassword: 'a'.repeat(64), confirmPassword: 'a'.repeat(64) }, null],
  ])('password %j → %s', (values, message) => {
    expect(checkPassword(values)).toBe(message);
  });

  it('advertiser settings need every company field and a numeric ZIP', () => {
    const ok = {
      CompanyName: 'C',
      CompanyAddress: 'A',
      CompanyCity: 'X',
      CompanyZipCode: '1',
      Tax: 't',
      Vat: 'v',
    };
    expect(checkAdvertiser(ok)).toBeNull();
    expect(checkAdvertiser({ ...ok, CompanyName: '' })).toBe("Company name can't be empty");
    expect(checkAdvertiser({ ...ok, CompanyZipCode: 'x1' })).toBe(MESSAGES.zipMustBeNumber);
    expect(checkAdvertiser({ ...ok, Tax: '' })).toBe("TAX number can't be empty");
    expect(checkAdvertiser({ ...ok, Vat: '' })).toBe("VAT number can't be empty");
  });

  it('wire needs bank, holder, IBAN, SWIFT and country; paypal an owner and a real e-mail', () => {
    const wire = { BankName: 'B', AccountHolder: 'H', IBAN: 'RS35', SWIFT: 'S', Country: 'RS' };
    expect(checkWire(wire)).toBeNull();
    expect(checkWire({ ...wire, SWIFT: '' })).toBe("SWIFT can't be empty");
    expect(checkWire({ ...wire, Country: undefined })).toBe("Country can't be empty");
    expect(checkPaypal({ OwnerName: 'O', EMail: '' })).toBe("E-Mail can't be empty");
    expect(checkPaypal({ OwnerName: 'O', EMail: 'nope' })).toBe(MESSAGES.correctEmail);
    expect(checkPaypal({ OwnerName: 'O', EMail: 'o@example.com' })).toBeNull();
  });

  it('advertiser sign-up: company name, then address, then a numeric ZIP when given', () => {
    expect(checkAdvertiserSignUp({ CompanyAddress: 'A' })).toBe(MESSAGES.companyNameRequiredDashboard);
    expect(checkAdvertiserSignUp({ CompanyName: 'C' })).toBe(MESSAGES.companyAddressRequired);
    expect(checkAdvertiserSignUp({ CompanyName: 'C', CompanyAddress: 'A', CompanyZipCode: 'zip' })).toBe(
      MESSAGES.zipMustBeNumber,
    );
    expect(checkAdvertiserSignUp({ CompanyName: 'C', CompanyAddress: 'A' })).toBeNull();
  });

  it('sends tax and VAT as the text Tax: {x}, VAT: {y}', () => {
    expect(taxVatText(' 123 ', 'RS9')).toBe('Tax: 123, VAT: RS9');
    expect(taxVatText('', '')).toBeNull();
  });
});
