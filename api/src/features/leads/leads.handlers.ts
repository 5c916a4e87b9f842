import { LEAD_STATUS_NAMES, type leadCalls, pageOf } from '@leadmesh/schema';
import { type CallContext, type CallHandler, requireCaller } from '../../lib/call.ts';
import { listKey, redisPageCursors } from '../../lib/page-cursors.ts';
import * as service from './leads.service.ts';

type Calls = typeof leadCalls;

/** Where this caller's scroll through this list (owner, filters, page size) is remembered. */
const memo = (ctx: CallContext, list: string, parts: Record<string, unknown>): service.PageMemo => ({
  cursors: redisPageCursors(ctx.deps.redis),
  key: listKey(list, { caller: ctx.caller?.user.ID, ...parts }),
});

/** The status names of dashboards §4; the same for every caller, so BoundUser/BoundAdvertiser change nothing. */
export const getStatusCodes: CallHandler<Calls['getStatusCodes']> = async () =>
  Object.fromEntries(Object.entries(LEAD_STATUS_NAMES).map(([code, name]) => [String(code), name]));

export const getLeadsForPublisher: CallHandler<Calls['getLeadsForPublisher']> = async (input, ctx) => {
  const caller = requireCaller(ctx);
  const owner = input.BoundUser ?? input.authUser ?? caller.user.ID;
  const parts = { owner, filters: input.Filters, limit: input.limit };
  return { DBData: await service.listPublisherLeads(ctx.db, caller, input, memo(ctx, 'publisher', parts)) };
};

export const getLeadsForAdvertiser: CallHandler<Calls['getLeadsForAdvertiser']> = async (input, ctx) => {
  const caller = requireCaller(ctx);
  const parts = {
    owner: input.BoundAdvertiser ?? caller.advertiser?.ID,
    filters: input.Filters,
    limit: input.limit,
  };
  return { DBData: await service.listAdvertiserLeads(ctx.db, caller, input, memo(ctx, 'advertiser', parts)) };
};

export const getLeadsForAdmin: CallHandler<Calls['getLeadsForAdmin']> = async (input, ctx) => {
  const parts = { filters: input.Filters, limit: input.limit };
  return {
    DBData: await service.listAdminLeads(ctx.db, requireCaller(ctx), input, memo(ctx, 'admin', parts)),
  };
};

/** Public §7 sends `offset` and `filters` here; the other screens `paginationOffset` and `Filters`. */
export const getAllBlockedLeadsDashboardAdmin: CallHandler<
  Calls['getAllBlockedLeadsDashboardAdmin']
> = async (input, ctx) => {
  const { offset, filters } = pageOf(input);
  const caller = requireCaller(ctx);
  return {
    DBData: await service.listBlockedLeads(
      ctx.db,
      caller,
      { paginationOffset: offset, Filters: filters, limit: input.limit },
      // A scroll continues where its last page ended (keyset), as the other lead lists do.
      memo(ctx, 'blocked', { filters, limit: input.limit }),
    ),
  };
};

export const getAllBlockedLeadsKPIAdmin: CallHandler<Calls['getAllBlockedLeadsKPIAdmin']> = async (
  input,
  ctx,
) => service.blockedLeadsKpi(ctx.db, requireCaller(ctx), { Filters: pageOf(input).filters });
