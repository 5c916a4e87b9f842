import { secretBoxFromEnv } from '@leadmesh/core';
import { API_TOKEN_FLAGS, apiTokenCalls, pageOf } from '@leadmesh/schema';
import { bind, type CallHandler, requireCaller } from '../../lib/call.ts';
import * as service from './api-tokens.service.ts';

type Calls = typeof apiTokenCalls;

const addApiToken: CallHandler<Calls['addApiToken']> = (input, ctx) =>
  service.addApiToken(ctx.db, secretBoxFromEnv(ctx.deps.env), requireCaller(ctx), input);
const getAllApiTokens: CallHandler<Calls['getAllApiTokens']> = async (input, { db }) => ({
  DBData: await service.listApiTokens(db, pageOf(input)),
});
const getAllAvailableFlags: CallHandler<Calls['getAllAvailableFlags']> = async () =>
  API_TOKEN_FLAGS.map((flag) => ({ ...flag }));
const getToken: CallHandler<Calls['getToken']> = (input, ctx) =>
  service.getToken(ctx.db, secretBoxFromEnv(ctx.deps.env), requireCaller(ctx), input);
const removeApiToken: CallHandler<Calls['removeApiToken']> = (input, ctx) =>
  service.removeApiToken(ctx.db, requireCaller(ctx), input);

/** Admin only (endpoints.md): nothing to own. */
export const apiTokenRoutes = [
  bind(apiTokenCalls.addApiToken, addApiToken),
  bind(apiTokenCalls.getAllApiTokens, getAllApiTokens),
  bind(apiTokenCalls.getAllAvailableFlags, getAllAvailableFlags),
  bind(apiTokenCalls.getToken, getToken),
  bind(apiTokenCalls.removeApiToken, removeApiToken),
];
