// Deno entry: the same app, served by Deno.serve. Run with `npx deno run -A api/src/main.deno.ts`.
import { createApp } from './app.ts';
import { createRuntime } from './deps.ts';
import { parseEnv } from './env.ts';

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(
    options: { port: number; onListen?: (addr: { port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
  addSignalListener(signal: string, handler: () => void): void;
  exit(code: number): never;
};

const env = parseEnv(Deno.env.toObject());
const runtime = await createRuntime(env);
const app = createApp(runtime.deps);

const server = Deno.serve(
  { port: env.PORT, onListen: ({ port }) => console.log(`API (Deno) listening on http://localhost:${port}`) },
  (request, info) => app.fetch(request, { remoteAddr: info.remoteAddr.hostname }),
);

const shutdown = async () => {
  await server.shutdown();
  await runtime.close();
  Deno.exit(0);
};
Deno.addSignalListener('SIGINT', shutdown);
Deno.addSignalListener('SIGTERM', shutdown);
