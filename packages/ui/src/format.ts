import type { ListValueType } from '@leadmesh/schema';
import { formatUsd, groupThousands } from '@leadmesh/schema/constants';

/*
 * The product's one date format and one money format (decision 0055): dates `DD-MM-YYYY hh:mm`
 * (the spec's payout format, dashboards §9), in the reader's own time unless the spec says UTC,
 * where they say so ("27-11-2026 07:39 UTC"); days without a time `DD-MM-YYYY`; money "$1,200.00".
 * Screens format through these only, never by hand.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type DateInput = Date | string | number | null | undefined;

/** A day, `DD-MM-YYYY` in the reader's time zone, e.g. `05-01-2024`; '' for no date. */
export function formatDate(value: DateInput): string {
  if (value == null) return '';
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** A moment, `DD-MM-YYYY hh:mm` in the reader's time zone, e.g. `05-01-2024 14:07`; '' for no date. */
export function formatDateTime(value: DateInput): string {
  if (value == null) return '';
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A moment in UTC, marked so: `DD-MM-YYYY hh:mm UTC` (payout dates, dashboards §9 and public §9),
 * e.g. `05-01-2024 13:07 UTC`; '' for no date.
 */
export function formatDateTimeUtc(value: DateInput): string {
  if (value == null) return '';
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()} ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())} UTC`;
}

/** The time of a moment in UTC, marked so: `hh:mm UTC` (a next try, today or soon); '' for no date. */
export function formatTimeUtc(value: DateInput): string {
  const full = formatDateTimeUtc(value);
  return full ? full.slice(11) : '';
}

/** @deprecated Payout dates are `formatDateTimeUtc` (it marks them UTC); kept for screens not yet moved. */
export const formatPayoutDate = formatDateTimeUtc;

/**
 * A calendar day the server names without a time (a statistics row's `LeadDate` `DD.MM.YYYY`, or
 * `YYYY-MM-DD`), as `DD-MM-YYYY`; anything else is shown as it came.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (dotted) return `${dotted[1]}-${dotted[2]}-${dotted[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return `${iso[3]}-${iso[2]}-${iso[1]}`;
  return value;
}

/**
 * A day on a chart's axis, `DD-MM` (the product's day without the year, which the chart's title
 * and tooltip carry), from a `DD.MM.YYYY` or `YYYY-MM-DD` day; anything else as it is.
 */
export function formatDayShort(value: string | null | undefined): string {
  return formatDay(value).replace(/^(\d{2}-\d{2})-\d{4}$/, '$1');
}

/** An amount of money from integer cents: `$1,200.00`, `-$0.50`. */
export function formatMoney(cents: number): string {
  return formatUsd(cents);
}

/** A count with thousands separators: `12,345`. */
export function formatCount(n: number): string {
  return groupThousands(n);
}

/**
 * A percentage with up to `decimals` decimals (public §9: 0 or 2), `?` for an unknown ratio
 * (-1, admin §9), e.g. `42.5%`.
 */
export function formatPercent(value: number | null | undefined, decimals = 2): string {
  if (value == null || !Number.isFinite(value)) return '—';
  if (value < 0) return '?';
  return `${Number(value.toFixed(decimals))}%`;
}

/**
 * A list cell's value in its column's format, for every format drawn as plain text; money and the
 * tags (Yes/No, lead status) are drawn by the caller (antd's in ListTable, plain in the first rows).
 */
export function cellText(type: ListValueType, value: unknown): string {
  switch (type) {
    case 'date':
      return formatDate(value as string);
    case 'dateTime':
      return formatDateTime(value as string);
    case 'dateTimeUtc':
      return formatDateTimeUtc(value as string);
    case 'percent':
      return formatPercent(Number(value));
    case 'number':
      return formatCount(Number(value));
    default:
      return String(value);
  }
}
