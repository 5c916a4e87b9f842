/**
 * Lead lists on a large world: the first page and page 500 (offset 10,000) of `getLeadsForAdmin`
 * and `getLeadsForPublisher`, with the three filters a screen typically sets (statuses, a 30-day
 * date range, a country), p95 over sequential calls against the running API. Target: p95 < 25 ms.
 *
 * `scripts/bench.ts` calls {@link benchLists} with logged-in headers. Run alone against an API
 * serving a seeded world (demo logins): `npx tsx bench/lists.ts http://127.0.0.1:5000`.
 */
import { fileURLToPath } from 'node:url';

export interface ListBenchRow {
  name: string;
  value: string;
  /** The p95 itself, for the ratio to the bare baseline. */
  ms: number;
  target: string;
  ok: boolean;
}

export interface ListBenchOptions {
  apiUrl: string;
  /** Request headers of a logged-in admin and of the publisher with the most leads (cookie, CSRF). */
  headers: { admin: Record<string, string>; publisher: Record<string, string> };
  /** Measured calls per row (default 200), after 10 unmeasured ones. */
  calls?: number;
  /** The clock the date range ends at (default now). */
  now?: number;
}

const TARGET_MS = 25;
const DAY_MS = 86_400_000;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

/** The three filters of the rows: statuses confirmed or rejected, the last 30 days, Serbia. */
export function threeFilters(now: number) {
  return [
    { name: 'Status', op: 'in', value: [2, 3] },
    { name: 'createdAt', op: 'dgeq', value: new Date(now - 30 * DAY_MS).toISOString() },
    { name: 'createdAt', op: 'dleq', value: new Date(now).toISOString() },
    { name: 'CountryCode', op: 'eq', value: 'RS' },
  ];
}

/**
 * Measures each list page: p95 of `calls` sequential requests. Page 500 is measured twice: as a
 * scroll reaches it (the API remembers where each page of a scroll starts, so it continues there)
 * and asked cold (each call filters a millisecond differently, so nothing is remembered and the
 * API skips 10,000 rows in its covering index). A page that does not come back full (20 rows)
 * fails its row, since a short page measures nothing.
 */
export async function benchLists(options: ListBenchOptions): Promise<ListBenchRow[]> {
  const calls = options.calls ?? 200;
  const now = options.now ?? Date.now();
  const cases = [
    { list: 'getLeadsForAdmin', who: 'admin', offset: 0, filtered: true, cold: false },
    { list: 'getLeadsForAdmin', who: 'admin', offset: 10_000, filtered: true, cold: false },
    { list: 'getLeadsForAdmin', who: 'admin', offset: 10_000, filtered: true, cold: true },
    { list: 'getLeadsForAdmin', who: 'admin', offset: 10_000, filtered: false, cold: false },
    { list: 'getLeadsForPublisher', who: 'publisher', offset: 0, filtered: true, cold: false },
    { list: 'getLeadsForPublisher', who: 'publisher', offset: 10_000, filtered: true, cold: false },
    { list: 'getLeadsForPublisher', who: 'publisher', offset: 10_000, filtered: true, cold: true },
    { list: 'getLeadsForPublisher', who: 'publisher', offset: 10_000, filtered: false, cold: false },
  ] as const;

  const rows: ListBenchRow[] = [];
  for (const c of cases) {
    const url = `${options.apiUrl}/leads/${c.list}`;
    let call = 0;
    const once = async () => {
      const filters = c.filtered ? threeFilters(c.cold ? now - call++ : now) : [];
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: options.headers[c.who],
        body: JSON.stringify({ paginationOffset: c.offset, Filters: filters }),
      });
      const body = (await response.json()) as { status: string; data: { DBData?: unknown[] } };
      const ms = performance.now() - started;
      return { ms, rows: body.status === 'ok' ? (body.data.DBData?.length ?? -1) : -1 };
    };
    let full = true;
    for (let i = 0; i < 10; i++) full &&= (await once()).rows === 20;
    const samples: number[] = [];
    for (let i = 0; i < calls; i++) {
      const { ms, rows: count } = await once();
      full &&= count === 20;
      samples.push(ms);
    }
    const value = p95(samples);
    const where =
      c.offset === 0 ? 'first page' : `page 500 (offset 10,000) ${c.cold ? 'asked cold' : 'scrolled to'}`;
    rows.push({
      name: `/leads/${c.list}, ${where}, ${c.filtered ? 'status in + date range + country' : 'no filter'}: p95`,
      ms: value,
      value: `${value.toFixed(1)} ms${full ? '' : ' (page not full!)'}`,
      target: `< ${TARGET_MS} ms`,
      ok: full && value < TARGET_MS,
    });
  }
  return rows;
}

/**
 * The baseline of the list rows: p95 of the same kind of sequential calls (one at a time, after 10
 * unmeasured) to a URL that answers without work, the bare Hono app replaying a recorded page.
 */
export async function sequentialP95(url: string, init: RequestInit, calls = 200): Promise<number> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, init);
    await response.json();
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) samples.push(await once());
  return p95(samples);
}

/**
 * The bench world's seed has a handful of users and log lines; page 500 of those lists needs more.
 * Adds (once, idempotent) 15,000 verified publishers and 80,000 log lines spread over 60 days.
 */
export async function topUpListWorld(
  run: (sql: string) => Promise<unknown>,
  counts: { users: number; logs: number },
) {
  const now = Date.now();
  if (counts.users < 15_000) {
    await run(`insert into users (username, email, password_hash, first_name, last_name, country, ref_code, is_verified, created_at, updated_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 15000)
      select 'benchuser' || i, 'benchuser' || i || '@example.com', 'x', 'Bench', 'User ' || i,
        case when i % 5 = 0 then 'BA' else 'RS' end, 'bench-ref-' || i, 1,
        ${now} - (i * 345600), ${now} - (i * 345600) from n`);
  }
  if (counts.logs < 80_000) {
    await run(`insert into logs (user_id, log, context, level, created_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 80000)
      select 1, 'Lead status changed [lead:' || i || ']', 'leads/setLeadStatusAdmin', i % 4, ${now} - (i * 64800) from n`);
  }
}

/**
 * The admin lists besides leads (blocked leads, users, logs): first page and page 500 with three
 * filters each, p95 < 25 ms. Logs come 100 a page, the others 20.
 */
export async function benchAdminLists(options: ListBenchOptions): Promise<ListBenchRow[]> {
  const calls = options.calls ?? 200;
  const now = options.now ?? Date.now();
  const since = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const cases = [
    {
      path: '/leads/getAllBlockedLeadsDashboardAdmin',
      page: 20,
      filters: [
        { name: 'CountryCode', op: 'eq', value: 'RS' },
        { name: 'createdAt', op: 'dgeq', value: since(60) },
        { name: 'createdAt', op: 'dleq', value: new Date(now).toISOString() },
      ],
      what: 'country + date range',
      // Remembers where a scroll's pages start (keyset), as the lead lists do.
      keyset: true,
    },
    {
      path: '/users/getAllUsers',
      page: 20,
      filters: [
        { name: 'isVerified', op: 'eq', value: true },
        { name: 'Country', op: 'eq', value: 'RS' },
        { name: 'createdAt', op: 'dgeq', value: since(400) },
      ],
      what: 'verified + country + created since',
      // Remembers where a scroll's pages start (keyset), as the lead lists do.
      keyset: true,
    },
    {
      path: '/logs/getLogs',
      page: 100,
      filters: [
        { name: 'LogLevel', op: 'in', value: [0, 1, 2] },
        { name: 'createdAt', op: 'dgeq', value: since(60) },
        { name: 'createdAt', op: 'dleq', value: new Date(now).toISOString() },
      ],
      what: 'levels + date range',
      keyset: false,
    },
  ];
  const rows: ListBenchRow[] = [];
  for (const c of cases) {
    for (const offset of [0, 499 * c.page]) {
      const once = async () => {
        const started = performance.now();
        const response = await fetch(`${options.apiUrl}${c.path}`, {
          method: 'POST',
          headers: options.headers.admin,
          body: JSON.stringify({ paginationOffset: offset, Filters: c.filters }),
        });
        const body = (await response.json()) as { status: string; data: unknown };
        const ms = performance.now() - started;
        const data = body.data as { DBData?: unknown[] } | unknown[] | undefined;
        const list = Array.isArray(data) ? data : (data?.DBData ?? []);
        return { ms, rows: body.status === 'ok' ? list.length : -1 };
      };
      let full = true;
      for (let i = 0; i < 10; i++) full &&= (await once()).rows === c.page;
      const samples: number[] = [];
      for (let i = 0; i < calls; i++) {
        const r = await once();
        full &&= r.rows === c.page;
        samples.push(r.ms);
      }
      const value = p95(samples);
      rows.push({
        name: `${c.path}, ${offset === 0 ? 'first page' : `page 500 (offset ${offset.toLocaleString('en-US')})${c.keyset ? ' scrolled to' : ''}`}, ${c.what}: p95`,
        ms: value,
        value: `${value.toFixed(1)} ms${full ? '' : ' (page not full!)'}`,
        target: `< ${TARGET_MS} ms`,
        ok: full && value < TARGET_MS,
      });
    }
  }
  return rows;
}

/** Dashboards over the world's 60 days: publisher, advertiser and the admin lead report; p95 < 250 ms. */
export async function benchDashboards(
  options: ListBenchOptions & {
    headers: ListBenchOptions['headers'] & { advertiser: Record<string, string> };
  },
): Promise<ListBenchRow[]> {
  const calls = Math.min(options.calls ?? 200, 60);
  const now = options.now ?? Date.now();
  const start = new Date(now - 60 * DAY_MS).toISOString();
  const end = new Date(now).toISOString();
  const range = [
    { name: 'createdAt', op: 'dgeq', value: start },
    { name: 'createdAt', op: 'dleq', value: end },
  ];
  const cases = [
    { path: '/leads/getLeadsForPublisherDashboard', who: 'publisher', body: { Filters: range } },
    { path: '/leads/getLeadsForAdvertiserDashboard', who: 'advertiser', body: { Filters: range } },
    {
      path: '/leads/getLeadStatsForFrontendAdminDashboard',
      who: 'admin',
      body: { Filters: [], startDate: start, endDate: end },
    },
  ] as const;
  const rows: ListBenchRow[] = [];
  for (const c of cases) {
    const once = async () => {
      const started = performance.now();
      const response = await fetch(`${options.apiUrl}${c.path}`, {
        method: 'POST',
        headers: options.headers[c.who],
        body: JSON.stringify(c.body),
      });
      const body = (await response.json()) as { status: string };
      return { ms: performance.now() - started, ok: body.status === 'ok' };
    };
    let ok = true;
    for (let i = 0; i < 3; i++) ok &&= (await once()).ok;
    const samples: number[] = [];
    for (let i = 0; i < calls; i++) {
      const r = await once();
      ok &&= r.ok;
      samples.push(r.ms);
    }
    const value = p95(samples);
    rows.push({
      name: `${c.path} (${c.who}), 60 days: p95`,
      ms: value,
      value: `${value.toFixed(1)} ms${ok ? '' : ' (refused!)'}`,
      target: '< 250 ms',
      ok: ok && value < 250,
    });
  }
  return rows;
}

/**
 * The staff overview (admin-dashboard, decision 0051) as an admin opens it: today and the world's
 * last 60 days beside the 60 before, top lists and delivery health, at UTC+2. p95 < 250 ms.
 */
export async function benchOverview(options: ListBenchOptions): Promise<ListBenchRow[]> {
  const calls = Math.min(options.calls ?? 200, 100);
  const now = options.now ?? Date.now();
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const body = JSON.stringify({ startDate: day(now - 59 * DAY_MS), endDate: day(now), utcOffset: 120 });
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${options.apiUrl}/leads/getNetworkOverview`, {
      method: 'POST',
      headers: options.headers.admin,
      body,
    });
    const answer = (await response.json()) as {
      status: string;
      data: { range?: { figures: { leads: number } } };
    };
    return {
      ms: performance.now() - started,
      // A world whose range answered no leads measures nothing.
      ok: answer.status === 'ok' && (answer.data.range?.figures.leads ?? 0) > 0,
    };
  };
  let ok = true;
  for (let i = 0; i < 3; i++) ok &&= (await once()).ok;
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const r = await once();
    ok &&= r.ok;
    samples.push(r.ms);
  }
  const value = p95(samples);
  return [
    {
      name: '/leads/getNetworkOverview (admin), today + 60 days beside the 60 before, UTC+2: p95',
      ms: value,
      value: `${value.toFixed(1)} ms${ok ? '' : ' (refused or empty!)'}`,
      target: '< 250 ms',
      ok: ok && value < 250,
    },
  ];
}

/** Headers of a logged-in browser: session cookie, CSRF cookie and header. */
async function login(apiUrl: string, username: string, password: string): Promise<Record<string, string>> {
  const csrf = await fetch(`${apiUrl}/api/csrf`, { method: 'PUT' });
  const xsrf = /lm_xsrf=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `lm_xsrf=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
    body: JSON.stringify({ username, password }),
  });
  const session = /lm_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`login of ${username} failed: ${await response.text()}`);
  return {
    'content-type': 'application/json',
    cookie: `lm_session=${session}; lm_xsrf=${xsrf}`,
    'X-XSRF-TOKEN': xsrf,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const apiUrl = process.argv[2] ?? 'http://127.0.0.1:5000';
  const headers = {
    admin: await login(apiUrl, 'admin', 'admin12345'),
    publisher: await login(apiUrl, 'publisher', 'publisher12345'),
  };
  for (const row of await benchLists({ apiUrl, headers }))
    console.log(`${row.ok ? 'ok    ' : 'MISSED'} ${row.value.padEnd(10)} ${row.name} (${row.target})`);
}
