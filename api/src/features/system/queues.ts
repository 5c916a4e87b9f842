import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { QUEUES } from '@leadmesh/jobs';
import { Queue } from 'bullmq';
import type { Hono, MiddlewareHandler } from 'hono';
import type { Redis } from 'ioredis';
import type { AppDeps, AppEnv } from '../../context.ts';
import { loadSession } from '../../lib/session.ts';
import { ENDPOINTS_VIEW_SEGMENT, mountEndpointsView } from './endpoints-view.ts';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board at /admin/queues: every queue with its waiting, active, delayed and failed jobs,
 * for admins only (their session cookie; anyone else gets a 404, so the page is not advertised).
 * Its own page needs its own scripts and styles, so its answers carry a CSP of their own.
 */
const DASHBOARD_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; frame-ancestors 'none'";

export function mountQueueDashboard(app: Hono<AppEnv>, deps: AppDeps): void {
  const connection: Redis = deps.queueRedis;
  const prefix = deps.env.REDIS_PREFIX;
  const queues = QUEUES.map((name) => new BullMQAdapter(new Queue(name, { connection, prefix })));
  const serverAdapter = new HonoAdapter(serveStatic).setBasePath(QUEUE_DASHBOARD_PATH);
  // Parked deliveries are in no queue: the endpoints page (same guard) shows them, linked from the board's menu.
  const miscLinks = [{ text: 'Endpoints (lanes)', url: `${QUEUE_DASHBOARD_PATH}/${ENDPOINTS_VIEW_SEGMENT}` }];
  createBullBoard({
    queues,
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Leadmesh queues', miscLinks } },
  });
  const adminsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
    const caller = await loadSession(c);
    if (!caller?.user.isAdmin) {
      return c.json({ status: 'error', data: 'NOT_FOUND', details: { message: 'No such route' } }, 404);
    }
    await next();
    c.res.headers.set('Content-Security-Policy', DASHBOARD_CSP);
  };
  app.use(QUEUE_DASHBOARD_PATH, adminsOnly);
  app.use(`${QUEUE_DASHBOARD_PATH}/*`, adminsOnly);
  mountEndpointsView(app, QUEUE_DASHBOARD_PATH, deps);
  app.route(QUEUE_DASHBOARD_PATH, serverAdapter.registerPlugin() as unknown as Hono<AppEnv>);
}
