import { crmLane, laneMember, leadDeliver } from '@leadmesh/jobs';
import { crms, leadCrmAttempts, leadEvents, leads } from '@leadmesh/schema/tables';
import { Queue } from 'bullmq';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../api/src/test/harness.ts';
import { parseWorkerEnv } from '../env.ts';
import { type RunningWorker, startWorker } from '../worker.ts';
import { crmSettings } from './settings.ts';
import { createCrmSweeper } from './sweep.ts';
import { type FakeCrms, startFakeCrms } from './test-support/fake-crms.ts';
import { statusCounts, waitFor, waitForStatus } from './test-support/wait.ts';
import { TEST_SECRETS, workerEnvBeside } from './test-support/worker-env.ts';
import { type CrmWorld, createCrmWorld, fakeCrmData, insertLeads } from './test-support/world.ts';

let api: TestApi;
let fake: FakeCrms;
let worker: RunningWorker;
let queue: Queue;
const env = TEST_SECRETS;
const longAgo = () => new Date(Date.now() - 10 * 60_000);

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  fake = await startFakeCrms();
  const workerEnv = parseWorkerEnv(
    workerEnvBeside(api, {
      CRM_RETRY_BASE_MS: '100',
      CRM_RETRY_MAX_MS: '300',
      CRM_TIMEOUT_MS: '1000',
      CRM_STUCK_MS: '1000',
    }),
  );
  worker = await startWorker(workerEnv);
  queue = new Queue('crm', { connection: api.runtime.platform.queueRedis, prefix: workerEnv.REDIS_PREFIX });
});
afterAll(async () => {
  await queue?.close();
  await worker?.close();
  await fake?.close();
  await api?.close();
});

const sweeper = (batch = 500) =>
  createCrmSweeper({
    db: api.db,
    jobs: worker.ctx.jobs,
    settings: crmSettings(worker.ctx.env),
    batch,
    lanes: worker.ctx.lanes,
  });

/** Leads as Redis would leave them after a flush: in the database, no job anywhere. */
async function orphans(world: CrmWorld, count: number, overrides: Partial<typeof leads.$inferInsert> = {}) {
  return insertLeads(api.db, world, count, { createdAt: longAgo(), ...overrides });
}

describe('the CRM sweep', () => {
  it('enqueues leads in -1 whose job never reached Redis, a bounded batch at a time, oldest first', async () => {
    const w = await createCrmWorld(api.db, env, 'scalecrm', fakeCrmData('scalecrm', fake.urls.scalecrm));
    const ids = await orphans(w, 7);
    const fresh = await insertLeads(api.db, w, 1);
    const sweep = sweeper(3);
    const enqueued: number[] = [];
    for (let i = 0; i < 4; i++) enqueued.push(await sweep.sweep());
    expect(enqueued.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(7);
    await waitForStatus(api.db, ids, 0);
    // intake's own job is still on its way for a fresh lead: left alone
    expect((await api.db.select().from(leads).where(eq(leads.ID, fresh[0])))[0].Status).toBe(-1);
    for (const id of ids) expect(fake.copies('scalecrm').get(String(id))).toBe(1);
  });

  it('re-enqueues a retry whose job was lost with Redis, after what is left of its delay', async () => {
    const w = await createCrmWorld(api.db, env, 'kmacrm', fakeCrmData('kmacrm', fake.urls.kmacrm));
    const [id] = await orphans(w, 1, { Status: -2, BoundCRM: w.crmId, CRMType: 'kmacrm' });
    await api.db.insert(leadEvents).values({
      LeadID: id,
      Kind: 'status',
      FromStatus: 6,
      ToStatus: -2,
      Source: 'delivery',
      Detail: { attempt: 3, retryAt: Date.now() + 300, error: 'HTTP 503' },
    });
    expect(await sweeper().sweep()).toBeGreaterThanOrEqual(1);
    const job = await queue.getJob(leadDeliver.key({ leadId: id, attempt: 4 }));
    expect(job).toBeDefined();
    await waitForStatus(api.db, [id], 0);
    const attempts = await api.db.select().from(leadCrmAttempts).where(eq(leadCrmAttempts.LeadID, id));
    expect(attempts.map((a) => a.Attempt)).toEqual([4]);
  });

  it('hands out again a lead stuck in 6 (its worker died mid-call): one the CRM got is found, not sent twice', async () => {
    const w = await createCrmWorld(api.db, env, 'bitrix24', fakeCrmData('bitrix24', fake.urls.bitrix24));
    const [got, lost] = await orphans(w, 2, {
      Status: 6,
      BoundCRM: w.crmId,
      CRMType: 'bitrix24',
      updatedAt: longAgo(),
    });
    for (const id of [got, lost]) {
      await api.db.insert(leadEvents).values({
        LeadID: id,
        Kind: 'status',
        FromStatus: -1,
        ToStatus: 6,
        Source: 'delivery',
        Detail: { attempt: 1, crmId: w.crmId },
      });
    }
    // The CRM received the first one before the worker died.
    fake.misbehave('bitrix24', 1, { kind: 'storeThenFail' });
    const { bitrix24Adapter } = await import('@leadmesh/crm/server');
    const { deliveryLead } = await import('./lead.ts');
    const [gotRow] = await api.db.select().from(leads).where(eq(leads.ID, got));
    const request = bitrix24Adapter.deliver(
      deliveryLead(gotRow, {
        ID: w.offerId,
        OfferName: 'O',
        OfferProductName: 'P',
        OfferProductPrice: '1 EUR',
        CRMID: null,
      }),
      w.data,
    );
    await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
    // The dead worker's job stayed behind, finished (BullMQ gave up on it): its id is taken.
    await api.db.update(leads).set({ Status: 0 }).where(eq(leads.ID, got));
    await worker.ctx.jobs.enqueue(leadDeliver, { leadId: got, attempt: 1 });
    await waitFor(async () =>
      (await queue.getJob(leadDeliver.key({ leadId: got, attempt: 1 })))?.isCompleted(),
    );
    await api.db.update(leads).set({ Status: 6, updatedAt: longAgo() }).where(eq(leads.ID, got));

    expect(await sweeper().sweep()).toBeGreaterThanOrEqual(2);
    await waitForStatus(api.db, [got, lost], 0);
    expect(fake.copies('bitrix24').get(String(got))).toBe(1);
    expect(fake.copies('bitrix24').get(String(lost))).toBe(1);
    const events = await api.db
      .select()
      .from(leadEvents)
      .where(inArray(leadEvents.LeadID, [got]))
      .orderBy(asc(leadEvents.ID));
    expect(events.map((e) => `${e.FromStatus}>${e.ToStatus}:${e.Source}`)).toEqual([
      '-1>6:delivery',
      '6>6:system',
      '6>0:delivery',
    ]);
    expect(events[2].Detail).toMatchObject({ foundInCrm: true });
  });

  it("leaves a disabled CRM's leads waiting, without a job, until /partners/enableCRM; then they go", async () => {
    const off = await createCrmWorld(api.db, env, 'kmacrm', fakeCrmData('kmacrm', fake.urls.kmacrm));
    const healthy = await createCrmWorld(api.db, env, 'kmacrm', fakeCrmData('kmacrm', fake.urls.kmacrm));
    await api.db
      .update(crms)
      .set({ disabledAt: new Date(), disabledReason: 'No successful delivery (test)' })
      .where(eq(crms.ID, off.crmId));
    const waiting = await orphans(off, 2);
    const [retrying] = await orphans(off, 1, { Status: -2, BoundCRM: off.crmId, CRMType: 'kmacrm' });
    await api.db.insert(leadEvents).values({
      LeadID: retrying,
      Kind: 'status',
      FromStatus: 6,
      ToStatus: -2,
      Source: 'delivery',
      Detail: { attempt: 1, retryAt: Date.now() - 1000, error: 'HTTP 503' },
    });
    const [other] = await orphans(healthy, 1);

    await sweeper().sweep();
    // The healthy CRM's lead went in the same pass; the disabled one's have no job at all.
    await waitForStatus(api.db, [other], 0);
    for (const id of waiting)
      expect(await queue.getJob(leadDeliver.key({ leadId: id, attempt: 1 }))).toBeUndefined();
    expect(await queue.getJob(leadDeliver.key({ leadId: retrying, attempt: 2 }))).toBeUndefined();
    expect(await statusCounts(api.db, [...waiting, retrying])).toEqual({ '-1': 2, '-2': 1 });
    expect(
      await api.db
        .select()
        .from(leadCrmAttempts)
        .where(inArray(leadCrmAttempts.LeadID, [...waiting, retrying])),
    ).toEqual([]);

    const { client: admin } = await api.loggedIn('sweepadmin', { isAdmin: true, isVerified: true });
    const enabled = await admin.call('/partners/enableCRM', {
      ID: off.crmId,
      advertiserID: off.advertiserId,
    });
    expect(enabled.status).toBe('ok');
    // The re-enable hands out the leads in -1; the next pass the retry whose time has come.
    await waitForStatus(api.db, waiting, 0);
    await sweeper().sweep();
    await waitForStatus(api.db, [retrying], 0);
    for (const id of [...waiting, retrying]) expect(fake.copies('kmacrm').get(String(id))).toBe(1);
  });

  it("leaves a lead parked in its CRM's busy lane without a job, and re-queues one no lane holds", async () => {
    const lanes = worker.ctx.lanes;
    if (!lanes) throw new Error('the worker runs without lanes');
    const busy = await createCrmWorld(api.db, env, 'kmacrm', fakeCrmData('kmacrm', fake.urls.kmacrm));
    const idle = await createCrmWorld(api.db, env, 'kmacrm', fakeCrmData('kmacrm', fake.urls.kmacrm));
    const lane = crmLane(busy.crmId);
    // Every slot of the busy CRM's lane is taken by a call that hangs; its lead is parked behind them.
    const hanging = Array.from(
      { length: lanes.settings.maxInFlight },
      (_, i) => `hanging-${busy.crmId}-${i}`,
    );
    for (const token of hanging) expect(await lanes.enter(lane, token, `slot ${token}`)).toBe(true);
    const [parked] = await orphans(busy, 1);
    const parkedMember = laneMember(leadDeliver, leadDeliver.schema.parse({ leadId: parked, attempt: 1 }));
    expect(await lanes.enter(lane, `job-${parked}`, parkedMember)).toBe(false);
    // Redis lost the other CRM's lead (its lane holds nothing): the sweep is all that brings it back.
    const [lost] = await orphans(idle, 1);

    await sweeper().sweep();
    await sweeper().sweep();
    expect(await queue.getJob(leadDeliver.key({ leadId: parked, attempt: 1 }))).toBeUndefined();
    expect((await lanes.status([lane]))[0]).toMatchObject({ inFlight: hanging.length, waiting: 1 });
    expect(await queue.getJob(leadDeliver.key({ leadId: lost, attempt: 1 }))).toBeDefined();
    await waitForStatus(api.db, [lost], 0);
    expect(await statusCounts(api.db, [parked])).toEqual({ '-1': 1 });

    // A slot frees: the parked lead leaves the lane and is delivered once, nothing lost.
    const { dispatchReleased } = await import('../lanes.ts');
    for (const token of hanging) await dispatchReleased(worker.ctx, await lanes.leave(lane, token, 'ok'));
    await waitForStatus(api.db, [parked], 0);
    expect(fake.copies('kmacrm').get(String(parked))).toBe(1);
    expect(fake.copies('kmacrm').get(String(lost))).toBe(1);
  });

  it('replaces a finished job of a lead still waiting (a resend, a job that gave up)', async () => {
    const w = await createCrmWorld(api.db, env, 'scalecrm', fakeCrmData('scalecrm', fake.urls.scalecrm));
    const [id] = await orphans(w, 1, { Status: 3 });
    await worker.ctx.jobs.enqueue(leadDeliver, { leadId: id, attempt: 1 });
    await waitFor(async () =>
      (await queue.getJob(leadDeliver.key({ leadId: id, attempt: 1 })))?.isCompleted(),
    );
    await api.db.update(leads).set({ Status: -1 }).where(eq(leads.ID, id));
    await sweeper().sweep();
    await waitForStatus(api.db, [id], 0);
  });
});
