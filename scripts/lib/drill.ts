/**
 * Fault drills (issue 12): the product under a fault, then the same three checks every time.
 *
 * Each drill builds a fresh world (a libSQL file in a temporary folder, a redis-server of its own
 * on a free port, a fake Scale CRM behind a fault proxy, all on 127.0.0.1), starts the API and the
 * worker as production runs them, posts `leads` leads through `POST /intake/leads` (a partner's
 * server: it retries with the same IdempotencyKey until it gets an answer), injects its fault,
 * waits until every accepted lead is delivered, confirms them (the money moves), and checks:
 *
 * - every accepted lead reached the CRM exactly once (and the CRM holds no other lead);
 * - no ledger entry is duplicated (per idempotency key, per lead and confirmation, per payout);
 * - every running total equals its ledger (`findLedgerDrift` empty, balances sum to zero).
 *
 * `npm run drill` runs each with 5,000 leads; scripts/lib/drill.test.ts with 300 (part of npm test).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiTokenColumns,
  changeLeadStatuses,
  findLedgerDrift,
  ledgerSum,
  secretBoxFromEnv,
} from '@leadmesh/core';
import { applyMigrations, createDb, type DbHandle, hashPassword } from '@leadmesh/db';
import { LEAD_STATUS } from '@leadmesh/schema';
import {
  apiTokens,
  leads,
  offers,
  platformPayouts,
  takenOffers,
  users,
  websites,
} from '@leadmesh/schema/tables';
import { count, eq, sql } from 'drizzle-orm';
import { type FakeCrms, startFakeCrms } from '../../worker/src/crm/test-support/fake-crms.ts';
import { createCrmWorld, fakeCrmData } from '../../worker/src/crm/test-support/world.ts';
import { runIsolationDrill } from './drill-isolation.ts';
import {
  type ApiProcess,
  apiProcess,
  type Managed,
  type OwnRedis,
  sleep,
  startOwnRedis,
  workerProcess,
} from './processes.ts';

export const DRILLS = [
  'worker-kill',
  'redis-restart-flush',
  'crm-outage',
  'api-restart',
  'payout-kill',
  'payout-kill-after-commit',
  // Issue 17 (scripts/lib/drill-isolation.ts): one endpoint dead, everybody else on time.
  'dead-receiver',
  'dead-crm',
] as const;
export type DrillName = (typeof DRILLS)[number];

export interface DrillOptions {
  leads: number;
  /** How long the fake CRM answers 500s and hangs (crm-outage); default 30 s. */
  outageMs?: number;
  /** Gives up waiting for the deliveries after this long (default 10 minutes). */
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface DrillResult {
  drill: DrillName;
  leads: number;
  accepted: number;
  /** Accepted leads the CRM received more than once, and never. */
  duplicated: number;
  missing: number;
  /** Leads the CRM holds that no accepted lead explains. */
  unknownAtCrm: number;
  /** Ledger entries that exist more than once (same key, same lead confirmation, same payout line). */
  duplicatedLedger: number;
  /** Accounts whose running totals differ from their transfers; the sum of every balance. */
  drift: number;
  balanceSum: number;
  seconds: number;
  /** What happened during the fault (the drill's own notes). */
  notes: string[];
  ok: boolean;
}

const SECRET = 'drill-secret-drill-secret-0001';
export const DRILL_TOKEN = `drill-token-${randomBytes(8).toString('hex')}`;
const ADMIN_PASSWORD = 'drill-admin-password-1';
/** The world's publisher signs in as `drillpub` with this password (dashboard reads). */
export const PUBLISHER_LOGIN = { username: 'drillpub', password: 'drill-publisher-password-1' };
export const ADMIN_LOGIN = { username: 'drilladmin', password: ADMIN_PASSWORD };

/** A forwarding proxy in front of the fake CRM that can answer 500s and hang on demand. */
async function faultProxy(target: string) {
  let mode: 'pass' | 'outage' = 'pass';
  let n = 0;
  const origin = new URL(target);
  const server = http.createServer((req, res) => {
    if (mode === 'outage') {
      // Half the calls a 500, half never answered (the worker's time budget ends them).
      if (n++ % 2 === 0) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":"outage"}');
      }
      return;
    }
    const upstream = http.request(
      { host: origin.hostname, port: origin.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${origin.pathname}`,
    setMode(next: 'pass' | 'outage') {
      mode = next;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export interface World {
  dir: string;
  handle: DbHandle;
  redis: OwnRedis;
  fake: FakeCrms;
  proxy: Awaited<ReturnType<typeof faultProxy>>;
  api: ApiProcess;
  worker: Managed;
  takenId: number;
  trackingCode: string;
  publisherId: number;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The world and its processes (see the file comment). */
export async function buildDrillWorld(
  label: string,
  workerEnv: Record<string, string> = {},
  apiEnv: Record<string, string> = {},
): Promise<World> {
  const dir = await mkdtemp(join(tmpdir(), `leadmesh-drill-${label}-`));
  const closers: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const fn of closers.reverse()) await fn().catch((e) => console.error(`drill cleanup: ${e}`));
  };
  try {
    const databaseUrl = `file:${join(dir, 'drill.db')}`;
    const handle = await createDb({ url: databaseUrl });
    closers.push(async () => handle.close());
    await applyMigrations(handle.db);
    const redis = await startOwnRedis(join(dir, 'redis'));
    closers.push(() => redis.kill('SIGKILL'));
    const fake = await startFakeCrms();
    closers.push(() => fake.close());
    const proxy = await faultProxy(fake.urls.scalecrm);
    closers.push(() => proxy.close());

    const secrets = { NODE_ENV: 'test', APP_SECRET: SECRET };
    const crmWorld = await createCrmWorld(handle.db, secrets, 'scalecrm', fakeCrmData('scalecrm', proxy.url));
    await handle.db.update(offers).set({ OfferLimit: 100_000_000 }).where(eq(offers.ID, crmWorld.offerId));
    const [landing] = await handle.db
      .insert(websites)
      .values({
        WebsiteName: 'Drill landing',
        BoundOffer: crmWorld.offerId,
        EntryFile: 'index.html',
        WebsiteType: 'Landing',
        StorageKey: 'drill',
      })
      .returning();
    const [taken] = await handle.db
      .insert(takenOffers)
      .values({
        BoundUser: crmWorld.publisherId,
        BoundOffer: crmWorld.offerId,
        BoundLandingWebsite: landing.ID,
        TrackingCode: `drill-${randomBytes(12).toString('hex')}`,
      })
      .returning();
    await handle.db.insert(apiTokens).values({
      Name: 'drill',
      UserID: crmWorld.publisherId,
      ...apiTokenColumns(secretBoxFromEnv(secrets), DRILL_TOKEN),
      Flags: { canSendLeads: true },
    });
    await handle.db
      .update(users)
      .set({
        Username: PUBLISHER_LOGIN.username,
        PasswordHash: await hashPassword(PUBLISHER_LOGIN.password),
        PaymentMethod: { method: 'bank', account: 'RS35105008123123123173' },
      })
      .where(eq(users.ID, crmWorld.publisherId));
    await handle.db.insert(users).values({
      Username: 'drilladmin',
      Email: 'drilladmin@example.com',
      PasswordHash: await hashPassword(ADMIN_PASSWORD),
      RefCode: randomBytes(4).toString('hex'),
      isVerified: true,
      isAdmin: true,
    });

    const env: Record<string, string> = {
      ...secrets,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `drill-${label}`,
      RATE_LIMIT_DISABLED: 'true',
      ALLOW_LOOPBACK_TARGETS: 'true',
      MAIL_SINK_DIR: join(dir, 'mail'),
      JOB_ENQUEUE_DEADLINE_MS: '1000',
      // Faults heal within seconds here, not minutes: the sweeps and retries run on a short clock.
      CRM_CONCURRENCY: '16',
      CRM_TIMEOUT_MS: '2000',
      CRM_STUCK_MS: '7000',
      CRM_SWEEP_MS: '1000',
      CRM_SWEEP_GRACE_MS: '3000',
      CRM_RETRY_BASE_MS: '200',
      CRM_RETRY_MAX_MS: '2000',
      CRM_MAX_ATTEMPTS: '50',
      OUTBOX_SWEEP_MS: '2000',
      OUTBOX_SWEEP_GRACE_MS: '3000',
      JOB_LOCK_MS: '5000',
      // An endpoint's breaker (decision 0035) probes every 0.5-2 s, so a healed CRM is seen soon.
      ENDPOINT_PROBE_BASE_MS: '500',
      ENDPOINT_PROBE_MAX_MS: '2000',
      ...workerEnv,
    };
    const api = await apiProcess({ ...env, ...apiEnv });
    closers.push(() => api.kill('SIGKILL'));
    const worker = workerProcess(env);
    closers.push(() => worker.kill('SIGKILL'));
    await Promise.all([api.start(), worker.start()]);
    return {
      dir,
      handle,
      redis,
      fake,
      proxy,
      api,
      worker,
      takenId: taken.ID,
      trackingCode: taken.TrackingCode,
      publisherId: crmWorld.publisherId,
      env,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A partner's server sending `total` leads over `concurrency` connections; each lead is retried
 * with the same IdempotencyKey until it gets an answer (the API may be restarting). Answers the
 * ids of the accepted leads; `progress` counts the answers so far.
 */
export function sendLeads(
  world: Pick<World, 'api' | 'takenId'>,
  total: number,
  options: {
    concurrency?: number;
    first?: number;
    urls?: () => string;
    /** Leads sent per second at most (default: as fast as the answers come). */
    perSecond?: number;
  } = {},
) {
  const accepted = new Set<number>();
  let answered = 0;
  let retries = 0;
  let lastError = '';
  let next = 0;
  const begun = performance.now();
  const first = options.first ?? 0;
  const url = options.urls ?? (() => world.api.url);
  const one = async (n: number) => {
    const body = JSON.stringify({
      BoundTakenOffer: world.takenId,
      name: `Buyer ${n}`,
      phone: `+38160${1_000_000 + n}`,
      IdempotencyKey: `drill-${n}`,
    });
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${url()}/intake/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${DRILL_TOKEN}` },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        if (response.status >= 500 || response.status === 429) throw new Error(`HTTP ${response.status}`);
        const answer = (await response.json()) as {
          status: string;
          data?: { ID: number; BlockedReason?: string | null };
          message?: string;
        };
        if (answer.status !== 'ok' || !answer.data) throw new Error(`refused: ${JSON.stringify(answer)}`);
        if (answer.data.BlockedReason) throw new Error(`lead ${n} blocked: ${answer.data.BlockedReason}`);
        accepted.add(answer.data.ID);
        answered++;
        return;
      } catch (error) {
        if ((error as Error).message.startsWith('refused') || (error as Error).message.includes('blocked'))
          throw error;
        retries++;
        lastError = (error as Error).message;
        if (attempt > 200) throw new Error(`lead ${n} never accepted: ${(error as Error).message}`);
        await sleep(100);
      }
    }
  };
  const done = Promise.all(
    Array.from({ length: options.concurrency ?? 16 }, async () => {
      while (next < total) {
        const n = next++;
        if (options.perSecond) {
          const due = begun + (n * 1000) / options.perSecond - performance.now();
          if (due > 0) await sleep(due);
        }
        await one(first + n);
      }
    }),
  );
  return { accepted, done, progress: () => answered, retries: () => retries, lastError: () => lastError };
}

async function statusCount(handle: DbHandle, status: number): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(leads).where(eq(leads.Status, status));
  return row.n;
}

/** Waits until every accepted lead left -1, -2 and 6 for 0 (delivered). */
export async function waitDelivered(
  world: World,
  ids: Set<number>,
  timeoutMs: number,
  log: (l: string) => void,
) {
  const until = Date.now() + timeoutMs;
  let last = -1;
  for (;;) {
    const delivered = await statusCount(world.handle, LEAD_STATUS.WAITING);
    if (delivered >= ids.size) return;
    if (delivered !== last && delivered % 500 < 50) log(`  ${delivered}/${ids.size} delivered`);
    last = delivered;
    if (Date.now() > until) {
      const [states] = await world.handle.db.all<{ s: string }>(
        sql`select group_concat(status || ':' || n) as s from (select status, count(*) as n from leads group by status)`,
      );
      throw new Error(
        `only ${delivered} of ${ids.size} leads delivered in time (statuses ${states?.s}); worker:\n${world.worker.output().slice(-3000)}`,
      );
    }
    await sleep(250);
  }
}

/** Confirms every delivered lead in batches, as the CRM status sync does: the money moves. */
export async function confirmAll(world: World) {
  for (;;) {
    const batch = await world.handle.db
      .select({ ID: leads.ID })
      .from(leads)
      .where(eq(leads.Status, LEAD_STATUS.WAITING))
      .limit(200);
    if (batch.length === 0) return;
    await world.handle.db.transaction((tx) =>
      changeLeadStatuses(
        tx,
        batch.map((l) => ({ leadId: l.ID, status: LEAD_STATUS.CONFIRMED, source: 'crm' as const })),
      ),
    );
  }
}

async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
  everyMs = 50,
) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A logged-in admin's headers (session and CSRF cookies, CSRF header). */
const adminSession = (apiUrl: string) => signIn(apiUrl, ADMIN_LOGIN);

/** Headers of a signed-in browser (session and CSRF cookies, CSRF header). */
export async function signIn(
  apiUrl: string,
  who: { username: string; password: string },
): Promise<Record<string, string>> {
  const csrf = await fetch(`${apiUrl}/api/csrf`, { method: 'PUT' });
  const xsrf = /lm_xsrf=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `lm_xsrf=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
    body: JSON.stringify(who),
  });
  const session = /lm_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`login of ${who.username} failed: ${await login.text()}`);
  return {
    'content-type': 'application/json',
    cookie: `lm_session=${session}; lm_xsrf=${xsrf}`,
    'X-XSRF-TOKEN': xsrf,
  };
}

/** The three checks every drill ends with, plus what the CRM holds beyond the accepted leads. */
export async function drillChecks(handle: DbHandle, fake: FakeCrms, accepted: Set<number>) {
  const copies = fake.copies('scalecrm');
  let duplicated = 0;
  let missing = 0;
  for (const id of accepted) {
    const n = copies.get(String(id)) ?? 0;
    if (n === 0) missing++;
    else if (n > 1) duplicated++;
  }
  const unknownAtCrm = [...copies.keys()].filter((id) => !accepted.has(Number(id))).length;
  const [{ n: allLeads }] = await handle.db.select({ n: count() }).from(leads);
  // Leads committed whose answer was lost would be accepted by their retry (same key): none extra.
  const extraLeads = allLeads - accepted.size;
  const [dupKeys] = await handle.db.all<{ n: number }>(sql`select count(*) as n from (
    select idempotency_key from ledger_transfers where idempotency_key is not null
    group by idempotency_key having count(*) > 1)`);
  // A lead confirmed once has exactly one transfer of each code; a payout pays a user once.
  const [dupLead] = await handle.db.all<{ n: number }>(sql`select count(*) as n from (
    select t.lead_id, t.code from ledger_transfers t join leads l on l.id = t.lead_id
    group by t.lead_id, t.code having count(*) > max(l.confirm_count))`);
  const [dupPayout] = await handle.db.all<{ n: number }>(sql`select count(*) as n from (
    select platform_payout_id, debit_account_id, credit_account_id from ledger_transfers
    where platform_payout_id is not null
    group by platform_payout_id, debit_account_id, credit_account_id having count(*) > 1)`);
  const drift = await findLedgerDrift(handle.db);
  const balanceSum = await ledgerSum(handle.db);
  return {
    duplicated,
    missing,
    unknownAtCrm: unknownAtCrm + Math.max(0, extraLeads),
    duplicatedLedger: Number(dupKeys?.n ?? 0) + Number(dupLead?.n ?? 0) + Number(dupPayout?.n ?? 0),
    drift: drift.length,
    balanceSum,
  };
}

export async function runDrill(drill: DrillName, options: DrillOptions): Promise<DrillResult> {
  if (drill === 'dead-receiver' || drill === 'dead-crm') return runIsolationDrill(drill, options);
  const log = options.log ?? (() => {});
  const total = options.leads;
  const timeoutMs = options.timeoutMs ?? 600_000;
  const notes: string[] = [];
  const started = performance.now();
  const world = await buildDrillWorld(drill);
  try {
    // Slow enough that the fault lands while deliveries are under way.
    world.fake.latencyMs = 10;
    const delivered = () => statusCount(world.handle, LEAD_STATUS.WAITING);
    let sender: ReturnType<typeof sendLeads>;

    switch (drill) {
      case 'worker-kill': {
        sender = sendLeads(world, total);
        await waitUntil(async () => (await delivered()) >= total * 0.3, timeoutMs, '30% delivered');
        const before = await delivered();
        await world.worker.kill('SIGKILL');
        notes.push(`worker killed with SIGKILL at ${before} delivered`);
        await sleep(1000);
        await world.worker.start();
        break;
      }
      case 'redis-restart-flush': {
        sender = sendLeads(world, total);
        await waitUntil(async () => (await delivered()) >= total * 0.2, timeoutMs, '20% delivered');
        await world.redis.kill('SIGKILL');
        notes.push(`redis killed at ${await delivered()} delivered, ${sender.progress()} leads answered`);
        await sleep(2000);
        await world.redis.start();
        notes.push(`redis back (from its append-only file) at ${sender.progress()} leads answered`);
        await waitUntil(async () => (await delivered()) >= total * 0.5, timeoutMs, '50% delivered');
        await world.redis.flush();
        notes.push(`redis flushed at ${await delivered()} delivered, ${sender.progress()} leads answered`);
        break;
      }
      case 'crm-outage': {
        sender = sendLeads(world, total);
        await waitUntil(async () => (await delivered()) >= total * 0.2, timeoutMs, '20% delivered');
        world.proxy.setMode('outage');
        const at = await delivered();
        await sleep(options.outageMs ?? 30_000);
        world.proxy.setMode('pass');
        notes.push(
          `CRM answered 500s and hung for ${(options.outageMs ?? 30_000) / 1000} s from ${at} delivered (${await delivered()} at its end)`,
        );
        break;
      }
      case 'api-restart': {
        // Spread over about 10 s, so both restarts land in the middle of the intake.
        sender = sendLeads(world, total, { perSecond: total / 10 });
        await waitUntil(() => sender.progress() >= total * 0.3, timeoutMs, '30% sent');
        await world.api.kill('SIGTERM');
        notes.push(`API stopped (SIGTERM) at ${sender.progress()} leads answered`);
        await sleep(500);
        await world.api.start();
        await waitUntil(() => sender.progress() >= total * 0.6, timeoutMs, '60% sent');
        await world.api.kill('SIGKILL');
        notes.push(`API killed (SIGKILL) at ${sender.progress()} leads answered`);
        await world.api.start();
        break;
      }
      case 'payout-kill':
      case 'payout-kill-after-commit': {
        sender = sendLeads(world, total);
        break;
      }
    }
    await sender.done;
    notes.push(
      `${sender.accepted.size} leads accepted, ${sender.retries()} intake retries${sender.retries() ? ` (last: ${sender.lastError()})` : ''}`,
    );
    await waitDelivered(world, sender.accepted, timeoutMs, log);
    await confirmAll(world);

    if (drill === 'payout-kill' || drill === 'payout-kill-after-commit') {
      const admin = await adminSession(world.api.url);
      const call = (path: string, body: unknown) =>
        fetch(`${world.api.url}${path}`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
      const created = (await (await call('/payouts/createPlatformPayout', {})).json()) as {
        status: string;
        data: { ID: number; TotalPaidOut: number };
      };
      if (created.status !== 'ok') throw new Error(`payout not created: ${JSON.stringify(created)}`);
      const id = created.data.ID;
      const processing = call('/payouts/performPayoutProcess', { ID: id }).catch(() => null);
      if (drill === 'payout-kill') {
        // The kill lands somewhere in the call: sent, then SIGKILL after a few milliseconds.
        await sleep(5 + Math.floor(Math.random() * 40));
      } else {
        // The kill lands right after the commit, before the caller can rely on the answer: the
        // payout is done, and the run again must say so and pay nothing twice.
        await waitUntil(
          async () => {
            const [row] = await world.handle.db
              .select({ processed: platformPayouts.Processed })
              .from(platformPayouts)
              .where(eq(platformPayouts.ID, id));
            return Boolean(row?.processed);
          },
          timeoutMs,
          'payout committed',
          1,
        );
      }
      await world.api.kill('SIGKILL');
      await processing;
      const [after] = await world.handle.db.select().from(platformPayouts).where(eq(platformPayouts.ID, id));
      notes.push(
        `API killed mid payout process; after the kill the payout was ${after.Processed ? 'processed' : 'not processed'}`,
      );
      await world.api.start();
      const again = (await (
        await fetch(`${world.api.url}/payouts/performPayoutProcess`, {
          method: 'POST',
          headers: await adminSession(world.api.url),
          body: JSON.stringify({ ID: id }),
        })
      ).json()) as { status: string; data?: unknown; details?: { message?: string } };
      const refusal = `${String(again.data)}${again.details?.message ? `: ${again.details.message}` : ''}`;
      notes.push(`run again: ${again.status}${again.status === 'ok' ? '' : ` (${refusal})`}`);
      if (after.Processed ? again.status === 'ok' : again.status !== 'ok')
        throw new Error(`the second run answered ${JSON.stringify(again)}`);
      const [unpaid] = await world.handle.db
        .select({ n: count() })
        .from(leads)
        .where(sql`${leads.Status} = ${LEAD_STATUS.CONFIRMED} and ${leads.LeadMoneyWithdrawn} = 0`);
      notes.push(`confirmed leads left unpaid after the payout: ${unpaid.n}`);
      if (unpaid.n !== 0) throw new Error(`${unpaid.n} confirmed leads were not paid out`);
    }

    const checks = await drillChecks(world.handle, world.fake, sender.accepted);
    const [transfers] = await world.handle.db.all<{ n: number }>(
      sql`select count(*) as n from ledger_transfers`,
    );
    notes.push(`${transfers?.n ?? 0} ledger transfers checked`);
    if (!transfers?.n) throw new Error('no money moved: the ledger checks would prove nothing');
    const crashes = world.api.crashes() + world.worker.crashes();
    if (crashes) notes.push(`${crashes} unexpected process exits`);
    const ok =
      sender.accepted.size === total &&
      checks.duplicated === 0 &&
      checks.missing === 0 &&
      checks.unknownAtCrm === 0 &&
      checks.duplicatedLedger === 0 &&
      checks.drift === 0 &&
      checks.balanceSum === 0 &&
      crashes === 0;
    return {
      drill,
      leads: total,
      accepted: sender.accepted.size,
      ...checks,
      seconds: (performance.now() - started) / 1000,
      notes,
      ok,
    };
  } finally {
    await world.close();
  }
}
