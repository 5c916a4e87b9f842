/**
 * Where a phone-profile first visit spends its time (issue 19's misses): one cold visit of an
 * audience's page on the profile of bench/phone.ts, every request with its start, end, type and
 * bytes on the wire, and the frame the content showed in.
 *
 *   npx tsx bench/phone-waterfall.ts admin                          # starts a seeded world
 *   npx tsx bench/phone-waterfall.ts publisher --url http://localhost:3000
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWorld, type World } from '../scripts/lib/world.ts';
import { launchChromium } from './page-weight.ts';
import { loginState, PHONE, PHONE_TARGETS, throttle } from './phone.ts';

const audience = process.argv[2] ?? 'admin';
const target = PHONE_TARGETS.find((t) => t.audience === audience);
if (!target) throw new Error(`no phone target for ${audience}`);
const urlFlag = process.argv.indexOf('--url');
let world: World | undefined;
let shellUrl = urlFlag > 0 ? process.argv[urlFlag + 1] : undefined;
if (!shellUrl) {
  world = await startWorld({ label: 'waterfall' });
  shellUrl = world.urls.shell;
}
const browser = await launchChromium(mkdtempSync(path.join(tmpdir(), 'lm-waterfall-')));
try {
  const state = target.login ? await loginState(browser, shellUrl, target.login) : undefined;
  const context = await browser.newContext({
    storageState: state,
    viewport: PHONE.viewport,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  const rows = new Map<string, { url: string; start: number; end?: number; type?: string; bytes?: number }>();
  let origin = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!origin) origin = e.timestamp;
    rows.set(e.requestId, { url: e.request.url, start: e.timestamp });
  });
  cdp.on('Network.responseReceived', (e) => {
    const row = rows.get(e.requestId);
    if (row) row.type = e.type;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const row = rows.get(e.requestId);
    if (row) Object.assign(row, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  await page.addInitScript(`(() => {
    const sel = ${JSON.stringify(target.content)};
    const tick = () => {
      const el = document.querySelector(sel);
      if (el && el.getBoundingClientRect().height > 0) { window.__contentMs = performance.now(); return; }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`);
  await page.goto(new URL(target.path, shellUrl).href, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { __contentMs?: number }).__contentMs, undefined, {
    timeout: 60_000,
  });
  const contentMs = await page.evaluate(() => (window as unknown as { __contentMs: number }).__contentMs);
  await page.waitForTimeout(1500);
  const ms = (t: number) => Math.round((t - origin) * 1000);
  console.log(`${audience} ${target.path}: content at ${Math.round(contentMs)} ms after navigation start`);
  let total = 0;
  for (const row of [...rows.values()].sort((a, b) => a.start - b.start)) {
    const short = row.url
      .replace(shellUrl, '')
      .replace(/^https?:\/\/127\.0\.0\.1:\d+/, '')
      .slice(0, 90);
    total += row.bytes ?? 0;
    console.log(
      `${String(ms(row.start)).padStart(6)} → ${row.end ? String(ms(row.end)).padStart(6) : '     ?'} ms  ${(row.type ?? '?').padEnd(10)} ${(((row.bytes ?? 0) / 1024).toFixed(1) + ' KB').padStart(9)}  ${short}`,
    );
  }
  console.log(`${(total / 1024).toFixed(1)} KB in all`);
  await context.close();
} finally {
  await browser.close();
  await world?.stop();
}
