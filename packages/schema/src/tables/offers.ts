import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { OFFER_TYPES } from '../constants/catalogue.ts';
import { advertisers } from './advertisers.ts';
import { bool, cents, columnIndexes, createdAt, id, updatedAt } from './columns.ts';
import { crms } from './crms.ts';

/** An advertiser's offer. OfferPayout is what the advertiser pays per lead, in cents. */
export const offers = sqliteTable(
  'offers',
  {
    ID: id(),
    BoundAdvertiser: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.ID, { onDelete: 'restrict' }),
    SelectedCRM: integer('crm_id').references(() => crms.ID, { onDelete: 'set null' }),
    OfferName: text('name').notNull(),
    OfferProductName: text('product_name').notNull(),
    OfferProductBrand: text('product_brand').notNull(),
    /** Price plus currency, two space-separated parts (e.g. '50,00 EUR'). */
    OfferProductPrice: text('product_price').notNull(),
    OfferPayout: cents('payout_cents'),
    PlatformTax: integer('platform_tax').notNull().default(20),
    OfferLimit: integer('lead_limit').notNull().default(1000),
    OfferType: text('type', { enum: OFFER_TYPES }).notNull(),
    OfferActive: bool('active'),
    /** Country codes; the API joins them with `~` where the spec says so. */
    OfferCountry: text('countries', { mode: 'json' }).notNull().$type<string[]>(),
    OfferImages: text('images', { mode: 'json' }).notNull().$type<string[]>(),
    OfferDescription: text('description').notNull(),
    ReferralPayout: cents('referral_payout_cents'),
    /** The article id of the product in the advertiser's CRM. */
    CRMID: text('crm_article_id'),
    /** -1 means unknown. */
    OfferMonthlyConversionRatio: real('monthly_conversion_ratio').notNull().default(-1),
    isPromoted: bool('is_promoted'),
    /** Offers that have leads are never removed, only retired. */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offers_active_idx').on(t.OfferActive, t.deletedAt),
    index('offers_promoted_idx').on(t.isPromoted, t.createdAt),
    ...columnIndexes({
      offers_advertiser_idx: t.BoundAdvertiser,
      offers_name_idx: t.OfferName,
      offers_product_name_idx: t.OfferProductName,
      offers_brand_idx: t.OfferProductBrand,
      offers_type_idx: t.OfferType,
      offers_created_at_idx: t.createdAt,
      offers_payout_idx: t.OfferPayout,
      offers_tax_idx: t.PlatformTax,
      offers_limit_idx: t.OfferLimit,
      offers_price_idx: t.OfferProductPrice,
      offers_conversion_idx: t.OfferMonthlyConversionRatio,
    }),
  ],
);

export type OfferRow = typeof offers.$inferSelect;
