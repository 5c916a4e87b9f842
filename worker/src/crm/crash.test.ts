import { leadDeliver } from '@leadmesh/jobs';
import { leadCrmAttempts, leadEvents, leads } from '@leadmesh/schema/tables';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../api/src/test/harness.ts';
import { type ChildWorker, startChildWorker } from './test-support/child-worker.ts';
import { type FakeCrms, startFakeCrms } from './test-support/fake-crms.ts';
import { statusCounts, waitFor, waitForStatus } from './test-support/wait.ts';
import { TEST_SECRETS, workerEnvBeside } from './test-support/worker-env.ts';
import { createCrmWorld, fakeCrmData, insertLeads } from './test-support/world.ts';

/**
 * The worker as a real process: killed with SIGKILL in the middle of a batch and started again,
 * every lead reaches its CRM exactly once; stopped with SIGTERM, it finishes the calls it is in.
 */
let api: TestApi;
let fake: FakeCrms;
const children: ChildWorker[] = [];
const env = TEST_SECRETS;

const childEnv = () =>
  workerEnvBeside(api, {
    MAIL_SINK_DIR: `${api.deps.env.DATA_DIR}/mail-child`,
    CRM_CONCURRENCY: '16',
    CRM_TIMEOUT_MS: '3000',
    CRM_STUCK_MS: '8000',
    CRM_SWEEP_MS: '1000',
    CRM_RETRY_BASE_MS: '200',
    CRM_RETRY_MAX_MS: '1000',
  });

async function start() {
  const child = await startChildWorker(childEnv());
  children.push(child);
  return child;
}

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  fake = await startFakeCrms();
});
afterAll(async () => {
  for (const child of children) if (child.child.exitCode === null) child.kill('SIGKILL');
  await fake?.close();
  await api?.close();
});

describe('a worker process', () => {
  it('killed with SIGKILL mid-batch and restarted: every lead arrives exactly once', {
    timeout: 240_000,
  }, async () => {
    const bitrix = await createCrmWorld(api.db, env, 'bitrix24', fakeCrmData('bitrix24', fake.urls.bitrix24));
    const scale = await createCrmWorld(api.db, env, 'scalecrm', fakeCrmData('scalecrm', fake.urls.scalecrm));
    const ids = [...(await insertLeads(api.db, bitrix, 250)), ...(await insertLeads(api.db, scale, 250))];
    // Slow CRMs, so the kill lands while calls are in flight.
    fake.latencyMs = 40;
    const first = await start();
    for (const leadId of ids) await api.deps.jobs.enqueue(leadDeliver, { leadId, attempt: 1 });
    await waitFor(async () => ((await statusCounts(api.db, ids))[0] ?? 0) >= 60, 60_000, 'some deliveries');
    first.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const left = await statusCounts(api.db, ids);
    expect(left[0]).toBeLessThan(ids.length);
    const second = await start();
    await waitForStatus(api.db, ids, 0, 200_000);
    const copies = new Map([...fake.copies('bitrix24'), ...fake.copies('scalecrm')]);
    const wrong = ids
      .filter((id) => copies.get(String(id)) !== 1)
      .map((id) => `${id}:${copies.get(String(id))}`);
    expect(wrong).toEqual([]);
    const recovered = await api.db
      .select({ n: count() })
      .from(leadEvents)
      .where(and(inArray(leadEvents.LeadID, ids), eq(leadEvents.Source, 'system')));
    const found = await api.db
      .select({ n: count() })
      .from(leadCrmAttempts)
      .where(and(inArray(leadCrmAttempts.LeadID, ids), eq(leadCrmAttempts.Kind, 'status_sync')));
    console.log(
      `killed with ${ids.length - (left[0] ?? 0)} leads left: ${recovered[0].n} claims handed out again, ${found[0].n} looked up in the CRM`,
    );
    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('stopped with SIGTERM: finishes the calls it is making and exits; nothing stays in 6', {
    timeout: 120_000,
  }, async () => {
    const w = await createCrmWorld(api.db, env, 'kmacrm', fakeCrmData('kmacrm', fake.urls.kmacrm));
    const ids = await insertLeads(api.db, w, 6);
    fake.latencyMs = 2500;
    const child = await start();
    for (const leadId of ids) await api.deps.jobs.enqueue(leadDeliver, { leadId, attempt: 1 });
    const inFlight = await waitFor(
      async () => {
        const rows = await api.db
          .select({ ID: leads.ID })
          .from(leads)
          .where(and(inArray(leads.ID, ids), eq(leads.Status, 6)));
        return rows.length > 0 && rows.map((r) => r.ID);
      },
      60_000,
      'calls in flight',
    );
    child.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    // The calls it was making were finished and recorded; jobs it had not started wait in -1.
    const after = await statusCounts(api.db, ids);
    expect(after[6]).toBeUndefined();
    expect(await statusCounts(api.db, inFlight)).toEqual({ 0: inFlight.length });
    for (const id of ids) expect(fake.copies('kmacrm').get(String(id)) ?? 0).toBeLessThanOrEqual(1);
    fake.latencyMs = 0;
  });
});
