/**
 * Where the publisher's return visit spends its time (issue 19): on the phone profile, a first
 * visit, then the same page again in the same tab (the bench's return visit), printing each
 * request of the return visit (start, end, status, whether the cache answered) and the main
 * thread's long tasks, on the page's clock from navigation start.
 *
 *   npx tsx bench/return-visit-trace.ts [--url http://localhost:3000] [--runs 2]
 *   npx tsx bench/return-visit-trace.ts --audience admin --first   # admin-leads' cold first visit
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWorld, type World } from '../scripts/lib/world.ts';
import { launchChromium } from './page-weight.ts';
import { loginState, PHONE, PHONE_TARGETS, throttle } from './phone.ts';

const flag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
let world: World | undefined;
let shellUrl = flag('--url');
if (!shellUrl) {
  world = await startWorld({ label: 'trace' });
  shellUrl = world.urls.shell;
}
const runs = Number(flag('--runs') ?? 2);
/** `--no-trace`: the request list only (the trace itself slows the page). */
const withTrace = !process.argv.includes('--no-trace');
/** `--first`: log the cold first visit itself instead of the return visit after it. */
const firstVisit = process.argv.includes('--first');
/** `--profile`: V8's sampling profile of the visit, self time summed by script and by function until the content. */
const withProfile = process.argv.includes('--profile');
/** `--blank`: the tab leaves the dashboard for about:blank before the return visit (as WebPageTest's repeat view). */
const viaBlank = process.argv.includes('--blank');
const audience = flag('--audience') ?? 'publisher';
const contents: number[] = [];
const target = PHONE_TARGETS.find((t) => t.audience === audience);
if (!target?.login) throw new Error(`no ${audience} target with a login`);
const home = await mkdtemp(path.join(tmpdir(), 'leadmesh-trace-'));
const browser = await launchChromium(home);

const observer = `(() => {
  const w = window;
  w.__lmTrace = { tasks: [], content: null };
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__lmTrace.tasks.push([Math.round(e.startTime), Math.round(e.duration)]); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  const tick = () => {
    const el = document.querySelector(${JSON.stringify(target.content)});
    if (el && el.getBoundingClientRect().height > 0) { w.__lmTrace.content = performance.now(); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** The renderer main thread's busy time per 100 ms (page clock) and its biggest tasks' contents. */
function summariseTrace(events: TraceEvent[], contentMs: number) {
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'navigationStart'),
  );
  const nav = events.filter((e) => e.name === 'navigationStart' && (!main || e.pid === main.pid)).at(-1);
  if (!main || !nav) return console.log('no main thread in trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const ms = (ts: number) => (ts - nav.ts) / 1000;
  const buckets = new Map<number, number>();
  for (const t of tasks) {
    const start = ms(t.ts);
    if (start < 0 || start > contentMs + 200) continue;
    const b = Math.floor(start / 100) * 100;
    buckets.set(b, (buckets.get(b) ?? 0) + (t.dur ?? 0) / 1000);
  }
  console.log(
    `main thread busy per 100 ms: ${[...buckets.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([b, d]) => `${b}:${Math.round(d)}`)
      .join(' ')}`,
  );
  const inner = onMain.filter((e) =>
    [
      'EvaluateScript',
      'v8.compile',
      'FunctionCall',
      'TimerFire',
      'FireAnimationFrame',
      'ParseHTML',
      'UpdateLayoutTree',
      'Layout',
      'Paint',
      'v8.run',
      'EventDispatch',
      'XHRReadyStateChange',
      'ResourceReceiveResponse',
      'CommitLoad',
      'RunMicrotasks',
      'v8.callFunction',
    ].includes(e.name),
  );
  const big = inner.filter((e) => (e.dur ?? 0) > 8000 && ms(e.ts) >= 0 && ms(e.ts) < contentMs + 100);
  for (const e of big.sort((a, b) => a.ts - b.ts)) {
    const d = e.args?.data ?? {};
    const what = String(d.url ?? d.functionName ?? d.type ?? d.timerId ?? '')
      .replace(/^https?:\/\/[^/]+/, '')
      .slice(0, 60);
    console.log(
      `    ${String(Math.round(ms(e.ts))).padStart(5)} ${String(Math.round((e.dur ?? 0) / 1000)).padStart(4)} ms ${e.name} ${what}`,
    );
  }
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The profile's self time (ms, as throttled) by script and the 25 costliest functions. */
function summariseProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = byId.get(samples[i]);
    const ms = (deltas[i + 1] ?? 0) / 1000;
    if (!frame) continue;
    const script = frame.url.replace(/^https?:\/\/[^/]+/, '') || `(${frame.functionName || 'program'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${String(Math.round(v)).padStart(5)} ms ${k}`)
      .join('\n');
  console.log(`self time by script:\n${top(byScript, 20)}\nby function:\n${top(byFunction, 25)}`);
}

try {
  const state = await loginState(browser, shellUrl, target.login);
  const url = new URL(target.path, shellUrl).href;
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({
      storageState: state,
      viewport: PHONE.viewport,
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
    });
    const page = await context.newPage();
    await page.addInitScript(observer);
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    if (!firstVisit) {
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => (window as unknown as { __lmTrace: { content: number | null } }).__lmTrace.content !== null,
        undefined,
        { timeout: 60_000 },
      );
      await page
        .locator(target.settled ?? target.content)
        .first()
        .waitFor({ timeout: 60_000 })
        .catch(() => undefined);
      await page.waitForTimeout(1000);
      if (viaBlank) await page.goto('about:blank');
    }
    // The visit logged: the return visit, or with --first the cold first visit.
    const requests = new Map<
      string,
      { url: string; method: string; start: number; end?: number; status?: number; cache?: string }
    >();
    cdp.on('Network.requestWillBeSent', (e) => {
      requests.set(e.requestId, { url: e.request.url, method: e.request.method, start: e.timestamp });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) {
        r.status = e.response.status;
        r.cache = e.response.fromDiskCache
          ? 'disk'
          : e.response.fromPrefetchCache
            ? 'prefetch'
            : e.response.fromServiceWorker
              ? 'sw'
              : '';
      }
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.cache = 'memory';
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.end = e.timestamp;
    });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const tracingDone = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    if (withTrace)
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8.execute',
        transferMode: 'ReportEvents',
      });
    if (withProfile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { __lmTrace: { content: number | null } }).__lmTrace.content !== null,
      undefined,
      { timeout: 60_000 },
    );
    const profile = withProfile ? (await cdp.send('Profiler.stop')).profile : undefined;
    await page.waitForTimeout(1500);
    if (withTrace) {
      await cdp.send('Tracing.end');
      await tracingDone;
    }
    const trace = await page.evaluate(() => {
      const w = window as unknown as { __lmTrace: { tasks: [number, number][]; content: number } };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        content: Math.round(w.__lmTrace.content),
        tasks: w.__lmTrace.tasks,
        nav: {
          responseEnd: Math.round(nav.responseEnd),
          domInteractive: Math.round(nav.domInteractive),
          domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
        },
        paints: performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)}`),
        resources: performance
          .getEntriesByType('resource')
          .map((r) => r as PerformanceResourceTiming)
          .map((r) => ({ name: r.name, start: Math.round(r.startTime), end: Math.round(r.responseEnd) })),
      };
    });
    const first = Math.min(...[...requests.values()].map((r) => r.start));
    console.log(`\n=== run ${run}: ${firstVisit ? 'first' : 'return'} visit content at ${trace.content} ms`);
    console.log(`nav: ${JSON.stringify(trace.nav)} paints: ${trace.paints.join(', ')}`);
    console.log(`(network times below: ms after the page's own request, on the protocol's clock)`);
    for (const r of [...requests.values()].sort((a, b) => a.start - b.start))
      console.log(
        `  ${String(Math.round((r.start - first) * 1000)).padStart(5)} → ${r.end ? String(Math.round((r.end - first) * 1000)).padStart(5) : '    ?'}  ${r.method.padEnd(7)} ${String(r.status ?? '').padEnd(4)} ${(r.cache ?? '').padEnd(7)} ${r.url.replace(/^https?:\/\/[^/]+/, (o) => o.replace(/.*:/, ':'))}`,
      );
    console.log(
      `resource timing (page clock): ${trace.resources.map((r) => `${r.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 48)} ${r.start}-${r.end}`).join('\n  ')}`,
    );
    contents.push(trace.content);
    if (withTrace) summariseTrace(events, trace.content);
    if (profile) summariseProfile(profile);
    console.log(`long tasks [start, ms]: ${JSON.stringify(trace.tasks)}`);
    await context.close();
  }
  const sorted = [...contents].sort((a, b) => a - b);
  console.log(
    `\n${firstVisit ? 'first' : 'return'} visit content: median ${sorted[Math.floor(sorted.length / 2)]} ms of ${sorted.join(', ')}`,
  );
} finally {
  await browser.close();
  await rm(home, { recursive: true, force: true });
  await world?.stop();
}
