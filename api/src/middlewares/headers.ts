import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';

/**
 * What every API answer carries. The API serves JSON, never a page, so a policy that allows
 * nothing and no framing covers what X-Frame-Options and friends would; HSTS only over TLS.
 */
const SECURITY_HEADERS: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Referrer-Policy', 'no-referrer'],
];
const ALLOW_METHODS = 'GET, POST, PUT, OPTIONS';
const ALLOW_HEADERS = 'Content-Type, X-XSRF-TOKEN';

/**
 * CORS for the configured origins (with credentials) and the security headers, set before the
 * handler answers. Why not Hono's `cors` and `secureHeaders`: they edit the finished response,
 * which turns every answer into a full Response object and cost the API more than half its
 * throughput on small calls (bench: PUT /api/csrf).
 */
export function apiHeaders(allowOrigin: (origin: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const [name, value] of SECURITY_HEADERS) c.header(name, value);
    if (c.req.url.startsWith('https:') || c.req.header('x-forwarded-proto') === 'https') {
      c.header('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    }
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && allowOrigin(origin);
    if (allowed) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Credentials', 'true');
    }
    c.header('Vary', 'Origin');
    if (c.req.method === 'OPTIONS') {
      if (allowed) {
        c.header('Access-Control-Allow-Methods', ALLOW_METHODS);
        c.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
        c.header('Access-Control-Max-Age', '600');
      }
      return c.body(null, 204);
    }
    await next();
  };
}
