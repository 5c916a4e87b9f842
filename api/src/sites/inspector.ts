import { INSPECTOR_PATH } from '@leadmesh/net';
import { INSPECTOR_LIMITS } from '@leadmesh/schema';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps, AppEnv } from '../context.ts';
import { recordInspectorRequest } from '../features/postbacks/inspector.service.ts';
import { boxFor } from '../features/postbacks/postbacks.handlers.ts';

/** The raw request target (path and query as received) of a request. */
function targetOf(url: string): string {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash < 0 ? '/' : url.slice(slash);
}

/**
 * `ANY /pb/{token}[/{path}]`: a user's postback inspector (decision 0041). Any method, any path
 * under the token; every request is kept (bounded) with how its signature checks out, and answered
 * `200 OK` at once, as a receiver would. An unknown token is a 404 and is not kept. The URL kept and
 * checked is the configured public origin and the raw target, what a GET postback was signed over.
 */
export function mountInspector(app: Hono<AppEnv>, deps: AppDeps): void {
  const origin = new URL(deps.env.SITES_PUBLIC_URL).origin;
  const limit = bodyLimit({
    maxSize: INSPECTOR_LIMITS.maxBodyBytes,
    onError: (c) => c.text(`The inspector takes bodies up to ${INSPECTOR_LIMITS.maxBodyBytes} bytes`, 413),
  });
  const receive = async (c: Context<AppEnv>) => {
    const method = c.req.method;
    const body =
      method === 'GET' || method === 'HEAD' ? new Uint8Array() : new Uint8Array(await c.req.arrayBuffer());
    const headers: [string, string][] = [];
    c.req.raw.headers.forEach((value, name) => {
      headers.push([name, value]);
    });
    const kept = await recordInspectorRequest(deps.db, boxFor(deps.env), c.req.param('token') ?? '', {
      method,
      url: `${origin}${targetOf(c.req.url)}`,
      headers,
      body,
    });
    c.header('Cache-Control', 'no-store');
    return kept ? c.text('OK', 200) : c.text('No inspector at this address', 404);
  };
  const paths = [`${INSPECTOR_PATH}:token`, `${INSPECTOR_PATH}:token/*`];
  app.on(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], paths, limit, receive);
}
