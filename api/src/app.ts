import { type CallContract, contracts } from '@leadmesh/schema';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './context.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { leadRoutes } from './features/leads/leads.routes.ts';
import { partnerRoutes } from './features/partners/partners.routes.ts';
import { mountDevMail } from './features/system/dev-mail.ts';
import { mountDocs } from './features/system/docs.ts';
import { userRoutes } from './features/users/users.routes.ts';
import { type BoundCall, mountCalls, mountNotImplemented } from './lib/call.ts';
import { ApiError } from './lib/errors.ts';
import { writeLog } from './lib/logs.ts';
import { csrfMiddleware } from './middlewares/csrf.ts';
import { sessionMiddleware } from './middlewares/session.ts';

/** Every built call. A documented call missing here answers NOT_IMPLEMENTED. */
export const builtCalls: readonly BoundCall[] = [
  ...authRoutes,
  ...userRoutes,
  ...partnerRoutes,
  ...leadRoutes,
];

export function notBuiltContracts(): CallContract[] {
  const built = new Set(builtCalls.map((b) => `${b.contract.method} ${b.contract.path}`));
  return Object.values(contracts).filter((c) => !built.has(`${c.method} ${c.path}`));
}

/**
 * CORS_ORIGINS is a comma-separated list of exact origins; an entry may end in `:*` to
 * admit any port of that host (used by test runs on free ports, never needed in production).
 */
export function originMatcher(list: string): (origin: string) => boolean {
  const entries = list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const exact = new Set(entries.filter((e) => !e.endsWith(':*')));
  const anyPort = entries.filter((e) => e.endsWith(':*')).map((e) => e.slice(0, -2));
  return (origin) =>
    exact.has(origin) ||
    anyPort.some((host) => new RegExp(`^${host.replace(/[.]/g, '\\.')}:\\d+$`).test(origin));
}

/** Builds the Hono app around its dependencies; the Node and Deno entries only add a server. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const allowOrigin = originMatcher(deps.env.CORS_ORIGINS);

  app.onError(async (error, c) => {
    if (error instanceof ApiError) {
      return c.json({ status: 'error', data: error.code, details: error.details }, error.httpStatus);
    }
    console.error(error);
    try {
      await writeLog(deps.db, {
        level: 2,
        context: `api${new URL(c.req.url).pathname}`,
        text: `Unhandled error [message:${(error as Error).message}]`,
        userId: c.var.principal?.user.ID ?? null,
        dump: { stack: (error as Error).stack },
      });
    } catch {
      // the log is best effort; the answer below matters more
    }
    return c.json(
      { status: 'error', data: 'SERVER_ERROR', details: { message: 'Something went wrong on our side' } },
      500,
    );
  });
  app.notFound((c) =>
    c.json({ status: 'error', data: 'NOT_FOUND', details: { message: 'No such route' } }, 404),
  );

  app.use(
    '*',
    cors({
      origin: (origin) => (allowOrigin(origin) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'X-XSRF-TOKEN'],
      maxAge: 600,
    }),
  );
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'cross-origin' }));
  // JSON calls are small; uploads (website zips, images) get room of their own.
  const tooLarge = () => {
    throw new ApiError('VALIDATION_ERROR', { message: 'The request body is too large' }, 413);
  };
  app.use('/websites/uploadWebsite', bodyLimit({ maxSize: 50 * 1024 * 1024, onError: tooLarge }));
  app.use('/images/uploadImage', bodyLimit({ maxSize: 10 * 1024 * 1024, onError: tooLarge }));
  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (path === '/websites/uploadWebsite' || path === '/images/uploadImage') return next();
    return bodyLimit({ maxSize: 1024 * 1024, onError: tooLarge })(c, next);
  });
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.get('/health', async (c) => {
    await deps.db.run('select 1');
    return c.json({ status: 'ok', data: { uptime: Math.round(process.uptime?.() ?? 0) } });
  });
  mountDocs(app);
  mountDevMail(app);

  app.use('*', sessionMiddleware);
  app.use('*', csrfMiddleware);
  mountCalls(app, builtCalls);
  mountNotImplemented(app, notBuiltContracts());
  return app;
}
