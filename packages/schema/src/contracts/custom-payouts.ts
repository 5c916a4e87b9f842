import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { MESSAGES } from '../constants/errors.ts';
import { customPayouts } from '../tables/custom-payouts.ts';
import { defineCall } from './define.ts';
import {
  aliasedListQuery,
  boundedCents,
  byIdRequest,
  idSchema,
  isoDateSchema,
  listAnswer,
  requiredIdSchema,
} from './fields.ts';
import { offerSummarySchema } from './offers.ts';

const customPayoutRow = createSelectSchema(customPayouts);

/**
 * A publisher's own payout for one offer (public §3; review §1, settled by public §5). `Payout`
 * replaces the offer's payout for this publisher: they get it minus the offer's PlatformTax, while
 * the advertiser still pays the offer's OfferPayout ('Platform is loosing money!' when the
 * publisher's share is larger than that).
 */
export const customPayoutSchema = customPayoutRow.pick({ ID: true, UserID: true, OfferID: true }).extend({
  createdAt: isoDateSchema,
  Payout: z.number().int().describe("Publisher's payout per lead before the platform tax, in cents"),
  /** What the publisher gets per lead: Payout minus the offer's PlatformTax, in cents. */
  PublisherGets: z.number().int(),
  Username: z.string(),
  OfferName: z.string(),
  offer: offerSummarySchema.pick({ PlatformTax: true, OfferPayout: true }),
});
export type CustomPayout = z.infer<typeof customPayoutSchema>;

/** Per-publisher payouts overriding an offer's payout (admin-customPayouts screen). */
export const customPayoutCalls = {
  addPayout: defineCall({
    path: '/customOfferPayouts/addPayout',
    method: 'POST',
    summary: 'Give a publisher their own payout for an offer (one per user and offer)',
    spec: 'P',
    callers: ['admin'],
    request: z.object({
      UserID: requiredIdSchema(MESSAGES.customPayoutSelectUser),
      OfferID: requiredIdSchema(MESSAGES.customPayoutSelectOffer),
      Payout: boundedCents(MESSAGES.customPayoutNotNumber).min(0).describe('Payout per lead in cents'),
    }),
    response: customPayoutSchema,
  }),
  editPayout: defineCall({
    path: '/customOfferPayouts/editPayout',
    method: 'POST',
    summary: 'Change the amount of a custom payout',
    spec: 'P',
    callers: ['admin'],
    request: z.object({
      ID: idSchema,
      Payout: boundedCents(MESSAGES.customPayoutEditNotNumber).min(0).describe('Payout per lead in cents'),
    }),
    response: customPayoutSchema,
  }),
  getAllPayouts: defineCall({
    path: '/customOfferPayouts/getAllPayouts',
    method: 'POST',
    summary: 'Custom payouts list (filters, 20 a page)',
    spec: 'P',
    callers: ['admin'],
    request: z.object(aliasedListQuery),
    response: listAnswer(customPayoutSchema),
  }),
  removePayout: defineCall({
    path: '/customOfferPayouts/removePayout',
    method: 'POST',
    summary: 'Remove a custom payout (the offer payout applies again)',
    spec: 'P',
    callers: ['admin'],
    request: byIdRequest,
    response: z.null(),
  }),
};
