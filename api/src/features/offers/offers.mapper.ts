import {
  type AdvertiserOffer,
  joinOfferCountries,
  NEW_OFFER_BADGE_DAYS,
  type Offer,
  type PublisherOffer,
  publisherShareCents,
} from '@leadmesh/schema';
import type { OfferRow } from '@leadmesh/schema/tables';

const DAY_MS = 86_400_000;

/** An offer as staff see it: countries joined by `~` (admin §3). */
export function toOffer(row: OfferRow): Offer {
  return {
    ID: row.ID,
    BoundAdvertiser: row.BoundAdvertiser,
    SelectedCRM: row.SelectedCRM,
    OfferName: row.OfferName,
    OfferProductName: row.OfferProductName,
    OfferProductBrand: row.OfferProductBrand,
    OfferProductPrice: row.OfferProductPrice,
    OfferPayout: row.OfferPayout,
    PlatformTax: row.PlatformTax,
    OfferLimit: row.OfferLimit,
    OfferType: row.OfferType,
    OfferActive: row.OfferActive,
    OfferCountry: joinOfferCountries(row.OfferCountry ?? []),
    OfferImages: row.OfferImages ?? [],
    OfferDescription: row.OfferDescription,
    ReferralPayout: row.ReferralPayout,
    CRMID: row.CRMID,
    OfferMonthlyConversionRatio: row.OfferMonthlyConversionRatio,
    isPromoted: row.isPromoted,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An offer as its advertiser sees it: without the platform tax and the referral payout. */
export function toAdvertiserOffer(row: OfferRow): AdvertiserOffer {
  const { PlatformTax: _tax, ReferralPayout: _referral, ...offer } = toOffer(row);
  return offer;
}

/** Whether the offer still carries the 'new' badge at `now` (created within the last 7 days). */
export function isNewOffer(createdAt: Date, now: number): boolean {
  return createdAt.getTime() >= now - NEW_OFFER_BADGE_DAYS * DAY_MS;
}

/**
 * An offer in one publisher's catalogue: what they get per lead (their custom payout, or the
 * offer's, minus the platform tax percent), whether it is new and whether they took it. Never the
 * advertiser, the CRM, the tax or the referral payout.
 */
export function toPublisherOffer(
  row: OfferRow,
  ctx: { now: number; customPayout?: number; taken: boolean },
): PublisherOffer {
  return {
    ID: row.ID,
    OfferName: row.OfferName,
    OfferImages: row.OfferImages ?? [],
    OfferProductName: row.OfferProductName,
    OfferProductBrand: row.OfferProductBrand,
    OfferProductPrice: row.OfferProductPrice,
    OfferType: row.OfferType,
    OfferCountry: joinOfferCountries(row.OfferCountry ?? []),
    OfferDescription: row.OfferDescription,
    OfferLimit: row.OfferLimit,
    OfferMonthlyConversionRatio: row.OfferMonthlyConversionRatio,
    isPromoted: row.isPromoted,
    createdAt: row.createdAt.toISOString(),
    OfferPayout: publisherShareCents(ctx.customPayout ?? row.OfferPayout, row.PlatformTax),
    isNew: isNewOffer(row.createdAt, ctx.now),
    isTaken: ctx.taken,
  };
}
