import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id } from './columns.ts';

/** What a referrer earned from a referred publisher's lead or a referred advertiser's top-up (append-only). */
export const referralEarnings = sqliteTable(
  'referral_earnings',
  {
    ID: id(),
    BoundUser: integer('referrer_user_id').notNull(),
    ReferredUser: integer('referred_user_id').notNull(),
    Kind: text('kind', { enum: ['publisher', 'advertiser'] }).notNull(),
    BoundLead: integer('lead_id'),
    BoundOffer: integer('offer_id'),
    Amount: integer('amount_cents').notNull(),
    /** Set once a platform payout has paid it out. */
    Paid: bool('paid'),
    BoundPlatformPayout: integer('platform_payout_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('referral_earnings_referrer_idx').on(t.BoundUser, t.createdAt),
    index('referral_earnings_referred_idx').on(t.ReferredUser),
    index('referral_earnings_payout_idx').on(t.BoundPlatformPayout),
  ],
);
