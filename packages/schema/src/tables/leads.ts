import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CRM_TYPES } from '../constants/crm.ts';
import { bool, cents, createdAt, id, updatedAt } from './columns.ts';

/**
 * A lead (a purchase sent by a publisher's traffic). Money fields are cents:
 * LeadPrice is what the advertiser pays, EarnedAmount the publisher's share,
 * PlatformEarnedAmount the platform's (public §3).
 */
export const leads = sqliteTable(
  'leads',
  {
    ID: id(),
    BoundUser: integer('user_id').notNull(),
    BoundAdvertiser: integer('advertiser_id').notNull(),
    BoundOffer: integer('offer_id').notNull(),
    BoundTakenOffer: integer('taken_offer_id'),
    BoundClick: integer('click_id'),
    BoundCRM: integer('crm_id'),
    OfferName: text('offer_name').notNull(),
    ProductName: text('product_name').notNull(),
    Status: integer('status').notNull().default(-1),
    CRMType: text('crm_type', { enum: CRM_TYPES }),
    /** The lead's id in the advertiser's CRM once delivered. */
    CRMLeadID: text('crm_lead_id'),
    LeadMoneyWithdrawn: bool('money_withdrawn'),
    PublisherPaid: bool('publisher_paid'),
    AdvertiserPaid: bool('advertiser_paid'),
    LeadPrice: cents('price_cents'),
    EarnedAmount: cents('earned_cents'),
    PlatformEarnedAmount: cents('platform_earned_cents'),
    PurchaseDomain: text('purchase_domain'),
    PurchaseIP: text('purchase_ip'),
    PurchaseIsPhone: bool('purchase_is_phone'),
    PurchaseLeadType: text('lead_type', { enum: ['CPA', 'CPL'] }).notNull(),
    City: text('city'),
    CountryCode: text('country_code'),
    /** Keys prefixed `leadmesh-`: name, phone, uid, c1..c6, stclickid, plus GenericData. */
    PurchaseDetails: text('details', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    BlockedReason: text('blocked_reason'),
    FriendlyName: text('friendly_name'),
    /** Deduplicates a lead sent twice by the same landing page or API client. */
    IdempotencyKey: text('idempotency_key'),
    /** Set when the platform payout that paid the publisher for this lead ran. */
    PlatformPayoutID: integer('platform_payout_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leads_user_created_idx').on(t.BoundUser, t.createdAt),
    index('leads_advertiser_created_idx').on(t.BoundAdvertiser, t.createdAt),
    index('leads_offer_created_idx').on(t.BoundOffer, t.createdAt),
    index('leads_status_idx').on(t.Status, t.createdAt),
    index('leads_created_idx').on(t.createdAt),
    index('leads_blocked_idx').on(t.BlockedReason, t.createdAt),
    index('leads_ip_idx').on(t.PurchaseIP),
    index('leads_country_idx').on(t.CountryCode),
    index('leads_city_idx').on(t.City),
    index('leads_domain_idx').on(t.PurchaseDomain),
    index('leads_crm_lead_idx').on(t.BoundCRM, t.CRMLeadID),
    index('leads_payout_idx').on(t.PlatformPayoutID),
    uniqueIndex('leads_idempotency_unique').on(t.BoundUser, t.IdempotencyKey),
    // Confirmed, credited and not yet paid out: what a publisher's EstimatedEarnings sums on every
    // session check. Queries must spell the same literal condition (UNPAID_EARNINGS_CONDITION).
    index('leads_unpaid_earnings_idx')
      .on(t.BoundUser, t.EarnedAmount)
      .where(sql`status = 2 and publisher_paid = 1 and money_withdrawn = 0`),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
