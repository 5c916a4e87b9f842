import { payoutCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './payouts.handlers.ts';

export const payoutRoutes = bindEach(payoutCalls, h, {
  // "own" (endpoints.md): the payment history of the caller only; no staff bypass (the callers are publishers and advertisers).
  getPayoutsPublisher: { owns: [{ user: 'BoundUser', bypass: [] }] },
  getPayoutsAdvertiser: { owns: [{ advertiser: 'BoundAdvertiser', bypass: [] }] },
});
