import { dollarsToCents, grossUpCents, platformShareCents } from '@leadmesh/schema/constants';

export interface PayoutPreview {
  /** What the advertiser pays per lead (the offer's payout), cents. */
  advertiserPays: number;
  /** The platform's share: payout × tax %. */
  platformTakes: number;
  /** What the publisher gets, cents. */
  publisherGets: number;
  /** 'Platform is loosing money!' */
  losing: boolean;
}

/**
 * The Final calculations of the offer form (admin §2) and the custom payout calculator (public §5).
 *
 * - `payout`: dollars typed. With `automaticTax` it is what the publisher should get, and the
 *   payout the advertiser pays is grossed up as payout / (100 − tax) × 100.
 * - `advertiserPaysCents`: the custom payout calculator compares against the offer's own payout
 *   (the advertiser still pays that); the offer form leaves it out (the advertiser pays the payout).
 *
 * Null while the inputs are not numbers (or the tax is not 0-99).
 */
export function payoutPreview(input: {
  payout: string;
  tax: string | number;
  automaticTax?: boolean;
  advertiserPaysCents?: number;
}): PayoutPreview | null {
  const typed = dollarsToCents(input.payout);
  const tax = typeof input.tax === 'number' ? input.tax : Number(String(input.tax).trim() || 'NaN');
  if (typed === null || typed < 0 || !Number.isFinite(tax) || tax < 0 || tax >= 100) return null;
  const payout = input.automaticTax ? grossUpCents(typed, tax) : typed;
  const platformTakes = platformShareCents(payout, tax);
  const publisherGets = payout - platformTakes;
  const advertiserPays = input.advertiserPaysCents ?? payout;
  return { advertiserPays, platformTakes, publisherGets, losing: publisherGets > advertiserPays };
}

/** The payout (cents) a form sends: grossed up with automatic tax; null when not a number. */
export function payoutToSend(payout: string, tax: number, automaticTax: boolean): number | null {
  const typed = dollarsToCents(payout);
  if (typed === null) return null;
  return automaticTax && tax >= 0 && tax < 100 ? grossUpCents(typed, tax) : typed;
}
