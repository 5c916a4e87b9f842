import {
  type AdvertiserLead,
  blockedReasonLabel,
  type Lead,
  moneyWithdrawnLabel,
  type PublisherLead,
} from '@leadmesh/schema';
import type { LeadRow } from '@leadmesh/schema/tables';

/** A lead as staff see it (public §3): money in cents, the location as the spec shapes it, the labels screens show. */
export function toLead(row: LeadRow): Lead {
  return {
    ID: row.ID,
    BoundUser: row.BoundUser,
    BoundAdvertiser: row.BoundAdvertiser,
    BoundOffer: row.BoundOffer,
    BoundTakenOffer: row.BoundTakenOffer,
    OfferName: row.OfferName,
    ProductName: row.ProductName,
    Status: row.Status,
    CRMType: row.CRMType,
    LeadMoneyWithdrawn: row.LeadMoneyWithdrawn,
    PublisherPaid: row.PublisherPaid,
    AdvertiserPaid: row.AdvertiserPaid,
    PurchaseDomain: row.PurchaseDomain,
    PurchaseIP: row.PurchaseIP,
    PurchaseIsPhone: row.PurchaseIsPhone,
    PurchaseLeadType: row.PurchaseLeadType,
    BlockedReason: row.BlockedReason,
    FriendlyName: row.FriendlyName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    LeadPrice: row.LeadPrice,
    EarnedAmount: row.EarnedAmount,
    PlatformEarnedAmount: row.PlatformEarnedAmount,
    PurchaseLocation: { city: row.City, countryCode: row.CountryCode },
    PurchaseDetails: row.PurchaseDetails ?? {},
    MoneyWithdrawn: moneyWithdrawnLabel(row),
    BlockedReasonLabel: blockedReasonLabel(row.BlockedReason),
  };
}

/** A lead as its publisher sees it: with the price and whether the advertiser paid, never the advertiser or the platform's share. */
export function toPublisherLead(row: LeadRow): PublisherLead {
  const { BoundAdvertiser: _advertiser, PlatformEarnedAmount: _platform, ...lead } = toLead(row);
  return lead;
}

/** A lead as its advertiser sees it: never the publisher, their share, the platform's, or the buyer's IP. */
export function toAdvertiserLead(row: LeadRow): AdvertiserLead {
  const {
    BoundUser: _user,
    BoundTakenOffer: _taken,
    FriendlyName: _name,
    EarnedAmount: _earned,
    PlatformEarnedAmount: _platform,
    LeadMoneyWithdrawn: _withdrawn,
    PublisherPaid: _paid,
    PurchaseIP: _ip,
    BlockedReason: _reason,
    BlockedReasonLabel: _label,
    MoneyWithdrawn: _money,
    ...lead
  } = toLead(row);
  return lead;
}
