import { type authCalls, CONFERENCES, type ConferenceCity, MESSAGES } from '@leadmesh/schema';
import type { CallHandler } from '../../lib/call.ts';
import { ApiError } from '../../lib/errors.ts';
import { writeLog } from '../../lib/logs.ts';
import { clearRateLimit, hitRateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { issueCsrfToken } from '../../middlewares/csrf.ts';
import { endSession, startSession } from '../../middlewares/session.ts';
import { authenticate, resetPassword, sendResetCode, submitContact } from './auth.service.ts';
import { loadSessionData } from './session-data.ts';

type Calls = typeof authCalls;

export const csrf: CallHandler<Calls['csrf']> = async (_input, { c }) => ({ token: await issueCsrfToken(c) });

/** Any failure is just "not logged in"; BoundUser naming someone else is not a session of theirs. */
export const checkLogin: CallHandler<Calls['checkLogin']> = async (input, { deps, principal }) => {
  if (!principal) throw new ApiError('NOT_LOGGED_IN', { message: 'Not logged in' });
  if (input.BoundUser != null && input.BoundUser !== principal.user.ID) {
    throw new ApiError('FORBIDDEN', { message: 'BoundUser is not the session user' });
  }
  return loadSessionData(deps.db, principal.user.ID);
};

export const login: CallHandler<Calls['login']> = async (input, ctx) => {
  const { deps, ip, c } = ctx;
  const disabled = deps.env.RATE_LIMIT_DISABLED;
  const account = input.username.toLowerCase();
  await hitRateLimit(deps.redis, RATE_LIMITS.loginPerIp, ip, disabled);
  await hitRateLimit(deps.redis, RATE_LIMITS.loginPerAccount, account, disabled);
  const userId = await authenticate(deps, input.username, input.password);
  if (userId === null) {
    await writeLog(deps.db, {
      level: 1,
      context: 'auth/login',
      text: `Login failed [username:${input.username}] [ip:${ip}]`,
    });
    throw new ApiError('INVALID_CREDENTIALS', { message: MESSAGES.loginFailed });
  }
  await clearRateLimit(deps.redis, RATE_LIMITS.loginPerAccount, account);
  await startSession(c, userId);
  return loadSessionData(deps.db, userId);
};

export const logout: CallHandler<Calls['logout']> = async (_input, { c }) => {
  await endSession(c);
  return null;
};

export const sendUniqueToken: CallHandler<Calls['sendUniqueToken']> = async (input, { deps, ip }) => {
  const disabled = deps.env.RATE_LIMIT_DISABLED;
  await hitRateLimit(deps.redis, RATE_LIMITS.resetSendPerIp, ip, disabled);
  await hitRateLimit(deps.redis, RATE_LIMITS.resetSendPerEmail, input.Email.toLowerCase(), disabled);
  await sendResetCode(deps, input.Email);
  return null;
};

export const resetPasswordHandler: CallHandler<Calls['resetPassword']> = async (input, { deps, ip }) => {
  await hitRateLimit(deps.redis, RATE_LIMITS.resetTryPerIp, ip, deps.env.RATE_LIMIT_DISABLED);
  await resetPassword(deps, input.Email, input.Token, input.NewPassword);
  return null;
};

export const contact: CallHandler<Calls['contact']> = async (input, { deps, ip }) => {
  await hitRateLimit(deps.redis, RATE_LIMITS.contactPerIp, ip, deps.env.RATE_LIMIT_DISABLED);
  const city = input.City?.toLowerCase();
  if (city && !(city in CONFERENCES && CONFERENCES[city as ConferenceCity].meetings)) {
    throw new ApiError('VALIDATION_ERROR', {
      field: 'City',
      message: 'Meetings can be booked for Barcelona and Bangkok',
    });
  }
  await submitContact(deps, { ...input, City: city ? CONFERENCES[city as ConferenceCity].city : null });
  return null;
};
