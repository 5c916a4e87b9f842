import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { SELECTABLE_OFFER_TYPES } from '../constants/catalogue.ts';
import { MESSAGES } from '../constants/errors.ts';
import { OFFER_DEFAULTS } from '../constants/limits.ts';
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

const offerRow = createSelectSchema(offers);

/** A two-letter country code, upper-cased. */
export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Invalid country code')
  .toUpperCase();

/** An offer as staff see it (admin §3). OfferCountry is a list; `~`-joined text is accepted on input only. */
export const offerSchema = offerRow
  .pick({
    ID: true,
    BoundAdvertiser: true,
    SelectedCRM: true,
    OfferName: true,
    OfferProductName: true,
    OfferProductBrand: true,
    OfferProductPrice: true,
    PlatformTax: true,
    OfferLimit: true,
    OfferType: true,
    OfferActive: true,
    OfferDescription: true,
    CRMID: true,
    OfferMonthlyConversionRatio: true,
    isPromoted: true,
  })
  .extend({
    createdAt: isoDateSchema,
    OfferPayout: z.number().int().describe('What the advertiser pays per lead, in cents'),
    ReferralPayout: z.number().int().describe("The referrer's payout per lead, in cents"),
    OfferCountry: z.array(z.string()),
    OfferImages: z.array(z.string()),
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

/** An offer in the publisher catalogue (dashboards §3). OfferPayout is what this publisher gets. */
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
        'What this publisher gets per lead, in cents: their custom payout or the payout minus the tax',
      ),
  });
export type PublisherOffer = z.infer<typeof publisherOfferSchema>;

/** Offer countries: a list of codes, or the codes joined by `~`. */
const offerCountryInput = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (typeof v === 'string' ? v.split('~') : v).map((c) => c.trim()).filter((c) => c !== ''))
  .pipe(z.array(countryCodeSchema).min(1).max(250));

/** Offer images: stored image paths (from /images/uploadImage), one or a list. */
const offerImagesInput = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (typeof v === 'string' ? [v] : v).map((p) => p.trim()).filter((p) => p !== ''))
  .pipe(z.array(z.string().max(500)).min(1).max(20));

/** Price plus currency: exactly two space-separated parts (admin §5). */
const productPriceInput = z
  .string()
  .trim()
  .max(100, MESSAGES.offerPriceInvalid)
  .refine((v) => {
    const parts = v.split(' ');
    return parts.length === 2 && parts.every((p) => p !== '');
  }, MESSAGES.offerPriceInvalid);

const nonNegativeInt = () => z.number().int().min(0);

/** The editable fields of an offer, without defaults (admin §3, §5). */
const offerFields = {
  BoundAdvertiser: idSchema,
  SelectedCRM: idSchema,
  OfferCountry: offerCountryInput,
  OfferName: z.string().trim().min(1).max(200),
  OfferProductBrand: z.string().trim().min(1).max(200),
  OfferProductName: z.string().trim().min(1).max(200),
  OfferType: z.enum(SELECTABLE_OFFER_TYPES),
  OfferPayout: nonNegativeInt().describe('What the advertiser pays per lead, in cents'),
  PlatformTax: nonNegativeInt().max(100).describe('Percent of the payout the platform keeps'),
  OfferLimit: nonNegativeInt().describe('Leads per day'),
  OfferProductPrice: productPriceInput,
  OfferActive: z.boolean(),
  OfferImages: offerImagesInput,
  OfferDescription: z.string().trim().min(1, MESSAGES.offerDescriptionEmpty).max(1_000_000),
  ReferralPayout: nonNegativeInt().describe("The referrer's payout per lead, in cents"),
  CRMID: z.string().trim().max(100).nullable().optional(),
};

/** Offers: the admin catalogue, the advertisers' lists and the publisher catalogue. */
export const offerCalls = {
  addOffer: defineCall({
    path: '/offers/addOffer',
    method: 'POST',
    summary: "Create an offer for an advertiser, delivered to one of the advertiser's CRMs",
    spec: 'A',
    callers: ['admin'],
    request: z.object({
      ...offerFields,
      PlatformTax: offerFields.PlatformTax.default(OFFER_DEFAULTS.platformTax),
      OfferLimit: offerFields.OfferLimit.default(OFFER_DEFAULTS.limit),
      ReferralPayout: offerFields.ReferralPayout.default(OFFER_DEFAULTS.referralPayoutCents),
    }),
    response: offerSchema,
  }),
  deleteOffer: defineCall({
    path: '/offers/deleteOffer',
    method: 'POST',
    summary: 'Delete an offer (an offer that has leads is retired instead of removed)',
    spec: 'A',
    callers: ['admin'],
    request: z.object({ ID: idSchema, BoundAdvertiser: idSchema.optional() }),
    response: z.null(),
  }),
  editOffer: defineCall({
    path: '/offers/editOffer',
    method: 'POST',
    summary: 'Edit an offer; fields left out stay as they are (other fields of the sent record are ignored)',
    spec: 'A',
    callers: ['admin'],
    request: z.object(offerFields).partial().extend({ ID: idSchema, isPromoted: z.boolean().optional() }),
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
    summary: 'Offers list for staff (filters, 20 a page); managers may read it',
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
    summary: "An advertiser's offers (filters, 20 a page)",
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
    summary: 'The publisher catalogue: active offers (filters, 20 a page)',
    spec: 'D',
    callers: ['publisher'],
    request: z.object({
      BoundUser: idSchema.optional(),
      paginationOffset: paginationOffsetSchema,
      Filters: filtersSchema,
      /** First load of the catalogue: the promoted offers come first and are not counted in the offset. */
      showNewOffers: z.boolean().default(false),
      limit: limitSchema,
    }),
    response: listAnswer(publisherOfferSchema),
  }),
  getOfferByID: defineCall({
    path: '/offers/getOfferByID',
    method: 'POST',
    summary: 'One offer with every field (admin; managers may read it)',
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
