import { z } from 'zod';
import { defineCall } from './define.ts';
import { filtersSchema, idSchema, isoDateSchema, paginationOffsetSchema } from './fields.ts';

/** What a referrer earned from one referred publisher's leads on one (UTC) day (dashboards §2, Referrals). */
export const publisherReferralSchema = z.object({
  Date: z.string().describe('YYYY-MM-DD (UTC)'),
  Username: z.string(),
  EarnedAmount: z.number().int().describe('Earned, in cents (net of reversals)'),
});
export type PublisherReferral = z.infer<typeof publisherReferralSchema>;

/**
 * What a referrer earned from a referred advertiser, per advertiser and offer. Earnings from the
 * advertiser's counted top-ups have no offer (review §3): OfferName is null for them.
 */
export const advertiserReferralSchema = z.object({
  Username: z.string(),
  OfferName: z.string().nullable(),
  Earned: z.number().int().describe('Earned, in cents'),
  Count: z.number().int().min(0),
  /** The latest earning's date. */
  Date: isoDateSchema,
});
export type AdvertiserReferral = z.infer<typeof advertiserReferralSchema>;

/** A user who signed up through the referrer's link. */
export const referralRegisterSchema = z.object({
  Username: z.string(),
  isAdvertiser: z.boolean(),
  createdAt: isoDateSchema,
});
export type ReferralRegister = z.infer<typeof referralRegisterSchema>;

/** The referral overview (dashboards §2): earnings over time, unique count, register count, the code. */
export const referralOverviewSchema = z.object({
  /** `YYYY-MM-DD` (UTC) → cents earned that day, last 90 days. */
  EarningsOverTime: z.record(z.string(), z.number().int()),
  /** Referred users who have earned the referrer something. */
  UniqueCount: z.number().int().min(0),
  /** Users who signed up through the link. */
  RegisterCount: z.number().int().min(0),
  TotalEarned: z.number().int().describe('All referral earnings, in cents'),
  /** Null while the programme is not enabled for the user (no link to hand out). */
  RefCode: z.string().nullable(),
});
export type ReferralOverview = z.infer<typeof referralOverviewSchema>;

/**
 * Verified users only: an unverified account sees 'Your account has not been verified' on the
 * referral screens (dashboards §2), and the server refuses their data too (decision 0018).
 */
export const REFERRAL_CALLERS = ['verified'] as const;

/** The session user's referral programme (referral overview, publishers and advertisers screens). */
export const referralCalls = {
  getAllAdvertiserReferralsForUser: defineCall({
    path: '/referral/getAllAdvertiserReferralsForUser',
    method: 'POST',
    summary: 'Earnings from referred advertisers, per advertiser and offer',
    spec: 'D',
    callers: REFERRAL_CALLERS,
    request: z.object({ BoundUser: idSchema.optional(), Filters: filtersSchema }),
    response: z.array(advertiserReferralSchema),
  }),
  getAllPublisherReferralsForUser: defineCall({
    path: '/referral/getAllPublisherReferralsForUser',
    method: 'POST',
    summary: 'Earnings from referred publishers, newest first',
    spec: 'D',
    callers: REFERRAL_CALLERS,
    request: z.object({
      BoundUser: idSchema.optional(),
      Filters: filtersSchema,
      paginationOffset: paginationOffsetSchema,
    }),
    response: z.array(publisherReferralSchema),
  }),
  getAllReferralRegisters: defineCall({
    path: '/referral/getAllReferralRegisters',
    method: 'POST',
    summary: "Users who signed up through the session user's referral link",
    spec: 'D',
    callers: REFERRAL_CALLERS,
    request: z.object({ BoundUser: idSchema.optional() }),
    response: z.array(referralRegisterSchema),
  }),
  /** Not in the spec's list: the review's decision for the overview's series (review §3). */
  getReferralOverview: defineCall({
    path: '/referral/getReferralOverview',
    method: 'POST',
    summary: "The session user's referral overview: earnings over time, unique and register counts",
    spec: 'D (review decision)',
    callers: REFERRAL_CALLERS,
    request: z.object({ BoundUser: idSchema.optional() }),
    response: referralOverviewSchema,
  }),
};
