/**
 * `npm run bench`: speed targets, measured on a large world (never in unit tests).
 * Builds (once, cached in .cache/bench) a demo world with BENCH_LEADS leads (default 1,000,000),
 * then times API calls in-process against it. Exits non-zero when a target is missed.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, createDb, isSeeded, seedDemoWorld } from '@leadmesh/db';
import { createApp } from '../api/src/app.ts';
import { createRuntime } from '../api/src/deps.ts';
import { parseEnv } from '../api/src/env.ts';
import { TestClient } from '../api/src/test/harness.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const leads = Number(process.env.BENCH_LEADS ?? 1_000_000);
const dir = join(root, '.cache', 'bench');
const file = join(dir, `world-${leads}.db`);
const results: { name: string; value: number; unit: string; target: number }[] = [];

mkdirSync(dir, { recursive: true });
if (!existsSync(file)) {
  const handle = await createDb({ url: `file:${file}` });
  await applyMigrations(handle.db);
  const started = Date.now();
  await seedDemoWorld(handle, {
    leads,
    uploadsDir: join(dir, 'uploads'),
    log: (m) => console.log(`  seed: ${m}`),
  });
  results.push({
    name: `seed ${leads.toLocaleString('en-US')} leads`,
    value: (Date.now() - started) / 1000,
    unit: 's',
    target: 120,
  });
  handle.close();
} else {
  const handle = await createDb({ url: `file:${file}` });
  if (!(await isSeeded(handle))) {
    handle.close();
    rmSync(file, { force: true });
    throw new Error(`${file} was incomplete and is removed; run the bench again`);
  }
  handle.close();
  console.log(`using the cached world ${file} (delete it to time the seed again)`);
}

const runtime = await createRuntime(
  parseEnv({
    NODE_ENV: 'production',
    DATABASE_URL: `file:${file}`,
    REDIS_PREFIX: `bench-${process.pid}`,
    RATE_LIMIT_DISABLED: 'true',
    APP_SECRET: 'bench-secret-bench-secret',
  }),
);
const app = createApp(runtime.deps);
const client = new TestClient(app, '127.0.0.1');
const login = await client.call('/auth/login', { username: 'admin', password: 'admin12345' });
if (login.status !== 'ok') throw new Error('bench login failed');
// The demo publisher owns most of the leads: their session data sums the most rows.
const publisher = new TestClient(app, '127.0.0.2');
if (
  (await publisher.call('/auth/login', { username: 'publisher', password: 'publisher12345' })).status !== 'ok'
) {
  throw new Error('bench publisher login failed');
}

async function time(
  name: string,
  runs: number,
  targetP99Ms: number,
  call: () => Promise<{ status: string }>,
) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const answer = await call();
    samples.push(performance.now() - started);
    if (answer.status !== 'ok') throw new Error(`${name} answered ${JSON.stringify(answer)}`);
  }
  samples.sort((a, b) => a - b);
  const pick = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  console.log(`  ${name}: p50 ${pick(0.5).toFixed(1)} ms, p99 ${pick(0.99).toFixed(1)} ms`);
  results.push({ name: `${name} p99`, value: pick(0.99), unit: 'ms', target: targetP99Ms });
}

await time('checkLogin, admin', 300, 50, () => client.call('/auth/checkLogin', {}));
await time('checkLogin, publisher with most leads (earnings sum)', 100, 50, () =>
  publisher.call('/auth/checkLogin', {}),
);
await time('getAllUsers, first page', 300, 50, () =>
  client.call('/users/getAllUsers', { paginationOffset: 0, Filters: [] }),
);
await time('getAllUsers, filtered', 300, 50, () =>
  client.call('/users/getAllUsers', {
    paginationOffset: 0,
    Filters: [{ name: 'Username', op: 'startsWith', value: 'pub' }],
  }),
);
await time('getStatusCodes', 300, 20, () => client.call('/leads/getStatusCodes', {}));
await runtime.close();

console.log('\nresult                                                         value      target');
let missed = 0;
for (const r of results) {
  const ok = r.value <= r.target;
  if (!ok) missed++;
  console.log(
    `${ok ? 'ok  ' : 'MISS'} ${r.name.padEnd(58)} ${r.value.toFixed(1).padStart(7)} ${r.unit.padEnd(3)} <= ${r.target} ${r.unit}`,
  );
}
process.exit(missed ? 1 : 0);
