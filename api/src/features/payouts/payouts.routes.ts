import { payoutCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './payouts.handlers.ts';

export const payoutRoutes = [
  bind(payoutCalls.checkPayoutPending, h.checkPayoutPending),
  bind(payoutCalls.getPayoutAvailability, h.getPayoutAvailability),
  bind(payoutCalls.createPlatformPayout, h.createPlatformPayout),
  bind(payoutCalls.deletePlatformPayout, h.deletePlatformPayout),
  bind(payoutCalls.performPayoutProcess, h.performPayoutProcess),
  bind(payoutCalls.getAllPlatformPayouts, h.getAllPlatformPayouts),
  bind(payoutCalls.getLeadsPayoutFile, h.getLeadsPayoutFile),
  bind(payoutCalls.getUsersPayoutFile, h.getUsersPayoutFile),
  bind(payoutCalls.getReferralsPayoutFile, h.getReferralsPayoutFile),
  // "own" (endpoints.md): the payment history of the caller only; no staff bypass (the callers are publishers and advertisers).
  bind(payoutCalls.getPayoutsPublisher, h.getPayoutsPublisher, { owns: [{ user: 'BoundUser', bypass: [] }] }),
  bind(payoutCalls.getPayoutsAdvertiser, h.getPayoutsAdvertiser, {
    owns: [{ advertiser: 'BoundAdvertiser', bypass: [] }],
  }),
];
