import type {
  DashboardData,
  FilterFieldSpec,
  FilterItem,
  FilterOperator,
  LeadsPerDay,
} from '@leadmesh/schema';
import { conversionRatioPercent, DASHBOARD_RECENT_DAYS, TOP_LIST_SIZE } from '@leadmesh/schema/constants';

/** Whose screens a shared view draws: the publisher's own leads or the advertiser's. */
export type LeadRole = 'publisher' | 'advertiser';

/** The KPI tiles of the dashboard (dashboards §2), from one dashboard answer. */
export interface DashboardKpis {
  /** Earned (publisher) or spent (advertiser), in cents. */
  money: number;
  total: number;
  converted: number;
  failed: number;
  waiting: number;
  /** converted / (total − waiting) × 100, or null while nothing is decided. */
  ratio: number | null;
  mobile: number;
  desktop: number;
  activeOffers: number;
}

export function dashboardKpis(data: DashboardData): DashboardKpis {
  return {
    money: data.totalEarned,
    total: data.totalLeadCount,
    converted: data.totalConvertedLeadsCount,
    failed: data.totalFailedLeadsCount,
    waiting: data.totalWaitingLeadsCount,
    ratio: conversionRatioPercent(
      data.totalConvertedLeadsCount,
      data.totalLeadCount,
      data.totalWaitingLeadsCount,
    ),
    mobile: data.totalPhoneCount,
    desktop: Math.max(0, data.totalLeadCount - data.totalPhoneCount),
    activeOffers: data.activeOffers,
  };
}

/** `42.86%`; a dash when no lead is decided yet (a ratio of nothing is not 0 %). */
export function formatRatio(ratio: number | null): string {
  return ratio === null ? '—' : `${ratio.toFixed(2)}%`;
}

/** An offer's approve rate as the spec shows it: a percentage, or '?' while unknown (-1). */
export function approveRateText(ratio: number): string {
  return ratio < 0 ? '?' : `${Number.isInteger(ratio) ? ratio : ratio.toFixed(1)}%`;
}

/** A whole number with thousands separators (the kit's formatter). */
export { formatCount } from '../format.ts';

/** What a click on a chart point, a tab row or a top-list bar names. */
export type ChartClick =
  | { kind: 'date'; value: string }
  | { kind: 'offer' | 'city' | 'country' | 'domain'; value: string };

/** `DD.MM.YYYY` (the per-day rows) → `YYYY-MM-DD`, or null for anything else. */
export function leadDateToIso(value: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

const FIELD_OF: Record<Exclude<ChartClick['kind'], 'date'>, string> = {
  offer: 'OfferName',
  city: 'City',
  country: 'CountryCode',
  domain: 'PurchaseDomain',
};

/**
 * The filter a chart click adds (dashboards §2: clicking a chart point filters by date, offer, city,
 * country or domain), in the names the dashboard call accepts. Null when the point names nothing.
 */
export function chartClickFilter(click: ChartClick): FilterItem | null {
  if (click.kind === 'date') {
    const iso = leadDateToIso(click.value);
    return iso ? { name: 'createdAt', op: 'deq', value: iso } : null;
  }
  const value = click.value.trim();
  return value ? { name: FIELD_OF[click.kind], op: 'eq', value } : null;
}

/**
 * Adds a filter, replacing one on the same field and operator (clicking another day moves the day
 * filter instead of asking for two days at once, which matches nothing).
 */
export function withFilter(filters: readonly FilterItem[], item: FilterItem): FilterItem[] {
  return [...filters.filter((f) => !(f.name === item.name && f.op === item.op)), item];
}

/** The operators the dashboard call answers (it reads daily rollups, so no text search). */
export const DASHBOARD_OPERATORS: readonly FilterOperator[] = [
  'eq',
  'neq',
  'deq',
  'dgt',
  'dgeq',
  'dlt',
  'dleq',
];

/** What the Domains tab and the domain filter say of a lead taken without a domain. */
export const NO_DOMAIN = 'No domain';

/**
 * A lead's purchase domain as people read it: its host, lower-case (`Shop.example` of
 * `http://Shop.example/landing?id=7`), or "No domain" for a lead taken without one. The filter
 * keeps the stored value; only the label is shortened.
 */
export function domainLabel(value: string): string {
  const host = value
    .trim()
    .replace(/^[a-z][a-z\d+.-]*:\/\//i, '')
    .split(/[/?#]/)[0]
    ?.replace(/^[^@]*@/, '')
    .toLowerCase();
  return host ? host : NO_DOMAIN;
}

/** The dashboard's filter panel; the text fields offer the values the answer lists. */
export function dashboardFilterFields(data: DashboardData | null): FilterFieldSpec[] {
  const options = (list: { name: string }[] | undefined, label = (name: string) => name || 'Unknown') =>
    list && list.length > 0 ? list.map((x) => ({ value: x.name, label: label(x.name) })) : undefined;
  return [
    { name: 'createdAt', friendlyName: 'Date', type: 'date' },
    { name: 'OfferName', friendlyName: 'Offer', type: 'string', options: options(data?.totalLeadOfferNames) },
    {
      name: 'CountryCode',
      friendlyName: 'Country',
      type: 'string',
      options: options(data?.uniqueCountryCodes),
    },
    { name: 'City', friendlyName: 'City', type: 'string', options: options(data?.uniqueCities) },
    {
      name: 'PurchaseDomain',
      friendlyName: 'Domain',
      type: 'string',
      options: options(data?.uniqueDomains, domainLabel),
    },
    { name: 'PurchaseIsPhone', friendlyName: 'From a phone', type: 'boolean' },
  ];
}

/** The first `n` of a list the server sorted by count (top 10 cities and countries, §9). */
export function topOf<T>(list: readonly T[], n: number = TOP_LIST_SIZE): T[] {
  return list.slice(0, n);
}

/**
 * The rows of the "last five days" table: the newest `days` days counted back from the newest day
 * with leads (or from `today` when given), newest first. Days without leads are left out.
 */
export function recentDays(
  leads: readonly LeadsPerDay[],
  days: number = DASHBOARD_RECENT_DAYS,
  today?: Date,
): LeadsPerDay[] {
  const iso = (row: LeadsPerDay) => leadDateToIso(row.LeadDate) ?? '';
  const sorted = [...leads].sort((a, b) => iso(b).localeCompare(iso(a)));
  const newest = today ? today.toISOString().slice(0, 10) : sorted[0] ? iso(sorted[0]) : null;
  if (!newest) return [];
  const from = new Date(`${newest}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  const start = from.toISOString().slice(0, 10);
  return sorted.filter((row) => iso(row) >= start && iso(row) <= newest);
}

/** One point of a chart series: the day's label and its value, with the series' name. */
export interface SeriesPoint {
  day: string;
  value: number;
  series: string;
}

/** Two series per day for the line charts (total vs converted, unique IPs vs total). */
export function pairedSeries(
  leads: readonly LeadsPerDay[],
  a: { name: string; pick(row: LeadsPerDay): number },
  b: { name: string; pick(row: LeadsPerDay): number },
): SeriesPoint[] {
  return leads.flatMap((row) => [
    { day: row.LeadDate, value: a.pick(row), series: a.name },
    { day: row.LeadDate, value: b.pick(row), series: b.name },
  ]);
}

/** The donut's slices: converted, failed and waiting, leaving out empty ones. */
export function conversionSlices(k: DashboardKpis): { type: string; value: number }[] {
  return [
    { type: 'Converted', value: k.converted },
    { type: 'Failed', value: k.failed },
    { type: 'Waiting', value: k.waiting },
  ].filter((s) => s.value > 0);
}

/**
 * The dashboard's charts by name: what a click on one of their points names, and their card's test
 * id (`chart-<name>`).
 */
export type ChartKey =
  | 'conversion'
  | 'total-converted'
  | 'money'
  | 'unique-ips'
  | 'offers'
  | 'cities'
  | 'countries'
  | 'domains';

/**
 * What a clicked chart element names, from the chart and the element's datum: the day of a per-day
 * chart, the offer, city, country or domain of a top list. The donut's slices name no filter.
 */
export function clickFromDatum(chart: ChartKey, datum: unknown): ChartClick | null {
  if (!datum || typeof datum !== 'object') return null;
  const d = datum as Record<string, unknown>;
  switch (chart) {
    case 'total-converted':
    case 'money':
    case 'unique-ips':
      return typeof d.day === 'string' ? { kind: 'date', value: d.day } : null;
    case 'offers':
      return typeof d.name === 'string' ? { kind: 'offer', value: d.name } : null;
    case 'cities':
      return typeof d.name === 'string' ? { kind: 'city', value: d.name } : null;
    case 'countries':
      return typeof d.code === 'string' ? { kind: 'country', value: d.code } : null;
    case 'domains':
      return typeof d.name === 'string' ? { kind: 'domain', value: d.name } : null;
    default:
      return null;
  }
}

/**
 * The ticks of a count axis (dashboards §2: integer-only ticks): whole numbers one, two or five
 * times a power of ten apart, about `count` of them, from `min` to `max`. A count of 0-5 gets
 * 0, 1, 2… instead of the chart library's halves, which would be drawn without their labels.
 */
export function integerTicks(min: number, max: number, count = 5): number[] {
  const low = Math.floor(Math.min(min, max));
  const high = Math.ceil(Math.max(min, max));
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [];
  // The step nearest the rough one among 1, 2 and 5 times a power of ten (d3's rule), at least 1.
  const rough = Math.max(1, (high - low) / Math.max(1, count - 1));
  const power = 10 ** Math.floor(Math.log10(rough));
  const error = rough / power;
  const step =
    power * (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.SQRT2 ? 2 : 1);
  const ticks: number[] = [];
  for (let tick = Math.floor(low / step) * step; tick <= high; tick += step) ticks.push(tick);
  return ticks;
}
