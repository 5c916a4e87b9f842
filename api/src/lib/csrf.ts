import type { KeyObject } from 'node:crypto';
import { ApiError } from '@leadmesh/core';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context.ts';
import { hmac, randomToken, safeEqual } from './crypto.ts';
import { isSecureRequest } from './session.ts';

export const CSRF_COOKIE = 'lm_xsrf';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

function isValidToken(key: KeyObject, token: string): boolean {
  const [nonce, signature] = token.split('.');
  if (!nonce || !signature) return false;
  return safeEqual(hmac(key, nonce), signature);
}

/** Issues a signed token, sets it as a cookie and returns it (PUT /api/csrf). */
export async function issueCsrfToken(c: Context<AppEnv>): Promise<string> {
  const key = c.get('deps').csrfKey;
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing && isValidToken(key, existing)) return existing;
  const nonce = randomToken(18);
  const token = `${nonce}.${hmac(key, nonce)}`;
  setCookie(c, CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(c),
    path: '/',
  });
  return token;
}

/**
 * Double-submit check for every state-changing call: the token in X-XSRF-TOKEN equals the
 * cookie and is signed by this deployment. A page on another site can neither read the token
 * nor set the header on a credentialed request (CORS).
 */
export async function checkCsrf(c: Context<AppEnv>): Promise<void> {
  const header = c.req.header(CSRF_HEADER) ?? '';
  const cookie = getCookie(c, CSRF_COOKIE) ?? '';
  if (!header || !cookie || !safeEqual(header, cookie) || !isValidToken(c.get('deps').csrfKey, header)) {
    throw new ApiError('CSRF_INVALID', {
      message: 'Missing or invalid CSRF token; fetch one with PUT /api/csrf',
    });
  }
}
