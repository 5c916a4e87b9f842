import { z } from 'zod';
import { OFFER_DEFAULTS, PLATFORM_TAX_MAX } from '../constants/limits.ts';

// The add / edit offer form (admin §2, §5), apart from contracts/offers.ts so the form's checker
// (constants/offers.ts) reads its type without a circle back through the offer contracts.

const looseId = z.union([z.number(), z.string().max(20), z.null()]).optional();
const looseText = (max: number) => z.union([z.string().max(max), z.null()]).optional();
const looseNumber = z.union([z.number(), z.string().max(30), z.null()]).optional();

/**
 * What the add and edit offer forms send. Types are loose on purpose: each field is checked by
 * `checkOfferForm` (constants/offers.ts) in the order of admin §5, so the first failing rule answers its message.
 */
export const offerFormShape = {
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
