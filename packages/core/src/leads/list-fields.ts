import { ADMIN_LEAD_LIST, ADVERTISER_LEAD_LIST, PUBLISHER_LEAD_LIST } from '@leadmesh/schema';
import { leads } from '@leadmesh/schema/tables';
import { listWhitelist } from '../list-engine.ts';

/** The columns of every lead list's fields (`Date` is another name for `createdAt`). */
const LEAD_COLUMNS = {
  ID: leads.ID,
  Status: leads.Status,
  createdAt: leads.createdAt,
  Date: leads.createdAt,
  OfferName: leads.OfferName,
  ProductName: leads.ProductName,
  BoundOffer: leads.BoundOffer,
  PurchaseDomain: leads.PurchaseDomain,
  CountryCode: leads.CountryCode,
  City: leads.City,
  PurchaseIsPhone: leads.PurchaseIsPhone,
  PurchaseLeadType: leads.PurchaseLeadType,
  LeadMoneyWithdrawn: leads.LeadMoneyWithdrawn,
  PublisherPaid: leads.PublisherPaid,
  FriendlyName: leads.FriendlyName,
  BlockedReason: leads.BlockedReason,
  BoundUser: leads.BoundUser,
  BoundAdvertiser: leads.BoundAdvertiser,
  PurchaseIP: leads.PurchaseIP,
  CRMType: leads.CRMType,
  BoundCRM: leads.BoundCRM,
  AdvertiserPaid: leads.AdvertiserPaid,
};

/** What a publisher may filter and search their leads by. */
export const PUBLISHER_LEAD_LIST_FIELDS = listWhitelist(PUBLISHER_LEAD_LIST, LEAD_COLUMNS);

/** What an advertiser may filter their leads by (never the publisher's side of the money). */
export const ADVERTISER_LEAD_LIST_FIELDS = listWhitelist(ADVERTISER_LEAD_LIST, LEAD_COLUMNS);

/** What staff may filter every lead by. */
export const ADMIN_LEAD_LIST_FIELDS = listWhitelist(ADMIN_LEAD_LIST, LEAD_COLUMNS);
