import type { userCalls } from '@leadmesh/schema';
import { type CallHandler, requirePrincipal } from '../../lib/call.ts';
import { forbidden } from '../../lib/errors.ts';
import { hitRateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { endOtherSessions } from '../auth/auth.service.ts';
import * as service from './users.service.ts';

type Calls = typeof userCalls;

export const createUser: CallHandler<Calls['createUser']> = async (input, { deps, ip }) => {
  await hitRateLimit(deps.redis, RATE_LIMITS.signUpPerIp, ip, deps.env.RATE_LIMIT_DISABLED);
  return { ID: await service.createUser(deps, input) };
};

export const setTheme: CallHandler<Calls['setTheme']> = async (input, ctx) => {
  await service.setTheme(ctx.deps, requirePrincipal(ctx).user.ID, input.theme);
  return { theme: input.theme };
};

export const changePassword: CallHandler<Calls['changePassword']> = async (input, ctx) => {
  const principal = requirePrincipal(ctx);
  if (input.id !== undefined && input.id !== principal.user.ID)
    throw forbidden('You may only change your own password');
  await service.changePassword(ctx.deps, principal, input.oldPassword, input.newPassword);
  await endOtherSessions(ctx.deps, principal.user.ID, ctx.c.var.sessionIdHash);
  return null;
};

export const getSingleUser: CallHandler<Calls['getSingleUser']> = async (input, ctx) =>
  service.getSingleUser(ctx.deps, requirePrincipal(ctx), input.ID, input.showPayment ?? false);

export const editUser: CallHandler<Calls['editUser']> = async (input, ctx) =>
  service.editUser(ctx.deps, requirePrincipal(ctx), input);

export const getAllUsers: CallHandler<Calls['getAllUsers']> = async (input, { deps }) => ({
  DBData: await service.listUsers(deps, input),
});

export const verifyPublisher: CallHandler<Calls['verifyPublisher']> = async (input, ctx) =>
  service.verifyPublisher(ctx.deps, requirePrincipal(ctx), input.ID);
