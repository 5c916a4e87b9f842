// Deno entry: the same app, served by Deno.serve. Run with `npx deno run -A api/src/main.deno.ts`.
import { createApp } from './app.ts';
import { createRuntime } from './deps.ts';
import { createDrain } from './drain.ts';
import { parseEnv } from './env.ts';
import { createSitesApp } from './sites/sites.app.ts';

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(
    options: { port: number; hostname: string; onListen?: (addr: { port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
  addSignalListener(signal: string, handler: () => void): void;
  exit(code: number): never;
};

const env = parseEnv(Deno.env.toObject());
const runtime = await createRuntime(env);
const app = createApp(runtime.deps);
const drain = createDrain(env.DRAIN_GRACE_MS);

const server = Deno.serve(
  {
    port: env.PORT,
    hostname: env.HOST,
    onListen: ({ port }) => console.log(`API (Deno) listening on http://${env.HOST}:${port}`),
  },
  drain.serve((request, info) => app.fetch(request, { remoteAddr: info.remoteAddr.hostname })),
);
const sitesApp = env.SITES_PORT === undefined ? null : createSitesApp(runtime.deps);
const sites = sitesApp
  ? Deno.serve(
      {
        port: env.SITES_PORT!,
        hostname: env.HOST,
        onListen: ({ port }) =>
          console.log(
            `Sites server (Deno) at http://${env.HOST}:${port} (public address ${env.SITES_PUBLIC_URL})`,
          ),
      },
      drain.serve((request, info) => sitesApp.fetch(request, { remoteAddr: info.remoteAddr.hostname })),
    )
  : null;

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await drain.begin();
  await Promise.all([server.shutdown(), sites?.shutdown()]);
  // Writes the buffered clicks before the database closes.
  await runtime.close();
  Deno.exit(0);
};
Deno.addSignalListener('SIGINT', shutdown);
Deno.addSignalListener('SIGTERM', shutdown);
