/**
 * `npm run soak` (not part of npm test): SOAK_SECONDS (default 600) of mixed traffic — clicks,
 * leads, dashboard reads, admin lists — at SOAK_RATE requests/s (default 100, well inside what the
 * bench measured sustainable on the shared 2-core machine with everything on it: tracking and
 * intake each over 1,000/s alone), only to 127.0.0.1, against one API and one worker on a world of
 * their own. Passes with zero errors, every accepted lead delivered once, and memory flat after the
 * warm-up (the first 10%): the last minute's RSS within 10% of the warm-up's end, API and worker.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_LOGIN,
  buildDrillWorld,
  confirmAll,
  drillChecks,
  PUBLISHER_LOGIN,
  signIn,
  waitDelivered,
} from './lib/drill.ts';
import { mixedLoad, percentile } from './lib/mixed-load.ts';
import { freePort } from './lib/processes.ts';

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const perSecond = Number(process.env.SOAK_RATE ?? 100);
const sitesPort = await freePort();
// The sweeps on their production clock: a soak measures the product as it runs.
const world = await buildDrillWorld(
  'soak',
  { CRM_SWEEP_MS: '30000', OUTBOX_SWEEP_MS: '30000', CRM_SWEEP_GRACE_MS: '60000' },
  { SITES_PORT: String(sitesPort) },
);
let exitCode = 1;
// Ctrl-C stops the run's own API, worker and redis-server too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    world.close().finally(() => process.exit(130));
  });
}
try {
  const headers = {
    admin: await signIn(world.api.url, ADMIN_LOGIN),
    publisher: await signIn(world.api.url, PUBLISHER_LOGIN),
  };
  const samples: { t: number; api: number; worker: number }[] = [];
  console.log(`soak: ${perSecond} requests/s for ${seconds} s`);
  const stats = await mixedLoad({
    apiUrl: () => world.api.url,
    sitesUrl: () => `http://127.0.0.1:${sitesPort}`,
    trackingCode: world.trackingCode,
    takenId: world.takenId,
    headers,
    perSecond,
    seconds,
    everyMs: 5_000,
    onTick: (s) => {
      const sample = { t: s.elapsedSeconds, api: world.api.rss().nowMb, worker: world.worker.rss().nowMb };
      samples.push(sample);
      if (samples.length % 6 === 0)
        console.log(
          `  ${s.elapsedSeconds.toFixed(0)} s: ${Object.values(s.sent).reduce((a, b) => a + b, 0)} sent, ${s.errors} errors, ${s.skipped} skipped; RSS API ${sample.api.toFixed(0)} MB, worker ${sample.worker.toFixed(0)} MB`,
        );
    },
  });
  await waitDelivered(world, stats.accepted, 600_000, () => {});
  await confirmAll(world);
  const checks = await drillChecks(world.handle, world.fake, stats.accepted);
  const warm = samples.filter((s) => s.t >= seconds * 0.1);
  const atWarm = warm[0] ?? samples[0];
  const lastMinute = samples.filter((s) => s.t >= seconds - Math.min(60, seconds * 0.2));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
  const growth = {
    api: avg(lastMinute.map((s) => s.api)) / atWarm.api - 1,
    worker: avg(lastMinute.map((s) => s.worker)) / atWarm.worker - 1,
  };
  const total = Object.values(stats.sent).reduce((a, b) => a + b, 0);
  const ok =
    stats.errors === 0 &&
    stats.skipped === 0 &&
    checks.missing === 0 &&
    checks.duplicated === 0 &&
    checks.duplicatedLedger === 0 &&
    checks.drift === 0 &&
    growth.api < 0.1 &&
    growth.worker < 0.1;
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
  const report = [
    `# Soak`,
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}: ${seconds} s at ${perSecond} requests/s (${total} requests: ${Object.entries(
      stats.sent,
    )
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}).`,
    '',
    `- errors: ${stats.errors}${stats.errorSamples.length ? ` (${stats.errorSamples.join('; ')})` : ''}; not sent (too many waiting): ${stats.skipped}`,
    `- latency p50 ${percentile(stats.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(stats.latencies, 0.99).toFixed(1)} ms`,
    `- leads: ${stats.accepted.size} accepted, at the CRM ${checks.duplicated} twice, ${checks.missing} missing; ledger ${checks.duplicatedLedger} duplicated, ${checks.drift} drifting`,
    `- RSS after warm-up (${atWarm.t.toFixed(0)} s): API ${atWarm.api.toFixed(0)} MB, worker ${atWarm.worker.toFixed(0)} MB; last minute: API ${avg(lastMinute.map((s) => s.api)).toFixed(0)} MB (${pct(growth.api)}), worker ${avg(lastMinute.map((s) => s.worker)).toFixed(0)} MB (${pct(growth.worker)}); target < +10%`,
    `- result: ${ok ? 'ok' : 'FAILED'}`,
    '',
  ].join('\n');
  console.log(`\n${report}`);
  const root = fileURLToPath(new URL('../', import.meta.url));
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'soak.md'), report);
  exitCode = ok ? 0 : 1;
} finally {
  await world.close();
}
process.exit(exitCode);
