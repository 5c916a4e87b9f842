/**
 * Resend (admin-leads "Resend" and "Resend leads"): the API takes a failed or waiting delivery back
 * to -2 and the worker delivers it in a fresh cycle of attempts, once.
 */
import { leadDeliver } from '@leadmesh/jobs';
import { leadEvents, leads, logs } from '@leadmesh/schema/tables';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../../api/src/test/harness.ts';
import { parseWorkerEnv } from '../env.ts';
import { type RunningWorker, startWorker } from '../worker.ts';
import { type FakeCrms, startFakeCrms } from './test-support/fake-crms.ts';
import { waitForStatus } from './test-support/wait.ts';
import { TEST_SECRETS, workerEnvBeside } from './test-support/worker-env.ts';
import { type CrmWorld, createCrmWorld, fakeCrmData, insertLeads } from './test-support/world.ts';

let api: TestApi;
let fake: FakeCrms;
let worker: RunningWorker;
let admin: TestClient;
let w: CrmWorld;
const env = TEST_SECRETS;

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  fake = await startFakeCrms();
  worker = await startWorker(
    parseWorkerEnv(
      workerEnvBeside(api, {
        CRM_MAX_ATTEMPTS: '3',
        CRM_RETRY_BASE_MS: '150',
        CRM_RETRY_MAX_MS: '600',
        CRM_TIMEOUT_MS: '1500',
      }),
    ),
  );
  admin = (await api.loggedIn('resender', { isVerified: true, isAdmin: true })).client;
  w = await createCrmWorld(api.db, env, 'scalecrm', fakeCrmData('scalecrm', fake.urls.scalecrm));
});
afterAll(async () => {
  await worker?.close();
  await fake?.close();
  await api?.close();
});

const leadRow = async (id: number) => (await api.db.select().from(leads).where(eq(leads.ID, id)))[0];
const events = async (id: number) =>
  (
    await api.db
      .select({
        kind: leadEvents.Kind,
        from: leadEvents.FromStatus,
        to: leadEvents.ToStatus,
        source: leadEvents.Source,
      })
      .from(leadEvents)
      .where(eq(leadEvents.LeadID, id))
      .orderBy(asc(leadEvents.ID))
  ).map((e) => `${e.kind} ${e.from}>${e.to}:${e.source}`);

/** Leads whose delivery the CRM refused (401 is final): status 5. */
async function failedLeads(count: number): Promise<number[]> {
  const ids = await insertLeads(api.db, w, count);
  fake.misbehave('scalecrm', count, { kind: 'status', status: 401 });
  for (const leadId of ids) await worker.ctx.jobs.enqueue(leadDeliver, { leadId, attempt: 1 });
  await waitForStatus(api.db, ids, 5);
  return ids;
}

describe('/leads/resendLead', () => {
  it('takes a failed lead back to -2 and the worker delivers it once; a second failure can be resent again', async () => {
    const [id] = await failedLeads(1);
    // The CRM refuses the resent lead once more.
    fake.misbehave('scalecrm', 1, { kind: 'status', status: 401 });
    const first = await admin.call('/leads/resendLead', { ID: id });
    expect(first).toMatchObject({ status: 'ok', data: { ID: id, Status: -2 } });
    await waitForStatus(api.db, [id], 5);
    // The key of attempt 1 now belongs to a finished job: the resend frees it.
    const second = await admin.call('/leads/resendLead', { ID: id });
    expect(second).toMatchObject({ status: 'ok', data: { Status: -2 } });
    await waitForStatus(api.db, [id], 0);
    expect(fake.copies('scalecrm').get(String(id))).toBe(1);
    expect(await events(id)).toEqual([
      'status -1>6:delivery',
      'status 6>5:delivery',
      'status 5>-2:admin',
      'resend 5>-2:admin',
      'status -2>6:delivery',
      'status 6>5:delivery',
      'status 5>-2:admin',
      'resend 5>-2:admin',
      'status -2>6:delivery',
      'status 6>0:delivery',
    ]);
    const logged = await api.db.select().from(logs).where(eq(logs.Context, 'leads/resendLead'));
    expect(logged.filter((l) => l.Log.includes(`[lead:${id}]`))).toHaveLength(2);
  });

  it('a lead waiting for a late retry is sent now, counting its attempts from 1 again', async () => {
    const [id] = await insertLeads(api.db, w, 1, { Status: -2 });
    await api.db.insert(leadEvents).values({
      LeadID: id,
      Kind: 'status',
      FromStatus: 6,
      ToStatus: -2,
      Source: 'delivery',
      Detail: { attempt: 2, retryAt: Date.now() + 3_600_000 },
    });
    const answer = await admin.call('/leads/resendLead', { ID: id });
    expect(answer).toMatchObject({ status: 'ok', data: { Status: -2 } });
    await waitForStatus(api.db, [id], 0);
    expect(fake.copies('scalecrm').get(String(id))).toBe(1);
    expect((await events(id)).slice(1)).toEqual([
      'resend -2>-2:admin',
      'status -2>6:delivery',
      'status 6>0:delivery',
    ]);
  });

  it('refuses a lead the CRM has, one being handed over, a blocked one and an unknown id; nothing changes', async () => {
    const [delivered] = await insertLeads(api.db, w, 1, { Status: 0, CRMLeadID: 'crm-1' });
    const [handing] = await insertLeads(api.db, w, 1, { Status: 6 });
    const [blocked] = await insertLeads(api.db, w, 1, { Status: 4, BlockedReason: 'BOT' });
    const [failedWithId] = await insertLeads(api.db, w, 1, { Status: 5, CRMLeadID: 'crm-2' });
    for (const ID of [delivered, handing, blocked, failedWithId]) {
      const before = await leadRow(ID);
      const answer = await admin.call('/leads/resendLead', { ID });
      expect(answer, String(ID)).toMatchObject({ status: 'error', data: 'CONFLICT', httpStatus: 409 });
      expect(await leadRow(ID)).toEqual(before);
      expect(await events(ID)).toEqual([]);
    }
    expect(await admin.call('/leads/resendLead', { ID: 99_999_999 })).toMatchObject({
      status: 'error',
      data: 'NOT_FOUND',
    });
  });
});

describe('/leads/resendLeads', () => {
  it('sends every lead in 5 or -2 again, and only those; answers how many', async () => {
    const failed = await failedLeads(2);
    const [retrying] = await insertLeads(api.db, w, 1, { Status: -2 });
    failed.push(retrying);
    const [waiting] = await insertLeads(api.db, w, 1, { Status: 0, CRMLeadID: 'crm-3' });
    const answer = await admin.call('/leads/resendLeads', {});
    // Earlier tests left no lead in 5 or -2, so the count is exactly these three.
    expect(answer).toMatchObject({ status: 'ok', data: { queued: 3 } });
    await waitForStatus(api.db, failed, 0);
    for (const id of failed) expect(fake.copies('scalecrm').get(String(id))).toBe(1);
    expect((await leadRow(waiting)).Status).toBe(0);
    const left = await api.db
      .select({ ID: leads.ID })
      .from(leads)
      .where(and(eq(leads.Status, 5), inArray(leads.ID, failed)));
    expect(left).toEqual([]);
    expect(await admin.call('/leads/resendLeads', {})).toMatchObject({ status: 'ok', data: { queued: 0 } });
  });
});
