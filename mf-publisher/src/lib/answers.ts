import type { Envelope, FilterItem } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { formatDayShort, refusalText } from '@leadmesh/ui';

/**
 * The text a failed call shows: 'Server timed out!' when the server could not be reached
 * (dashboards conventions), else the server's reason or the screen's own catalogue message
 * (the kit's `refusalText`).
 */
export function failureText(answer: Envelope<unknown>, fallback: string): string {
  if (answer.status === 'ok') return '';
  return answer.data === 'SERVER_ERROR' ? MESSAGES.serverTimedOutBang : refusalText(answer, fallback);
}

/** Local-storage key of the offers screen's start mode (dashboards §2 Publisher offers). */
export const TAKEN_FLAG_KEY = 'taken';

/** Asks the offers screen to open on its taken table next time. */
export function setTakenFlag(storage: Storage = localStorage): void {
  storage.setItem(TAKEN_FLAG_KEY, '1');
}

/** Whether the offers screen starts in taken mode: the stored flag is 1. It is reset to 0 at once. */
export function consumeTakenFlag(storage: Storage = localStorage): boolean {
  const taken = storage.getItem(TAKEN_FLAG_KEY) === '1';
  storage.setItem(TAKEN_FLAG_KEY, '0');
  return taken;
}

/** The referral link of a code, in the spec's form `{host}/#/?ref={code}` (dashboards §2 Referrals). */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/#/?ref=${encodeURIComponent(code)}`;
}

/** One point of the referral earnings chart: the day and dollars (the chart's axis is in $). */
export interface EarningsPoint {
  date: string;
  dollars: number;
}

/**
 * The overview's map of day → cents as chart points, oldest first, with the days between the first
 * and the last filled with 0 so the line does not jump over quiet days.
 */
export function earningsSeries(byDay: Record<string, number>): EarningsPoint[] {
  const days = Object.keys(byDay)
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort();
  if (days.length === 0) return [];
  const points: EarningsPoint[] = [];
  const last = Date.parse(`${days[days.length - 1]}T00:00:00Z`);
  for (let t = Date.parse(`${days[0]}T00:00:00Z`); t <= last; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    points.push({ date, dollars: (byDay[date] ?? 0) / 100 });
  }
  return points;
}

/** A bar of the referral earnings chart: a day or a week (labelled by its Monday), its dollars and days. */
export interface EarningsBar {
  label: string;
  dollars: number;
  /** The first day the bar counts (YYYY-MM-DD). */
  from: string;
  /** The last day the bar counts (YYYY-MM-DD). */
  to: string;
}

/**
 * The earnings chart's bars (issue 16 item 10: 90 daily bars made 90 rotated, unreadable labels):
 * up to 31 days one bar a day, longer ranges one bar a week from its Monday, summed in cents so
 * no rounding creeps in. Labels are DD-MM (the product's day format without the year).
 */
export function earningsBars(points: EarningsPoint[]): { unit: 'day' | 'week'; bars: EarningsBar[] } {
  if (points.length <= 31)
    return {
      unit: 'day',
      bars: points.map((p) => ({
        label: formatDayShort(p.date),
        dollars: p.dollars,
        from: p.date,
        to: p.date,
      })),
    };
  const first = points[0].date;
  const last = points[points.length - 1].date;
  const weeks = new Map<string, number>();
  for (const p of points) {
    const t = Date.parse(`${p.date}T00:00:00Z`);
    const monday = new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    weeks.set(monday, (weeks.get(monday) ?? 0) + Math.round(p.dollars * 100));
  }
  return {
    unit: 'week',
    // A bar's period is the days it sums: its week, within the series (the list it opens shows those).
    bars: [...weeks].map(([monday, cents]) => {
      const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
      return {
        label: formatDayShort(monday),
        dollars: cents / 100,
        from: [monday, first].sort()[1],
        to: [sunday, last].sort()[0],
      };
    }),
  };
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The referral lists' filters for a period of whole UTC days, from a bar of the earnings chart
 * (`?from=YYYY-MM-DD&to=YYYY-MM-DD`): earned on or after `from`'s midnight and before the midnight
 * after `to`, the days the overview sums. Anything else in the address gives no filter.
 */
export function periodFilters(from: string | null, to: string | null): FilterItem[] {
  if (!from || !to || !DAY_PATTERN.test(from) || !DAY_PATTERN.test(to)) return [];
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return [];
  return [
    { name: 'Date', op: 'dgeq', value: new Date(start).toISOString() },
    { name: 'Date', op: 'dlt', value: new Date(end).toISOString() },
  ];
}

/** The address of a referral list showing one period of the earnings chart. */
export function periodLink(list: 'publisher' | 'advertiser', bar: { from: string; to: string }): string {
  return `/dashboard/referral-${list}?from=${bar.from}&to=${bar.to}`;
}
