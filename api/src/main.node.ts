import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createRuntime } from './deps.ts';
import { parseEnv } from './env.ts';

const env = parseEnv(process.env);
const runtime = await createRuntime(env);
const app = createApp(runtime.deps);

const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  console.log(`API listening on http://localhost:${info.port} (docs at /docs)`);
});

async function shutdown() {
  server.close();
  await runtime.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
