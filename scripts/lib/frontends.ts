/**
 * Production builds and static serving of the shell and the four remotes.
 *
 * - `buildFrontends()` runs the rspack production builds (skipped per app when its dist is newer
 *   than every source it depends on, to keep `npm start` fast).
 * - `serveFrontends({ apiUrl })` serves each dist with a tiny node:http server: SPA fallback for the
 *   shell, CORS for the remotes, and the shell's run-time files generated at serve time —
 *   `/config.js` (the API URL) and `/remotes.json` (where each remote's mf-manifest.json is) — so one
 *   build runs on any host and a remote redeploys without rebuilding the shell.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, REMOTES, type RemoteName, SHELL_PORT } from '../../packages/federation/src/remotes.ts';
import { remotesManifest, runtimeConfigScript } from '../../packages/federation/src/runtime-config.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type AppName = 'shell' | RemoteName;
export const APPS: Record<AppName, { dir: string; port: number }> = {
  shell: { dir: 'shell', port: SHELL_PORT },
  ...(Object.fromEntries(
    REMOTE_NAMES.map((n) => [n, { dir: REMOTES[n].dir, port: REMOTES[n].port }]),
  ) as Record<RemoteName, { dir: string; port: number }>),
};
export const APP_NAMES = Object.keys(APPS) as AppName[];

/** Shared packages every app bundles: a change there rebuilds all apps. */
const SHARED_SOURCES = [
  'packages/ui/src',
  'packages/session/src',
  'packages/api-client/src',
  'packages/federation/src',
  'packages/schema/src',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Whether an app's dist is older than its sources (or missing). */
export function needsBuild(app: AppName): boolean {
  const dir = path.join(REPO_ROOT, APPS[app].dir);
  const marker = path.join(dir, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  const sources = [
    path.join(dir, 'src'),
    path.join(dir, 'index.html'),
    path.join(dir, 'rspack.config.ts'),
    path.join(dir, 'package.json'),
    ...SHARED_SOURCES.map((s) => path.join(REPO_ROOT, s)),
  ];
  return sources.some((s) => newestMtime(s) > built);
}

export interface BuildOptions {
  /** Build even when dist looks fresh. */
  force?: boolean;
  apps?: AppName[];
  log?: (line: string) => void;
}

/** Production builds of the shell and the remotes (one multi-compiler run); returns what was built. */
export async function buildFrontends(options: BuildOptions = {}): Promise<AppName[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const todo = (options.apps ?? APP_NAMES).filter((app) => options.force || needsBuild(app));
  if (todo.length === 0) {
    log('[frontends] dist is up to date, build skipped');
    return [];
  }
  log(`[frontends] building ${todo.join(', ')} ...`);
  const started = Date.now();
  // The rspack CLI runs in its own plain-node process: loaded through tsx, Module Federation's
  // runtime code (which it serialises into the bundle) would carry esbuild's `__name` helper.
  await Promise.all(todo.map((app) => runRspackBuild(app)));
  log(`[frontends] built ${todo.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return todo;
}

function runRspackBuild(app: AppName): Promise<void> {
  const cli = path.join(REPO_ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.NODE_OPTIONS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'build', '--mode', 'production'], {
      cwd: path.join(REPO_ROOT, APPS[app].dir),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`rspack build of ${app} failed (exit ${code}):\n${output}`)),
    );
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface StaticOptions {
  root: string;
  /** Answer index.html for unknown paths without an extension (client-side routes). */
  spa: boolean;
  /** Send `Access-Control-Allow-Origin: *` (remotes are fetched from the shell's origin). */
  cors: boolean;
  /** Files generated per request instead of read from disk. */
  generated?: Record<string, () => { body: string; type: string }>;
}

/** A small static file server; hashed assets are cached for a year, entry files never. */
function createStaticServer(options: StaticOptions): Server {
  const root = path.resolve(options.root);
  return createServer(async (req, res) => {
    if (options.cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const generated = options.generated?.[pathname];
    if (generated) {
      const { body, type } = generated();
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    let file = path.join(root, pathname);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (pathname.endsWith('/')) file = path.join(file, 'index.html');
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      if (options.spa && !path.extname(pathname)) {
        file = path.join(root, 'index.html');
        body = await readFile(file);
      } else {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
    }
    const name = path.basename(file);
    const hashed = /\.[0-9a-f]{8}\.js$/.test(name);
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export interface ServeOptions {
  /** The API as the browser reaches it; written to the shell's `/config.js` at run time. */
  apiUrl: string;
  /** Ports per app (0 = any free port); defaults 3000 (shell) and 3001-3004. */
  ports?: Partial<Record<AppName, number>>;
  /** Hostname used in the URLs handed out (defaults to the API's, so cookies stay same-site). */
  hostname?: string;
  /** Environment for remotes.json overrides (`REMOTES_JSON`, `MF_PUBLIC_URL`, ...); defaults to process.env. */
  env?: Record<string, string | undefined>;
}

export interface ServedFrontends {
  urls: Record<AppName, string>;
  stop(): Promise<void>;
}

/** Serves the built shell and remotes; the shell's remotes.json points at the remotes just started. */
export async function serveFrontends(options: ServeOptions): Promise<ServedFrontends> {
  const hostname = options.hostname ?? new URL(options.apiUrl).hostname;
  const servers: Server[] = [];
  const urls = {} as Record<AppName, string>;
  for (const app of APP_NAMES) {
    const dist = path.join(REPO_ROOT, APPS[app].dir, 'dist');
    if (!existsSync(dist)) throw new Error(`${APPS[app].dir}/dist is missing: run buildFrontends() first`);
  }
  for (const name of REMOTE_NAMES) {
    const server = createStaticServer({
      root: path.join(REPO_ROOT, APPS[name].dir, 'dist'),
      spa: false,
      cors: true,
    });
    servers.push(server);
    const port = await listen(server, options.ports?.[name] ?? APPS[name].port);
    urls[name] = `http://${hostname}:${port}`;
  }
  const bases = Object.fromEntries(REMOTE_NAMES.map((n) => [n, urls[n]])) as Record<RemoteName, string>;
  const env = options.env ?? process.env;
  const shell = createStaticServer({
    root: path.join(REPO_ROOT, 'shell', 'dist'),
    spa: true,
    cors: false,
    generated: {
      '/config.js': () => ({
        body: runtimeConfigScript({ apiUrl: options.apiUrl }),
        type: 'text/javascript; charset=utf-8',
      }),
      '/remotes.json': () => ({
        body: JSON.stringify(remotesManifest(env, bases), null, 2),
        type: 'application/json; charset=utf-8',
      }),
    },
  });
  servers.push(shell);
  const shellPort = await listen(shell, options.ports?.shell ?? APPS.shell.port);
  urls.shell = `http://${hostname}:${shellPort}`;
  return {
    urls,
    stop: async () => {
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.closeAllConnections();
              s.close(() => resolve());
            }),
        ),
      );
    },
  };
}

export interface DevFrontends {
  urls: Record<AppName, string>;
  stop(): Promise<void>;
}

/**
 * Development: `rspack serve` (watch, hot reload) for the shell and every remote on 3000-3004.
 * Each remote also runs alone at its own port against the API. `apiUrl` reaches the shell's
 * `config.js`; remotes.json points at the dev servers.
 */
export function devFrontends(options: { apiUrl: string; apps?: AppName[] }): DevFrontends {
  const cli = path.join(REPO_ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  const env: NodeJS.ProcessEnv = { ...process.env, API_URL: options.apiUrl, NODE_ENV: 'development' };
  delete env.NODE_OPTIONS;
  const apps = options.apps ?? APP_NAMES;
  const children = apps.map((app) => {
    const child = spawn(process.execPath, [cli, 'serve', '--mode', 'development'], {
      cwd: path.join(REPO_ROOT, APPS[app].dir),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) =>
      stream?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${app}] ${line}\n`);
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    return child;
  });
  const urls = Object.fromEntries(apps.map((app) => [app, `http://localhost:${APPS[app].port}`])) as Record<
    AppName,
    string
  >;
  return {
    urls,
    stop: () =>
      Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      ).then(() => undefined),
  };
}
