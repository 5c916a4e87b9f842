const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The spec's display date `dd.Mon.yyyy` (dashboards §9), e.g. `05.Jan.2024`; '' for no date. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value == null) return '';
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}.${MONTHS[date.getMonth()]}.${date.getFullYear()}`;
}

/** Payout dates `DD-MM-YYYY hh:mm` in UTC (dashboards §9, public §9), e.g. `05-01-2024 13:07`. */
export function formatPayoutDate(value: Date | string | number | null | undefined): string {
  if (value == null) return '';
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()} ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}`;
}
