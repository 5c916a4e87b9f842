/**
 * Page weight: what a first visit downloads, measured in Chromium.
 *
 * `measurePageWeight` opens `path` on the shell in a fresh browser context (empty cache), logged
 * in first when `login` is given (the login itself happens in another context, so only the cookie
 * is carried over), waits until the network is idle and sums the gzip-encoded body sizes of every
 * script and stylesheet response, per origin (the shell, each remote by its federation name, or
 * the origin itself for anything else).
 *
 * The chart library's chunk (`charts.<hash>.js`, issue 7: charts load only when a chart is shown)
 * is counted apart, in `chartGzipBytes`: `gzipBytes` is what the page needs before its charts. A
 * dashboard target waits until its charts (or its empty state) are drawn, so both figures are
 * measured after the same events on every run instead of racing the first network idle.
 *
 * The browser is asked for gzip only (`Accept-Encoding: gzip`), so the figure is the gzip size the
 * targets are written in; a response the server sent uncompressed is counted at its gzip size
 * (level 9), so a server without compression is measured on the same scale.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { isChartChunk } from '@leadmesh/federation';
import { type Browser, chromium, type Response } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Trap 13: Chromium tries outside hosts and writes to ~/.config without these flags. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageWeightOptions {
  /** The shell's base URL, e.g. `http://localhost:3000`. */
  shellUrl: string;
  /** The page to measure, e.g. `/` or `/dashboard/publisher`. */
  path: string;
  /** Log in through the login form first (in a separate context). */
  login?: { username: string; password: string };
  /** A browser to reuse; otherwise Debian's Chromium is launched and closed. */
  browser?: Browser;
  /**
   * Waits for an element with (one of) these `data-testid`s before waiting for the network to go
   * idle (default `remote-root`).
   */
  readyTestId?: string | readonly string[];
  /**
   * Counts the page itself too (its inline styles and scripts are CSS and JS): a prerendered
   * visitor's page carries its styles and the first-interaction loader inline (decision 0085).
   */
  withPage?: boolean;
}

export interface PageWeight {
  /** `visitor`, or the username logged in. */
  audience: string;
  path: string;
  /** Sum of gzip bytes of scripts and stylesheets, but the chart library's chunk. */
  gzipBytes: number;
  /** The chart library's chunk (gzip bytes; 0 when the page drew no chart). */
  chartGzipBytes: number;
  /** `gzipBytes` per origin: `shell`, `mf_public`, ... or the origin for anything else. */
  byRemote: Record<string, number>;
  /** Each script and stylesheet: URL, gzip bytes, whether the server sent it compressed, whether it is the charts. */
  files: { url: string; gzipBytes: number; compressed: boolean; chart: boolean }[];
}

/** Launches Debian's Chromium the way the browser tests do (HOME points at `home`). */
export function launchChromium(home: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    env: { ...process.env, HOME: home },
    args: CHROMIUM_ARGS,
  });
}

/** Origin → name: the shell and each remote of the shell's `remotes.json`. */
async function originNames(shellUrl: string): Promise<Map<string, string>> {
  const names = new Map<string, string>([[new URL(shellUrl).origin, 'shell']]);
  const response = await fetch(new URL('/remotes.json', shellUrl));
  if (response.ok) {
    const manifest = (await response.json()) as Record<string, string>;
    for (const [name, url] of Object.entries(manifest)) names.set(new URL(url).origin, name);
  }
  return names;
}

async function gzipSizeOf(response: Response): Promise<{ bytes: number; compressed: boolean }> {
  const encoding = (await response.headerValue('content-encoding')) ?? '';
  if (encoding === 'gzip') {
    const sizes = await response.request().sizes();
    return { bytes: sizes.responseBodySize, compressed: true };
  }
  return { bytes: gzipSync(await response.body(), { level: 9 }).length, compressed: false };
}

async function loginState(browser: Browser, shellUrl: string, login: { username: string; password: string }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(new URL('/login', shellUrl).href);
    await page.getByTestId('login-username').fill(login.username);
    await page.getByTestId('login-password').fill(login.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/dashboard\//);
    await page.getByTestId('sidebar').waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Measures one page's script and stylesheet weight (gzip) on a first visit. */
export async function measurePageWeight(options: PageWeightOptions): Promise<PageWeight> {
  const ownBrowser = !options.browser;
  const home = ownBrowser ? await mkdtemp(path.join(tmpdir(), 'leadmesh-weight-')) : '';
  const browser = options.browser ?? (await launchChromium(home));
  try {
    const names = await originNames(options.shellUrl);
    const storageState = options.login
      ? await loginState(browser, options.shellUrl, options.login)
      : undefined;
    const context = await browser.newContext({
      storageState,
      viewport: { width: 1280, height: 800 },
      extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
    });
    try {
      const page = await context.newPage();
      const pending: Promise<PageWeight['files'][number]>[] = [];
      page.on('requestfinished', (request) => {
        const type = request.resourceType();
        const counted = options.withPage ? ['script', 'stylesheet', 'document'] : ['script', 'stylesheet'];
        if (!counted.includes(type)) return;
        pending.push(
          (async () => {
            const response = await request.response();
            const url = request.url();
            const chart = type === 'script' && isChartChunk(url);
            if (!response) return { url, gzipBytes: 0, compressed: false, chart };
            const { bytes, compressed } = await gzipSizeOf(response);
            return { url, gzipBytes: bytes, compressed, chart };
          })(),
        );
      });
      await page.goto(new URL(options.path, options.shellUrl).href);
      const ready = [options.readyTestId ?? 'remote-root'].flat();
      await page
        .locator(ready.map((id) => `[data-testid="${id}"]`).join(', '))
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      const files = await Promise.all(pending);
      const byRemote: Record<string, number> = {};
      for (const file of files) {
        if (file.chart) continue;
        const origin = new URL(file.url).origin;
        const name = names.get(origin) ?? origin;
        byRemote[name] = (byRemote[name] ?? 0) + file.gzipBytes;
      }
      return {
        audience: options.login?.username ?? 'visitor',
        path: options.path,
        gzipBytes: files.filter((f) => !f.chart).reduce((sum, f) => sum + f.gzipBytes, 0),
        chartGzipBytes: files.filter((f) => f.chart).reduce((sum, f) => sum + f.gzipBytes, 0),
        byRemote,
        files,
      };
    } finally {
      await context.close();
    }
  } finally {
    if (ownBrowser) {
      await browser.close();
      await rm(home, { recursive: true, force: true });
    }
  }
}

/** A page to measure and its budget (gzip bytes of scripts and stylesheets before the charts). */
export interface PageWeightTarget {
  audience: string;
  path: string;
  login?: { username: string; password: string };
  maxBytes: number;
  /** The only remote the page may download (besides the shell); null: none (a visitor who did nothing yet). */
  only: string | null;
  /** The page itself counts (`PageWeightOptions.withPage`). */
  withPage?: boolean;
  /** Whether the page draws charts: a dashboard waits for them; any other page must not fetch them. */
  charts: boolean;
}

/** What a dashboard shows once its data arrived: its charts, or the empty state that has none. */
const DASHBOARD_DRAWN = ['dashboard-charts', 'dashboard-empty'];

/**
 * Targets of issue 7 (gzip bytes of scripts and stylesheets on a first visit, the chart library
 * counted apart). Issue 7 asks 350 KB of every dashboard; measured after the per-route split and
 * with drizzle out of the bundles (decision 0101), before the charts:
 *
 *   publisher  /dashboard/publisher    602.6 KB (charts 440.5 KB apart)  was 695-1,108 KB, charts racing in
 *   advertiser /dashboard/advertiser   586.3 KB (charts 413.2 KB apart)  was 700 KB
 *   admin      /dashboard/admin-users  578.1 KB                          was 752 KB
 *
 * The shell's dashboard layout was then 267 KB (antd Layout, Menu and antd's core) beside a second
 * copy of antd's core in each dashboard remote (trap 15). Issue 19 drew the layout without antd
 * (decision 0062); the shell's share of a dashboard page went 272.5 → 161.6 KB, measured the same
 * day on the same build of the remotes:
 *
 *   publisher  /dashboard/publisher    579.2 → 468.3 KB (charts 441.1 KB apart)
 *   advertiser /dashboard/advertiser   462.8 KB (charts 413.2 KB apart; the shell's share as above)
 *   admin      /dashboard/admin-users  479.6 KB
 *
 * The rest is the remote's own antd core and components (301-318 KB): issue 19's 300 KB needs the
 * first screens themselves lighter. The budgets are the measured figures plus about 3 %, so a
 * regression fails; they only move down.
 */
export const PAGE_WEIGHT_TARGETS: readonly PageWeightTarget[] = [
  {
    audience: 'visitor',
    path: '/',
    // 177.3 KB measured once each public page brought its own texts and Module Federation's runtime
    // was built for the browser only (decision 0068); was 190.5 KB. The prerendered landing then
    // loaded its scripts at the first interaction only (decision 0085): a visitor who does nothing
    // downloads the page with its inline styles and loader: 7.6 KB, no script or stylesheet request.
    // Issue 19 asks 120 KB. The app the first interaction loads is the phone bench's row (195 KB).
    maxBytes: Math.round(7.8 * 1024),
    only: null,
    withPage: true,
    charts: false,
  },
  {
    audience: 'publisher',
    path: '/dashboard/publisher',
    login: { username: 'publisher', password: 'publisher12345' },
    // 468.3 KB measured once the shell's dashboard layout carried no antd (decision 0062); was 595 KB.
    // The tiles drawing before antd (decision 0064) moved antd's parts after the tiles, not out of
    // this total (everything before the charts); the bytes before the tiles are the phone bench's row.
    maxBytes: 482 * 1024,
    only: 'mf_publisher',
    charts: true,
  },
];

/** The bench measures every audience: the targets above, and the advertiser's and the admin's first screens. */
export const BENCH_PAGE_WEIGHT_TARGETS: readonly PageWeightTarget[] = [
  ...PAGE_WEIGHT_TARGETS,
  {
    audience: 'advertiser',
    path: '/dashboard/advertiser',
    login: { username: 'advertiser', password: 'advertiser12345' },
    maxBytes: 477 * 1024,
    only: 'mf_advertiser',
    charts: true,
  },
  {
    audience: 'admin',
    path: '/dashboard/admin-users',
    login: { username: 'admin', password: 'admin12345' },
    maxBytes: 494 * 1024,
    only: 'mf_admin',
    charts: false,
  },
];

/** Measures one target: a dashboard once its charts (or empty state) are drawn. */
export function measureTarget(
  target: PageWeightTarget,
  shellUrl: string,
  browser?: Browser,
): Promise<PageWeight> {
  return measurePageWeight({
    shellUrl,
    path: target.path,
    login: target.login,
    browser,
    readyTestId: target.charts ? DASHBOARD_DRAWN : undefined,
    withPage: target.withPage,
  });
}

/** What is wrong with a measured page against its target: over budget, another remote, charts where none are drawn. */
export function weightProblems(target: PageWeightTarget, weight: PageWeight): string[] {
  const problems: string[] = [];
  if (weight.gzipBytes > target.maxBytes) problems.push(`over ${kb(target.maxBytes)}`);
  const others = Object.entries(weight.byRemote)
    .filter(([name, bytes]) => name !== 'shell' && name !== target.only && bytes > 0)
    .map(([name]) => name);
  if (others.length) problems.push(`other remotes: ${others.join(', ')}`);
  if (!target.charts && weight.chartGzipBytes > 0) problems.push('fetched the charts without drawing one');
  return problems;
}

/** `12.3 KB` */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
