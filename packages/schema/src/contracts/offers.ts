import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { OFFER_FILTER_FIELDS, PLATFORM_TAX_MAX } from '../constants/offers.ts';
import { offers } from '../tables/offers.ts';
import { defineCall } from './define.ts';
import { byIdRequest, emptyBody, idSchema, isoDateSchema, listAnswer, pagedListQuery } from './fields.ts';
import { offerFormShape } from './offer-form.ts';

const offerRow = createSelectSchema(offers);

/** A two-letter country code, upper-cased. */
export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Invalid country code')
  .toUpperCase();

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

export type { OfferFormInput } from './offer-form.ts';

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
    request: z.object(pagedListQuery),
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
      ...pagedListQuery,
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
      /** Its `paginationOffset` counts the non-promoted offers already loaded: the rows loaded minus the promoted ones (dashboards §4). */
      ...pagedListQuery,
      /**
       * The catalogue's first load with promoted offers shown: the answer starts with every matching
       * promoted offer (at most 100), then a page of the others. Without it (later pages, or
       * "Hide promoted offers") only the others are answered. See docs/decisions/0010-offers.md.
       */
      showNewOffers: z.boolean().default(false),
    }),
    response: listAnswer(publisherOfferSchema),
  }),
  getOfferByID: defineCall({
    path: '/offers/getOfferByID',
    method: 'POST',
    summary: 'One offer with every field (admin; managers may read it); deleted offers are not found',
    spec: 'A',
    callers: ['staff', 'publisherManager', 'advertiserManager'],
    request: byIdRequest,
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
