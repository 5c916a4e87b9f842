import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { payoutLines } from '../tables/payout-lines.ts';
import { platformPayouts } from '../tables/platform-payouts.ts';
import { defineCall } from './define.ts';
import { byIdRequest, idSchema, isoDateSchema, listAnswer, pagedListQuery } from './fields.ts';

const platformPayoutRow = createSelectSchema(platformPayouts);
const payoutLineRow = createSelectSchema(payoutLines);

/** A payout run (public §3): created, then processed once. BoundUser is set for a single user's payout. */
export const platformPayoutSchema = platformPayoutRow
  .pick({ ID: true, BoundUser: true, Processed: true })
  .extend({
    TotalPaidOut: z.number().int().describe('Total paid out, in cents'),
    processedAt: isoDateSchema.nullable(),
    createdAt: isoDateSchema,
  });
export type PlatformPayout = z.infer<typeof platformPayoutSchema>;

/** A line of a payment history (dashboards §3, Payout line). */
export const payoutLineSchema = payoutLineRow.pick({ ID: true, Description: true, Comment: true }).extend({
  Date: isoDateSchema,
  Amount: z.number().int().describe('Cents; positive is money in, negative money out'),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

/** What processing a payout did (public §7). */
export const payoutProcessResultSchema = z.object({
  processedLeads: z.number().int().min(0),
  skippedLeads: z.number().int().min(0),
  processedReferrals: z.number().int().min(0),
  skippedReferrals: z.number().int().min(0),
});
export type PayoutProcessResult = z.infer<typeof payoutProcessResultSchema>;

const csvFile = z.string().describe('CSV text');

/** Platform payouts (admin-payments screen) and the users' payment histories. */
export const payoutCalls = {
  checkPayoutPending: defineCall({
    path: '/payouts/checkPayoutPending',
    method: 'POST',
    summary:
      'ok when a payout may be created: no payout is still unprocessed (and, with BoundUser, the user has a payment method)',
    spec: 'A, P',
    callers: ['admin'],
    request: z.object({ BoundUser: idSchema.optional() }),
    response: z.null(),
  }),
  getPayoutAvailability: defineCall({
    path: '/payouts/getPayoutAvailability',
    method: 'POST',
    summary:
      'Whether a payout may be created now, as data (the Payments and Users screens; checkPayoutPending answers the same as an error)',
    spec: 'issue 16',
    callers: ['admin'],
    request: z.object({ BoundUser: idSchema.optional() }),
    response: z.object({
      canCreate: z.boolean(),
      reason: z.string().nullable().describe('Why not, as createPlatformPayout would say it'),
      code: z.enum(['PAYOUT_PENDING', 'PAYMENT_METHOD_MISSING']).nullable(),
    }),
  }),
  createPlatformPayout: defineCall({
    path: '/payouts/createPlatformPayout',
    method: 'POST',
    summary: "Create a payout run: for one user (BoundUser) or for everyone's confirmed, unpaid earnings",
    spec: 'A, P',
    callers: ['admin'],
    request: z.object({ BoundUser: idSchema.nullable().optional() }),
    response: platformPayoutSchema,
  }),
  deletePlatformPayout: defineCall({
    path: '/payouts/deletePlatformPayout',
    method: 'POST',
    summary: 'Delete a payout that is not processed yet',
    spec: 'P',
    callers: ['admin'],
    request: byIdRequest,
    response: z.null(),
  }),
  getAllPlatformPayouts: defineCall({
    path: '/payouts/getAllPlatformPayouts',
    method: 'POST',
    summary: 'Payout runs list (filters, 20 a page)',
    spec: 'P',
    callers: ['admin'],
    request: z.object(pagedListQuery),
    response: listAnswer(platformPayoutSchema),
  }),
  getLeadsPayoutFile: defineCall({
    path: '/payouts/getLeadsPayoutFile',
    method: 'POST',
    summary: "A payout's leads as a CSV file (saved as leads-{created date})",
    spec: 'P',
    callers: ['admin'],
    request: byIdRequest,
    response: csvFile,
  }),
  getPayoutsAdvertiser: defineCall({
    path: '/payouts/getPayoutsAdvertiser',
    method: 'POST',
    summary: "An advertiser's payment history (filters, 20 a page)",
    spec: 'D',
    callers: ['advertiser'],
    request: z.object({
      BoundAdvertiser: idSchema.optional(),
      ...pagedListQuery,
    }),
    response: listAnswer(payoutLineSchema),
  }),
  getPayoutsPublisher: defineCall({
    path: '/payouts/getPayoutsPublisher',
    method: 'POST',
    summary: "A publisher's payment history (filters, 20 a page)",
    spec: 'D',
    callers: ['publisher'],
    request: z.object({
      BoundUser: idSchema.optional(),
      ...pagedListQuery,
    }),
    response: listAnswer(payoutLineSchema),
  }),
  getReferralsPayoutFile: defineCall({
    path: '/payouts/getReferralsPayoutFile',
    method: 'POST',
    summary: "A payout's referral earnings as a CSV file (saved as referrals-{created date})",
    spec: 'P',
    callers: ['admin'],
    request: byIdRequest,
    response: csvFile,
  }),
  getUsersPayoutFile: defineCall({
    path: '/payouts/getUsersPayoutFile',
    method: 'POST',
    summary:
      "A payout's amounts per user with their payment methods as a CSV file (saved as users-{created date})",
    spec: 'P',
    callers: ['admin'],
    request: byIdRequest,
    response: csvFile,
  }),
  performPayoutProcess: defineCall({
    path: '/payouts/performPayoutProcess',
    method: 'POST',
    summary: 'Process an unprocessed payout: mark its leads and referral earnings paid (once)',
    spec: 'P',
    callers: ['admin'],
    request: byIdRequest,
    response: payoutProcessResultSchema,
  }),
};
