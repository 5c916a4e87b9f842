/** Date range presets of the reports (public §4, Date presets). */
export const DATE_PRESETS = ['all', '24h', 'today', 'yesterday', '7d', '30d', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  all: 'All',
  '24h': 'Last 24 hours',
  today: 'Today',
  yesterday: 'Yesterday',
  '7d': '7 days',
  '30d': '30 days',
  custom: 'Custom',
};

export interface DateRange {
  /** null: from the beginning. */
  start: Date | null;
  end: Date | null;
}

const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 0, 0, 0);
const dayEnd = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);
const daysBefore = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() - n);

/**
 * A custom range as the report asks for it: start after end is swapped; the start is taken at the
 * start of its day and the end at the end of its day (local time).
 */
export function normalizeRange(a: Date, b: Date): { start: Date; end: Date } {
  const [first, last] = a.getTime() <= b.getTime() ? [a, b] : [b, a];
  return { start: dayStart(first), end: dayEnd(last) };
}

/**
 * The range of a preset at `now` (local days): 7 days is today and the 6 days before, 30 days today
 * and the 29 before; `custom` takes the two picked dates (either order).
 */
export function presetRange(preset: DatePreset, now: Date, custom?: [Date, Date] | null): DateRange {
  switch (preset) {
    case 'all':
      return { start: null, end: null };
    case '24h':
      return { start: new Date(now.getTime() - 24 * 3600_000), end: now };
    case 'today':
      return { start: dayStart(now), end: dayEnd(now) };
    case 'yesterday': {
      const y = daysBefore(now, 1);
      return { start: dayStart(y), end: dayEnd(y) };
    }
    case '7d':
      return { start: dayStart(daysBefore(now, 6)), end: dayEnd(now) };
    case '30d':
      return { start: dayStart(daysBefore(now, 29)), end: dayEnd(now) };
    case 'custom':
      return custom ? normalizeRange(custom[0], custom[1]) : { start: dayStart(now), end: dayEnd(now) };
  }
}

/** Minutes to add to UTC to reach the browser's local time (UTC+2 → 120), as the report calls take it. */
export function localUtcOffset(date = new Date()): number {
  return -date.getTimezoneOffset();
}
