/**
 * `npm start`: the whole product on one machine. Builds the front ends when their sources
 * changed, migrates and (first run) seeds the embedded libSQL file under ./data, starts the
 * API, the worker, the shell and the four remotes, and stops everything on Ctrl-C.
 */
import { DEMO_LOGINS } from '@leadmesh/seed';
import { startBackend } from './lib/backend.ts';
import { buildFrontends, devFrontends, serveFrontends } from './lib/frontends.ts';

/** `npm run dev`: the same, with the API and worker restarting on change and rspack dev servers (hot reload). */
const dev = process.argv.includes('--dev');

const env = process.env;
const apiPort = Number(env.API_PORT ?? env.PORT ?? 5000);
/** The sites server (landings, tracking links, order forms) on its own port and host (decision 0011). */
const sitesPort = Number(env.SITES_PORT ?? 5100);
const ports = {
  shell: Number(env.SHELL_PORT ?? 3000),
  mf_public: Number(env.MF_PUBLIC_PORT ?? 3001),
  mf_publisher: Number(env.MF_PUBLISHER_PORT ?? 3002),
  mf_advertiser: Number(env.MF_ADVERTISER_PORT ?? 3003),
  mf_admin: Number(env.MF_ADMIN_PORT ?? 3004),
};
const host = env.PUBLIC_HOST ?? 'localhost';
/** Where the servers listen: this machine only, unless HOST says otherwise (e.g. 0.0.0.0). */
const listenHost = env.HOST ?? '127.0.0.1';
const origins = Object.values(ports)
  .map((p) => `http://${host}:${p}`)
  .join(',');

/** Failures to start are one clear line (what is missing), not a stack trace. */
function fail(error: unknown): never {
  console.error(`\nLeadmesh could not start: ${(error as Error).message ?? error}`);
  process.exit(1);
}

async function main() {
  if (!dev) {
    console.log('Building the front ends (skipped when nothing changed)...');
    await buildFrontends({ log: (m: string) => console.log(`  ${m}`) });
  }

  const backend = await startBackend({
    dataDir: env.DATA_DIR ?? 'data',
    apiPort,
    corsOrigins: env.CORS_ORIGINS ?? origins,
    publicApiUrl: env.PUBLIC_API_URL ?? `http://${host}:${apiPort}`,
    sitesPort,
    // 127.0.0.1 while the shell and API are on localhost: another site, so no cookie is shared.
    sitesPublicUrl:
      env.SITES_PUBLIC_URL ?? `http://${host === 'localhost' ? '127.0.0.1' : host}:${sitesPort}`,
    watch: dev,
    env: { HOST: listenHost },
  });
  const frontends = dev
    ? devFrontends({ apiUrl: backend.apiUrl })
    : await serveFrontends({ apiUrl: backend.apiUrl, ports, hostname: host, listenHost });

  console.log(`
Leadmesh is running${dev ? ' in development mode (watch and hot reload)' : ''}.
  Shell (open this)   ${frontends.urls.shell}
  API                 ${backend.apiUrl}   (docs: ${backend.apiUrl}/docs)
  Sites (landings)    ${backend.sitesUrl}   (tracking links /t/{code}, previews /w/{key})
  Remotes             ${frontends.urls.mf_public} ${frontends.urls.mf_publisher} ${frontends.urls.mf_advertiser} ${frontends.urls.mf_admin}
  Listening on        ${listenHost}${listenHost === '127.0.0.1' ? ' (this machine only; set HOST=0.0.0.0 to serve others)' : ''}
  ${backend.redis.describe}
  Mail                ${env.SMTP_URL ? 'SMTP_URL' : `local sink: ${backend.mailDir} (also ${backend.apiUrl}/dev/mail)`}

Demo logins:
${DEMO_LOGINS.map((l) => `  ${l.username.padEnd(12)} ${l.password.padEnd(16)} ${l.role}`).join('\n')}

Ctrl-C stops everything.`);

  let stopping = false;
  async function shutdown() {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await frontends.stop();
    await backend.stop();
    process.exit(0);
  }
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch(fail);
