/**
 * `npm run bench`: speed and memory targets, measured on a large world (never in unit tests).
 *
 * Builds (once, cached in .cache/bench) a demo world with BENCH_LEADS leads (default 1,000,000),
 * starts the API as it runs in production and, beside it, a bare Hono app on the same runtime
 * answering the same routes (bench/bare-hono.ts). Every HTTP figure is printed next to that
 * baseline from the same run, with the ratio, because this machine is shared and noisy: the
 * ratio holds where absolute numbers wander. Writes bench/results/latest.md and exits non-zero
 * when a target is missed.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, createDb } from '@leadmesh/db';
import { isSeeded, seedDemoWorld } from '@leadmesh/seed';
import { benchDelivery } from '../bench/delivery.ts';
import { benchExport } from '../bench/export.ts';
import { type Child, type LoadResult, load, startChild } from '../bench/http-load.ts';
import { benchCrmIsolation, benchPostbackIsolation, type IsolationResult } from '../bench/isolation.ts';
import {
  benchAdminLists,
  benchDashboards,
  benchLists,
  benchOverview,
  sequentialP95,
  topUpListWorld,
} from '../bench/lists.ts';
import { busyMeter } from '../bench/machine.ts';
import {
  BENCH_PAGE_WEIGHT_TARGETS,
  kb,
  launchChromium,
  measureTarget,
  weightProblems,
} from '../bench/page-weight.ts';
import { benchPhoneRows } from '../bench/phone-rows.ts';
import { benchPostbacks } from '../bench/postbacks.ts';
import { intakeRows, trackingRows } from '../bench/traffic.ts';
import { startWorld } from './lib/world.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const leads = Number(process.env.BENCH_LEADS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** BENCH_ONLY=lists,delivery runs only the named parts (http, lists, overview, traffic, delivery, postbacks, isolation, export, weight, phone). */
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const part = (name: string) => only.size === 0 || only.has(name);
const dir = join(root, '.cache', 'bench');
const file = join(dir, `world-${leads}.db`);
const seedRecord = join(dir, `world-${leads}.json`);

interface Row {
  name: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  ok: boolean;
  /** How busy the machine was while the row was measured (bench/machine.ts). */
  busy?: string;
}
const rows: Row[] = [];
const busy = busyMeter();
const pushRow = rows.push.bind(rows);
rows.push = (...added: Row[]) => pushRow(...added.map((r) => ({ ...r, busy: r.busy ?? busy.reading() })));
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// 1. The world, timed when it is built.
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
  const secondsTaken = (Date.now() - started) / 1000;
  writeFileSync(seedRecord, JSON.stringify({ seconds: secondsTaken, at: new Date().toISOString() }));
  handle.close();
} else {
  const handle = await createDb({ url: `file:${file}` });
  const complete = await isSeeded(handle);
  handle.close();
  if (!complete) {
    rmSync(file, { force: true });
    throw new Error(`${file} was incomplete and is removed; run the bench again`);
  }
  console.log(`using the cached world ${file} (delete it to time the seed again)`);
}
const seeded = JSON.parse(readFileSync(seedRecord, 'utf8')) as { seconds: number; at: string };
{
  // Page 500 of the users and logs lists needs more rows than the demo seed has (once per world).
  const handle = await createDb({ url: `file:${file}` });
  const client = (handle.db as unknown as { $client: { execute(sql: string): Promise<{ rows: unknown[] }> } })
    .$client;
  const countOf = async (table: string) =>
    Number(
      (((await client.execute(`select count(*) as n from ${table}`)).rows[0] as { n: number }) ?? { n: 0 }).n,
    );
  await topUpListWorld((sql) => client.execute(sql), {
    users: await countOf('users'),
    logs: await countOf('logs'),
  });
  handle.close();
}
rows.push({
  name: `seed of the ${fmt(leads)}-lead world`,
  value: `${fmt(seeded.seconds, 1)} s`,
  baseline: '',
  ratio: '',
  target: '< 120 s',
  ok: seeded.seconds < 120,
});

// 2. The API as in production, and the bare baseline, on the same runtime.
const tsx = ['--import', 'tsx'];
// BENCH_API_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the API.
const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const api = await startChild(process.execPath, [...apiNodeArgs, ...tsx, join(root, 'api/src/main.node.ts')], {
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: `file:${file}`,
  REDIS_PREFIX: `bench-${process.pid}`,
  RATE_LIMIT_DISABLED: 'false',
  APP_SECRET: 'bench-secret-bench-secret',
  COOKIE_SECURE: 'false',
});
const children: Child[] = [api];
let apiPeakMb = 0;
try {
  const apiUrl = `http://127.0.0.1:${api.port}`;

  /** A logged-in browser's headers: session cookie, CSRF cookie and header. */
  async function session(username: string, password: string) {
    const csrf = await fetch(`${apiUrl}/api/csrf`, { method: 'PUT' });
    const xsrf = /lm_xsrf=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const login = await fetch(`${apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `lm_xsrf=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({ username, password }),
    });
    const sessionId = /lm_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    if (!sessionId) throw new Error(`bench login of ${username} failed: ${await login.text()}`);
    return {
      'content-type': 'application/json',
      cookie: `lm_session=${sessionId}; lm_xsrf=${xsrf}`,
      'X-XSRF-TOKEN': xsrf,
    };
  }
  const admin = await session('admin', 'admin12345');
  // The demo publisher owns most of the world's leads: the heaviest session check there is.
  const publisher = await session('publisher', 'publisher12345');
  const advertiser = await session('advertiser', 'advertiser12345');

  // The baseline answers exactly what the API answered (same bytes, same headers), without work.
  const requests = {
    csrf: { method: 'PUT' as const, path: '/api/csrf' },
    checkLogin: { method: 'POST' as const, path: '/auth/checkLogin', headers: publisher, body: '{}' },
    users: {
      method: 'POST' as const,
      path: '/users/getAllUsers',
      headers: admin,
      body: '{"paginationOffset":0,"Filters":[]}',
    },
  };
  const recorded = [];
  for (const request of Object.values(requests)) {
    const response = await fetch(`${apiUrl}${request.path}`, request);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
        headers[name] = value;
    });
    recorded.push({ ...request, headers, status: response.status, body: await response.text() });
  }
  const answersFile = join(dir, `bare-answers-${process.pid}.json`);
  writeFileSync(answersFile, JSON.stringify(recorded));
  const bare = await startChild(process.execPath, [...tsx, join(root, 'bench/bare-hono.ts')], {
    PORT: '0',
    BARE_ANSWERS: answersFile,
  });
  children.push(bare);
  // Read once at start (it answered, so it has): the world's cache keeps no copy per run.
  rmSync(answersFile, { force: true });
  const bareUrl = `http://127.0.0.1:${bare.port}`;
  await new Promise((r) => setTimeout(r, 1000));
  const idle = { api: api.rss().nowMb, bare: bare.rss().nowMb };

  async function compare(
    name: string,
    request: { method: 'PUT' | 'POST'; path: string; headers?: Record<string, string>; body?: string },
    targets: { ratio: number; p99Ms?: number },
  ) {
    const measure = (base: string): Promise<LoadResult> =>
      load({
        url: `${base}${request.path}`,
        method: request.method,
        headers: request.headers,
        body: request.body,
        seconds,
      });
    const baseline = await measure(bareUrl);
    const measured = await measure(apiUrl);
    if (measured.errors || measured.unexpected) {
      throw new Error(
        `${name}: ${measured.errors} errors and ${measured.unexpected} unexpected answers under load`,
      );
    }
    const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
    rows.push({
      name: `${name}: throughput`,
      value: `${fmt(measured.requestsPerSecond)} req/s`,
      baseline: `${fmt(baseline.requestsPerSecond)} req/s`,
      ratio: `${fmt(ratio * 100)}%`,
      target: `>= ${targets.ratio * 100}% of bare`,
      ok: ratio >= targets.ratio,
    });
    rows.push({
      name: `${name}: p99 latency`,
      value: `${fmt(measured.p99Ms, 1)} ms`,
      baseline: `${fmt(baseline.p99Ms, 1)} ms`,
      ratio: `${fmt(measured.p99Ms / Math.max(baseline.p99Ms, 0.1), 1)}x`,
      target: targets.p99Ms ? `< ${targets.p99Ms} ms` : '',
      ok: targets.p99Ms ? measured.p99Ms < targets.p99Ms : true,
    });
    console.log(
      `  ${name}: ${fmt(measured.requestsPerSecond)} vs bare ${fmt(baseline.requestsPerSecond)} req/s`,
    );
  }

  if (part('http')) {
    await compare('PUT /api/csrf', requests.csrf, { ratio: 0.5 });
    await compare('/auth/checkLogin, publisher with the most leads', requests.checkLogin, {
      ratio: 0.25,
      p99Ms: 25,
    });
    await compare('/users/getAllUsers, first page', requests.users, { ratio: 0.15 });
  }
  if (part('lists') || part('overview')) {
    // Sequential calls, one at a time: latency of a screen, not throughput. The world's newest lead
    // is "now" for the date filters, so a cached world measures the same pages days later.
    const newest = await fetch(`${apiUrl}/leads/getLeadsForAdmin`, {
      method: 'POST',
      headers: admin,
      body: '{"paginationOffset":0,"Filters":[]}',
    }).then(async (r) => {
      const body = (await r.json()) as { data: { DBData: { createdAt: string }[] } };
      return Date.parse(body.data.DBData[0]?.createdAt ?? new Date().toISOString());
    });
    const listOptions = { apiUrl, headers: { admin, publisher, advertiser }, now: newest + 1000 };
    const listRows = [
      ...(part('lists')
        ? [
            ...(await benchLists(listOptions)),
            ...(await benchAdminLists(listOptions)),
            ...(await benchDashboards(listOptions)),
          ]
        : []),
      ...(part('overview') ? await benchOverview(listOptions) : []),
    ];
    // The same sequential calls to the bare app replaying the recorded users page: what a call
    // costs with no work behind it, on this machine, in this run.
    const bareP95 = await sequentialP95(`${bareUrl}${requests.users.path}`, {
      method: 'POST',
      headers: admin,
      body: requests.users.body,
    });
    for (const row of listRows) {
      console.log(`  ${row.name}: ${row.value} (bare ${fmt(bareP95, 1)} ms)`);
      rows.push({
        name: row.name,
        value: row.value,
        target: row.target,
        ok: row.ok,
        baseline: `${fmt(bareP95, 1)} ms`,
        ratio: `${fmt(row.ms / Math.max(bareP95, 0.1), 1)}x`,
      });
    }
  }

  const peak = { api: api.rss().peakMb, bare: bare.rss().peakMb };
  apiPeakMb = peak.api;
  rows.push({
    name: 'API memory, idle (RSS)',
    value: `${fmt(idle.api)} MB`,
    baseline: `${fmt(idle.bare)} MB`,
    ratio: `${fmt(idle.api / idle.bare, 1)}x`,
    target: '',
    ok: true,
  });
  rows.push({
    name: 'API peak RSS, 1M-lead world, under the load above',
    value: `${fmt(peak.api)} MB`,
    baseline: `${fmt(peak.bare)} MB`,
    ratio: `${fmt(peak.api / peak.bare, 1)}x`,
    target: '< 512 MB',
    ok: peak.api < 512,
  });
} finally {
  await Promise.all(children.map((c) => c.stop()));
}

// 3. Traffic: the tracking redirect and lead intake, each on a small world of its own.
const log = (line: string) => console.log(line);
if (part('traffic')) {
  rows.push(...(await trackingRows({ seconds, log })));
  rows.push(...(await intakeRows({ leads: Number(process.env.BENCH_INTAKE_LEADS ?? 20_000), log })));
}

// 4. CRM deliveries with one and with two worker processes (one SQLite file, one Redis).
let workerPeakMb = 0;
if (part('delivery')) {
  const deliveryLeads = Number(process.env.BENCH_DELIVERY_LEADS ?? 10_000);
  const one = await benchDelivery({ leads: deliveryLeads, workers: 1 });
  const two = await benchDelivery({ leads: deliveryLeads, workers: 2 });
  workerPeakMb = Math.max(...one.peakRssMb, ...two.peakRssMb);
  for (const r of [one, two]) {
    console.log(
      `  delivery, ${r.workers} worker(s): ${fmt(r.leadsPerSecond)} leads/s, ${r.duplicates} twice, ${r.missing} missing`,
    );
  }
  rows.push({
    name: `CRM delivery, 1 worker process, ${fmt(deliveryLeads)} leads -1 → 0 at a fake CRM`,
    value: `${fmt(one.leadsPerSecond)} leads/s`,
    baseline: '',
    ratio: `${one.duplicates} twice, ${one.missing} missing`,
    target: '>= 500 leads/s, exactly once',
    ok: one.leadsPerSecond >= 500 && one.duplicates === 0 && one.missing === 0,
  });
  rows.push({
    name: 'CRM delivery, 2 worker processes, same leads',
    value: `${fmt(two.leadsPerSecond)} leads/s`,
    baseline: `${fmt(one.leadsPerSecond)} leads/s (1 worker)`,
    ratio: `${fmt((two.leadsPerSecond / one.leadsPerSecond) * 100)}%; ${two.duplicates} twice, ${two.missing} missing`,
    // Issue 9's target. Both write one embedded SQLite file, so the second process must not cost
    // the first its write capacity.
    target: '>= 1,000 leads/s, exactly once',
    ok: two.leadsPerSecond >= 1000 && two.duplicates === 0 && two.missing === 0,
  });
}

// 5. Postbacks: one worker process delivering signed postbacks to a local receiver.
if (part('postbacks')) {
  const pb = await benchPostbacks({ deliveries: Number(process.env.BENCH_POSTBACKS ?? 5_000) });
  console.log(`  postbacks: ${fmt(pb.deliveriesPerSecond)}/s, receiver saw ${pb.received}`);
  rows.push({
    name: `postbacks, ${fmt(pb.deliveries)} deliveries, 1 worker process`,
    value: `${fmt(pb.deliveriesPerSecond)} /s`,
    baseline: '',
    ratio: `receiver saw ${fmt(pb.received)}`,
    target: '>= 300 /s, each once',
    ok: pb.deliveriesPerSecond >= 300 && pb.received === pb.deliveries,
  });
}

// 5b. Isolation (issue 17): the healthy endpoints' throughput with dead ones beside them, against
// the same endpoints with none dead, in the same run (bench/isolation.ts).
if (part('isolation')) {
  const isolationRow = (name: string, unit: string, r: IsolationResult) => {
    console.log(`  ${name}: ${fmt(r.faulty.perSecond)} vs all healthy ${fmt(r.healthy.perSecond)} ${unit}`);
    const twice = r.healthy.duplicates + r.faulty.duplicates;
    const missing = r.healthy.missing + r.faulty.missing;
    rows.push({
      name,
      value: `${fmt(r.faulty.perSecond)} ${unit}`,
      baseline: `${fmt(r.healthy.perSecond)} ${unit} (all healthy)`,
      ratio: `${fmt(r.ratio * 100)}%; ${twice} twice, ${missing} missing`,
      target: 'exactly once',
      ok: twice === 0 && missing === 0,
    });
  };
  const perReceiver = Number(process.env.BENCH_ISOLATION_POSTBACKS ?? 1_000);
  isolationRow(
    `postbacks with 5 of 10 receivers dead (3 hang, 2 refuse), ${fmt(perReceiver)} each: the 5 healthy ones' deliveries`,
    '/s',
    await benchPostbackIsolation({ receivers: 10, perReceiver }),
  );
  const perCrm = Number(process.env.BENCH_ISOLATION_CRM_LEADS ?? 500);
  isolationRow(
    `CRM delivery with 1 of 10 CRMs hanging, ${fmt(perCrm)} leads each: the 9 healthy ones' leads -1 → 0`,
    'leads/s',
    await benchCrmIsolation({ crms: 10, perCrm }),
  );
}

// 6. The lead export of the whole world: memory flat while the rows stream out.
if (part('export')) {
  const ex = await benchExport({ databaseUrl: `file:${file}`, groups: 4 });
  console.log(
    `  export: ${fmt(ex.rows)} rows in ${fmt(ex.seconds, 1)} s, peak ${fmt(ex.firstHalfPeakMb)} → ${fmt(ex.secondHalfPeakMb)} MB`,
  );
  rows.push({
    name: `lead export, ${fmt(ex.rows)} leads into ${ex.groups} xlsx files: peak RSS, second half vs first`,
    value: `${fmt(ex.secondHalfPeakMb)} MB (${fmt(ex.rowsPerSecond)} rows/s)`,
    baseline: `${fmt(ex.firstHalfPeakMb)} MB (first half)`,
    ratio: `${ex.growth >= 0 ? '+' : ''}${fmt(ex.growth * 100, 1)}%`,
    target: 'growth < 10%',
    ok: ex.growth < 0.1,
  });
}

if (workerPeakMb) {
  rows.push({
    name: 'worker peak RSS (delivery runs above)',
    value: `${fmt(workerPeakMb)} MB`,
    baseline: apiPeakMb ? `${fmt(apiPeakMb)} MB (API)` : '',
    ratio: '',
    target: '< 384 MB',
    ok: workerPeakMb < 384,
  });
}

// 7. Page weight of a first visit per audience, in Chromium, on a seeded world of its own.
if (part('weight')) {
  const world = await startWorld({ label: 'bench-weight' });
  const home = await mkdtemp(join(tmpdir(), 'leadmesh-bench-weight-'));
  const browser = await launchChromium(home);
  try {
    for (const target of BENCH_PAGE_WEIGHT_TARGETS) {
      const weight = await measureTarget(target, world.urls.shell, browser);
      const problems = weightProblems(target, weight);
      rows.push({
        name: `page weight, ${weight.audience} ${target.path} (gzip JS+CSS${target.charts ? ', before the charts' : ''})`,
        value: kb(weight.gzipBytes),
        baseline: target.charts ? `charts ${kb(weight.chartGzipBytes)} apart` : '',
        ratio: problems.filter((p) => !p.startsWith('over')).join('; ') || 'no other remote',
        target: `<= ${kb(target.maxBytes)}, own remote only`,
        ok: problems.length === 0,
      });
    }
  } finally {
    await browser.close();
    await rm(home, { recursive: true, force: true });
    await world.stop();
  }
}

// 7b. The phone profile of issue 19: each audience's first content, beside a static page's.
if (part('phone')) {
  const world = await startWorld({ label: 'bench-phone' });
  try {
    rows.push(...(await benchPhoneRows({ shellUrl: world.urls.shell, log })));
  } finally {
    await world.stop();
  }
}

// 8. The table, on screen and in bench/results/latest.md.
const header =
  '| | measured | baseline, same run | ratio | target | | machine while measured |\n|---|---|---|---|---|---|---|';
const lines = rows.map(
  (r) =>
    `| ${r.name} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.ok ? 'ok' : 'MISSED'} | ${r.busy ?? ''} |`,
);
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
const table = `${header}\n${lines.join('\n')}\n`;
console.log(`\n${table}`);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
// What the profiles said about the targets missed, kept by hand beside the figures (bench/notes.md).
const notesFile = join(root, 'bench', 'notes.md');
const notes = existsSync(notesFile) ? `\n${readFileSync(notesFile, 'utf8')}` : '';
writeFileSync(
  join(root, 'bench', 'results', 'latest.md'),
  `# Bench results\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}, 50 connections, ${seconds} s per figure, the load generator on the same cores. World: ${fmt(leads)} leads (seeded ${seeded.at.slice(0, 10)}).\n\n${table}${notes}`,
);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
