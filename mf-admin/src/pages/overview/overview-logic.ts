import type { OverviewFigures, OverviewPeriod } from '@leadmesh/schema';
import { formatUsd, groupThousands } from '@leadmesh/schema/constants';

/** The figures of a period, in the order the tiles show them. */
export const FIGURES = [
  'clicks',
  'leads',
  'confirmed',
  'rejected',
  'approveRate',
  'spend',
  'payouts',
  'margin',
] as const;
export type FigureKey = (typeof FIGURES)[number];

export const FIGURE_LABELS: Record<FigureKey, string> = {
  clicks: 'Clicks',
  leads: 'Leads',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  approveRate: 'Approve rate',
  spend: 'Advertiser spend',
  payouts: 'Publisher payouts',
  margin: 'Platform margin',
};

const MONEY = new Set<FigureKey>(['spend', 'payouts', 'margin']);

/** A figure as the tile shows it: counts whole, money in $ with 2 decimals, the rate in %. */
export function figureText(key: FigureKey, value: number | null): string {
  if (value === null) return '–';
  if (MONEY.has(key)) return formatUsd(value);
  if (key === 'approveRate') return `${value.toFixed(2)}%`;
  return groupThousands(value);
}

/** Whether a rise of the figure is good news (more rejected leads is not). */
const RISE_IS_GOOD: Record<FigureKey, boolean> = {
  clicks: true,
  leads: true,
  confirmed: true,
  rejected: false,
  approveRate: true,
  spend: true,
  payouts: true,
  margin: true,
};

/**
 * The change from the period before: percent for counts and money, points for the rate; `tone`
 * says whether it is good news. Null when there is nothing to compare (a figure of the other side,
 * or no rate before).
 */
export function delta(
  key: FigureKey,
  now: number | null,
  before: number | null,
): { text: string; tone: 'good' | 'bad' | 'flat' } | null {
  if (now === null || before === null) return null;
  const diff = now - before;
  const tone = diff === 0 ? 'flat' : diff > 0 === RISE_IS_GOOD[key] ? 'good' : 'bad';
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
  if (key === 'approveRate') return { text: `${sign}${Math.abs(diff).toFixed(2)} pts`, tone };
  if (before === 0) return { text: diff === 0 ? '±0%' : `${sign}${figureText(key, Math.abs(diff))}`, tone };
  return { text: `${sign}${Math.round((Math.abs(diff) / Math.abs(before)) * 100)}%`, tone };
}

/** The lead statuses each figure counts (admin-leads' Status filter); null: every lead. */
export const FIGURE_STATUSES: Record<FigureKey, number[] | null> = {
  clicks: null,
  leads: null,
  confirmed: [2],
  rejected: [3, 4, 5],
  approveRate: [2],
  spend: [2],
  payouts: [2],
  margin: [2],
};

/** admin-leads with the leads a figure counts: the period's instants and the figure's statuses. */
export function leadsListLink(
  period: Pick<OverviewPeriod, 'from' | 'to'>,
  statuses: number[] | null,
  extra: Record<string, string | number> = {},
): string {
  const q = new URLSearchParams({ createdFrom: period.from, createdTo: period.to });
  if (statuses) q.set('Status', statuses.join(','));
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  return `/dashboard/admin-leads?${q}`;
}

/** The lead report over the same days with the figure's statuses (for publisher managers). */
export function leadReportLink(
  period: Pick<OverviewPeriod, 'startDay' | 'endDay'>,
  statuses: number[] | null,
) {
  const q = new URLSearchParams({ start: period.startDay, end: period.endDay });
  if (statuses) q.set('statuses', statuses.join(','));
  return `/dashboard/admin-leadStats?${q}`;
}

/** A `YYYY-MM-DD` of the browser's calendar for a local date. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local Date of a `YYYY-MM-DD` (midnight in the browser's zone, for the kit's formatDate). */
export function dateOfDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export type { OverviewFigures };
