import { leadDeliver } from '@leadmesh/jobs';
import { crmCallbacks, crms, leadCrmAttempts, leadEvents, leads, logs } from '@leadmesh/schema/tables';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../api/src/test/harness.ts';
import { parseWorkerEnv } from '../env.ts';
import { type RunningWorker, startWorker } from '../worker.ts';
import { deliverLead } from './delivery.ts';
import { BITRIX_CODE, type FakeCrms, type FakeCrmType, startFakeCrms } from './test-support/fake-crms.ts';
import { statusCounts, waitFor, waitForStatus } from './test-support/wait.ts';
import { TEST_SECRETS, workerEnvBeside } from './test-support/worker-env.ts';
import { createCrmWorld, fakeCrmData, insertLeads } from './test-support/world.ts';

let api: TestApi;
let fake: FakeCrms;
let worker: RunningWorker;
const env = TEST_SECRETS;
const MAX_ATTEMPTS = 4;

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  fake = await startFakeCrms();
  worker = await startWorker(
    parseWorkerEnv(
      workerEnvBeside(api, {
        CRM_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
        CRM_RETRY_BASE_MS: '150',
        CRM_RETRY_MAX_MS: '600',
        CRM_TIMEOUT_MS: '1500',
        // The breaker of a CRM failing many times in a row probes again soon (decision 0035).
        ENDPOINT_PROBE_BASE_MS: '200',
        ENDPOINT_PROBE_MAX_MS: '1000',
      }),
    ),
  );
});
afterAll(async () => {
  await worker?.close();
  await fake?.close();
  await api?.close();
});

const world = (type: FakeCrmType, options?: Parameters<typeof createCrmWorld>[4]) =>
  createCrmWorld(api.db, env, type, fakeCrmData(type, fake.urls[type]), options);

async function deliver(ids: number[]) {
  for (const leadId of ids) await worker.ctx.jobs.enqueue(leadDeliver, { leadId, attempt: 1 });
}

const leadRow = async (id: number) => (await api.db.select().from(leads).where(eq(leads.ID, id)))[0];
const timeline = async (id: number) =>
  (
    await api.db
      .select({ from: leadEvents.FromStatus, to: leadEvents.ToStatus, source: leadEvents.Source })
      .from(leadEvents)
      .where(eq(leadEvents.LeadID, id))
      .orderBy(asc(leadEvents.ID))
  ).map((e) => `${e.from}>${e.to}:${e.source}`);
const attemptsOf = (id: number) =>
  api.db
    .select()
    .from(leadCrmAttempts)
    .where(eq(leadCrmAttempts.LeadID, id))
    .orderBy(asc(leadCrmAttempts.ID));

describe('each CRM type: delivery in its own API shape, then its status back', () => {
  it('bitrix24: crm.lead.add on the webhook, then ONCRMLEADUPDATE → crm.lead.get → confirmed', async () => {
    const w = await world('bitrix24');
    const [id] = await insertLeads(api.db, w, 1);
    await deliver([id]);
    await waitForStatus(api.db, [id], 0);
    const lead = await leadRow(id);
    const sent = fake.leads.find((l) => l.type === 'bitrix24' && l.externalId === String(id));
    expect(sent).toBeDefined();
    expect(lead).toMatchObject({ CRMLeadID: sent?.crmLeadId, BoundCRM: w.crmId, CRMType: 'bitrix24' });
    expect(sent?.fields).toMatchObject({
      TITLE: 'Slim Tea - Buyer 0',
      NAME: 'Buyer 0',
      PHONE: [{ VALUE: '+381601000000', VALUE_TYPE: 'WORK' }],
      SOURCE_ID: 'PARTNER',
      ORIGINATOR_ID: 'leadmesh',
      ORIGIN_ID: String(id),
      OPPORTUNITY: 59.8,
      CURRENCY_ID: 'EUR',
    });
    expect(sent?.fields.SOURCE_DESCRIPTION).toMatch(/Leadmesh lead/);
    const request = fake.requests.find(
      (r) => r.type === 'bitrix24' && r.body.includes(`"ORIGIN_ID":"${id}"`),
    );
    expect(request?.path).toBe(`/rest/1/${BITRIX_CODE}/crm.lead.add.json`);
    expect(await timeline(id)).toEqual(['-1>6:delivery', '6>0:delivery']);
    const [attempt] = await attemptsOf(id);
    expect(attempt).toMatchObject({
      Kind: 'deliver',
      Attempt: 1,
      Outcome: 'ok',
      ResponseStatus: 200,
      CRMID: w.crmId,
    });
    expect(JSON.stringify(attempt)).not.toContain(BITRIX_CODE);

    // The agent works the lead in Bitrix24: a call, then "converted"; the portal sends only the id.
    const crmLeadId = lead.CRMLeadID as string;
    fake.addBitrixCall(crmLeadId, {
      agent: '17',
      start: '2026-01-05T10:00:00+00:00',
      end: '2026-01-05T10:02:05+00:00',
      text: 'Customer confirmed the order',
    });
    fake.setBitrixStatus(crmLeadId, 'CONVERTED');
    const event = new URLSearchParams({
      event: 'ONCRMLEADUPDATE',
      'data[FIELDS][ID]': crmLeadId,
      ts: '1767607325',
      'auth[domain]': 'portal.bitrix24.example',
      'auth[application_token]': w.data.outboundToken as string,
    }).toString();
    const post = () =>
      api.app.request(`http://localhost/crm/${w.crmId}/callback/${w.callbackToken}`, {
        method: 'POST',
        body: event,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const answer = await (await post()).json();
    expect(answer).toMatchObject({ status: 'ok', data: { outcome: 'queued' } });
    await waitForStatus(api.db, [id], 2);
    expect((await (await post()).json()).data.outcome).toBe('duplicate');
    const { client } = await api.loggedIn('bxinfo', { isVerified: true, isAdmin: true });
    const info = await client.call('/leads/getLeadCRMInfo', { ID: id });
    expect(info.data).toEqual({
      CRMID: crmLeadId,
      Status: 'CONVERTED',
      Comments: [
        {
          AgentID: '17',
          Type: 'call',
          audioDuration: 125,
          Comment: 'Customer confirmed the order',
          createdAt: '2026-01-05T10:00:00.000Z',
        },
      ],
    });
    const syncs = (await attemptsOf(id)).filter((a) => a.Kind === 'status_sync');
    expect(syncs.map((s) => s.Outcome)).toEqual(['ok', 'ok']);
  });

  it('LeadVertex: addOrder.html with webmasterID and token, the goods from the offer; postback → confirmed', async () => {
    const w = await world('leadvertex');
    const [id] = await insertLeads(api.db, w, 1);
    await deliver([id]);
    await waitForStatus(api.db, [id], 0);
    const request = fake.requests.find((r) => r.type === 'leadvertex' && r.body.includes(`externalID=${id}`));
    expect(request?.path).toMatch(/^\/lv\/api\/webmaster\/v2\/addOrder\.html\?webmasterID=42&token=/);
    const form = Object.fromEntries(new URLSearchParams(request?.body));
    expect(form).toMatchObject({
      fio: 'Buyer 0',
      phone: '+381601000000',
      country: 'RS',
      ip: '203.0.113.7',
      externalID: String(id),
      quantity: '2',
      'goods[0][goodID]': 'ART-7',
      'goods[0][quantity]': '2',
      'goods[0][price]': '59.8',
    });
    const lead = await leadRow(id);
    const answer = await api.app.request(
      `http://localhost/crm/${w.crmId}/callback/${w.callbackToken}?id=${lead.CRMLeadID}&status=accepted&externalID=${id}`,
    );
    expect(await answer.text()).toBe('OK');
    expect((await leadRow(id)).Status).toBe(2);
  });

  it('Scale CRM: JSON with a bearer token and an idempotency key; a signed webhook → rejected', async () => {
    const w = await world('scalecrm');
    const [id] = await insertLeads(api.db, w, 1);
    await deliver([id]);
    await waitForStatus(api.db, [id], 0);
    const request = fake.requests.find(
      (r) => r.type === 'scalecrm' && r.body.includes(`"external_id":"${id}"`),
    );
    expect(request?.headers).toMatchObject({
      'idempotency-key': `leadmesh-${id}`,
      'content-type': 'application/json',
    });
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      name: 'Buyer 0',
      phone: '+381601000000',
      quantity: 2,
      price: 29.9,
      currency: 'EUR',
      offer: { article: 'ART-7' },
    });
    const lead = await leadRow(id);
    const { scaleSignature } = await import('@leadmesh/crm/server');
    const body = JSON.stringify({ event_id: `e-${id}`, lead_id: lead.CRMLeadID, status: 'rejected' });
    const answer = await api.app.request(`http://localhost/crm/${w.crmId}/callback/${w.callbackToken}`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-signature': `sha256=${scaleSignature(w.data.postbackSecret as string, body)}`,
      },
    });
    expect(answer.status).toBe(200);
    expect((await leadRow(id)).Status).toBe(3);
  });

  it('KMA: lead/add with a bearer token, channel, ip, country, referer and data1; postback → confirmed', async () => {
    const w = await world('kmacrm', { articleId: 'rc6iDF' });
    const [id] = await insertLeads(api.db, w, 1);
    await deliver([id]);
    await waitForStatus(api.db, [id], 0);
    const request = fake.requests.find((r) => r.type === 'kmacrm' && r.body.includes(`data1=${id}`));
    expect(request?.path).toBe('/kma/lead/add');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toMatchObject({
      channel: 'rc6iDF',
      name: 'Buyer 0',
      phone: '+381601000000',
      ip: '203.0.113.7',
      country: 'RS',
      referer: 'http://shop.example.com',
      data1: String(id),
      data2: 'fb',
    });
    const lead = await leadRow(id);
    expect(lead.CRMLeadID).toMatch(/^kma/);
    const answer = await api.app.request(
      `http://localhost/crm/${w.crmId}/callback/${w.callbackToken}?order=${lead.CRMLeadID}&status=approved&data1=${id}`,
    );
    expect(await answer.text()).toBe('OK');
    expect((await leadRow(id)).Status).toBe(2);
  });
});

describe('failures and retries', () => {
  it('a CRM that answers 500 and times out for a while, then recovers: every lead arrives exactly once', async () => {
    const w = await world('scalecrm');
    const ids = await insertLeads(api.db, w, 12);
    fake.misbehave('scalecrm', 6, { kind: 'status', status: 500 });
    fake.misbehave('scalecrm', 2, { kind: 'hang' });
    fake.misbehave('scalecrm', 3, { kind: 'status', status: 503, retryAfter: '0' });
    await deliver(ids);
    await waitForStatus(api.db, ids, 0, 90_000);
    const copies = fake.copies('scalecrm');
    for (const id of ids) expect(copies.get(String(id))).toBe(1);
    const retried = (await api.db.select().from(leadEvents).where(inArray(leadEvents.LeadID, ids))).filter(
      (e) => e.ToStatus === -2,
    );
    expect(retried.length).toBeGreaterThanOrEqual(8);
    expect(
      retried.every((e) => typeof e.Detail?.retryAt === 'number' && typeof e.Detail?.error === 'string'),
    ).toBe(true);
  });

  it('an unknown outcome (stored, then 500) is checked with the CRM before sending again: no copy', async () => {
    const w = await world('bitrix24');
    const ids = await insertLeads(api.db, w, 3);
    fake.misbehave('bitrix24', 3, { kind: 'storeThenFail' });
    await deliver(ids);
    await waitForStatus(api.db, ids, 0, 60_000);
    const copies = fake.copies('bitrix24');
    for (const id of ids) {
      expect(copies.get(String(id))).toBe(1);
      const lead = await leadRow(id);
      expect(lead.CRMLeadID).toBe(
        fake.leads.find((l) => l.externalId === String(id) && l.type === 'bitrix24')?.crmLeadId,
      );
      // (the status fetch that follows a found lead adds its own status_sync rows: crm.lead.get)
      const kinds = (await attemptsOf(id))
        .filter(
          (a) =>
            !String(a.Request?.url).includes('crm.lead.get') &&
            !String(a.Request?.url).includes('crm.activity'),
        )
        .map((a) => `${a.Attempt}:${a.Kind}:${a.Outcome}:${String(a.Request?.url).replace(/.*\//, '')}`);
      expect(kinds).toEqual(['1:deliver:retry:crm.lead.add.json', '2:status_sync:ok:crm.lead.list.json']);
    }
  });

  it('429 with Retry-After: the next attempt waits at least that long', async () => {
    const w = await world('kmacrm');
    const [id] = await insertLeads(api.db, w, 1);
    fake.misbehave('kmacrm', 1, { kind: 'status', status: 429, retryAfter: '2' });
    const started = Date.now();
    await deliver([id]);
    const retry = await waitFor(async () =>
      (await api.db.select().from(leadEvents).where(eq(leadEvents.LeadID, id))).find(
        (e) => e.ToStatus === -2,
      ),
    );
    expect(Number(retry.Detail?.retryAt)).toBeGreaterThanOrEqual(started + 2000);
    await waitForStatus(api.db, [id], 0);
    const attempts = await attemptsOf(id);
    expect(attempts.map((a) => a.ResponseStatus)).toEqual([429, 200]);
    // the second attempt was not sent before the CRM allowed it
    expect(attempts[1].createdAt.getTime()).toBeGreaterThanOrEqual(started + 2000);
  });

  it('a refused token (401) or invalid data (400) goes to 5 at once; a CRM that never recovers after the last attempt', async () => {
    const bad = await createCrmWorld(api.db, env, 'kmacrm', {
      inboundURL: fake.urls.kmacrm,
      outboundToken: 'wrong-token-0000000',
    });
    const [refused] = await insertLeads(api.db, bad, 1);
    const w = await world('leadvertex');
    const [invalid] = await insertLeads(api.db, w, 1, { Phone: null, PurchaseDetails: {} });
    const [exhausted] = await insertLeads(api.db, w, 1);
    await deliver([refused, invalid]);
    await waitForStatus(api.db, [refused, invalid], 5);
    expect((await attemptsOf(refused)).map((a) => a.ResponseStatus)).toEqual([401]);
    expect((await attemptsOf(invalid)).map((a) => a.ResponseStatus)).toEqual([400]);
    const [event] = (await api.db.select().from(leadEvents).where(eq(leadEvents.LeadID, refused))).filter(
      (e) => e.ToStatus === 5,
    );
    expect(event.Detail).toMatchObject({ attempt: 1, reason: 'The CRM refused the lead' });
    expect(String(event.Detail?.error)).toMatch(/HTTP 401/);

    fake.misbehave('leadvertex', MAX_ATTEMPTS, { kind: 'status', status: 502 });
    await deliver([exhausted]);
    await waitForStatus(api.db, [exhausted], 5, 60_000);
    const attempts = await attemptsOf(exhausted);
    expect(attempts.map((a) => `${a.Attempt}:${a.Outcome}`)).toEqual([
      '1:retry',
      '2:retry',
      '3:retry',
      '4:failed',
    ]);
    expect(await timeline(exhausted)).toEqual([
      '-1>6:delivery',
      '6>-2:delivery',
      '-2>6:delivery',
      '6>-2:delivery',
      '-2>6:delivery',
      '6>-2:delivery',
      '-2>6:delivery',
      '6>5:delivery',
    ]);
  });

  it('a URL that may not be contacted is refused at send time too (an address changed after saving)', async () => {
    const w = await createCrmWorld(api.db, env, 'kmacrm', {
      inboundURL: 'http://169.254.169.254/latest/meta-data/',
      outboundToken: 'x-token-000000000000',
    });
    const [id] = await insertLeads(api.db, w, 1);
    await deliver([id]);
    await waitForStatus(api.db, [id], 5);
    const [attempt] = await attemptsOf(id);
    expect(attempt.Error).toMatch(/ADDRESS_NOT_ALLOWED/);
    expect(attempt.ResponseStatus).toBeNull();
  });

  it('an offer without a CRM: 5 with the reason', async () => {
    const w = await world('kmacrm');
    const { offers } = await import('@leadmesh/schema/tables');
    await api.db.update(offers).set({ SelectedCRM: null }).where(eq(offers.ID, w.offerId));
    const [id] = await insertLeads(api.db, w, 1);
    await deliver([id]);
    await waitForStatus(api.db, [id], 5);
    expect((await attemptsOf(id))[0]).toMatchObject({ CRMID: null, Outcome: 'failed' });
  });
});

describe('never twice', () => {
  it('duplicate jobs, a retry job for a delivered lead and a job for a blocked lead send nothing more', async () => {
    const w = await world('scalecrm');
    const ids = await insertLeads(api.db, w, 5);
    const [blocked] = await insertLeads(api.db, w, 1, { BlockedReason: 'BOT' });
    await deliver(ids);
    await deliver(ids);
    await waitForStatus(api.db, ids, 0);
    const before = fake.requests.length;
    for (const leadId of [...ids, blocked]) {
      await worker.ctx.jobs.enqueue(leadDeliver, { leadId, attempt: 2 });
      await worker.ctx.jobs.enqueue(leadDeliver, { leadId, attempt: 7 });
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect(fake.requests.length).toBe(before);
    expect((await leadRow(blocked)).Status).toBe(-1);
    expect(await statusCounts(api.db, ids)).toEqual({ 0: 5 });
  });
});

describe("taken in turn from a CRM's lane (decision 0036)", () => {
  it('a lead of another CRM, or of a disabled one, is not claimed: it waits in -1, nothing sent, no attempt spent', async () => {
    const w = await world('scalecrm');
    const other = await world('scalecrm');
    const [leadId] = await insertLeads(api.db, w, 1);
    const before = fake.requests.length;
    expect(await deliverLead(worker.ctx, leadId, 1, undefined, other.crmId)).toMatch(
      /not a lead of this CRM lane/,
    );
    await api.db.update(crms).set({ disabledAt: new Date() }).where(eq(crms.ID, w.crmId));
    expect(await deliverLead(worker.ctx, leadId, 1, undefined, w.crmId)).toMatch(
      /not a lead of this CRM lane/,
    );
    expect(fake.requests.length).toBe(before);
    expect((await leadRow(leadId)).Status).toBe(-1);
    expect(await attemptsOf(leadId)).toEqual([]);
    // Re-enabled, its own lane's turn delivers it.
    await api.db.update(crms).set({ disabledAt: null }).where(eq(crms.ID, w.crmId));
    expect(await deliverLead(worker.ctx, leadId, 1, undefined, w.crmId)).toBe('delivered');
    expect((await leadRow(leadId)).Status).toBe(0);
  });
});

describe('secrets', () => {
  it('never appear in full in attempts, callback rows, timeline or logs', async () => {
    const text = JSON.stringify([
      await api.db.select().from(leadCrmAttempts),
      await api.db.select().from(crmCallbacks),
      await api.db.select().from(leadEvents),
      await api.db.select().from(logs),
    ]);
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of [
      BITRIX_CODE,
      'bx-application-token-0001',
      'lv-api-token-000000001',
      'scale-api-token-0000001',
      'scale-postback-secret-000001',
      'kma-bearer-token-000001',
      'wrong-token-0000000',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('••••');
  });
});
