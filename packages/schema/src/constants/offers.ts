import type { OfferFormInput } from '../contracts/offer-form.ts';
import { SELECTABLE_OFFER_TYPES } from './catalogue.ts';
import { MESSAGES } from './errors.ts';
import type { FilterFieldSpec } from './filters.ts';
import { bareImageName } from './images.ts';
import { OFFER_DEFAULTS, PLATFORM_TAX_MAX } from './limits.ts';
import { ADVERTISER_OFFER_LIST, CATALOGUE_LIST, listFilterFields, OFFER_LIST } from './lists.ts';
import { hasUnsafeCharacters, isCountryCode } from './rules.ts';

/** Offer countries travel as one text, the codes joined by `~` (admin §3: "the server sends them joined by ~"). */
export const OFFER_COUNTRY_SEPARATOR = '~';

/** `['RS', 'BA']` → `'RS~BA'`. */
export function joinOfferCountries(codes: readonly string[]): string {
  return codes.join(OFFER_COUNTRY_SEPARATOR);
}

/** `'RS~BA'` (or a list) → `['RS', 'BA']`: trimmed, upper-cased, empty parts and repeats dropped. */
export function splitOfferCountries(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(OFFER_COUNTRY_SEPARATOR) : (value ?? []);
  return [...new Set(parts.map((c) => String(c).trim().toUpperCase()).filter((c) => c !== ''))];
}

export { PLATFORM_TAX_MAX } from './limits.ts';

/** A checked offer form: what the service stores (the description is still to be sanitised). */
export interface OfferForm {
  BoundAdvertiser: number;
  SelectedCRM: number;
  OfferCountry: string[];
  OfferName: string;
  OfferProductBrand: string;
  OfferProductName: string;
  OfferType: (typeof SELECTABLE_OFFER_TYPES)[number];
  OfferPayout: number;
  PlatformTax: number;
  OfferLimit: number;
  ReferralPayout: number;
  OfferProductPrice: string;
  OfferImages: string[];
  OfferDescription: string;
  CRMID: string | null;
  OfferActive: boolean;
  isPromoted: boolean;
}

/** What {@link checkOfferForm} asks the database (the browser form passes nothing: it picks from lists). */
export interface OfferFormLookups {
  advertiserExists(advertiserId: number): Promise<boolean>;
  crmBelongsTo(crmId: number, advertiserId: number): Promise<boolean>;
  imagesExist(fileNames: string[]): Promise<boolean>;
}

export type OfferFormCheck = { ok: true; form: OfferForm } | { ok: false; field: string; message: string };

const MAX_CENTS = 100_000_000;
const MAX_LIMIT = 10_000_000;
const TEXT_MAX = 200;

/** A whole number from a number or numeric text; null for anything else (a decimal, '', null, 'abc'). */
function wholeNumber(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*-?\d+(\.0+)?\s*$/.test(value)
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(n) ? n : null;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Checks an add or edit offer form in the order of admin §5 and answers the first failing rule with
 * its field and message: advertiser, its CRM, countries, name, brand, product name, type, payout,
 * platform tax, limit, referral payout, product price, image, description. Blank tax, limit and
 * referral payout take the defaults (20, 1000, 0). Money is whole cents (decision 0002).
 *
 * Long because it is admin §5's rule list read top to bottom: one rule a few lines, the first
 * failing one answers; split into parts, the order the spec prescribes would be spread over them.
 */
export async function checkOfferForm(
  input: OfferFormInput,
  lookups: Partial<OfferFormLookups> = {},
): Promise<OfferFormCheck> {
  const fail = (field: string, message: string): OfferFormCheck => ({ ok: false, field, message });

  const advertiser = wholeNumber(input.BoundAdvertiser);
  if (advertiser === null || advertiser <= 0 || !(await (lookups.advertiserExists?.(advertiser) ?? true)))
    return fail('BoundAdvertiser', MESSAGES.offerAdvertiserMissing);
  const crm = wholeNumber(input.SelectedCRM);
  if (crm === null || crm <= 0 || !(await (lookups.crmBelongsTo?.(crm, advertiser) ?? true)))
    return fail('SelectedCRM', MESSAGES.offerCrmMissing);

  const countries = splitOfferCountries(input.OfferCountry);
  if (countries.length === 0) return fail('OfferCountry', MESSAGES.offerCountriesMissing);
  const unknown = countries.find((c) => !isCountryCode(c));
  if (unknown) return fail('OfferCountry', `Unknown country code: ${unknown.slice(0, 10)}`);

  const texts = [
    ['OfferName', MESSAGES.offerNameEmpty, 'Offer name'],
    ['OfferProductBrand', MESSAGES.offerBrandEmpty, 'Product brand'],
    ['OfferProductName', MESSAGES.offerProductNameEmpty, 'Product name'],
  ] as const;
  const text: Record<string, string> = {};
  for (const [field, emptyMessage, label] of texts) {
    const value = (input[field] ?? '').trim();
    if (value === '') return fail(field, emptyMessage);
    if (value.length > TEXT_MAX) return fail(field, `${label} must be at most ${TEXT_MAX} characters`);
    if (hasUnsafeCharacters(value)) return fail(field, `${label} may not contain control characters`);
    text[field] = value;
  }

  const type = (input.OfferType ?? '').trim().toUpperCase();
  if (!(SELECTABLE_OFFER_TYPES as readonly string[]).includes(type))
    return fail('OfferType', MESSAGES.offerTypeMissing);

  const payout = wholeNumber(input.OfferPayout);
  if (payout === null || payout <= 0 || payout > MAX_CENTS)
    return fail('OfferPayout', MESSAGES.offerPayoutInvalid);
  const tax = isBlank(input.PlatformTax) ? OFFER_DEFAULTS.platformTax : wholeNumber(input.PlatformTax);
  if (tax === null || tax < 0 || tax > PLATFORM_TAX_MAX) return fail('PlatformTax', MESSAGES.offerTaxInvalid);
  const limit = isBlank(input.OfferLimit) ? OFFER_DEFAULTS.limit : wholeNumber(input.OfferLimit);
  if (limit === null || limit < 0 || limit > MAX_LIMIT) return fail('OfferLimit', MESSAGES.offerLimitInvalid);
  const referral = isBlank(input.ReferralPayout)
    ? OFFER_DEFAULTS.referralPayoutCents
    : wholeNumber(input.ReferralPayout);
  if (referral === null || referral < 0 || referral > MAX_CENTS)
    return fail('ReferralPayout', MESSAGES.offerReferralInvalid);

  const price = (input.OfferProductPrice ?? '').trim();
  const priceParts = price.split(' ');
  if (
    price.length > 100 ||
    priceParts.length !== 2 ||
    priceParts.some((p) => p === '') ||
    hasUnsafeCharacters(price)
  )
    return fail('OfferProductPrice', MESSAGES.offerPriceInvalid);

  const imageList = typeof input.OfferImages === 'string' ? [input.OfferImages] : (input.OfferImages ?? []);
  const images = [...new Set(imageList.map((i) => i.trim()).filter((i) => i !== ''))].map(bareImageName);
  if (images.length === 0 || images.some((i) => i === null))
    return fail('OfferImages', MESSAGES.offerImageMissing);
  if (!(await (lookups.imagesExist?.(images as string[]) ?? true)))
    return fail('OfferImages', MESSAGES.offerImageMissing);

  const description = (input.OfferDescription ?? '').trim();
  if (description === '') return fail('OfferDescription', MESSAGES.offerDescriptionEmpty);

  const crmArticle = (input.CRMID ?? '').trim();
  if (hasUnsafeCharacters(crmArticle))
    return fail('CRMID', 'CRM article ID may not contain control characters');

  return {
    ok: true,
    form: {
      BoundAdvertiser: advertiser,
      SelectedCRM: crm,
      OfferCountry: countries,
      OfferName: text.OfferName,
      OfferProductBrand: text.OfferProductBrand,
      OfferProductName: text.OfferProductName,
      OfferType: type as OfferForm['OfferType'],
      OfferPayout: payout,
      PlatformTax: tax,
      OfferLimit: limit,
      ReferralPayout: referral,
      OfferProductPrice: price,
      OfferImages: images as string[],
      OfferDescription: description,
      CRMID: crmArticle === '' ? null : crmArticle,
      OfferActive: input.OfferActive ?? false,
      isPromoted: input.isPromoted ?? false,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Lists

/** Filterable fields of admin-offers, from the list's declaration. */
export const OFFER_FILTER_FIELDS: readonly FilterFieldSpec[] = listFilterFields(OFFER_LIST);

/** Filterable fields of the advertiser's offers (advertiser-offers). */
export const ADVERTISER_OFFER_FILTER_FIELDS: readonly FilterFieldSpec[] =
  listFilterFields(ADVERTISER_OFFER_LIST);

/** Filterable fields of the publisher catalogue. */
export const CATALOGUE_FILTER_FIELDS: readonly FilterFieldSpec[] = listFilterFields(CATALOGUE_LIST);

/** At most this many promoted offers head the catalogue's first load. */
export const PROMOTED_OFFERS_MAX = 100;
