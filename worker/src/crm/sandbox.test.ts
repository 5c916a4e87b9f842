import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crmAdapter, sandboxLeadId } from '@leadmesh/crm/server';
import { crmDecide, leadDeliver } from '@leadmesh/jobs';
import {
  advertisers,
  crmCallbacks,
  leadCrmAttempts,
  leadDailyStats,
  leads,
  ledgerTransfers,
  postbackDeliveries,
  postbacks,
} from '@leadmesh/schema/tables';
import { Queue } from 'bullmq';
import { and, eq, inArray, sum } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../api/src/test/harness.ts';
import { parseWorkerEnv } from '../env.ts';
import { type RunningWorker, startWorker } from '../worker.ts';
import { sweepDecisions } from './in-process.ts';
import { statusCounts, waitFor, waitForStatus } from './test-support/wait.ts';
import { TEST_SECRETS, workerEnvBeside } from './test-support/worker-env.ts';
import { type CrmWorld, createCrmWorld, insertLeads } from './test-support/world.ts';

let api: TestApi;
let worker: RunningWorker | undefined;
let redis: Redis;
let crmQueue: Queue;
/** What the publisher's postback receiver (a real server on 127.0.0.1) was sent. */
const received: { url: string; headers: http.IncomingHttpHeaders }[] = [];
let receiver: http.Server;
let receiverUrl: string;

const sandboxData = (delaySeconds: number, confirm: number, reject: number, bad: number) => ({
  delaySeconds: String(delaySeconds),
  confirmPercent: String(confirm),
  rejectPercent: String(reject),
  badPercent: String(bad),
});

const start = () => startWorker(parseWorkerEnv(workerEnvBeside(api)));

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  receiver = http.createServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    res.end('ok');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  redis = new Redis(api.deps.env.REDIS_URL, { maxRetriesPerRequest: null });
  crmQueue = new Queue('crm', { connection: redis, prefix: api.deps.env.REDIS_PREFIX });
  worker = await start();
});
afterAll(async () => {
  await worker?.close();
  await crmQueue?.close();
  redis?.disconnect();
  await new Promise((resolve) => receiver?.close(resolve));
  await api?.close();
});

async function sandboxWorld(delaySeconds: number, confirm: number, reject: number, bad: number) {
  const world = await createCrmWorld(
    api.db,
    TEST_SECRETS,
    'sandbox',
    sandboxData(delaySeconds, confirm, reject, bad),
  );
  // A paying advertiser, so a confirmation charges them (infinite credit is never charged).
  await api.db
    .update(advertisers)
    .set({ isInfiniteCredits: false })
    .where(eq(advertisers.ID, world.advertiserId));
  await api.db.insert(postbacks).values({
    BoundUser: world.publisherId,
    postbackName: 'Tracker',
    postbackURL: `${receiverUrl}/pb?lead={lead_id}&status={lead_status}`,
    postbackTrigger: 'Any',
  });
  return world;
}

async function deliver(ids: number[]) {
  for (const leadId of ids) await worker?.ctx.jobs.enqueue(leadDeliver, { leadId, attempt: 1 });
}

const decisionJob = (world: CrmWorld, leadId: number) =>
  crmQueue.getJob(`crm.decide-${world.crmId}-${leadId}`);

/** The status the sandbox's shares give each lead (the same function the worker runs). */
function expectedStatus(world: CrmWorld, leadId: number): number {
  const adapter = crmAdapter('sandbox');
  if (adapter.kind !== 'in-process') throw new Error('the sandbox runs in the worker');
  const status = adapter.decide({ id: leadId, crmId: world.crmId }, world.data).status;
  return { confirmed: 2, rejected: 3, bad: 4 }[status] as number;
}

describe('the Sandbox CRM', () => {
  it('takes each lead without a request, then decides it through the status path: money, rollups and postbacks move', async () => {
    const world = await sandboxWorld(1, 50, 30, 20);
    const ids = await insertLeads(api.db, world, 24);
    await deliver(ids);
    await waitFor(
      async () => {
        const counts = await statusCounts(api.db, ids);
        return (counts[2] ?? 0) + (counts[3] ?? 0) + (counts[4] ?? 0) === ids.length;
      },
      30_000,
      'every lead decided',
    );
    const rows = await api.db.select().from(leads).where(inArray(leads.ID, ids));
    for (const row of rows) {
      expect(row.CRMLeadID).toBe(sandboxLeadId(row.ID));
      expect(row.CRMType).toBe('sandbox');
      expect(row.Status).toBe(expectedStatus(world, row.ID));
    }
    const confirmed = rows.filter((r) => r.Status === 2).map((r) => r.ID);
    expect(confirmed.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.Status !== 2)).toBe(true);

    // The acceptance is recorded like a call, with nothing sent anywhere.
    const attempts = await api.db.select().from(leadCrmAttempts).where(inArray(leadCrmAttempts.LeadID, ids));
    expect(attempts).toHaveLength(ids.length);
    for (const a of attempts) {
      expect(a.Outcome).toBe('ok');
      expect(a.Request).toMatchObject({ method: 'IN-PROCESS', url: 'sandbox:accept' });
    }
    // Its decisions arrive as callbacks do, applied once each.
    const callbacks = await api.db.select().from(crmCallbacks).where(eq(crmCallbacks.CRMID, world.crmId));
    expect(callbacks.map((c) => c.Outcome)).toEqual(ids.map(() => 'applied'));

    // Money: each confirmation charged the advertiser and paid the publisher.
    const charges = await api.db
      .select({ LeadID: ledgerTransfers.LeadID, Code: ledgerTransfers.Code, Amount: ledgerTransfers.Amount })
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.LeadID, ids));
    expect(
      charges
        .filter((c) => c.Code === 'lead_charge')
        .map((c) => c.LeadID)
        .sort(),
    ).toEqual([...confirmed].sort());
    expect(charges.filter((c) => c.Code === 'publisher_earning')).toHaveLength(confirmed.length);

    // Rollups: the day's confirmed count and spend.
    const [rollup] = await api.db
      .select({ confirmed: sum(leadDailyStats.SConfirmed), spent: sum(leadDailyStats.Spent) })
      .from(leadDailyStats)
      .where(eq(leadDailyStats.OfferID, world.offerId));
    expect(Number(rollup.confirmed)).toBe(confirmed.length);
    expect(Number(rollup.spent)).toBe(confirmed.length * 1500);

    // Postbacks: the publisher's Any postback fired for each decision and reached its receiver, signed.
    const decided = await api.db
      .select({ BoundLead: postbackDeliveries.BoundLead, Event: postbackDeliveries.Event })
      .from(postbackDeliveries)
      .where(inArray(postbackDeliveries.BoundLead, ids));
    for (const id of confirmed)
      expect(decided.some((d) => d.BoundLead === id && d.Event.startsWith('approved:'))).toBe(true);
    await waitFor(
      async () => confirmed.every((id) => received.some((r) => r.url.includes(`lead=${id}&status=2`))),
      30_000,
      'the approved postbacks',
    );
    const approved = received.find((r) => r.url.includes(`lead=${confirmed[0]}&status=2`));
    expect(approved?.headers['webhook-signature']).toMatch(/^v1,/);
  });

  it('keeps its decision in a delayed job that outlives a worker restart', async () => {
    const world = await sandboxWorld(3, 100, 0, 0);
    const [id] = await insertLeads(api.db, world, 1);
    await deliver([id]);
    await waitForStatus(api.db, [id], 0);
    const job = await waitFor(async () => decisionJob(world, id), 10_000, 'the decision job');
    expect(await job.getState()).toBe('delayed');
    await worker?.close();
    worker = undefined;
    expect(await (await decisionJob(world, id))?.getState()).toBe('delayed');
    worker = await start();
    await waitForStatus(api.db, [id], 2, 20_000);
  });

  it('asks again for a decision Redis lost (the sweep), and decides nothing it did not take', async () => {
    const world = await sandboxWorld(1, 0, 0, 100);
    const [lost, seeded] = await insertLeads(api.db, world, 2);
    await deliver([lost]);
    await waitForStatus(api.db, [lost], 0);
    await (await waitFor(async () => decisionJob(world, lost), 10_000, 'the decision job')).remove();
    // A lead in 0 whose CRM id the sandbox did not give (seeded, or moved by staff) is not its to decide.
    await api.db
      .update(leads)
      .set({ Status: 0, BoundCRM: world.crmId, CRMType: 'sandbox', CRMLeadID: 'CRM-100001' })
      .where(eq(leads.ID, seeded));
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await sweepDecisions(worker?.ctx as RunningWorker['ctx'], 0)).toBe(1);
    await waitForStatus(api.db, [lost], 4, 20_000);
    expect((await statusCounts(api.db, [seeded]))[0]).toBe(1);
    expect(
      await api.db
        .select()
        .from(crmCallbacks)
        .where(and(eq(crmCallbacks.CRMID, world.crmId), eq(crmCallbacks.LeadID, seeded))),
    ).toEqual([]);
    // A decision asked for again changes nothing (its dedup key).
    await worker?.ctx.jobs.requeue(crmDecide, { crmId: world.crmId, leadId: lost });
    await new Promise((r) => setTimeout(r, 500));
    const applied = await api.db.select().from(crmCallbacks).where(eq(crmCallbacks.LeadID, lost));
    expect(applied).toHaveLength(1);
  });
});
