/**
 * Money is integer cents everywhere (API, database, ledger). These helpers are the only
 * place that turns cents into shown dollars or splits a payout by the platform tax.
 */

/**
 * A whole number with US thousands separators: `1234567` → `'1,234,567'`, as
 * `toLocaleString('en-US')` writes it, without it: each call of that builds a number format, and the
 * first one loads the locale data, 80 ms of a phone's main thread while a dashboard starts (issue 19).
 */
export function groupThousands(whole: number): string {
  return String(Math.round(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `1234` → `'$12.34'`, `-50` → `'-$0.50'`. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = groupThousands(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Dollars typed by a person (`'12.5'`, `12.5`) to cents, or null when it is not a number. */
export function dollarsToCents(value: string | number): number | null {
  const n = typeof value === 'number' ? value : Number(String(value).trim().replace(',', '.'));
  if (!Number.isFinite(n) || (typeof value === 'string' && value.trim() === '')) return null;
  return Math.round(n * 100);
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** The platform's share of a payout: payout × tax% (rounded to the cent). */
export function platformShareCents(payoutCents: number, taxPercent: number): number {
  return Math.round((payoutCents * taxPercent) / 100);
}

/** What the publisher gets: the payout minus the platform's share. */
export function publisherShareCents(payoutCents: number, taxPercent: number): number {
  return payoutCents - platformShareCents(payoutCents, taxPercent);
}

/**
 * Automatic tax: the amount typed is what the publisher should get, so the advertiser's
 * payout is grossed up as payout / (100 - tax) × 100 (public §5).
 */
export function grossUpCents(publisherCents: number, taxPercent: number): number {
  if (taxPercent >= 100) throw new RangeError('Platform tax must be below 100%');
  return Math.round((publisherCents / (100 - taxPercent)) * 100);
}

/** 'Platform is loosing money!' shows when the publisher would get more than the advertiser pays. */
export function isPlatformLosingMoney(advertiserPaysCents: number, publisherGetsCents: number): boolean {
  return publisherGetsCents > advertiserPaysCents;
}

/** Conversion ratio = converted / (total − waiting) × 100; null when nothing is decided yet. */
export function conversionRatioPercent(converted: number, total: number, waiting: number): number | null {
  const decided = total - waiting;
  return decided > 0 ? (converted / decided) * 100 : null;
}

/**
 * The one bound on money (issue 18 §2, decision 0031): every amount a call carries and every
 * account balance stays strictly between −MONEY_BOUND_CENTS and MONEY_BOUND_CENTS ($10 billion),
 * far inside the integers JavaScript and SQLite hold exactly. The contracts refuse an amount past it
 * with MONEY_BOUND_MESSAGE before anything is written; the ledger checks every balance again
 * inside its transaction.
 */
export const MONEY_BOUND_CENTS = 1_000_000_000_000;
export const MONEY_BOUND_MESSAGE = `Amounts must be under ${formatUsd(MONEY_BOUND_CENTS)}`;
/** A balance a change would take past the bound. */
export const BALANCE_BOUND_MESSAGE = `The balance would reach ${formatUsd(MONEY_BOUND_CENTS)} or more; balances must stay under it`;

/** Whole cents strictly inside the bound (either sign). */
export function isWithinMoneyBound(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents > -MONEY_BOUND_CENTS && cents < MONEY_BOUND_CENTS;
}

/**
 * The bound's text when an error answer is a refusal by the money bound (contract or ledger), so
 * the money screens show the API's own words; null for any other answer.
 */
export function moneyBoundRefusal(answer: {
  status: string;
  details?: { message?: string; issues?: unknown } | null;
}): string | null {
  if (answer.status === 'ok') return null;
  const texts = [
    answer.details?.message,
    ...((answer.details?.issues as { message?: string }[] | undefined) ?? []).map((i) => i.message),
  ];
  for (const text of [MONEY_BOUND_MESSAGE, BALANCE_BOUND_MESSAGE]) {
    if (texts.some((t) => t === text || t?.endsWith(`: ${text}`))) return text;
  }
  return null;
}
