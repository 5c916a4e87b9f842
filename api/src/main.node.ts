import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createRuntime } from './deps.ts';
import { parseEnv } from './env.ts';
import { createSitesApp } from './sites/sites.app.ts';

const env = parseEnv(process.env);
const runtime = await createRuntime(env);
const app = createApp(runtime.deps);

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`API listening on http://${env.HOST}:${info.port} (docs at /docs)`);
});
// The sites server (landings, tracking links, order forms) on its own port and origin (decision 0011).
const sites =
  env.SITES_PORT === undefined
    ? null
    : serve(
        { fetch: createSitesApp(runtime.deps).fetch, port: env.SITES_PORT, hostname: env.HOST },
        (info) => {
          console.log(
            `Sites server at http://${env.HOST}:${info.port} (public address ${env.SITES_PUBLIC_URL})`,
          );
        },
      );

async function shutdown() {
  server.close();
  sites?.close();
  // Writes the buffered clicks before the database closes.
  await runtime.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
