import type { referralCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import * as service from './referrals.service.ts';

type Calls = typeof referralCalls;

export const getAllPublisherReferralsForUser: CallHandler<Calls['getAllPublisherReferralsForUser']> = (
  input,
  ctx,
) => service.publisherReferrals(ctx.db, requireCaller(ctx), input);
export const getAllAdvertiserReferralsForUser: CallHandler<Calls['getAllAdvertiserReferralsForUser']> = (
  input,
  ctx,
) => service.advertiserReferrals(ctx.db, requireCaller(ctx), input);
export const getAllReferralRegisters: CallHandler<Calls['getAllReferralRegisters']> = (_input, ctx) =>
  service.referralRegisters(ctx.db, requireCaller(ctx));
export const getReferralOverview: CallHandler<Calls['getReferralOverview']> = (_input, ctx) =>
  service.referralOverview(ctx.db, requireCaller(ctx), ctx.deps.now());
