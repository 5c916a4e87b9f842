import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { hmac, randomToken, safeEqual } from '../lib/crypto.ts';
import { ApiError } from '../lib/errors.ts';
import { isSecureRequest } from './session.ts';

export const CSRF_COOKIE = 'lm_xsrf';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

/** Paths that are not called by the browser session (token-authenticated or public tracking). */
const EXEMPT_PREFIXES = ['/api/csrf', '/track/', '/intake/', '/crm-callback/'];

async function isValidToken(secret: string, token: string): Promise<boolean> {
  const [nonce, signature] = token.split('.');
  if (!nonce || !signature) return false;
  return safeEqual(await hmac(secret, nonce), signature);
}

/** Issues a signed token, sets it as a cookie and returns it (PUT /api/csrf). */
export async function issueCsrfToken(c: Context<AppEnv>): Promise<string> {
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing && (await isValidToken(c.var.deps.secret, existing))) return existing;
  const nonce = randomToken(18);
  const token = `${nonce}.${await hmac(c.var.deps.secret, nonce)}`;
  setCookie(c, CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(c),
    path: '/',
  });
  return token;
}

/**
 * Double-submit check: every state-changing request carries the token in X-XSRF-TOKEN,
 * equal to the cookie and signed by this deployment. A page on another site can neither
 * read the token nor set the header on a credentialed request (CORS).
 */
export const csrfMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method;
  const path = new URL(c.req.url).pathname;
  if (
    method === 'GET' ||
    method === 'HEAD' ||
    method === 'OPTIONS' ||
    EXEMPT_PREFIXES.some((p) => path.startsWith(p))
  ) {
    return next();
  }
  const header = c.req.header(CSRF_HEADER) ?? '';
  const cookie = getCookie(c, CSRF_COOKIE) ?? '';
  if (!header || !cookie || !safeEqual(header, cookie) || !(await isValidToken(c.var.deps.secret, header))) {
    throw new ApiError('CSRF_INVALID', {
      message: 'Missing or invalid CSRF token; fetch one with PUT /api/csrf',
    });
  }
  return next();
});
