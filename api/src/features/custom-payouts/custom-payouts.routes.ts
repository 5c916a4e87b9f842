import { customPayoutCalls, pageOf } from '@leadmesh/schema';
import { bindEach, requireCaller } from '../../lib/call.ts';
import * as service from './custom-payouts.service.ts';

/** Admin only (endpoints.md): nothing to own. */
export const customPayoutRoutes = bindEach(customPayoutCalls, {
  addPayout: (input, ctx) => service.addPayout(ctx.db, requireCaller(ctx), input),
  editPayout: (input, ctx) => service.editPayout(ctx.db, requireCaller(ctx), input),
  removePayout: (input, ctx) => service.removePayout(ctx.db, requireCaller(ctx), input),
  getAllPayouts: async (input, { db }) => ({ DBData: await service.listPayouts(db, pageOf(input)) }),
});
