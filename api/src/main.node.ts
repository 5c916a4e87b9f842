import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createRuntime } from './deps.ts';
import { createDrain } from './drain.ts';
import { parseEnv } from './env.ts';
import { createSitesApp } from './sites/sites.app.ts';

const env = parseEnv(process.env);
const runtime = await createRuntime(env);
const app = createApp(runtime.deps);
const drain = createDrain(env.DRAIN_GRACE_MS);

const server = serve({ fetch: drain.serve(app.fetch), port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`API listening on http://${env.HOST}:${info.port} (docs at /docs)`);
});
// The sites server (landings, tracking links, order forms) on its own port and origin (decision 0011).
const sites =
  env.SITES_PORT === undefined
    ? null
    : serve(
        { fetch: drain.serve(createSitesApp(runtime.deps).fetch), port: env.SITES_PORT, hostname: env.HOST },
        (info) => {
          console.log(
            `Sites server at http://${env.HOST}:${info.port} (public address ${env.SITES_PUBLIC_URL})`,
          );
        },
      );

/** Stops taking connections and waits for the answers under way (at most `ms`). */
function closeServer(
  target: { close(cb: () => void): unknown; closeIdleConnections?: () => void },
  ms: number,
) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    target.close(() => {
      clearTimeout(timer);
      resolve();
    });
    // Keep-alive connections with no request in flight would hold close() open until they time out.
    target.closeIdleConnections?.();
  });
}

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await drain.begin();
  // Requests in flight finish (a lead being committed, its job enqueued) before the database closes.
  await Promise.all([
    closeServer(server as unknown as Parameters<typeof closeServer>[0], 10_000),
    sites ? closeServer(sites as unknown as Parameters<typeof closeServer>[0], 10_000) : undefined,
  ]);
  // Writes the buffered clicks before the database closes.
  await runtime.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
