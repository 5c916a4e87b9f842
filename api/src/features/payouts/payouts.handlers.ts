import type { payoutCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import * as service from './payouts.service.ts';

type Calls = typeof payoutCalls;

export const checkPayoutPending: CallHandler<Calls['checkPayoutPending']> = (input, { db }) =>
  service.checkPayoutPending(db, input);
export const getPayoutAvailability: CallHandler<Calls['getPayoutAvailability']> = (input, { db }) =>
  service.payoutAvailability(db, input);
export const createPlatformPayout: CallHandler<Calls['createPlatformPayout']> = (input, ctx) =>
  service.createPlatformPayout(ctx.db, { userId: requireCaller(ctx).user.ID }, input);
export const deletePlatformPayout: CallHandler<Calls['deletePlatformPayout']> = (input, ctx) =>
  service.deletePlatformPayout(ctx.db, { userId: requireCaller(ctx).user.ID }, input);
export const performPayoutProcess: CallHandler<Calls['performPayoutProcess']> = (input, ctx) =>
  service.performPayoutProcess(ctx.db, { userId: requireCaller(ctx).user.ID }, input);
export const getAllPlatformPayouts: CallHandler<Calls['getAllPlatformPayouts']> = async (input, { db }) => ({
  DBData: await service.listPayouts(db, input),
});
export const getLeadsPayoutFile: CallHandler<Calls['getLeadsPayoutFile']> = (input, { db }) =>
  service.leadsPayoutFile(db, input);
export const getUsersPayoutFile: CallHandler<Calls['getUsersPayoutFile']> = (input, { db }) =>
  service.usersPayoutFile(db, input);
export const getReferralsPayoutFile: CallHandler<Calls['getReferralsPayoutFile']> = (input, { db }) =>
  service.referralsPayoutFile(db, input);

/** A publisher's own history (BoundUser, when sent, is checked at the binding). */
export const getPayoutsPublisher: CallHandler<Calls['getPayoutsPublisher']> = async (input, ctx) => ({
  DBData: await service.listPayoutLines(
    ctx.db,
    { userId: input.BoundUser ?? requireCaller(ctx).user.ID },
    input,
  ),
});

/** An advertiser's own history: their advertiser profile's lines. */
export const getPayoutsAdvertiser: CallHandler<Calls['getPayoutsAdvertiser']> = async (input, ctx) => {
  const advertiserId = input.BoundAdvertiser ?? requireCaller(ctx).advertiser?.ID;
  return { DBData: advertiserId ? await service.listPayoutLines(ctx.db, { advertiserId }, input) : [] };
};
