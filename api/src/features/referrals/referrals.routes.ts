import { referralCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './referrals.handlers.ts';

/** "self" (endpoints.md): BoundUser, when sent, must be the caller; nobody reads another's referrals. */
const self = { owns: [{ user: 'BoundUser' as const, bypass: [] }] };

export const referralRoutes = [
  bind(referralCalls.getAllPublisherReferralsForUser, h.getAllPublisherReferralsForUser, self),
  bind(referralCalls.getAllAdvertiserReferralsForUser, h.getAllAdvertiserReferralsForUser, self),
  bind(referralCalls.getAllReferralRegisters, h.getAllReferralRegisters, self),
  bind(referralCalls.getReferralOverview, h.getReferralOverview, self),
];
