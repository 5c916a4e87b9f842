import { validationError } from '@leadmesh/core';
import { OVERVIEW_MAX_DAYS, OVERVIEW_MESSAGES } from '@leadmesh/schema';
import { QUARTER_HOUR_MS } from '@leadmesh/schema/tables';

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A span of instants [from, to), both on quarter-hour boundaries. */
export interface Span {
  from: number;
  to: number;
}

/** The day number (days since 1970-01-01) of a `YYYY-MM-DD`. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
/** The `YYYY-MM-DD` of a day number. */
export const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** The caller's day number at an instant, for their offset in minutes. */
export const localDayAt = (at: number, utcOffset: number) =>
  Math.floor((at + utcOffset * MINUTE_MS) / DAY_MS);
/** The instant the caller's day `n` starts. */
export const localDayStart = (n: number, utcOffset: number) => n * DAY_MS - utcOffset * MINUTE_MS;
const quarterCeil = (at: number) => Math.ceil(at / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;

/** The caller's days `first` to `last`, whole, as instants. */
export function daysSpan(first: number, last: number, utcOffset: number): Span {
  return { from: localDayStart(first, utcOffset), to: localDayStart(last + 1, utcOffset) };
}

/**
 * The period before a span, as long as it: the same days one length earlier. When the span runs
 * past now (it holds today) the period before stops at the same moment of its own last day, so
 * "today so far" meets "yesterday by this time", not all of yesterday.
 */
export function previousSpan(span: Span, now: number): Span {
  const length = span.to - span.from;
  const to = Math.min(span.to, quarterCeil(now)) - length;
  return { from: span.from - length, to: Math.max(to, span.from - length) };
}

/**
 * The range a caller asked for, checked: first day not after the last, at most
 * OVERVIEW_MAX_DAYS days (its period before it is as long again).
 */
export function checkedRange(startDate: string, endDate: string): { first: number; last: number } {
  const first = dayNumber(startDate);
  const last = dayNumber(endDate);
  if (first > last) throw validationError('startDate', OVERVIEW_MESSAGES.reversed);
  if (last - first + 1 > OVERVIEW_MAX_DAYS) throw validationError('endDate', OVERVIEW_MESSAGES.tooLong);
  return { first, last };
}
