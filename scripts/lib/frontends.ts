/**
 * Production builds and static serving of the shell and the four remotes.
 *
 * - `buildFrontends()` runs the rspack production builds (skipped per app when its dist is newer
 *   than every source it depends on, to keep `npm start` fast).
 * - `serveFrontends({ apiUrl })` serves each dist with sirv behind a small guard (bad paths → 400):
 *   precompressed files, long caching for hashed files, security headers (CSP), SPA fallback for
 *   the shell, CORS for the remotes, and the shell's run-time files generated at serve time —
 *   `/config.js` (the API URL and the remotes manifest) and `/remotes.json` (the manifest again, for
 *   Retry) — so one build runs on any host and a remote redeploys without rebuilding the shell.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import sirv from 'sirv';
import { FIRST_SCREEN_FILES, STARTUP_FILES } from '../../packages/federation/src/chunks.ts';
import { FIRST_INTERACTION_LOADER } from '../../packages/federation/src/first-interaction.ts';
import { REMOTE_NAMES, REMOTES, type RemoteName, SHELL_PORT } from '../../packages/federation/src/remotes.ts';
import {
  remotesManifest,
  runtimeConfigScript,
  securityHeaders,
} from '../../packages/federation/src/runtime-config.ts';
import { type DashboardRemote, findRoute, remoteForPath } from '../../packages/session/src/routes.ts';

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
    path.join(dir, 'favicon.svg'),
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
  if (todo.length === 0 && existsSync(PRERENDERED_FILE)) {
    log('[frontends] dist is up to date, build skipped');
    return [];
  }
  const started = Date.now();
  if (todo.length > 0) {
    log(`[frontends] building ${todo.join(', ')} ...`);
    // The rspack CLI runs in its own plain-node process: loaded through tsx, Module Federation's
    // runtime code (which it serialises into the bundle) would carry esbuild's `__name` helper.
    await Promise.all(todo.map((app) => runRspackBuild(app)));
  }
  // The public pages are the shell's layout around mf-public's pages: drawn again when either changed.
  if (todo.includes('shell') || todo.includes('mf_public') || !existsSync(PRERENDERED_FILE)) {
    await runNode(
      ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'lib', 'prerender.tsx')],
      REPO_ROOT,
      'prerender',
    );
  }
  log(
    `[frontends] built ${[...todo, 'prerendered pages'].join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return todo;
}

function runRspackBuild(app: AppName): Promise<void> {
  const cli = path.join(REPO_ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  return runNode([cli, 'build', '--mode', 'production'], path.join(REPO_ROOT, APPS[app].dir), app);
}

/** Runs a production step in its own node process; its output is shown only when it fails. */
function runNode(args: string[], cwd: string, what: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.NODE_OPTIONS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
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
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}):\n${output}`)),
    );
  });
}

interface StaticOptions {
  root: string;
  /** Answer index.html for unknown paths without an extension (client-side routes). */
  spa: boolean;
  /** Send `Access-Control-Allow-Origin: *` (remotes are fetched from the shell's origin). */
  cors: boolean;
  /** Headers on every answer (the security headers). */
  headers: () => Record<string, string>;
  /** Files generated per request instead of read from disk. */
  generated?: Record<string, () => { body: string; type: string }>;
  /**
   * The HTML of a page address (a path without an extension, the SPA's routes and `/`), written
   * per request (the shell's hints for the session's remote); null leaves it to the files.
   */
  page?: (req: IncomingMessage, pathname: string) => string | null;
}

const WRITTEN_PAGES = new Map<string, { gzip: Buffer; etag: string }>();

/**
 * A page written per request, gzip-compressed and tagged once: the pages are few (a prerendered
 * public page carries its styles and markup, 6-11 KB gzip) and the same for every visitor. The
 * tag lets a return visit revalidate the page with a 304 instead of downloading it again.
 */
function writtenPage(html: string): { gzip: Buffer; etag: string } {
  let page = WRITTEN_PAGES.get(html);
  if (!page) {
    // Weak: the gzip and the plain body are the same page.
    page = { gzip: gzipSync(html, { level: 9 }), etag: `W/"${contentVersion(html)}"` };
    if (WRITTEN_PAGES.size > 200) WRITTEN_PAGES.clear();
    WRITTEN_PAGES.set(html, page);
  }
  return page;
}

/** A short digest of a generated file's body: the version its address carries (`?v=`). */
export function contentVersion(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A content-hashed build file (`main.3dbcf849.js`, `412.a1b2c3d4.js.br`, an asset named by its hash
 * alone: `09c11dbc7ba7d813.woff2`): it never changes.
 */
const HASHED = /[/.-][0-9a-f]{8,}\.(js|css|svg|png|jpe?g|gif|webp|woff2?)(\.(br|gz))?$/;

/**
 * Why a request path is refused before it reaches the file server, or null when it is fine: a
 * malformed escape (`/%E0%A4%A`, which makes `decodeURIComponent` throw, STACK-NOTES trap 17), a
 * NUL byte, a backslash, or a `.`/`..` segment, raw or encoded (`%2e%2e%2f`).
 */
export function badPath(rawUrl: string): string | null {
  const pathname = rawUrl.split(/[?#]/, 1)[0];
  if (!pathname.startsWith('/')) return 'not an absolute path';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return 'malformed escape';
  }
  if (decoded.includes('\0')) return 'NUL byte';
  if (decoded.includes('\\')) return 'backslash';
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return 'dot segment';
  return null;
}

/**
 * A static file server on sirv (maintained; its file list is read once at start, so only files of
 * the build can ever be served). Bad paths get 400 (`badPath`) and the server keeps answering.
 * Precompressed `.br`/`.gz` files go to browsers that accept them; content-hashed files are cached
 * for a year (`immutable`), everything else is revalidated (`no-cache`, with an ETag).
 */
export function createStaticServer(options: StaticOptions): Server {
  const files = sirv(path.resolve(options.root), {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    // Client-side routes get index.html; a path with an extension (a missing chunk) stays a 404.
    single: options.spa,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', HASHED.test(pathname) ? IMMUTABLE : 'no-cache');
    },
    onNoMatch(_req, res) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
    },
  });
  return createServer((req, res) => {
    for (const [name, value] of Object.entries(options.headers())) res.setHeader(name, value);
    if (options.cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    const refused = badPath(req.url ?? '/');
    if (refused) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(`Bad request: ${refused}`);
      return;
    }
    const pathname = decodeURIComponent((req.url ?? '/').split(/[?#]/, 1)[0]);
    const generated = options.generated?.[pathname];
    if (generated) {
      const { body, type } = generated();
      // Asked for by its current version (`?v=`, the page names it so): that address never
      // changes, so a return visit runs it from the cache without a round trip. Else no-store.
      const version = new URL(req.url ?? '/', 'http://x').searchParams.get('v');
      const cache = version === contentVersion(body) ? IMMUTABLE : 'no-store';
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cache });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (options.page && (pathname === '/index.html' || !path.posix.basename(pathname).includes('.'))) {
      const html = options.page(req, pathname);
      if (html !== null) {
        const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
        const written = writtenPage(html);
        const headers = {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-cache',
          ETag: written.etag,
          // The page differs with the session cookie (its hints name the session's remote).
          Vary: 'Cookie, Accept-Encoding',
        };
        const known = String(req.headers['if-none-match'] ?? '')
          .split(',')
          .map((tag) => tag.trim());
        if (known.includes(written.etag)) {
          res.writeHead(304, headers).end();
          return;
        }
        res.writeHead(200, { ...headers, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
        res.end(req.method === 'HEAD' ? undefined : gzip ? written.gzip : html);
        return;
      }
    }
    files(req, res);
  });
}

/** The session cookie the API sets (api/src/middlewares/session.ts). */
const SESSION_COOKIE = 'lm_session';

/** Whether a request carries the session cookie (a visitor's has none). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return (cookie ?? '').split(';').some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** A public page rendered at build time (scripts/lib/prerender.tsx): its styles and its markup. */
export interface PrerenderedPage {
  head: string;
  body: string;
}

/** Where the build writes the prerendered public pages (beside the shell's index.html). */
export const PRERENDERED_FILE = path.join(REPO_ROOT, 'shell', 'dist', 'prerendered.json');

/** The prerendered public pages by address, or none when the build has not written them. */
export function readPrerenderedPages(file = PRERENDERED_FILE): Record<string, PrerenderedPage> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, PrerenderedPage>) : {};
}

/**
 * The shell's page for an address (issue 19, decision 0061): `index.html` with the hints of
 * `shellHints` and, for a request without a session on a prerendered public address, that page's
 * styles in the head and its markup inside `#root`, so a visitor reads it before any script runs.
 * A session's page stays empty: its header differs (Dashboard instead of Log in) and React draws it.
 */
export function shellPage(options: {
  indexHtml: string;
  pathname: string;
  cookie: string | undefined;
  hints: string;
  /** Hints placed after the page's own scripts (`shellStartupHints`). */
  lateHints?: string;
  prerendered: Record<string, PrerenderedPage>;
  /** The run-time config's current version (`contentVersion`): the page names it in the address. */
  configVersion?: string;
}): string {
  const page = hasSessionCookie(options.cookie) ? undefined : options.prerendered[options.pathname];
  let html = options.indexHtml
    .replace('</title>', `</title>${options.hints}`)
    .replace('</head>', `${options.lateHints ?? ''}</head>`);
  if (options.configVersion)
    html = html.replace('src="/config.js"', `src="/config.js?v=${options.configVersion}"`);
  if (!page) return html;
  return startAtFirstInteraction(
    html
      .replace('</head>', `${page.head}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${page.body}</div>`),
  );
}

const APP_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/g;

/**
 * A prerendered page's app scripts wait for the visitor's first interaction (decision 0085): the
 * page's `<script defer src>` tags (the run-time config, the shell's bundle) are taken out and
 * handed, in their order, to the inline loader (`FIRST_INTERACTION_LOADER`) at the end of the body.
 */
export function startAtFirstInteraction(html: string): string {
  const scripts = [...html.matchAll(APP_SCRIPT)].map((match) => match[1]);
  const attribute = JSON.stringify(scripts).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return html
    .replace(APP_SCRIPT, '')
    .replace('</body>', `<script data-scripts="${attribute}">${FIRST_INTERACTION_LOADER}</script></body>`);
}

/** The CSP source that allows an inline script, and only it (by its text's SHA-256). */
const inlineSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP source that allows the inline loader, and only it. */
export const FIRST_INTERACTION_LOADER_SOURCE = inlineSource(FIRST_INTERACTION_LOADER);

/**
 * The inline script of a session's dashboard page: `early-page.ts` (the session check, sent by the
 * page itself), bundled once when this module loads, so the page runs the very code of
 * `startEarlyCalls` and the CSP allows exactly this text.
 */
export const EARLY_PAGE_SCRIPT = buildSync({
  entryPoints: [path.join(REPO_ROOT, 'packages/api-client/src/early-page.ts')],
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2020',
  platform: 'browser',
  write: false,
}).outputFiles[0].text.trim();

/** Every inline script a front end's page may carry, as CSP sources (each front end sends the same policy). */
export const INLINE_SCRIPT_SOURCES = [FIRST_INTERACTION_LOADER_SOURCE, inlineSource(EARLY_PAGE_SCRIPT)];

/**
 * What a page address should start fetching at once (issue 19), as `<head>` markup: with a session
 * cookie on a dashboard address, the remote that draws it (a `leadmesh-remote` meta the entry
 * script reads to start the remote and the screen's API calls, the remote's manifest, its
 * `remoteEntry.js`, the chunks its `./App` needs before anything renders and, on a route with a
 * first screen of its own, that screen's chunks), and a connection to the API and the remote opened
 * while the shell downloads. Without a session nothing of a dashboard remote is named, so a visitor
 * never downloads one.
 */
export function shellHints(options: {
  pathname: string;
  cookie: string | undefined;
  apiUrl: string;
  manifest: Record<string, string>;
  /** A remote's built files (`remoteAppFiles`), when they can be read. */
  remoteFiles: (name: DashboardRemote) => RemoteAppFiles | null;
}): string {
  const links: string[] = [`<link rel="preconnect" href="${new URL(options.apiUrl).origin}">`];
  // Not on a public address: preloading mf-public there held the prerendered landing's first paint
  // (0.46 → 0.69 s on the phone profile, decision 0068); the shell's entry preloads it instead.
  const remote = hasSessionCookie(options.cookie) ? remoteForPath(options.pathname) : null;
  const manifestUrl = remote ? options.manifest[remote] : undefined;
  if (remote && manifestUrl) {
    const base = new URL('./', manifestUrl);
    links.unshift(`<meta name="leadmesh-remote" content="${remote}">`);
    links.push(`<link rel="preconnect" href="${base.origin}">`);
    links.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${manifestUrl}">`);
    const files = options.remoteFiles(remote);
    if (files) {
      const route = findRoute(options.pathname)?.path ?? '';
      const scripts = new Set([files.entry, ...files.sync, ...(files.firstScreens[route] ?? [])]);
      for (const file of scripts)
        links.push(`<link rel="preload" as="script" href="${new URL(file, base).href}">`);
    }
  }
  return links.join('');
}

/**
 * With a session on a dashboard address (issue 19): the session check, sent by the page itself
 * (`EARLY_PAGE_SCRIPT`), and the shell's startup and dashboard-layout files, which its entry would
 * only ask for once it ran. Placed after the entry's own script tags, so the entry is asked for first.
 */
export function shellStartupHints(options: {
  pathname: string;
  cookie: string | undefined;
  apiUrl: string;
  shellFiles: ShellStartupFiles | null;
}): string {
  const { shellFiles } = options;
  if (!hasSessionCookie(options.cookie) || !remoteForPath(options.pathname)) return '';
  const check = `<script data-api="${escapeAttribute(options.apiUrl)}">${EARLY_PAGE_SCRIPT}</script>`;
  const files = shellFiles ? [...shellFiles.startup, ...shellFiles.dashboardLayout] : [];
  return check + files.map((file) => `<link rel="preload" as="script" href="/${file}">`).join('');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The shell's files a session's dashboard page preloads (written by its build, `STARTUP_FILES`). */
export interface ShellStartupFiles {
  startup: string[];
  dashboardLayout: string[];
}

export function shellStartupFiles(dist: string): ShellStartupFiles | null {
  try {
    return JSON.parse(readFileSync(path.join(dist, STARTUP_FILES), 'utf8')) as ShellStartupFiles;
  } catch {
    return null;
  }
}

/** The files of a remote that a session's page on one of its routes preloads. */
export interface RemoteAppFiles {
  /** `remoteEntry.js`, with its path in the remote's dist. */
  entry: string;
  /** The synchronous files of its `./App`. */
  sync: string[];
  /** Route path → the files of its first screen's chunk (`FIRST_SCREEN_FILES`, decision 0092). */
  firstScreens: Record<string, string[]>;
}

/** A remote's entry and `./App` files, from its mf-manifest.json, and its first screens' files. */
export function remoteAppFiles(dist: string): RemoteAppFiles | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
      metaData: { remoteEntry: { name: string; path?: string } };
      exposes: { path: string; assets: { js: { sync: string[] } } }[];
    };
    const entry = [manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name]
      .filter(Boolean)
      .join('/');
    const app = manifest.exposes.find((e) => e.path === './App');
    const firstScreensFile = path.join(dist, FIRST_SCREEN_FILES);
    const firstScreens = existsSync(firstScreensFile)
      ? (JSON.parse(readFileSync(firstScreensFile, 'utf8')) as Record<string, string[]>)
      : {};
    return { entry, sync: app?.assets.js.sync ?? [], firstScreens };
  } catch {
    return null;
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export interface ServeOptions {
  /** Address the servers listen on: loopback unless told otherwise (`HOST=0.0.0.0`). */
  listenHost?: string;
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

/**
 * Serves the built shell and remotes; the shell's remotes.json (and its copy inlined in config.js)
 * points at the remotes just started. Every answer carries the security headers, whose CSP allows
 * exactly those remotes and the API.
 */
export async function serveFrontends(options: ServeOptions): Promise<ServedFrontends> {
  const hostname = options.hostname ?? new URL(options.apiUrl).hostname;
  const servers: Server[] = [];
  const urls = {} as Record<AppName, string>;
  for (const app of APP_NAMES) {
    const dist = path.join(REPO_ROOT, APPS[app].dir, 'dist');
    if (!existsSync(dist)) throw new Error(`${APPS[app].dir}/dist is missing: run buildFrontends() first`);
  }
  const env = options.env ?? process.env;
  // Known once the remotes listen: the headers read it on each request.
  let manifest = remotesManifest(env);
  const headers = () =>
    securityHeaders({
      apiUrl: options.apiUrl,
      remotes: manifest,
      inlineScripts: INLINE_SCRIPT_SOURCES,
    });
  for (const name of REMOTE_NAMES) {
    const server = createStaticServer({
      root: path.join(REPO_ROOT, APPS[name].dir, 'dist'),
      spa: false,
      cors: true,
      headers,
    });
    servers.push(server);
    const port = await listen(
      server,
      options.ports?.[name] ?? APPS[name].port,
      options.listenHost ?? '127.0.0.1',
    );
    urls[name] = `http://${hostname}:${port}`;
  }
  const bases = Object.fromEntries(REMOTE_NAMES.map((n) => [n, urls[n]])) as Record<RemoteName, string>;
  manifest = remotesManifest(env, bases);
  const shellDist = path.join(REPO_ROOT, 'shell', 'dist');
  const indexHtml = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  // Read once: the files a remote's build names do not change while it is served.
  const remoteFiles = new Map(
    REMOTE_NAMES.map((n) => [n, remoteAppFiles(path.join(REPO_ROOT, APPS[n].dir, 'dist'))] as const),
  );
  const shellFiles = shellStartupFiles(shellDist);
  const prerendered = readPrerenderedPages();
  const configScript = runtimeConfigScript({ apiUrl: options.apiUrl, remotes: manifest });
  const shell = createStaticServer({
    root: shellDist,
    spa: true,
    cors: false,
    headers,
    page: (req, pathname) =>
      shellPage({
        indexHtml,
        pathname,
        cookie: req.headers.cookie,
        prerendered,
        configVersion: contentVersion(configScript),
        hints: shellHints({
          pathname,
          cookie: req.headers.cookie,
          apiUrl: options.apiUrl,
          manifest,
          // A remote served from elsewhere (MF_*_URL) keeps only its manifest hint.
          remoteFiles: (name) =>
            manifest[name].startsWith(urls[name]) ? (remoteFiles.get(name) ?? null) : null,
        }),
        lateHints: shellStartupHints({
          pathname,
          cookie: req.headers.cookie,
          apiUrl: options.apiUrl,
          shellFiles,
        }),
      }),
    generated: {
      '/config.js': () => ({
        body: configScript,
        type: 'text/javascript; charset=utf-8',
      }),
      '/remotes.json': () => ({
        body: JSON.stringify(manifest, null, 2),
        type: 'application/json; charset=utf-8',
      }),
    },
  });
  servers.push(shell);
  const shellPort = await listen(
    shell,
    options.ports?.shell ?? APPS.shell.port,
    options.listenHost ?? '127.0.0.1',
  );
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
