import type { userCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import { listKey, redisPageCursors } from '../../lib/page-cursors.ts';
import * as service from './users.service.ts';

type Calls = typeof userCalls;

export const createUser: CallHandler<Calls['createUser']> = async (input, { db }) => ({
  ID: await service.createUser(db, input),
});

export const setTheme: CallHandler<Calls['setTheme']> = async (input, ctx) => {
  await service.setTheme(ctx.db, requireCaller(ctx), input);
  return { theme: input.theme };
};

export const changePassword: CallHandler<Calls['changePassword']> = async (input, ctx) => {
  await service.changePassword(ctx.db, requireCaller(ctx), {
    ...input,
    keepSession: ctx.c.var.sessionIdHash,
  });
  return null;
};

export const getSingleUser: CallHandler<Calls['getSingleUser']> = async (input, ctx) =>
  service.getSingleUser(ctx.db, requireCaller(ctx), input);

export const editUser: CallHandler<Calls['editUser']> = async (input, ctx) =>
  service.editUser(ctx.db, requireCaller(ctx), { ...input, now: ctx.deps.now() });

export const confirmEmailChange: CallHandler<Calls['confirmEmailChange']> = async (input, ctx) =>
  service.confirmEmailChange(ctx.db, requireCaller(ctx), { ...input, now: ctx.deps.now() });

export const getAllUsers: CallHandler<Calls['getAllUsers']> = async (input, ctx) => ({
  // A scroll continues where its last page ended (keyset), as the lead and log lists do.
  DBData: await service.listUsers(ctx.db, requireCaller(ctx), input, {
    cursors: redisPageCursors(ctx.deps.redis),
    key: listKey('users', { caller: ctx.caller?.user.ID, filters: input.Filters, limit: input.limit }),
  }),
});

export const verifyPublisher: CallHandler<Calls['verifyPublisher']> = async (input, ctx) =>
  service.verifyPublisher(ctx.db, requireCaller(ctx), input);

export const deleteUser: CallHandler<Calls['deleteUser']> = (input, ctx) =>
  service.deleteUser(ctx.db, requireCaller(ctx), input);
