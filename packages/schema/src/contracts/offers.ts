import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { SELECTABLE_OFFER_TYPES } from '../constants/catalogue.ts';
import { MESSAGES } from '../constants/errors.ts';
import type { FilterFieldSpec } from '../constants/filters.ts';
import { OFFER_DEFAULTS } from '../constants/limits.ts';
import { hasUnsafeCharacters, isCountryCode } from '../constants/rules.ts';
import { offers } from '../tables/offers.ts';
import {
  defineCall,
  emptyBody,
  filtersSchema,
  idSchema,
  isoDateSchema,
  limitSchema,
  listAnswer,
  paginationOffsetSchema,
} from './define.ts';
import { bareImageName } from './images.ts';

const offerRow = createSelectSchema(offers);

/** A two-letter country code, upper-cased. */
export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Invalid country code')
  .toUpperCase();

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

/** Platform tax: a whole percent, at least 0 and below 100 (the gross-up divides by 100 - tax; decision 0010). */
export const PLATFORM_TAX_MAX = 99;

/** An offer as staff see it (admin §3). */
export const offerSchema = offerRow
  .pick({
    ID: true,
    BoundAdvertiser: true,
    SelectedCRM: true,
    OfferName: true,
    OfferProductName: true,
    OfferProductBrand: true,
    OfferProductPrice: true,
    OfferLimit: true,
    OfferType: true,
    OfferActive: true,
    OfferDescription: true,
    CRMID: true,
    isPromoted: true,
  })
  .extend({
    createdAt: isoDateSchema,
    OfferPayout: z.number().int().describe('What the advertiser pays per lead, in cents'),
    PlatformTax: z
      .number()
      .int()
      .min(0)
      .max(PLATFORM_TAX_MAX)
      .describe('Percent of the payout the platform keeps (whole percent, 0-99)'),
    ReferralPayout: z.number().int().describe("The referrer's payout per lead, in cents"),
    OfferCountry: z.string().describe('Country codes joined by ~, e.g. "RS~BA"'),
    OfferImages: z
      .array(z.string())
      .describe('File names of uploaded images (/images/uploadImage), served at GET /images/{fileName}'),
    OfferMonthlyConversionRatio: z
      .number()
      .describe('Approve rate: confirmed ÷ decided leads of the last 30 days, in percent; -1 = unknown (?)'),
  });
export type Offer = z.infer<typeof offerSchema>;

/** The few offer fields pickers and the payout calculator need (public §3, Offer as used here). */
export const offerSummarySchema = offerSchema.pick({
  ID: true,
  OfferName: true,
  OfferProductName: true,
  PlatformTax: true,
  OfferPayout: true,
});
export type OfferSummary = z.infer<typeof offerSummarySchema>;

/** An offer as its advertiser sees it: without the platform's tax and the referral payout. */
export const advertiserOfferSchema = offerSchema.omit({ PlatformTax: true, ReferralPayout: true });
export type AdvertiserOffer = z.infer<typeof advertiserOfferSchema>;

/**
 * An offer in the publisher catalogue (dashboards §3). Never the advertiser, the CRM, the tax or the
 * referral payout. OfferPayout is what this publisher gets.
 */
export const publisherOfferSchema = offerSchema
  .pick({
    ID: true,
    OfferName: true,
    OfferImages: true,
    OfferProductName: true,
    OfferProductBrand: true,
    OfferProductPrice: true,
    OfferType: true,
    OfferCountry: true,
    OfferDescription: true,
    OfferLimit: true,
    OfferMonthlyConversionRatio: true,
    isPromoted: true,
    createdAt: true,
  })
  .extend({
    OfferPayout: z
      .number()
      .int()
      .describe(
        "What this publisher gets per lead, in cents: their custom payout (or else the offer's payout) minus the platform tax percent",
      ),
    isNew: z.boolean().describe("Created within the last 7 days: the card's 'new' badge"),
    isTaken: z.boolean().describe('This publisher has taken the offer (a taken offer not deleted)'),
  });
export type PublisherOffer = z.infer<typeof publisherOfferSchema>;

// ---------------------------------------------------------------------------------------------
// The add / edit offer form (admin §2, §5)

const looseId = z.union([z.number(), z.string().max(20), z.null()]).optional();
const looseText = (max: number) => z.union([z.string().max(max), z.null()]).optional();
const looseNumber = z.union([z.number(), z.string().max(30), z.null()]).optional();

/**
 * What the add and edit offer forms send. Types are loose on purpose: each field is checked by
 * {@link checkOfferForm} in the order of admin §5, so the first failing rule answers its message.
 */
const offerFormShape = {
  BoundAdvertiser: looseId.describe('The advertiser (id)'),
  SelectedCRM: looseId.describe("One of the advertiser's CRMs (id)"),
  OfferCountry: z
    .union([z.array(z.string().max(10)).max(300), z.string().max(3000), z.null()])
    .optional()
    .describe('ISO country codes, a list or joined by ~'),
  OfferName: looseText(1000),
  OfferProductBrand: looseText(1000),
  OfferProductName: looseText(1000),
  OfferType: looseText(10).describe('CPA or CPL'),
  OfferPayout: looseNumber.describe('What the advertiser pays per lead, in cents'),
  PlatformTax: looseNumber.describe(
    `Whole percent, 0-${PLATFORM_TAX_MAX} (default ${OFFER_DEFAULTS.platformTax})`,
  ),
  OfferLimit: looseNumber.describe(`Leads per day (default ${OFFER_DEFAULTS.limit})`),
  ReferralPayout: looseNumber.describe("The referrer's payout per lead, in cents (default 0)"),
  OfferProductPrice: looseText(1000).describe('Price and currency, two space-separated parts: "50,00 EUR"'),
  OfferImages: z
    .union([z.array(z.string().max(500)).max(20), z.string().max(500), z.null()])
    .optional()
    .describe('File names answered by /images/uploadImage'),
  OfferDescription: looseText(1_000_000).describe('Rich text (HTML); sanitised when stored'),
  CRMID: looseText(100).describe("The product's article id in the advertiser's CRM"),
  OfferActive: z.boolean().optional().describe('Default false on add'),
  isPromoted: z.boolean().optional().describe('Promoted offers come first in the catalogue (default false)'),
};
export type OfferFormInput = { [K in keyof typeof offerFormShape]?: z.input<(typeof offerFormShape)[K]> };

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

const TYPE_OPTIONS = SELECTABLE_OFFER_TYPES.map((t) => ({ value: t, label: t }));

/** Filterable fields of admin-offers (admin §2) plus isPromoted; OfferCountry eq / in matches any of the offer's countries. */
export const OFFER_FILTER_FIELDS: readonly FilterFieldSpec[] = [
  { name: 'ID', friendlyName: 'ID', type: 'number' },
  { name: 'BoundAdvertiser', friendlyName: 'Advertiser ID', type: 'number' },
  { name: 'OfferName', friendlyName: 'Offer name', type: 'string' },
  { name: 'OfferProductName', friendlyName: 'Product name', type: 'string' },
  { name: 'OfferProductBrand', friendlyName: 'Product brand', type: 'string' },
  { name: 'OfferCountry', friendlyName: 'Country', type: 'string' },
  { name: 'OfferType', friendlyName: 'Offer type', type: 'string', options: TYPE_OPTIONS },
  { name: 'OfferPayout', friendlyName: 'Payout (cents)', type: 'number' },
  { name: 'OfferLimit', friendlyName: 'Limit', type: 'number' },
  { name: 'OfferProductPrice', friendlyName: 'Product price', type: 'string' },
  { name: 'OfferMonthlyConversionRatio', friendlyName: 'Approve rate (%)', type: 'number' },
  { name: 'OfferActive', friendlyName: 'Active', type: 'boolean' },
  { name: 'PlatformTax', friendlyName: 'Platform tax (%)', type: 'number' },
  { name: 'isPromoted', friendlyName: 'Promoted', type: 'boolean' },
  { name: 'createdAt', friendlyName: 'Created', type: 'date' },
];

/** Filterable fields of the advertiser's offers (advertiser-offers). */
export const ADVERTISER_OFFER_FILTER_FIELDS: readonly FilterFieldSpec[] = OFFER_FILTER_FIELDS.filter(
  (f) => !['BoundAdvertiser', 'PlatformTax'].includes(f.name),
);

/** Filterable fields of the publisher catalogue (offers of type CPA and CPL only, dashboards §5). */
export const CATALOGUE_FILTER_FIELDS: readonly FilterFieldSpec[] = [
  { name: 'ID', friendlyName: 'ID', type: 'number' },
  { name: 'OfferName', friendlyName: 'Offer name', type: 'string' },
  { name: 'OfferProductName', friendlyName: 'Product name', type: 'string' },
  { name: 'OfferProductBrand', friendlyName: 'Product brand', type: 'string' },
  { name: 'OfferCountry', friendlyName: 'Country', type: 'string' },
  { name: 'OfferType', friendlyName: 'Offer type', type: 'string', options: TYPE_OPTIONS },
  { name: 'OfferLimit', friendlyName: 'Limit per day', type: 'number' },
  { name: 'OfferMonthlyConversionRatio', friendlyName: 'Approve rate (%)', type: 'number' },
  { name: 'isNew', friendlyName: 'New', type: 'boolean' },
  { name: 'createdAt', friendlyName: 'Created', type: 'date' },
];

/** At most this many promoted offers head the catalogue's first load. */
export const PROMOTED_OFFERS_MAX = 100;

/** Offers: the admin catalogue, the advertisers' lists and the publisher catalogue. */
export const offerCalls = {
  addOffer: defineCall({
    path: '/offers/addOffer',
    method: 'POST',
    summary:
      "Create an offer for an advertiser, delivered to one of the advertiser's CRMs; the first failing rule of admin §5 answers its message",
    spec: 'A',
    callers: ['admin'],
    request: z.object(offerFormShape),
    response: offerSchema,
  }),
  deleteOffer: defineCall({
    path: '/offers/deleteOffer',
    method: 'POST',
    summary:
      'Delete an offer: removed when nothing refers to it, otherwise retired (hidden everywhere, its leads and history kept)',
    spec: 'A',
    callers: ['admin'],
    request: z.object({ ID: idSchema, BoundAdvertiser: idSchema.optional() }),
    response: z.null(),
  }),
  editOffer: defineCall({
    path: '/offers/editOffer',
    method: 'POST',
    summary:
      'Edit an offer: fields left out stay as they are (other fields of the sent record are ignored); the result is checked like addOffer',
    spec: 'A',
    callers: ['admin'],
    request: z.object({ ...offerFormShape, ID: idSchema }),
    response: offerSchema,
  }),
  getAllOfferNames: defineCall({
    path: '/offers/getAllOfferNames',
    method: 'POST',
    summary: 'Every offer with its name, product, tax and payout (pickers, payout calculator)',
    spec: 'P',
    callers: ['staff', 'publisherManager', 'advertiserManager'],
    request: emptyBody,
    response: z.array(offerSummarySchema),
  }),
  getAllOffers: defineCall({
    path: '/offers/getAllOffers',
    method: 'POST',
    summary: `Offers list for staff, newest first (filters: ${OFFER_FILTER_FIELDS.map((f) => f.name).join(', ')}; 20 a page); managers may read it`,
    spec: 'A, P',
    callers: ['staff', 'publisherManager', 'advertiserManager'],
    request: z.object({
      paginationOffset: paginationOffsetSchema,
      Filters: filtersSchema,
      limit: limitSchema,
    }),
    response: listAnswer(offerSchema),
  }),
  getAllOffersForAdvertiser: defineCall({
    path: '/offers/getAllOffersForAdvertiser',
    method: 'POST',
    summary:
      "An advertiser's offers, newest first (filters, 20 a page); staff name the advertiser with BoundAdvertiser (all advertisers without it)",
    spec: 'D',
    callers: ['advertiser', 'staff', 'advertiserManager'],
    request: z.object({
      BoundAdvertiser: idSchema.optional(),
      authUser: idSchema.optional(),
      paginationOffset: paginationOffsetSchema,
      Filters: filtersSchema,
      limit: limitSchema,
    }),
    response: listAnswer(advertiserOfferSchema),
  }),
  getAllSelectableOffers: defineCall({
    path: '/offers/getAllSelectableOffers',
    method: 'POST',
    summary:
      'The publisher catalogue: active offers. With showNewOffers the promoted offers come first; the offset counts only the others (dashboards §4)',
    spec: 'D',
    callers: ['publisher'],
    request: z.object({
      BoundUser: idSchema.optional(),
      /** Counts the non-promoted offers already loaded: the rows loaded minus the promoted ones (dashboards §4). */
      paginationOffset: paginationOffsetSchema,
      Filters: filtersSchema,
      /**
       * The catalogue's first load with promoted offers shown: the answer starts with every matching
       * promoted offer (at most 100), then a page of the others. Without it (later pages, or
       * "Hide promoted offers") only the others are answered. See docs/decisions/0010-offers.md.
       */
      showNewOffers: z.boolean().default(false),
      limit: limitSchema,
    }),
    response: listAnswer(publisherOfferSchema),
  }),
  getOfferByID: defineCall({
    path: '/offers/getOfferByID',
    method: 'POST',
    summary: 'One offer with every field (admin; managers may read it); deleted offers are not found',
    spec: 'A',
    callers: ['staff', 'publisherManager', 'advertiserManager'],
    request: z.object({ ID: idSchema }),
    response: offerSchema,
  }),
  getSingleOffer: defineCall({
    path: '/offers/getSingleOffer',
    method: 'POST',
    summary: 'One active offer as the publisher catalogue shows it (offer page)',
    spec: 'D',
    callers: ['publisher'],
    request: z.object({ BoundUser: idSchema.optional(), ID: idSchema }),
    response: publisherOfferSchema,
  }),
};
