/**
 * Phone profile (issue 19): how long a first visit waits for its content on a mid-range phone.
 *
 * Chromium at 390×844, driven through its DevTools protocol: CPU slowed 4×, 150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up (the common web-performance tools' "mobile" profile), a fresh
 * browser context per run (cold cache). Each audience's first screen is opened three times; each
 * run is preceded by the floor: a static HTML page holding the same text, served by a plain local
 * server, opened with the same profile in the same run. The figure is the median and the range.
 *
 * "Content shows" is the first animation frame in which the audience's content element (the
 * landing's hero, the dashboard's KPI tiles, the first list row) is in the page with a size: an
 * init script polls for it on every frame, so the time is the page's own clock from navigation
 * start. The same init script sums layout shifts (CLS, as the browser reports them) until the page
 * settles (charts drawn). JS+CSS bytes are what the network delivered for scripts and stylesheets
 * (gzip, as the browser is told to accept only gzip) before that frame, read from the protocol's
 * network events, so cross-origin remotes count too.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
} as const;

export interface PhoneTarget {
  audience: string;
  path: string;
  login?: { username: string; password: string };
  /** CSS selector of the content whose appearance is timed. */
  content: string;
  /**
   * The content drawn from this load's own answer, when `content` also matches figures the tab
   * kept from a previous visit (a return visit, decision 0086): timed too and logged beside it.
   */
  fresh?: string;
  /** What the content is, for the row's name. */
  what: string;
  /** Selector of "the page has settled" (charts drawn), for CLS; defaults to `content`. */
  settled?: string;
  /** Issue 19's targets. */
  maxMs: number;
  maxBytes: number;
  /**
   * When the byte target is read: `settled` counts everything the page loaded; `content` counts
   * what arrived before the content showed (a dashboard's tiles come before its charts); `idle`
   * counts everything the page loaded, with nobody touching it, until the network was idle for
   * `IDLE_MS`, the page itself included (its inline styles and script are CSS and JS too).
   */
  bytesAt: 'content' | 'settled' | 'idle';
  bytesLabel: string;
  /**
   * The visitor's first tap, after the idle count (decision 0085): `tap` is touched, and the time
   * until `live` shows (the app answered it) and until `settled` shows (the app drew the page) is
   * measured; the layout shift is summed until then.
   */
  firstTap?: { tap: string; live: string; settled: string };
}

/** How long the network must stay quiet for a page to count as idle (as Playwright's networkidle). */
export const IDLE_MS = 500;

/** Issue 19's rows: the landing, each dashboard's KPI tiles, the admin's first lead rows. */
export const PHONE_TARGETS: readonly PhoneTarget[] = [
  {
    audience: 'visitor',
    path: '/',
    content: '[data-testid="page-hero"] h1',
    what: 'landing content',
    maxMs: 1500,
    maxBytes: 120 * 1024,
    // The landing arrives prerendered (decision 0061) and loads the app at the first interaction
    // (decision 0085): the bytes are what a visitor who does nothing downloads by network idle.
    bytesAt: 'idle',
    bytesLabel: 'before first interaction (the page itself included), by network idle',
    // Then the phone's menu is tapped: the app loads, opens the menu (the tap is not lost) and
    // mf-public draws the page in place of the server's copy. Every copy (the server's HTML, the
    // shell's and mf-public's loading states) sits under an element marked `data-prerendered`.
    firstTap: {
      tap: '[data-testid="nav-menu"]',
      live: '[data-testid="nav-home-menu"]',
      settled: '[data-testid="remote-root"] [data-testid="page-hero"] h1:not([data-prerendered] *)',
    },
  },
  {
    audience: 'publisher',
    path: '/dashboard/publisher',
    login: { username: 'publisher', password: 'publisher12345' },
    // A first visit (cold context) has nothing kept: only a return visit can draw the kept tiles.
    content: '[data-testid="dashboard-kpis"], [data-testid="dashboard-kpis-kept"]',
    fresh: '[data-testid="dashboard-kpis"]',
    what: 'KPI tiles',
    settled: '[data-testid="dashboard-charts"] canvas, [data-testid="dashboard-empty"]',
    maxMs: 3000,
    maxBytes: 300 * 1024,
    bytesAt: 'content',
    bytesLabel: 'before the charts',
  },
  {
    audience: 'advertiser',
    path: '/dashboard/advertiser',
    login: { username: 'advertiser', password: 'advertiser12345' },
    content: '[data-testid="dashboard-kpis"]',
    what: 'KPI tiles',
    settled: '[data-testid="dashboard-charts"] canvas, [data-testid="dashboard-empty"]',
    maxMs: 3000,
    maxBytes: 300 * 1024,
    bytesAt: 'content',
    bytesLabel: 'before the charts',
  },
  {
    audience: 'admin',
    path: '/dashboard/admin-leads',
    login: { username: 'admin', password: 'admin12345' },
    // The plain first rows (decision 0064) or antd's table, whichever draws them.
    content: '[data-testid="first-rows"] tbody tr, .ant-table-tbody tr.ant-table-row',
    what: 'first rows',
    maxMs: 3000,
    maxBytes: 300 * 1024,
    bytesAt: 'content',
    bytesLabel: 'before first content',
  },
];

/**
 * A return visit: the publisher's dashboard opened again in the same tab after it left the app for
 * about:blank (warm cache and tab storage; as WebPageTest's repeat view, decision 0090).
 */
export const RETURN_VISIT_MAX_MS = 1000;

/** One opening of a page on the profile. */
export interface PhoneRun {
  /** Navigation start → first frame with the content. */
  contentMs: number;
  /** Navigation start → first frame with the fresh content (`PhoneTarget.fresh`), when asked. */
  freshMs?: number | null;
  /** Cumulative layout shift until the page settled. */
  cls: number;
  /** Each layout shift: when, how much, which elements moved (to find a shift's cause). */
  shifts: string[];
  /** Scripts and stylesheets delivered before the content frame (bytes on the wire, gzip). */
  bytesBeforeContent: number;
  /** Scripts and stylesheets delivered by the time the page settled (`idle`: the page too). */
  bytesSettled: number;
  /** The first tap (`firstTap`): until the app answered it, until it drew the page, what it downloaded. */
  tap?: { liveMs: number; settledMs: number; bytes: number };
}

/** Median and range of a few numbers. */
export function spread(values: number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

/**
 * Injected before any script of the page: on every frame, looks for the content selector and
 * records the page's clock when it first has a size; sums layout shifts as the browser reports them.
 */
function probeScript(selector: string, fresh?: string): string {
  return `(() => {
  const w = window;
  w.__lmProbe = { contentMs: null, freshMs: null, cls: 0, shifts: [] };
  const describe = (n) => {
    if (!n || n.nodeType !== 1) return n ? n.nodeName : '?';
    const id = n.getAttribute('data-testid');
    return n.tagName.toLowerCase() + (id ? '[' + id + ']' : '') + (typeof n.className === 'string' && n.className ? '.' + n.className.trim().split(/s+/).slice(0, 2).join('.') : '');
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        w.__lmProbe.cls += e.value;
        w.__lmProbe.shifts.push(Math.round(performance.now()) + 'ms ' + e.value.toFixed(3) + ' ' + (e.sources || []).map((s) => describe(s.node)).join(', '));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
  const sel = ${JSON.stringify(selector)};
  const fresh = ${JSON.stringify(fresh ?? null)};
  const shows = (el) => { if (!el) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const tickFresh = () => {
    if (shows(document.querySelector(fresh))) { w.__lmProbe.freshMs = performance.now(); return; }
    requestAnimationFrame(tickFresh);
  };
  if (fresh) requestAnimationFrame(tickFresh);
  const tick = () => {
    const el = document.querySelector(sel);
    if (el) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) { w.__lmProbe.contentMs = performance.now(); return; }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;
}

/** The phone profile on a page's DevTools session (the return-visit trace uses it too). */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downloadBitsPerSecond / 8,
    uploadThroughput: PHONE.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
}

/**
 * Script and stylesheet deliveries of a page (and the page itself with `withPage`): wall-clock end
 * and bytes on the wire; and whether the network is idle (no request open for `IDLE_MS`).
 */
function trackDeliveries(cdp: CDPSession, withPage = false) {
  const counted = withPage ? ['Script', 'Stylesheet', 'Document'] : ['Script', 'Stylesheet'];
  const types = new Map<string, string>();
  const done: { endWallMs: number; bytes: number }[] = [];
  const open = new Set<string>();
  let lastChange = Date.now();
  const settle = (requestId: string) => {
    open.delete(requestId);
    lastChange = Date.now();
  };
  cdp.on('Network.loadingFailed', (e) => settle(e.requestId));
  // The protocol's timestamps are monotonic seconds; the first request's wallTime ties them to the clock.
  let offsetMs: number | null = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (offsetMs === null && e.wallTime) offsetMs = e.wallTime * 1000 - e.timestamp * 1000;
    open.add(e.requestId);
    lastChange = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    if (counted.includes(e.type)) types.set(e.requestId, e.type);
  });
  cdp.on('Network.loadingFinished', (e) => {
    settle(e.requestId);
    if (!types.has(e.requestId)) return;
    done.push({ endWallMs: e.timestamp * 1000 + (offsetMs ?? 0), bytes: e.encodedDataLength });
  });
  return {
    bytesUntil: (wallMs: number) =>
      done.filter((d) => d.endWallMs <= wallMs).reduce((n, d) => n + d.bytes, 0),
    total: () => done.reduce((n, d) => n + d.bytes, 0),
    /** Resolves once no request was open for `IDLE_MS` (at most `timeoutMs`). */
    idle: async (timeoutMs = 60_000) => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until && (open.size > 0 || Date.now() - lastChange < IDLE_MS))
        await new Promise((r) => setTimeout(r, 50));
    },
  };
}

async function newPhoneContext(
  browser: Browser,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  return browser.newContext({
    storageState,
    viewport: PHONE.viewport,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
  });
}

export async function loginState(
  browser: Browser,
  shellUrl: string,
  login: { username: string; password: string },
) {
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

/** Opens `url` on a throttled page and waits for its content (and for it to settle). */
async function openOnce(
  page: Page,
  url: string,
  target: Pick<PhoneTarget, 'settled' | 'bytesAt' | 'firstTap'>,
  onStart?: (startWallMs: number) => void,
): Promise<PhoneRun> {
  const { settled } = target;
  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp);
  const deliveries = trackDeliveries(cdp, target.bytesAt === 'idle');
  const started = Date.now();
  onStart?.(started);
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await page.waitForFunction(
    () => (window as unknown as { __lmProbe?: { contentMs: number | null } }).__lmProbe?.contentMs != null,
    undefined,
    {
      timeout: 60_000,
      polling: 100,
    },
  );
  const probe = await page.evaluate(() => {
    const w = window as unknown as { __lmProbe: { contentMs: number } };
    return { contentMs: w.__lmProbe.contentMs, timeOrigin: performance.timeOrigin };
  });
  if (settled)
    await page
      .locator(settled)
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(() => undefined);
  if (target.bytesAt === 'idle') await deliveries.idle();
  const bytesIdle = deliveries.total();
  const tap = target.firstTap ? await firstTap(page, target.firstTap, deliveries.total) : undefined;
  // A moment for late shifts (a chart's size settling, a font) to be reported.
  await page.waitForTimeout(1000);
  const { cls, shifts, freshMs } = await page.evaluate(
    () =>
      (window as unknown as { __lmProbe: { cls: number; shifts: string[]; freshMs: number | null } })
        .__lmProbe,
  );
  const contentWallMs = probe.timeOrigin + probe.contentMs;
  const run = {
    contentMs: probe.contentMs,
    freshMs,
    cls,
    shifts,
    bytesBeforeContent: deliveries.bytesUntil(contentWallMs),
    bytesSettled: target.firstTap ? bytesIdle : deliveries.total(),
    tap: tap && { ...tap, bytes: deliveries.total() - bytesIdle },
  };
  await cdp.detach().catch(() => undefined);
  return run;
}

/** Taps `tap` (a touch, as a phone sends it) and times the app answering it and drawing the page. */
async function firstTap(
  page: Page,
  step: NonNullable<PhoneTarget['firstTap']>,
  bytesSoFar: () => number,
): Promise<{ liveMs: number; settledMs: number }> {
  const before = bytesSoFar();
  const started = Date.now();
  await page.locator(step.tap).tap({ timeout: 10_000 });
  await page.locator(step.live).first().waitFor({ timeout: 60_000 });
  const liveMs = Date.now() - started;
  await page.locator(step.settled).first().waitFor({ timeout: 60_000 });
  const settledMs = Date.now() - started;
  if (bytesSoFar() === before)
    throw new Error('the first tap downloaded nothing: was the app loaded before?');
  return { liveMs, settledMs };
}

/** A local server for the floor pages: gzip, no caching, 127.0.0.1 only. */
export async function startFloorServer(): Promise<{
  url: string;
  set(name: string, html: string): void;
  stop(): Promise<void>;
}> {
  const pages = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const body = pages.get((req.url ?? '/').split('?')[0]);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Encoding': 'gzip',
      'Cache-Control': 'no-store',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    set: (name, html) => pages.set(name, gzipSync(html)),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The floor: the same text as a static page, nothing else. */
export function floorHtml(text: string): string {
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>floor</title><style>body{font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;margin:16px}</style></head><body><main id="floor">${lines || '<p>.</p>'}</main></body></html>`;
}

export interface PhoneResult {
  target: PhoneTarget;
  runs: PhoneRun[];
  floorRuns: number[];
}

export interface ReturnVisitResult {
  runs: PhoneRun[];
}

/**
 * Three runs of each target on the profile, each after its floor page; the publisher's return
 * visit (the same dashboard again in the same tab, after about:blank) in each publisher run; and a screenshot
 * series 0.5 s apart of one more publisher first visit into `screenshotDir`.
 */
export async function benchPhone(options: {
  browser: Browser;
  shellUrl: string;
  runs?: number;
  screenshotDir?: string;
  log?: (line: string) => void;
  /** One audience's rows alone (`PHONE_ONLY=visitor`); the publisher's screenshots come with the publisher. */
  only?: string;
}): Promise<{ results: PhoneResult[]; returnVisit: ReturnVisitResult }> {
  const runs = options.runs ?? 3;
  const log = options.log ?? (() => undefined);
  const floor = await startFloorServer();
  const results: PhoneResult[] = [];
  const returnVisit: ReturnVisitResult = { runs: [] };
  try {
    for (const target of PHONE_TARGETS.filter((t) => !options.only || t.audience === options.only)) {
      const state = target.login
        ? await loginState(options.browser, options.shellUrl, target.login)
        : undefined;
      const result: PhoneResult = { target, runs: [], floorRuns: [] };
      const url = new URL(target.path, options.shellUrl).href;
      let floorText = '';
      for (let i = 0; i < runs + 1; i++) {
        // Run 0 only reads the content's text for the floor page; it is not counted.
        if (i > 0) {
          const fctx = await newPhoneContext(options.browser);
          try {
            const page = await fctx.newPage();
            await page.addInitScript(probeScript('#floor p'));
            const run = await openOnce(page, `${floor.url}/${target.audience}`, { bytesAt: 'content' });
            result.floorRuns.push(run.contentMs);
          } finally {
            await fctx.close();
          }
        }
        const context = await newPhoneContext(options.browser, state);
        try {
          const page = await context.newPage();
          await page.addInitScript(probeScript(target.content, target.fresh));
          const run = await openOnce(page, url, target);
          if (i === 0) {
            // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, line by line, is what the floor page shows
            floorText = await page.locator('body').innerText();
            floor.set(`/${target.audience}`, floorHtml(floorText));
            continue;
          }
          result.runs.push(run);
          log(
            `  phone ${target.audience} run ${i}: content ${Math.round(run.contentMs)} ms (floor ${Math.round(result.floorRuns.at(-1) ?? 0)} ms), ${(run.bytesBeforeContent / 1024).toFixed(1)} KB before, ${(run.bytesSettled / 1024).toFixed(1)} KB settled, CLS ${run.cls.toFixed(3)}`,
          );
          if (run.tap)
            log(
              `    first tap: answered in ${run.tap.liveMs} ms, page drawn by the app in ${run.tap.settledMs} ms, ${(run.tap.bytes / 1024).toFixed(1)} KB loaded by it`,
            );
          if (i === 1) for (const shift of run.shifts) log(`    shift ${shift}`);
          if (target.audience === 'publisher') {
            // The dashboard again in the same tab while it still shows it (a reload): logged only,
            // its time includes taking the previous page down.
            const reload = await openOnce(page, url, target);
            // A return visit as WebPageTest's repeat view makes it: the tab left the app (about:blank),
            // then the page is opened again with the cache and the tab's storage warm (decision 0090).
            await page.goto('about:blank');
            const again = await openOnce(page, url, target);
            returnVisit.runs.push(again);
            const fresh = again.freshMs == null ? '?' : Math.round(again.freshMs);
            log(
              `  phone publisher return visit ${i}: ${Math.round(again.contentMs)} ms (fresh tiles ${fresh} ms; reloaded in the tab showing it: ${Math.round(reload.contentMs)} ms)`,
            );
          }
        } finally {
          await context.close();
        }
      }
      results.push(result);
    }
    if (options.screenshotDir && (!options.only || options.only === 'publisher')) {
      const publisher = PHONE_TARGETS.find((t) => t.audience === 'publisher');
      if (publisher?.login) await screenshotSeries(options, publisher, options.screenshotDir);
    }
  } finally {
    await floor.stop();
  }
  return { results, returnVisit };
}

/** One more cold first visit, a PNG every 0.5 s from navigation start until the page settled (at most 15 s). */
async function screenshotSeries(
  options: { browser: Browser; shellUrl: string },
  target: PhoneTarget,
  dir: string,
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir)) rmSync(path.join(dir, old));
  const state = target.login ? await loginState(options.browser, options.shellUrl, target.login) : undefined;
  const context = await newPhoneContext(options.browser, state);
  try {
    const page = await context.newPage();
    await page.addInitScript(probeScript(target.content));
    let start = 0;
    let finished = false;
    const shots = (async () => {
      while (!start) await new Promise((r) => setTimeout(r, 10));
      for (let k = 0; k <= 30 && !finished; k++) {
        const due = start + k * 500;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const image = await page.screenshot({ type: 'png' }).catch(() => null);
        if (image) writeFileSync(path.join(dir, `${String(k * 500).padStart(5, '0')}ms.png`), image);
      }
    })();
    await openOnce(page, new URL(target.path, options.shellUrl).href, target, (t) => {
      start = t;
    });
    finished = true;
    await shots;
  } finally {
    await context.close();
  }
}
