import { scaleSignature } from '@leadmesh/crm/server';
import { crmCallbacks, leadCrmActivities, leadEvents, leads } from '@leadmesh/schema/tables';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../api/src/test/harness.ts';
import { startFakeCrms } from '../../worker/src/crm/test-support/fake-crms.ts';
import {
  type CrmWorld,
  createCrmWorld,
  fakeCrmData,
  insertLeads,
} from '../../worker/src/crm/test-support/world.ts';

let api: TestApi;
const worlds = {} as Record<'bitrix24' | 'leadvertex' | 'scalecrm' | 'kmacrm', CrmWorld>;
const env = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret' };

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  // Only the URLs' shape matters here: nothing is delivered in this file.
  const fake = await startFakeCrms();
  for (const type of ['bitrix24', 'leadvertex', 'scalecrm', 'kmacrm'] as const) {
    worlds[type] = await createCrmWorld(api.db, env, type, fakeCrmData(type, fake.urls[type]));
  }
  await fake.close();
});
afterAll(async () => {
  await api.close();
});

/** A lead of the world delivered to its CRM (status 0) under `crmLeadId`. */
async function deliveredLead(world: CrmWorld, crmLeadId: string): Promise<number> {
  const [id] = await insertLeads(api.db, world, 1, {
    Status: 0,
    BoundCRM: world.crmId,
    CRMType: world.type,
    CRMLeadID: crmLeadId,
  });
  return id;
}

async function callback(
  world: Pick<CrmWorld, 'crmId' | 'callbackToken'>,
  init: { method?: string; query?: string; body?: string; headers?: Record<string, string> },
) {
  const response = await api.app.request(
    `http://localhost/crm/${world.crmId}/callback/${world.callbackToken}${init.query ? `?${init.query}` : ''}`,
    { method: init.method ?? 'GET', body: init.body, headers: init.headers },
    { remoteAddr: '198.51.100.20' },
  );
  const text = await response.text();
  let json: { status?: string; data?: unknown; details?: { message: string } } | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, text, json };
}

const statusOf = async (id: number) =>
  (await api.db.select({ s: leads.Status }).from(leads).where(eq(leads.ID, id)))[0].s;
const eventsOf = async (id: number) =>
  (await api.db.select({ n: count() }).from(leadEvents).where(eq(leadEvents.LeadID, id)))[0].n;

const scalePost = (world: CrmWorld, payload: unknown, secret = world.data.postbackSecret as string) => {
  const body = JSON.stringify(payload);
  return callback(world, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-signature': scaleSignature(secret, body) },
  });
};

describe('status callbacks', () => {
  it('LeadVertex: a GET postback with its order id and status group; plain OK', async () => {
    const id = await deliveredLead(worlds.leadvertex, '7001');
    const answer = await callback(worlds.leadvertex, { query: `id=7001&status=accepted&externalID=${id}` });
    expect(answer).toMatchObject({ status: 200, text: 'OK' });
    expect(await statusOf(id)).toBe(2);
    const [event] = await api.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.LeadID, id), eq(leadEvents.ToStatus, 2)));
    expect(event).toMatchObject({
      Source: 'crm',
      FromStatus: 0,
      Detail: { crmStatus: 'accepted', via: 'callback' },
    });
  });

  it('KMA: order, status and our id in data1; trash is a bad lead', async () => {
    const id = await deliveredLead(worlds.kmacrm, 'kma77');
    expect((await callback(worlds.kmacrm, { query: `order=kma77&status=pending&data1=${id}` })).text).toBe(
      'OK',
    );
    expect(await statusOf(id)).toBe(1);
    expect((await callback(worlds.kmacrm, { query: `order=kma77&status=trash&data1=${id}` })).text).toBe(
      'OK',
    );
    expect(await statusOf(id)).toBe(4);
  });

  it('Scale CRM: a signed JSON post with calls and comments; getLeadCRMInfo answers them', async () => {
    const world = worlds.scalecrm;
    const id = await deliveredLead(world, '9901');
    const answer = await scalePost(world, {
      event_id: 'ev-1',
      lead_id: '9901',
      external_id: String(id),
      status: 'processing',
      updated_at: '2026-01-05T10:00:00Z',
      calls: [{ agent_id: 'agent-7', duration: 95, started_at: '2026-01-05T09:58:00Z' }],
      comments: [
        { agent_id: 'agent-7', text: 'Asked to call back tomorrow', created_at: '2026-01-05T09:59:40Z' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 'ok', data: { outcome: 'applied', leadStatus: 1 } });
    expect(await statusOf(id)).toBe(1);
    const { client } = await api.loggedIn('crminfostaff', { isVerified: true, isManager: true });
    const info = await client.call('/leads/getLeadCRMInfo', { ID: id });
    expect(info.data).toEqual({
      CRMID: '9901',
      Status: 'processing',
      Comments: [
        {
          AgentID: 'agent-7',
          Type: 'call',
          audioDuration: 95,
          Comment: null,
          createdAt: '2026-01-05T09:58:00.000Z',
        },
        {
          AgentID: 'agent-7',
          Type: 'comment',
          audioDuration: null,
          Comment: 'Asked to call back tomorrow',
          createdAt: '2026-01-05T09:59:40.000Z',
        },
      ],
    });
    // the next update repeats the call list: no activity twice
    await scalePost(world, {
      event_id: 'ev-2',
      lead_id: '9901',
      status: 'approved',
      calls: [{ agent_id: 'agent-7', duration: 95, started_at: '2026-01-05T09:58:00Z' }],
    });
    expect(await statusOf(id)).toBe(2);
    const [activities] = await api.db
      .select({ n: count() })
      .from(leadCrmActivities)
      .where(eq(leadCrmActivities.BoundLead, id));
    expect(activities.n).toBe(2);
  });

  it('a late "in progress" never undoes a final status; a return after confirmation does', async () => {
    const world = worlds.scalecrm;
    const id = await deliveredLead(world, '9902');
    await scalePost(world, { event_id: 'a', lead_id: '9902', status: 'approved' });
    const late = await scalePost(world, { event_id: 'b', lead_id: '9902', status: 'processing' });
    expect(late.json).toMatchObject({ data: { outcome: 'ignored' } });
    expect(await statusOf(id)).toBe(2);
    await scalePost(world, { event_id: 'c', lead_id: '9902', status: 'cancelled' });
    expect(await statusOf(id)).toBe(3);
  });

  it('a callback for a lead whose delivery answer was lost records the CRM id and Waiting', async () => {
    const world = worlds.scalecrm;
    const [id] = await insertLeads(api.db, world, 1, {
      Status: -2,
      BoundCRM: world.crmId,
      CRMType: 'scalecrm',
    });
    await scalePost(world, { event_id: 'lost-1', lead_id: '9950', external_id: String(id), status: 'new' });
    const [row] = await api.db.select().from(leads).where(eq(leads.ID, id));
    expect(row).toMatchObject({ Status: 0, CRMLeadID: '9950' });
  });

  it('getLeadCRMInfo: LeadVertex and KMA leads are not supported; callers see only their own leads', async () => {
    const id = await deliveredLead(worlds.kmacrm, 'kma80');
    const { client } = await api.loggedIn('crminfostaff2', { isVerified: true, isAdmin: true });
    expect(await client.call('/leads/getLeadCRMInfo', { ID: id })).toMatchObject({
      status: 'error',
      data: 'GENERIC_ERROR',
      details: { message: 'Current CRM is not supported!' },
    });
    const scaleLead = await deliveredLead(worlds.scalecrm, '9903');
    const stranger = await api.loggedIn('crminfostranger', { isVerified: true, isCRMInfoAllowed: true });
    expect((await stranger.client.call('/leads/getLeadCRMInfo', { ID: scaleLead })).data).toBe('FORBIDDEN');
    const publisher = await api.loggedIn('crminfopub', { isVerified: true, isCRMInfoAllowed: true });
    const [own] = await insertLeads(api.db, { ...worlds.scalecrm, publisherId: publisher.user.ID }, 1, {
      Status: 0,
      BoundCRM: worlds.scalecrm.crmId,
      CRMType: 'scalecrm',
      CRMLeadID: '9904',
    });
    expect(await publisher.client.call('/leads/getLeadCRMInfo', { ID: own })).toMatchObject({
      status: 'ok',
      data: { CRMID: '9904', Status: 'Waiting', Comments: [] },
    });
    const plain = await api.loggedIn('crminfonoflag', { isVerified: true });
    expect((await plain.client.call('/leads/getLeadCRMInfo', { ID: own })).data).toBe('FORBIDDEN');
  });
});

describe('forged and replayed callbacks', () => {
  it('a wrong or missing token, or an unknown CRM, is refused and changes nothing', async () => {
    const world = worlds.leadvertex;
    const id = await deliveredLead(world, '7100');
    const before = await eventsOf(id);
    for (const forged of [
      { crmId: world.crmId, callbackToken: `${world.callbackToken.slice(0, -1)}x` },
      { crmId: world.crmId, callbackToken: worlds.kmacrm.callbackToken },
      { crmId: 999_999, callbackToken: world.callbackToken },
    ]) {
      const answer = await callback(forged, { query: `id=7100&status=accepted&externalID=${id}` });
      expect(answer.status).toBe(403);
      expect(answer.text).toMatch(/FORBIDDEN/);
    }
    expect(await statusOf(id)).toBe(0);
    expect(await eventsOf(id)).toBe(before);
  });

  it('Scale CRM: a wrong signature (another secret, a changed body) is refused', async () => {
    const world = worlds.scalecrm;
    const id = await deliveredLead(world, '9920');
    const wrongSecret = await scalePost(
      world,
      { event_id: 'f1', lead_id: '9920', status: 'approved' },
      'not-the-secret',
    );
    expect(wrongSecret.status).toBe(401);
    const body = JSON.stringify({ event_id: 'f2', lead_id: '9920', status: 'rejected' });
    const signature = scaleSignature(world.data.postbackSecret as string, body);
    const tampered = await callback(world, {
      method: 'POST',
      body: body.replace('rejected', 'approved'),
      headers: { 'content-type': 'application/json', 'x-signature': signature },
    });
    expect(tampered.status).toBe(401);
    const unsigned = await callback(world, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);
    expect(await statusOf(id)).toBe(0);
  });

  it("bitrix24: an event without the CRM's application token is refused", async () => {
    const world = worlds.bitrix24;
    const body = new URLSearchParams({
      event: 'ONCRMLEADUPDATE',
      'data[FIELDS][ID]': '1234',
      ts: '1767600000',
      'auth[application_token]': 'forged-token',
    }).toString();
    const answer = await callback(world, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(403);
  });

  it("a CRM cannot name another CRM's (another advertiser's) lead", async () => {
    const victim = await deliveredLead(worlds.kmacrm, 'kma90');
    // LeadVertex world's token, KMA world's lead by our id and its CRM id
    const answer = await callback(worlds.leadvertex, {
      query: `id=kma90&status=accepted&externalID=${victim}`,
    });
    expect(answer.status).toBe(404);
    expect(answer.text).toMatch(/No lead of this CRM/);
    const signed = await scalePost(worlds.scalecrm, {
      event_id: 'x1',
      external_id: String(victim),
      status: 'approved',
    });
    expect(signed.status).toBe(404);
    expect(await statusOf(victim)).toBe(0);
  });

  it('a replayed callback is a no-op: no second event, no second postback, the same answer', async () => {
    const world = worlds.kmacrm;
    const id = await deliveredLead(world, 'kma91');
    const query = `order=kma91&status=approved&data1=${id}`;
    expect((await callback(world, { query })).text).toBe('OK');
    const events = await eventsOf(id);
    // meanwhile the CRM moved it on; a replay of the old callback must not bring "approved" back
    await callback(world, { query: `order=kma91&status=rejected&data1=${id}` });
    expect(await statusOf(id)).toBe(3);
    const replay = await callback(world, { query });
    expect(replay).toMatchObject({ status: 200, text: 'OK' });
    expect(await statusOf(id)).toBe(3);
    expect(await eventsOf(id)).toBe(events + 1);
    const rows = await api.db.select().from(crmCallbacks).where(eq(crmCallbacks.LeadID, id));
    expect(rows.map((r) => r.Outcome).sort()).toEqual(['applied', 'applied']);
  });

  it('the callback rows keep what the CRM sent with its secrets masked', async () => {
    const rows = await api.db.select().from(crmCallbacks);
    const text = JSON.stringify(rows);
    for (const world of Object.values(worlds)) {
      expect(text).not.toContain(world.callbackToken);
      for (const secret of Object.values(world.data)) {
        if (secret && !secret.startsWith('http') && secret !== '42') expect(text).not.toContain(secret);
      }
    }
  });
});
