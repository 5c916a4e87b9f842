/**
 * The phone-profile rows of `npm run bench` (issue 19), also run alone by bench/phone-cli.ts:
 * per audience the time until its content shows (median of three, range, beside the static-page
 * floor of the same run), the JS+CSS it needed, its layout shift; the publisher's return visit;
 * the screenshot series of the publisher's first visit in bench/results/phone-publisher/.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './page-weight.ts';
import { benchPhone, PHONE, RETURN_VISIT_MAX_MS, spread } from './phone.ts';

export interface PhoneRow {
  name: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  ok: boolean;
  busy?: string;
}

export const SCREENSHOT_DIR = fileURLToPath(new URL('./results/phone-publisher/', import.meta.url));

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const range = (s: { median: number; min: number; max: number }, f: (n: number) => string) =>
  `${f(s.median)} (${f(s.min)}–${f(s.max)})`;

export async function benchPhoneRows(options: {
  shellUrl: string;
  /** How busy the machine was (one reading per audience, taken after its runs). */
  stamp?: () => string;
  log?: (line: string) => void;
  runs?: number;
  /** One audience's rows alone (`PHONE_ONLY`), e.g. after a change to the public pages. */
  only?: string;
}): Promise<PhoneRow[]> {
  const home = await mkdtemp(path.join(tmpdir(), 'leadmesh-bench-phone-'));
  const browser = await launchChromium(home);
  const rows: PhoneRow[] = [];
  const profile = `390×844, CPU ${PHONE.cpuSlowdown}×, ${PHONE.latencyMs} ms RTT, 1.6/0.75 Mbit/s`;
  try {
    const { results, returnVisit } = await benchPhone({
      browser,
      shellUrl: options.shellUrl,
      runs: options.runs,
      only: options.only,
      screenshotDir: SCREENSHOT_DIR,
      log: options.log,
    });
    const busy = options.stamp?.();
    for (const { target, runs, floorRuns } of results) {
      const time = spread(runs.map((r) => r.contentMs));
      const floor = spread(floorRuns);
      const bytes = spread(
        runs.map((r) => (target.bytesAt === 'content' ? r.bytesBeforeContent : r.bytesSettled)),
      );
      const settled = spread(runs.map((r) => r.bytesSettled));
      const cls = spread(runs.map((r) => r.cls));
      rows.push({
        name: `phone (${profile}), ${target.audience} ${target.path}: ${target.what} shown, first visit`,
        value: range(time, seconds),
        baseline: `${range(floor, seconds)} static page, same text`,
        ratio: `${(time.median / Math.max(floor.median, 1)).toFixed(1)}x`,
        target: `<= ${seconds(target.maxMs)}`,
        ok: time.median <= target.maxMs,
        busy,
      });
      rows.push({
        name: `phone, ${target.audience} ${target.path}: JS+CSS ${target.bytesLabel} (gzip on the wire)`,
        value: range(bytes, kb),
        baseline: `${kb(settled.median)} by the time the page settled`,
        ratio: '',
        target: `<= ${kb(target.maxBytes)}`,
        ok: bytes.median <= target.maxBytes,
        busy,
      });
      const taps = runs.flatMap((r) => (r.tap ? [r.tap] : []));
      if (taps.length)
        rows.push({
          name: `phone, ${target.audience} ${target.path}: the first tap (menu) answered, the app loaded by it`,
          value: range(spread(taps.map((tap) => tap.liveMs)), seconds),
          baseline: `page drawn by the app ${seconds(spread(taps.map((tap) => tap.settledMs)).median)}`,
          ratio: `JS+CSS loaded by the tap ${kb(spread(taps.map((tap) => tap.bytes)).median)}`,
          target: 'no target (decision 0085)',
          ok: true,
          busy,
        });
      rows.push({
        name: `phone, ${target.audience} ${target.path}: layout shift (CLS) until settled`,
        value: range(cls, (n) => n.toFixed(3)),
        baseline: '',
        ratio: '',
        target: '< 0.1',
        ok: cls.median < 0.1,
        busy,
      });
    }
    if (returnVisit.runs.length) {
      const time = spread(returnVisit.runs.map((r) => r.contentMs));
      const bytes = spread(returnVisit.runs.map((r) => r.bytesSettled));
      const freshRuns = returnVisit.runs.flatMap((r) => (r.freshMs == null ? [] : [r.freshMs]));
      const fresh = freshRuns.length ? seconds(spread(freshRuns).median) : '?';
      const first = results.find((r) => r.target.audience === 'publisher');
      rows.push({
        // The tiles the tab kept, or the fresh ones if they come first (decision 0086).
        name: 'phone, publisher /dashboard/publisher: KPI tiles shown, return visit (warm cache)',
        value: `${range(time, seconds)}; fresh tiles ${fresh}`,
        baseline: first ? `${seconds(spread(first.runs.map((r) => r.contentMs)).median)} first visit` : '',
        ratio: `JS+CSS downloaded again ${kb(bytes.median)}`,
        target: `<= ${seconds(RETURN_VISIT_MAX_MS)}`,
        ok: time.median <= RETURN_VISIT_MAX_MS,
        busy,
      });
    }
  } finally {
    await browser.close();
    await rm(home, { recursive: true, force: true });
  }
  return rows;
}
