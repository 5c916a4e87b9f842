import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_INTERACTION_LOADER } from '../../packages/federation/src/first-interaction.ts';
import { runtimeConfigScript, securityHeaders } from '../../packages/federation/src/runtime-config.ts';
import {
  badPath,
  contentVersion,
  createStaticServer,
  EARLY_PAGE_SCRIPT,
  FIRST_INTERACTION_LOADER_SOURCE,
  INLINE_SCRIPT_SOURCES,
  remoteAppFiles,
  shellHints,
  shellPage,
  shellStartupHints,
} from './frontends.ts';

/** One raw HTTP request: the path goes out exactly as written (fetch would normalise `..`). */
function get(
  port: number,
  rawPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

const root = mkdtempSync(path.join(tmpdir(), 'leadmesh-static-'));
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const SECURITY = {
  'Content-Security-Policy': "default-src 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};
let shell: Server;
let remote: Server;
let shellPort: number;
let remotePort: number;

beforeAll(async () => {
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(root, 'main.0123abcd.js'), SCRIPT);
  writeFileSync(path.join(root, 'main.0123abcd.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(root, 'main.0123abcd.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(root, 'remoteEntry.js'), 'var remote;');
  writeFileSync(path.join(root, '09c11dbc7ba7d813.woff2'), 'font');
  mkdirSync(path.join(root, 'nested'));
  writeFileSync(path.join(root, 'nested', 'file.json'), '{}');
  // A file outside the root that traversal would reach.
  writeFileSync(path.join(root, '..', `${path.basename(root)}-secret.txt`), 'secret');
  shell = createStaticServer({
    root,
    spa: true,
    cors: false,
    headers: () => SECURITY,
    generated: { '/config.js': () => ({ body: 'window.x = 1;', type: 'text/javascript' }) },
  });
  remote = createStaticServer({ root, spa: false, cors: true, headers: () => SECURITY });
  shellPort = await listen(shell);
  remotePort = await listen(remote);
});

afterAll(async () => {
  for (const server of [shell, remote]) server.closeAllConnections();
  await Promise.all([shell, remote].map((s) => new Promise((r) => s.close(r))));
  rmSync(root, { recursive: true, force: true });
  rmSync(path.join(root, '..', `${path.basename(root)}-secret.txt`), { force: true });
});

describe('bad paths', () => {
  it.each([
    ['/%E0%A4%A', 'malformed escape'],
    ['/%', 'malformed escape'],
    ['/../package.json', 'dot segment'],
    ['/nested/../../x', 'dot segment'],
    ['/%2e%2e%2fpackage.json', 'dot segment'],
    ['/%2E%2E/%2E%2E/etc/passwd', 'dot segment'],
    ['/..%2f..%2fetc%2fpasswd', 'dot segment'],
    ['/./index.html', 'dot segment'],
    ['/index.html%00.js', 'NUL byte'],
    ['/..%5c..%5cwindows', 'backslash'],
  ])('%s is refused (%s)', (raw, reason) => {
    expect(badPath(raw)).toBe(reason);
  });

  it('leaves ordinary paths alone', () => {
    for (const raw of ['/', '/dashboard/article/12', '/main.0123abcd.js?v=1', '/caf%C3%A9', '/a..b']) {
      expect(badPath(raw)).toBeNull();
    }
  });

  it('answers 400 to each over HTTP and keeps serving afterwards', async () => {
    const attacks = [
      '/%E0%A4%A',
      '/../package.json',
      `/..%2f${path.basename(root)}-secret.txt`,
      `/%2e%2e%2f${path.basename(root)}-secret.txt`,
      '/index.html%00.js',
      '/%5c..%5c',
    ];
    for (const port of [shellPort, remotePort]) {
      for (const raw of attacks) {
        const answer = await get(port, raw);
        expect(answer.status, raw).toBe(400);
        expect(answer.body.toString()).not.toContain('secret');
      }
    }
    expect((await get(shellPort, '/')).status).toBe(200);
    expect((await get(remotePort, '/remoteEntry.js')).status).toBe(200);
  });
});

describe('static files', () => {
  it('sends the brotli or gzip file the browser accepts, with Vary', async () => {
    const br = await get(shellPort, '/main.0123abcd.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    const gz = await get(shellPort, '/main.0123abcd.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get(shellPort, '/main.0123abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('caches content-hashed files for a year and revalidates everything else', async () => {
    const hashed = await get(shellPort, '/main.0123abcd.js', { 'Accept-Encoding': 'br' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // An asset named by its hash alone (the shell's flags font).
    const font = await get(shellPort, '/09c11dbc7ba7d813.woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const raw of ['/', '/index.html', '/dashboard/publisher']) {
      const page = await get(shellPort, raw);
      expect(page.headers['cache-control'], raw).toBe('no-cache');
      expect(page.headers.etag, raw).toBeTruthy();
    }
    expect((await get(remotePort, '/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await get(shellPort, '/config.js')).headers['cache-control']).toBe('no-store');
  });

  it('caches the run-time config for a year only when asked for by its current version', async () => {
    const current = await get(shellPort, `/config.js?v=${contentVersion('window.x = 1;')}`);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(current.body.toString()).toBe('window.x = 1;');
    // An old page naming a former version gets today's config, never to be kept.
    const former = await get(shellPort, `/config.js?v=${contentVersion('window.x = 0;')}`);
    expect(former.headers['cache-control']).toBe('no-store');
    expect(former.body.toString()).toBe('window.x = 1;');
  });

  it('falls back to index.html for client routes only, and 404s a missing file', async () => {
    const route = await get(shellPort, '/dashboard/article/12');
    expect(route.status).toBe(200);
    expect(route.body.toString()).toContain('<title>shell</title>');
    expect((await get(shellPort, '/missing.0123abcd.js')).status).toBe(404);
    expect((await get(remotePort, '/dashboard/publisher')).status).toBe(404);
  });

  it('serves the generated files, HEAD without a body, and refuses other methods', async () => {
    expect((await get(shellPort, '/config.js')).body.toString()).toBe('window.x = 1;');
    const head = await get(shellPort, '/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect((await get(shellPort, '/', {}, 'POST')).status).toBe(405);
  });

  it('puts the security headers on every answer and CORS on the remotes only', async () => {
    for (const [port, raw] of [
      [shellPort, '/'],
      [shellPort, '/%E0%A4%A'],
      [remotePort, '/remoteEntry.js'],
      [remotePort, '/nope.js'],
    ] as const) {
      const answer = await get(port, raw);
      expect(answer.headers['content-security-policy'], raw).toBe("default-src 'self'");
      expect(answer.headers['x-content-type-options'], raw).toBe('nosniff');
      expect(answer.headers['referrer-policy'], raw).toBe('strict-origin-when-cross-origin');
    }
    expect((await get(remotePort, '/remoteEntry.js')).headers['access-control-allow-origin']).toBe('*');
    expect((await get(shellPort, '/')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security headers and run-time config', () => {
  const remotes = {
    mf_public: 'http://localhost:3001/mf-manifest.json',
    mf_publisher: 'http://localhost:3002/mf-manifest.json',
    mf_advertiser: 'https://cdn.example.com/advertiser/mf-manifest.json',
    mf_admin: 'https://cdn.example.com/admin/mf-manifest.json',
  };

  it('allows scripts from self and the remotes’ origins only, requests to those and the API', () => {
    const headers = securityHeaders({ apiUrl: 'http://localhost:5000/', remotes });
    const policy = Object.fromEntries(
      headers['Content-Security-Policy'].split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    const origins = ['http://localhost:3001', 'http://localhost:3002', 'https://cdn.example.com'];
    expect(policy['script-src']).toEqual(["'self'", ...origins]);
    // The prerendered page's loader, and only it, by its hash (decision 0085).
    const withLoader = securityHeaders({
      apiUrl: 'http://localhost:5000/',
      remotes,
      inlineScripts: [FIRST_INTERACTION_LOADER_SOURCE],
    })['Content-Security-Policy'];
    expect(withLoader).toContain(`script-src 'self' ${origins.join(' ')} 'sha256-`);
    expect(FIRST_INTERACTION_LOADER_SOURCE).toBe(
      `'sha256-${createHash('sha256').update(FIRST_INTERACTION_LOADER).digest('base64')}'`,
    );
    expect(policy['connect-src']).toEqual(["'self'", 'http://localhost:5000', ...origins]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:5000']);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  it('inlines the remotes manifest into config.js', () => {
    const script = runtimeConfigScript({ apiUrl: 'http://localhost:5000', remotes });
    const window: { __LEADMESH_CONFIG__?: unknown } = {};
    new Function('window', script)(window);
    expect(window.__LEADMESH_CONFIG__).toEqual({ apiUrl: 'http://localhost:5000', remotes });
  });
});

describe('hints for the session remote (issue 19)', () => {
  const manifest = {
    mf_public: 'http://127.0.0.1:3001/mf-manifest.json',
    mf_publisher: 'http://127.0.0.1:3002/mf-manifest.json',
    mf_advertiser: 'http://127.0.0.1:3003/mf-manifest.json',
    mf_admin: 'http://127.0.0.1:3004/mf-manifest.json',
  };
  const hints = (pathname: string, cookie?: string) =>
    shellHints({
      pathname,
      cookie,
      apiUrl: 'http://127.0.0.1:5000',
      manifest,
      remoteFiles: (name) => ({
        entry: 'remoteEntry.js',
        sync: [`${name}-app.0123abcd.js`, 'shared.0123abcd.js'],
        firstScreens: { 'admin-leads': ['shared.0123abcd.js', 'first-admin-leads.0123abcd.js'] },
      }),
    });

  it('names the remote of a dashboard address and preloads its manifest, entry and ./App files with a session', () => {
    const html = hints('/dashboard/advertiser', 'lm_xsrf=x; lm_session=abc');
    expect(html).toContain('<meta name="leadmesh-remote" content="mf_advertiser">');
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="http://127.0.0.1:3003/mf-manifest.json">',
    );
    expect(html).toContain('<link rel="preload" as="script" href="http://127.0.0.1:3003/remoteEntry.js">');
    expect(html).toContain('href="http://127.0.0.1:3003/mf_advertiser-app.0123abcd.js"');
    expect(html).toContain('<link rel="preconnect" href="http://127.0.0.1:5000">');
    expect(hints('/dashboard/admin-leads', 'lm_session=abc')).toContain('content="mf_admin"');
  });

  it("preloads a route's first screen with ./App on that route only, each file once (decision 0092)", () => {
    const leads = hints('/dashboard/admin-leads', 'lm_session=abc');
    expect(leads).toContain(
      '<link rel="preload" as="script" href="http://127.0.0.1:3004/first-admin-leads.0123abcd.js">',
    );
    expect(leads.split('href="http://127.0.0.1:3004/shared.0123abcd.js"')).toHaveLength(2);
    expect(leads.indexOf('mf_admin-app.0123abcd.js')).toBeLessThan(leads.indexOf('first-admin-leads'));
    expect(hints('/dashboard/admin-leads/', 'lm_session=abc')).toContain('first-admin-leads.0123abcd.js');
    expect(hints('/dashboard/admin-users', 'lm_session=abc')).not.toContain('first-admin-leads');
    expect(hints('/dashboard/admin-leads')).not.toContain('first-admin-leads');
  });

  it("reads a remote's first screens' files beside its manifest, none when the build wrote none", () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'leadmesh-remote-dist-'));
    try {
      writeFileSync(
        path.join(dist, 'mf-manifest.json'),
        JSON.stringify({
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: [{ path: './App', assets: { js: { sync: ['app.0123abcd.js'] } } }],
        }),
      );
      expect(remoteAppFiles(dist)).toEqual({
        entry: 'remoteEntry.js',
        sync: ['app.0123abcd.js'],
        firstScreens: {},
      });
      const firstScreens = { 'admin-leads': ['first-admin-leads.0123abcd.js'] };
      writeFileSync(path.join(dist, 'first-screens.json'), JSON.stringify(firstScreens));
      expect(remoteAppFiles(dist)?.firstScreens).toEqual(firstScreens);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("preloads the shell's startup and dashboard layout on a session's dashboard address, nowhere else", () => {
    const shellFiles = {
      startup: ['bootstrap.0123abcd.js', '275.0123abcd.js'],
      dashboardLayout: ['dl.0123abcd.js'],
    };
    const late = (pathname: string, cookie?: string) =>
      shellStartupHints({ pathname, cookie, apiUrl: 'http://127.0.0.1:5000', shellFiles });
    const html = late('/dashboard/publisher', 'lm_session=abc');
    for (const file of shellFiles.startup.concat(shellFiles.dashboardLayout))
      expect(html).toContain(`<link rel="preload" as="script" href="/${file}">`);
    // The session check leaves with the page, by the script the CSP allows by its hash.
    expect(html).toContain(`<script data-api="http://127.0.0.1:5000">${EARLY_PAGE_SCRIPT}</script>`);
    expect(INLINE_SCRIPT_SOURCES).toContain(
      `'sha256-${createHash('sha256').update(EARLY_PAGE_SCRIPT).digest('base64')}'`,
    );
    expect(late('/dashboard/publisher')).toBe('');
    expect(late('/login', 'lm_session=abc')).toBe('');
    // After the page's own scripts: the entry, which starts the session check, is asked for first.
    const page = shellPage({
      indexHtml:
        '<head><title>t</title><script defer src="/main.js"></script></head><body><div id="root"></div></body>',
      pathname: '/dashboard/publisher',
      cookie: 'lm_session=abc',
      hints: '',
      lateHints: html,
      prerendered: {},
    });
    expect(page.indexOf('/main.js')).toBeLessThan(page.indexOf('/bootstrap.0123abcd.js'));
  });

  it('names no dashboard remote without a session, on a public page or on an unknown address', () => {
    for (const [pathname, cookie] of [
      ['/dashboard/publisher', undefined],
      ['/dashboard/publisher', 'lm_xsrf=x; not_lm_session=abc'],
      ['/', 'lm_session=abc'],
      ['/dashboard/no-such-page', 'lm_session=abc'],
    ] as const) {
      const html = hints(pathname, cookie);
      expect(html, `${pathname} ${cookie}`).not.toContain('leadmesh-remote');
      expect(html, `${pathname} ${cookie}`).not.toContain('mf-manifest');
    }
  });

  it('preloads nothing of mf-public on a public address: the prerendered page paints first', () => {
    for (const cookie of [undefined, 'lm_session=abc'])
      for (const pathname of ['/', '/publishers', '/login'])
        expect(hints(pathname, cookie), pathname).not.toContain('rel="preload"');
  });

  it('writes the hints into every page address of the shell, and Vary: Cookie', async () => {
    const server = createStaticServer({
      root,
      spa: true,
      cors: false,
      headers: () => SECURITY,
      page: (req, pathname) => `<!doctype html><title>shell</title>${hints(pathname, req.headers.cookie)}`,
    });
    const port = await listen(server);
    try {
      const page = await get(port, '/dashboard/publisher', { cookie: 'lm_session=abc' });
      expect(page.body.toString()).toContain('content="mf_publisher"');
      expect(page.headers.vary).toMatch(/Cookie/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect((await get(port, '/')).body.toString()).not.toContain('leadmesh-remote');
      // Files are still files.
      expect((await get(port, '/main.0123abcd.js')).body.toString()).toBe(SCRIPT);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  const BUNDLE = '<script defer src="/main.0123abcd.js"></script>';

  it('sends a prerendered public page to a request without a session only, gzip-compressed when asked', async () => {
    const indexHtml = '<html><head><title>shell</title></head><body><div id="root"></div></body></html>';
    const prerendered = { '/': { head: '<style data-href="x">p{}</style>', body: '<p>Best CPA prices</p>' } };
    const page = (pathname: string, cookie?: string) =>
      shellPage({ indexHtml, pathname, cookie, hints: hints(pathname, cookie), prerendered });
    expect(page('/')).toContain('<div id="root"><p>Best CPA prices</p></div>');
    expect(page('/')).toContain('<style data-href="x">p{}</style></head>');
    expect(page('/', 'lm_xsrf=x')).toContain('Best CPA prices');
    // A session's page is drawn by React: its header is not a visitor's.
    expect(page('/', 'lm_session=abc')).toContain('<div id="root"></div>');
    expect(page('/login')).toContain('<div id="root"></div>');
    const withConfig = (pathname: string, cookie?: string) =>
      shellPage({
        indexHtml: `${indexHtml.replace('</head>', `<script defer src="/config.js"></script>${BUNDLE}</head>`)}`,
        pathname,
        cookie,
        hints: '',
        prerendered,
        configVersion: 'abc123',
      });
    expect(withConfig('/login')).toContain(`<script defer src="/config.js?v=abc123"></script>${BUNDLE}`);
    expect(withConfig('/', 'lm_session=abc')).toContain(
      `<script defer src="/config.js?v=abc123"></script>${BUNDLE}`,
    );
    // A visitor's prerendered page names the same scripts, in order, to the first-interaction loader.
    const visitor = withConfig('/');
    expect(visitor).not.toContain('<script defer');
    expect(visitor).toContain(
      `<script data-scripts="[&quot;/config.js?v=abc123&quot;,&quot;/main.0123abcd.js&quot;]">${FIRST_INTERACTION_LOADER}</script></body>`,
    );
    const server = createStaticServer({
      root,
      spa: true,
      cors: false,
      headers: () => SECURITY,
      page: (req, pathname) => page(pathname, req.headers.cookie),
    });
    const port = await listen(server);
    try {
      const zipped = await get(port, '/', { 'accept-encoding': 'gzip, deflate' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(gunzipSync(zipped.body).toString()).toContain('Best CPA prices');
      const plain = await get(port, '/');
      expect(plain.body.toString()).toContain('Best CPA prices');
      // A return visit revalidates the page: same page, same tag, 304 without a body.
      expect(plain.headers.etag).toBe(zipped.headers.etag);
      const again = await get(port, '/', {
        'accept-encoding': 'gzip',
        'if-none-match': String(zipped.headers.etag),
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.vary).toBe('Cookie, Accept-Encoding');
      // Another page (the session's, here) is another tag: sent in full.
      const other = await get(port, '/', {
        cookie: 'lm_session=abc',
        'if-none-match': String(zipped.headers.etag),
      });
      expect(other.status).toBe(200);
      expect(other.headers.etag).not.toBe(zipped.headers.etag);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
