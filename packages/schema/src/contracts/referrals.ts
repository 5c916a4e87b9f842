import { z } from 'zod';
import { defineCall, filtersSchema, idSchema, isoDateSchema } from './define.ts';

/** What a referrer earned from a referred publisher's lead (dashboards §2, Referrals). */
export const publisherReferralSchema = z.object({
  Date: isoDateSchema,
  Username: z.string(),
  EarnedAmount: z.number().int().describe('Earned, in cents'),
});
export type PublisherReferral = z.infer<typeof publisherReferralSchema>;

/** What a referrer earned from a referred advertiser, per advertiser and offer. */
export const advertiserReferralSchema = z.object({
  Username: z.string(),
  OfferName: z.string(),
  Earned: z.number().int().describe('Earned, in cents'),
  Count: z.number().int().min(0),
});
export type AdvertiserReferral = z.infer<typeof advertiserReferralSchema>;

/** A user who signed up through the referrer's link. */
export const referralRegisterSchema = z.object({
  Username: z.string(),
  isAdvertiser: z.boolean(),
  createdAt: isoDateSchema,
});
export type ReferralRegister = z.infer<typeof referralRegisterSchema>;

/** The session user's referral programme (referral overview, publishers and advertisers screens). */
export const referralCalls = {
  getAllAdvertiserReferralsForUser: defineCall({
    path: '/referral/getAllAdvertiserReferralsForUser',
    method: 'POST',
    summary: 'Earnings from referred advertisers, per advertiser and offer',
    spec: 'D',
    callers: ['session'],
    request: z.object({ BoundUser: idSchema.optional(), Filters: filtersSchema }),
    response: z.array(advertiserReferralSchema),
  }),
  getAllPublisherReferralsForUser: defineCall({
    path: '/referral/getAllPublisherReferralsForUser',
    method: 'POST',
    summary: 'Earnings from referred publishers, newest first',
    spec: 'D',
    callers: ['session'],
    request: z.object({ BoundUser: idSchema.optional(), Filters: filtersSchema }),
    response: z.array(publisherReferralSchema),
  }),
  getAllReferralRegisters: defineCall({
    path: '/referral/getAllReferralRegisters',
    method: 'POST',
    summary: "Users who signed up through the session user's referral link",
    spec: 'D',
    callers: ['session'],
    request: z.object({ BoundUser: idSchema.optional() }),
    response: z.array(referralRegisterSchema),
  }),
};
