import { logCalls, pageOf } from '@leadmesh/schema';
import { bindEach, requireCaller } from '../../lib/call.ts';
import { listKey, redisPageCursors } from '../../lib/page-cursors.ts';
import * as service from './logs.service.ts';

export const logRoutes = bindEach(logCalls, {
  getLogs: async (input, ctx) => {
    const page = pageOf(input);
    return {
      DBData: await service.listLogs(
        ctx.db,
        { ...page, limit: input.limit },
        // A scroll continues where its last page ended (keyset), as the lead lists do.
        {
          cursors: redisPageCursors(ctx.deps.redis),
          key: listKey('logs', { caller: ctx.caller?.user.ID, filters: page.filters, limit: input.limit }),
        },
      ),
    };
  },
  getLogDump: (input, { db }) => service.logDump(db, input),
  removeAllLogs: (_input, ctx) => service.removeAllLogs(ctx.db, requireCaller(ctx)),
});
