import { customPayoutCalls, pageOf } from '@leadmesh/schema';
import { bind, type CallHandler, requireCaller } from '../../lib/call.ts';
import * as service from './custom-payouts.service.ts';

type Calls = typeof customPayoutCalls;

const addPayout: CallHandler<Calls['addPayout']> = (input, ctx) =>
  service.addPayout(ctx.db, requireCaller(ctx), input);
const editPayout: CallHandler<Calls['editPayout']> = (input, ctx) =>
  service.editPayout(ctx.db, requireCaller(ctx), input);
const removePayout: CallHandler<Calls['removePayout']> = (input, ctx) =>
  service.removePayout(ctx.db, requireCaller(ctx), input);
const getAllPayouts: CallHandler<Calls['getAllPayouts']> = async (input, { db }) => ({
  DBData: await service.listPayouts(db, pageOf(input)),
});

/** Admin only (endpoints.md): nothing to own. */
export const customPayoutRoutes = [
  bind(customPayoutCalls.addPayout, addPayout),
  bind(customPayoutCalls.editPayout, editPayout),
  bind(customPayoutCalls.removePayout, removePayout),
  bind(customPayoutCalls.getAllPayouts, getAllPayouts),
];
