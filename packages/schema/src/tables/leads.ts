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
    /** The platform tax percent and the referrer's payout, frozen at intake like the amounts above. */
    PlatformTax: integer('platform_tax').notNull().default(0),
    ReferralAmount: cents('referral_cents'),
    PurchaseDomain: text('purchase_domain'),
    PurchaseIP: text('purchase_ip'),
    /** The first lead from its IP for its offer that (UTC) day: the dashboards' unique IPs. */
    FirstFromIP: bool('first_from_ip'),
    /** The buyer's phone in E.164, as intake normalised it (duplicate checks, CRM delivery). */
    Phone: text('phone'),
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
    /**
     * How many times the lead has entered "confirmed": its ledger transfers are keyed by it, so a
     * confirmation is charged once and a later reversal compensates exactly that one.
     */
    ConfirmCount: integer('confirm_count').notNull().default(0),
    /** Set when the platform payout that paid the publisher for this lead ran. */
    PlatformPayoutID: integer('platform_payout_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The lead lists page newest first (date, then id): each list's index leads with its owner
    // (if any), the date and the id, in the lists' order, and carries the columns the usual filters
    // read (status, country), so a deep page is a scan of one covering index (decision 0010).
    index('leads_user_created_idx').on(t.BoundUser, t.createdAt, t.ID, t.Status, t.CountryCode),
    index('leads_advertiser_created_idx').on(
      t.BoundAdvertiser,
      t.createdAt,
      t.ID,
      t.Status,
      t.CountryCode,
      t.BlockedReason,
    ),
    index('leads_offer_created_idx').on(t.BoundOffer, t.createdAt),
    index('leads_status_idx').on(t.Status, t.createdAt),
    index('leads_created_idx').on(t.createdAt, t.ID, t.Status, t.CountryCode),
    index('leads_blocked_idx').on(t.BlockedReason, t.createdAt),
    // admin-blockedLeads pages the few blocked leads newest first without reading the others.
    index('leads_blocked_list_idx').on(t.createdAt, t.ID).where(sql`${t.BlockedReason} is not null`),
    index('leads_ip_idx').on(t.PurchaseIP, t.createdAt),
    index('leads_offer_phone_idx').on(t.BoundOffer, t.Phone, t.createdAt),
    index('leads_country_idx').on(t.CountryCode),
    index('leads_city_idx').on(t.City),
    index('leads_domain_idx').on(t.PurchaseDomain),
    index('leads_crm_lead_idx').on(t.BoundCRM, t.CRMLeadID),
    // The overview's delivery health counts the leads each CRM has not taken yet; a lead enters this
    // index at intake and leaves it once handed over, so it holds only what is waiting (decision 0051).
    index('leads_undelivered_idx').on(t.BoundCRM, t.Status).where(sql`${t.Status} in (-2, -1, 6)`),
    index('leads_payout_idx').on(t.PlatformPayoutID),
    uniqueIndex('leads_idempotency_unique').on(t.BoundUser, t.IdempotencyKey),
  ],
);

export type LeadRow = typeof leads.$inferSelect;

/** Who besides staff sees a lead field on the wire. */
export type LeadAudience = 'publisher' | 'advertiser';
const everyone = ['publisher', 'advertiser'] as const satisfies readonly LeadAudience[];
const publisher = ['publisher'] as const satisfies readonly LeadAudience[];
const advertiser = ['advertiser'] as const satisfies readonly LeadAudience[];
const staffOnly = [] as const satisfies readonly LeadAudience[];

/**
 * The lead's field table: the columns a lead carries on the wire as they are (staff see them all),
 * each with who else sees it. The lead contracts pick their fields from it and the API's mapper
 * copies them, so a new field shown to people is one line here (a column absent stays internal).
 * The fields the contract shapes (dates, location, details, labels) are declared there.
 */
export const LEAD_WIRE_FIELDS = {
  ID: everyone,
  BoundUser: publisher,
  BoundAdvertiser: advertiser,
  BoundOffer: everyone,
  BoundTakenOffer: publisher,
  OfferName: everyone,
  ProductName: everyone,
  Status: everyone,
  CRMType: everyone,
  LeadMoneyWithdrawn: publisher,
  PublisherPaid: publisher,
  AdvertiserPaid: everyone,
  LeadPrice: everyone,
  EarnedAmount: publisher,
  PlatformEarnedAmount: staffOnly,
  PurchaseDomain: everyone,
  PurchaseIP: publisher,
  PurchaseIsPhone: everyone,
  PurchaseLeadType: everyone,
  BlockedReason: publisher,
  FriendlyName: publisher,
} as const satisfies { [K in keyof LeadRow]?: readonly LeadAudience[] };

export type LeadWireField = keyof typeof LEAD_WIRE_FIELDS;

/** The wire fields one side does not see (as a type). */
export type LeadFieldsHiddenFrom<S extends LeadAudience> = {
  [K in LeadWireField]: S extends (typeof LEAD_WIRE_FIELDS)[K][number] ? never : K;
}[LeadWireField];

const mask = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, true])) as { [P in K]: true };

/** Every wire field, as a zod pick mask. */
export const LEAD_WIRE_MASK = mask(Object.keys(LEAD_WIRE_FIELDS) as LeadWireField[]);

/** The wire fields one side does not see, as a zod omit mask. */
export function leadFieldsHiddenFrom<S extends LeadAudience>(
  side: S,
): { [P in LeadFieldsHiddenFrom<S>]: true } {
  return mask(
    (Object.keys(LEAD_WIRE_FIELDS) as LeadWireField[]).filter(
      (key) => !(LEAD_WIRE_FIELDS[key] as readonly LeadAudience[]).includes(side),
    ) as LeadFieldsHiddenFrom<S>[],
  );
}
