import type { DashboardData, LeadsPerDay } from '@leadmesh/schema';
import { describe, expect, it } from 'vitest';
import {
  chartClickFilter,
  clickFromDatum,
  conversionSlices,
  dashboardKpis,
  domainLabel,
  formatRatio,
  integerTicks,
  leadDateToIso,
  NO_DOMAIN,
  recentDays,
  withFilter,
} from './dashboard-logic.ts';

const day = (LeadDate: string, LeadCount = 1): LeadsPerDay => ({
  LeadDate,
  LeadCount,
  ConvertedLeads: 0,
  LeadWaiting: 0,
  LeadEarnings: 0,
  UniqueIPAddresses: LeadCount,
});

const data = (over: Partial<DashboardData>): DashboardData => ({
  leads: [],
  totalEarned: 0,
  totalLeadCount: 0,
  totalConvertedLeadsCount: 0,
  totalFailedLeadsCount: 0,
  totalWaitingLeadsCount: 0,
  totalPhoneCount: 0,
  activeOffers: 0,
  totalLeadOfferNames: [],
  uniqueDomains: [],
  uniqueCities: [],
  uniqueCountryCodes: [],
  ...over,
});

describe('dashboard KPIs', () => {
  it('conversion ratio is converted / (total - waiting) x 100 (dashboards §4)', () => {
    const k = dashboardKpis(
      data({
        totalLeadCount: 10,
        totalConvertedLeadsCount: 3,
        totalWaitingLeadsCount: 4,
        totalFailedLeadsCount: 3,
      }),
    );
    expect(k.ratio).toBeCloseTo(50);
    expect(formatRatio(k.ratio)).toBe('50.00%');
  });
  it('a ratio of nothing decided is a dash, not 0 % or NaN', () => {
    const k = dashboardKpis(data({ totalLeadCount: 5, totalWaitingLeadsCount: 5 }));
    expect(k.ratio).toBeNull();
    expect(formatRatio(k.ratio)).toBe('—');
  });
  it('desktop leads are the leads not sent from a phone', () => {
    const k = dashboardKpis(
      data({ totalLeadCount: 12, totalPhoneCount: 5, activeOffers: 3, totalEarned: 1250 }),
    );
    expect([k.mobile, k.desktop, k.activeOffers, k.money]).toEqual([5, 7, 3, 1250]);
  });
  it('the donut leaves out empty slices', () => {
    const k = dashboardKpis(data({ totalLeadCount: 4, totalConvertedLeadsCount: 4 }));
    expect(conversionSlices(k)).toEqual([{ type: 'Converted', value: 4 }]);
  });
});

describe('chart click → filter', () => {
  it('a day of a per-day chart filters that day, as an ISO date', () => {
    const click = clickFromDatum('total-converted', { day: '05.01.2026', value: 3, series: 'Total' });
    expect(click).toEqual({ kind: 'date', value: '05.01.2026' });
    expect(chartClickFilter(click!)).toEqual({ name: 'createdAt', op: 'deq', value: '2026-01-05' });
  });
  it('offer, city, country and domain map to the fields the dashboard call accepts', () => {
    expect(chartClickFilter(clickFromDatum('offers', { name: 'Slim tea', count: 3 })!)).toEqual({
      name: 'OfferName',
      op: 'eq',
      value: 'Slim tea',
    });
    expect(chartClickFilter(clickFromDatum('cities', { name: 'Novi Sad', count: 1 })!)?.name).toBe('City');
    // The country bars show a name but filter by the code.
    expect(chartClickFilter(clickFromDatum('countries', { code: 'RS', name: 'Serbia', count: 1 })!)).toEqual({
      name: 'CountryCode',
      op: 'eq',
      value: 'RS',
    });
    expect(chartClickFilter({ kind: 'domain', value: 'http://shop.example' })?.name).toBe('PurchaseDomain');
  });
  it('the donut and malformed points name no filter', () => {
    expect(clickFromDatum('conversion', { type: 'Converted', value: 3 })).toBeNull();
    expect(clickFromDatum('money', null)).toBeNull();
    expect(chartClickFilter({ kind: 'date', value: '2026-01-05' })).toBeNull();
    expect(chartClickFilter({ kind: 'city', value: '  ' })).toBeNull();
  });
  it('a second click on the same kind replaces the first filter', () => {
    const first = withFilter([], { name: 'createdAt', op: 'deq', value: '2026-01-05' });
    const both = withFilter(withFilter(first, { name: 'City', op: 'eq', value: 'Niš' }), {
      name: 'createdAt',
      op: 'deq',
      value: '2026-01-06',
    });
    expect(both).toEqual([
      { name: 'City', op: 'eq', value: 'Niš' },
      { name: 'createdAt', op: 'deq', value: '2026-01-06' },
    ]);
  });
});

describe('last five days', () => {
  it('keeps the five days up to the newest, newest first', () => {
    const rows = ['01.03.2026', '28.02.2026', '25.02.2026', '24.02.2026', '02.03.2026'].map((d) => day(d));
    expect(recentDays(rows).map((r) => r.LeadDate)).toEqual(['02.03.2026', '01.03.2026', '28.02.2026']);
  });
  it('counts back from today when given', () => {
    const rows = [day('01.03.2026'), day('20.02.2026')];
    expect(recentDays(rows, 5, new Date('2026-03-03T10:00:00Z')).map((r) => r.LeadDate)).toEqual([
      '01.03.2026',
    ]);
    expect(leadDateToIso('1.3.2026')).toBeNull();
  });
});

describe('count axis ticks', () => {
  it('gives small counts every whole number', () => {
    expect(integerTicks(0, 1)).toEqual([0, 1]);
    expect(integerTicks(0, 3)).toEqual([0, 1, 2, 3]);
    expect(integerTicks(0, 5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(integerTicks(0, 0)).toEqual([0]);
  });
  it('spaces large counts one, two or five powers of ten apart', () => {
    expect(integerTicks(0, 9)).toEqual([0, 2, 4, 6, 8]);
    expect(integerTicks(0, 1200)).toEqual([0, 200, 400, 600, 800, 1000, 1200]);
    expect(integerTicks(0, 37.5)).toEqual([0, 10, 20, 30]);
    expect(integerTicks(0, 1200).every(Number.isInteger)).toBe(true);
  });
});

describe('domain labels', () => {
  it('shows the host of a stored URL, and says when a lead has no domain', () => {
    expect(domainLabel('http://Shop.example/landing?id=7')).toBe('shop.example');
    expect(domainLabel('https://user@a.example:8080#x')).toBe('a.example:8080');
    expect(domainLabel('plain.example')).toBe('plain.example');
    expect(domainLabel('  ')).toBe(NO_DOMAIN);
    expect(domainLabel('')).toBe('No domain');
  });
});
