import { ApiError } from '@leadmesh/core';
import { type CallContract, contracts } from '@leadmesh/schema';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps, AppEnv } from './context.ts';
import { advertiserRoutes } from './features/advertisers/advertisers.routes.ts';
import { apiTokenRoutes } from './features/api-tokens/api-tokens.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { crmRoutes } from './features/crms/crms.routes.ts';
import { customPayoutRoutes } from './features/custom-payouts/custom-payouts.routes.ts';
import { dashboardRoutes } from './features/dashboards/dashboards.routes.ts';
import { domainRoutes } from './features/domains/domains.routes.ts';
import { imageRoutes } from './features/images/images.routes.ts';
import { leadAdminRoutes } from './features/lead-admin/lead-admin.routes.ts';
import { crmInfoRoutes } from './features/leads/crm-info.routes.ts';
import { leadRoutes } from './features/leads/leads.routes.ts';
import { logRoutes } from './features/logs/logs.routes.ts';
import { moneyRoutes } from './features/money/money.routes.ts';
import { offerRoutes } from './features/offers/offers.routes.ts';
import { overviewRoutes } from './features/overview/overview.routes.ts';
import { partnerRoutes } from './features/partners/partners.routes.ts';
import { payoutRoutes } from './features/payouts/payouts.routes.ts';
import { postbackRoutes } from './features/postbacks/postbacks.routes.ts';
import { referralRoutes } from './features/referrals/referrals.routes.ts';
import { mountDevMail } from './features/system/dev-mail.ts';
import { mountDocs } from './features/system/docs.ts';
import { mountQueueDashboard } from './features/system/queues.ts';
import { takenOfferRoutes } from './features/taken-offers/taken-offers.routes.ts';
import { userRoutes } from './features/users/users.routes.ts';
import { websiteRoutes } from './features/websites/websites.routes.ts';
import { bodyTooLarge, JSON_BODY_LIMIT } from './lib/body.ts';
import { type BoundCall, bodyLimitsByPath, mountCalls, mountNotImplemented } from './lib/call.ts';
import { proxyMatcher, resolveClientIp } from './lib/client-ip.ts';
import { audit } from './lib/logs.ts';
import { originMatcher } from './lib/origins.ts';
import { machineCalls } from './machine-routes.ts';
import { apiHeaders } from './middlewares/headers.ts';

/** Every built call. A documented call missing here answers NOT_IMPLEMENTED. */
export const builtCalls: readonly BoundCall[] = [
  ...authRoutes,
  ...userRoutes,
  ...partnerRoutes,
  ...leadRoutes,
  ...crmRoutes,
  ...crmInfoRoutes,
  ...moneyRoutes,
  ...payoutRoutes,
  ...referralRoutes,
  ...advertiserRoutes,
  ...apiTokenRoutes,
  ...customPayoutRoutes,
  ...logRoutes,
  ...dashboardRoutes,
  ...overviewRoutes,
  ...leadAdminRoutes,
  ...offerRoutes,
  ...domainRoutes,
  ...imageRoutes,
  ...postbackRoutes,
  ...websiteRoutes,
  ...takenOfferRoutes,
];

export { originMatcher };

export function notBuiltContracts(): CallContract[] {
  const built = new Set(builtCalls.map((b) => `${b.contract.method} ${b.contract.path}`));
  return Object.values(contracts).filter((c) => !built.has(`${c.method} ${c.path}`));
}

/** Builds the Hono app around its dependencies; the Node and Deno entries only add a server. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const allowOrigin = originMatcher(deps.env.CORS_ORIGINS);
  const isTrustedProxy = proxyMatcher(deps.env.TRUSTED_PROXIES);

  app.onError(async (error, c) => {
    if (error instanceof ApiError) {
      return c.json(
        { status: 'error', data: error.code, details: error.details },
        error.httpStatus as ContentfulStatusCode,
      );
    }
    console.error(error);
    try {
      await audit(
        deps.db,
        'api.unhandled-error',
        { path: c.req.path, message: (error as Error).message },
        c.var.caller?.user.ID ?? null,
        { stack: (error as Error).stack },
      );
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

  // A declared length over the call's declared limit (the JSON limit for any other path) is
  // refused before routing; a body without one is capped as it is read (readInput, and for
  // multipart the call's own limit as it streams), so no second Request is built for every call.
  const declaredLimits = bodyLimitsByPath([...machineCalls, ...builtCalls]);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const env = c.env;
    const socketIp = env?.remoteAddr ?? env?.incoming?.socket?.remoteAddress;
    c.set('clientIp', resolveClientIp(socketIp, c.req.header('x-forwarded-for'), isTrustedProxy));
    await next();
  });
  app.use('*', apiHeaders(allowOrigin));
  app.use('*', async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && Number(length) > (declaredLimits.get(c.req.path) ?? JSON_BODY_LIMIT))
      throw bodyTooLarge();
    await next();
  });

  app.get('/health', async (c) => {
    await deps.db.run('select 1');
    return c.json({ status: 'ok', data: { uptime: Math.round(process.uptime?.() ?? 0) } });
  });
  mountDocs(app);
  mountDevMail(app);
  mountQueueDashboard(app, deps);
  // Machine routes by contract (decisions 0009, 0077): their own credential, no session, no CSRF.
  mountCalls(app, machineCalls, deps);
  mountCalls(app, builtCalls, deps);
  mountNotImplemented(app, notBuiltContracts());
  return app;
}
