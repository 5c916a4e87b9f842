import { describe, expect, it } from 'vitest';
import { dateOfDay, delta, figureText, leadReportLink, leadsListLink, localDay } from './overview-logic.ts';

describe('the overview tiles', () => {
  it('show counts whole, money in $ with 2 decimals, the rate in %, the other side as a dash', () => {
    expect(figureText('leads', 12345)).toBe('12,345');
    expect(figureText('spend', 123456)).toBe('$1,234.56');
    expect(figureText('approveRate', 42.5)).toBe('42.50%');
    expect(figureText('margin', null)).toBe('–');
  });

  it('show the change from the period before, good or bad news by figure', () => {
    expect(delta('leads', 150, 100)).toEqual({ text: '+50%', tone: 'good' });
    expect(delta('rejected', 150, 100)).toEqual({ text: '+50%', tone: 'bad' });
    expect(delta('confirmed', 50, 100)).toEqual({ text: '−50%', tone: 'bad' });
    expect(delta('approveRate', 40, 42.5)).toEqual({ text: '−2.50 pts', tone: 'bad' });
    expect(delta('spend', 1000, 0)).toEqual({ text: '+$10.00', tone: 'good' });
    expect(delta('leads', 0, 0)).toEqual({ text: '±0%', tone: 'flat' });
    expect(delta('approveRate', 50, null)).toBeNull();
  });

  it('link to the list of exactly what they count', () => {
    const period = {
      from: '2026-03-03T22:00:00.000Z',
      to: '2026-03-10T22:00:00.000Z',
      startDay: '2026-03-04',
      endDay: '2026-03-10',
    };
    const url = new URL(leadsListLink(period, [3, 4, 5], { BoundOffer: 7 }), 'http://x');
    expect(url.pathname).toBe('/dashboard/admin-leads');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      createdFrom: '2026-03-03T22:00:00.000Z',
      createdTo: '2026-03-10T22:00:00.000Z',
      Status: '3,4,5',
      BoundOffer: '7',
    });
    expect(leadReportLink(period, [2])).toBe(
      '/dashboard/admin-leadStats?start=2026-03-04&end=2026-03-10&statuses=2',
    );
  });

  it('reads and writes the browser’s calendar days', () => {
    expect(localDay(new Date(2026, 2, 4, 23, 59))).toBe('2026-03-04');
    expect(localDay(dateOfDay('2026-12-31'))).toBe('2026-12-31');
  });
});
