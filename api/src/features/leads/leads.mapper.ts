import {
  type AdvertiserLead,
  advertiserLeadSchema,
  blockedReasonLabel,
  type Lead,
  moneyWithdrawnLabel,
  type PublisherLead,
  publisherLeadSchema,
} from '@leadmesh/schema';
import { LEAD_WIRE_FIELDS, type LeadRow } from '@leadmesh/schema/tables';

/** The columns sent as they are, from the lead's field table. */
const WIRE_KEYS = Object.keys(LEAD_WIRE_FIELDS) as (keyof typeof LEAD_WIRE_FIELDS)[];
const PUBLISHER_KEYS = Object.keys(publisherLeadSchema.shape) as (keyof PublisherLead)[];
const ADVERTISER_KEYS = Object.keys(advertiserLeadSchema.shape) as (keyof AdvertiserLead)[];

/** A lead as staff see it (public §3): money in cents, the location as the spec shapes it, the labels screens show. */
export function toLead(row: LeadRow): Lead {
  const lead = {} as Record<string, unknown>;
  for (const key of WIRE_KEYS) lead[key] = row[key];
  return {
    ...(lead as Pick<Lead, (typeof WIRE_KEYS)[number]>),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    PurchaseLocation: { city: row.City, countryCode: row.CountryCode },
    PurchaseDetails: row.PurchaseDetails ?? {},
    MoneyWithdrawn: moneyWithdrawnLabel(row),
    BlockedReasonLabel: blockedReasonLabel(row.BlockedReason),
  };
}

function pick<T>(lead: Lead, keys: readonly (keyof T)[]): T {
  const out = {} as Record<string, unknown>;
  for (const key of keys) out[key as string] = lead[key as keyof Lead];
  return out as T;
}

/** A lead as its publisher sees it: with the price and whether the advertiser paid, never the advertiser or the platform's share. */
export function toPublisherLead(row: LeadRow): PublisherLead {
  return pick<PublisherLead>(toLead(row), PUBLISHER_KEYS);
}

/** A lead as its advertiser sees it: never the publisher, their share, the platform's, or the buyer's IP. */
export function toAdvertiserLead(row: LeadRow): AdvertiserLead {
  return pick<AdvertiserLead>(toLead(row), ADVERTISER_KEYS);
}
