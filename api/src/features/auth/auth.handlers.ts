import { ApiError } from '@leadmesh/core';
import { type authCalls, CONFERENCES, type ConferenceCity, MESSAGES } from '@leadmesh/schema';
import type { CallHandler } from '../../lib/call.ts';
import { issueCsrfToken } from '../../lib/csrf.ts';
import { loginLockout } from '../../lib/lockout.ts';
import { audit } from '../../lib/logs.ts';
import { originMatcher } from '../../lib/origins.ts';
import { endSession, loadCaller, startSession } from '../../lib/session.ts';
import {
  findLoginAccount,
  passwordMatches,
  recordLoginLocation,
  resetPassword as resetPasswordByCode,
  sendResetCode,
  submitContact,
} from './auth.service.ts';
import { loadSessionData } from './session-data.ts';

type Calls = typeof authCalls;

export const csrf: CallHandler<Calls['csrf']> = async (_input, { c }) => ({ token: await issueCsrfToken(c) });

/**
 * A visitor without a session is an expected answer, not a failure: status 'error' with
 * NOT_LOGGED_IN (as the spec's session check expects) but HTTP 200, so the browser does not
 * log a failed request on every visitor's page. BoundUser naming someone else is refused.
 */
export const checkLogin: CallHandler<Calls['checkLogin']> = async (input, { db, caller }) => {
  if (!caller) throw new ApiError('NOT_LOGGED_IN', { message: 'Not logged in' }, 200);
  if (input.BoundUser != null && input.BoundUser !== caller.user.ID) {
    throw new ApiError('FORBIDDEN', { message: 'BoundUser is not the session user' });
  }
  return loadSessionData(db, caller);
};

export const login: CallHandler<Calls['login']> = async (input, { deps, db, ip, c }) => {
  const account = await findLoginAccount(db, input.username);
  if (account) await loginLockout.assertOpen(deps.redis, account.ID, deps.env.RATE_LIMIT_DISABLED);
  // Without an account the check still burns a hash's time, so names cannot be probed by timing.
  const matches = await passwordMatches(account, input.password);
  if (!account || !matches) {
    if (account) await loginLockout.recordFailure(deps.redis, account.ID);
    await audit(db, 'login.failed', { username: input.username, ip }, null);
    throw new ApiError('INVALID_CREDENTIALS', { message: MESSAGES.loginFailed });
  }
  await loginLockout.clear(deps.redis, account.ID);
  await recordLoginLocation(db, deps.traffic.geo, account.ID, ip, deps.now());
  await startSession(c, account.ID);
  const caller = await loadCaller(db, account.ID);
  if (!caller) throw new ApiError('NOT_FOUND', { message: 'User not found' });
  return loadSessionData(db, caller);
};

/**
 * The spec documents logout as a GET, so it stays one; but another site must not be able to
 * log a user out with an image tag or a link, so a cross-site request (by Sec-Fetch-Site, or an
 * Origin/Referer that is not one of ours) is refused.
 */
export const logout: CallHandler<Calls['logout']> = async (_input, { c, deps }) => {
  const allowed = originMatcher(deps.env.CORS_ORIGINS);
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin') ?? refererOrigin(c.req.header('referer'));
  const apiOrigin = new URL(c.req.url).origin;
  if (site === 'cross-site' || (origin && origin !== apiOrigin && !allowed(origin))) {
    throw new ApiError('FORBIDDEN', { message: 'Log out from the Leadmesh pages' });
  }
  await endSession(c);
  return null;
};

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

export const sendUniqueToken: CallHandler<Calls['sendUniqueToken']> = async (input, { db, deps }) => {
  await sendResetCode(db, { Email: input.Email, now: deps.now() });
  return null;
};

export const resetPassword: CallHandler<Calls['resetPassword']> = async (input, { db, deps }) => {
  await resetPasswordByCode(db, { ...input, now: deps.now() });
  return null;
};

export const contact: CallHandler<Calls['contact']> = async (input, { db }) => {
  const city = input.City?.toLowerCase();
  if (city && !(city in CONFERENCES && CONFERENCES[city as ConferenceCity].meetings)) {
    throw new ApiError('VALIDATION_ERROR', {
      field: 'City',
      message: 'Meetings can be booked for Barcelona and Bangkok',
    });
  }
  await submitContact(db, { ...input, City: city ? CONFERENCES[city as ConferenceCity].city : null });
  return null;
};
