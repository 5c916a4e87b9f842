import { leads } from '@leadmesh/schema/tables';
import type { ListFields } from '../list-engine.ts';

const date = { column: leads.createdAt, type: 'date' } as const;

/** What a publisher may filter their leads by; `Date` is another name for `createdAt`. */
export const PUBLISHER_LEAD_LIST_FIELDS: ListFields = {
  ID: { column: leads.ID, type: 'number' },
  Status: { column: leads.Status, type: 'number' },
  createdAt: date,
  Date: date,
  OfferName: { column: leads.OfferName, type: 'string' },
  ProductName: { column: leads.ProductName, type: 'string' },
  BoundOffer: { column: leads.BoundOffer, type: 'number' },
  PurchaseDomain: { column: leads.PurchaseDomain, type: 'string' },
  CountryCode: { column: leads.CountryCode, type: 'string' },
  City: { column: leads.City, type: 'string' },
  PurchaseIsPhone: { column: leads.PurchaseIsPhone, type: 'boolean' },
  PurchaseLeadType: { column: leads.PurchaseLeadType, type: 'string' },
  LeadMoneyWithdrawn: { column: leads.LeadMoneyWithdrawn, type: 'boolean' },
  PublisherPaid: { column: leads.PublisherPaid, type: 'boolean' },
  FriendlyName: { column: leads.FriendlyName, type: 'string' },
  BlockedReason: { column: leads.BlockedReason, type: 'string' },
};

const {
  LeadMoneyWithdrawn: _w,
  PublisherPaid: _p,
  FriendlyName: _f,
  BlockedReason: _b,
  ...advertiserBase
} = PUBLISHER_LEAD_LIST_FIELDS;

/** What an advertiser may filter their leads by (never the publisher's side of the money). */
export const ADVERTISER_LEAD_LIST_FIELDS: ListFields = {
  ...advertiserBase,
  AdvertiserPaid: { column: leads.AdvertiserPaid, type: 'boolean' },
};

/** What staff may filter every lead by. */
export const ADMIN_LEAD_LIST_FIELDS: ListFields = {
  ...PUBLISHER_LEAD_LIST_FIELDS,
  BoundUser: { column: leads.BoundUser, type: 'number' },
  BoundAdvertiser: { column: leads.BoundAdvertiser, type: 'number' },
  PurchaseIP: { column: leads.PurchaseIP, type: 'string' },
  CRMType: { column: leads.CRMType, type: 'string' },
  BoundCRM: { column: leads.BoundCRM, type: 'number' },
  AdvertiserPaid: { column: leads.AdvertiserPaid, type: 'boolean' },
};
