import { secretBoxFromEnv } from '@leadmesh/core';
import { API_TOKEN_FLAGS, apiTokenCalls, pageOf } from '@leadmesh/schema';
import { bindEach, requireCaller } from '../../lib/call.ts';
import * as service from './api-tokens.service.ts';

/** Admin only (endpoints.md): nothing to own. */
export const apiTokenRoutes = bindEach(apiTokenCalls, {
  addApiToken: (input, ctx) =>
    service.addApiToken(ctx.db, secretBoxFromEnv(ctx.deps.env), requireCaller(ctx), input),
  getAllApiTokens: async (input, { db }) => ({ DBData: await service.listApiTokens(db, pageOf(input)) }),
  getAllAvailableFlags: async () => API_TOKEN_FLAGS.map((flag) => ({ ...flag })),
  getToken: (input, ctx) =>
    service.getToken(ctx.db, secretBoxFromEnv(ctx.deps.env), requireCaller(ctx), input),
  removeApiToken: (input, ctx) => service.removeApiToken(ctx.db, requireCaller(ctx), input),
});
