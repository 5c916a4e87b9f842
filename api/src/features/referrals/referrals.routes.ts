import { referralCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './referrals.handlers.ts';

/** "self" (endpoints.md): BoundUser, when sent, must be the caller; nobody reads another's referrals. */
const self = { owns: [{ user: 'BoundUser' as const, bypass: [] }] };

export const referralRoutes = bindEach(referralCalls, h, {
  getAllPublisherReferralsForUser: self,
  getAllAdvertiserReferralsForUser: self,
  getAllReferralRegisters: self,
  getReferralOverview: self,
});
