import {
  apiTokenColumns,
  hashApiToken,
  openApiToken,
  sealLegacyApiTokens,
  secretBoxFromEnv,
} from '@leadmesh/core';
import { apiTokens, logs } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrafficWorld, type TrafficWorld } from '../tracking/test-world.ts';

let w: TrafficWorld;
beforeAll(async () => {
  w = await createTrafficWorld();
});
afterAll(async () => {
  await w?.close();
});

const admin = () => w.admin.client;
let phone = 2_000_000;

/** A server call with a bearer token. */
async function withToken(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await w.api.app.request(
    `http://localhost${path}`,
    {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    },
    { remoteAddr: '127.0.0.1' },
  );
  return {
    status: response.status,
    body: (await response.json()) as { status: string; data: { ID: number } & Record<string, unknown> },
  };
}
const sendLead = (token: string) =>
  withToken(token, 'POST', '/intake/leads', {
    BoundTakenOffer: w.taken.ID,
    name: 'Server buyer',
    phone: `+381 60 ${++phone}`,
  });

describe('API tokens (admin-apitokens)', () => {
  it('creates a token shown in full once, stored sealed and hashed, viewable again, and working at once', async () => {
    const created = await admin().call('/apiTokens/addApiToken', {
      Name: 'Tracker',
      UserID: w.publisher.user.ID,
      Flags: { canSendLeads: true, canReadLeads: true },
    });
    expect(created).toMatchObject({
      status: 'ok',
      data: {
        Name: 'Tracker',
        UserID: w.publisher.user.ID,
        Flags: { canSendLeads: true, canReadLeads: true },
      },
    });
    const { ID, Token } = created.data as { ID: number; Token: string };
    expect(Token).toMatch(/^lm_[A-Za-z0-9_-]{43}$/);

    const [row] = await w.db.select().from(apiTokens).where(eq(apiTokens.ID, ID));
    expect(row.Token).not.toContain(Token);
    expect(row.TokenHash).toBe(hashApiToken(Token));

    const list = await admin().call('/apiTokens/getAllApiTokens', { paginationOffset: 0, Filters: [] });
    const listed = (list.data as { DBData: Record<string, unknown>[] }).DBData.find((t) => t.ID === ID);
    expect(listed).toEqual({
      ID,
      Name: 'Tracker',
      UserID: w.publisher.user.ID,
      Flags: { canSendLeads: true, canReadLeads: true },
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(list)).not.toContain(Token);
    expect(await admin().call('/apiTokens/getToken', { ID })).toMatchObject({
      status: 'ok',
      data: { ID, Token },
    });

    const sent = await sendLead(Token);
    expect(sent.body).toMatchObject({ status: 'ok', data: { Status: -1 } });
    const read = await withToken(Token, 'GET', `/intake/leads/${sent.body.data.ID}`);
    expect(read.body).toEqual({
      status: 'ok',
      data: {
        ID: sent.body.data.ID,
        BoundOffer: w.offer.ID,
        Status: -1,
        StatusName: 'Lead processing',
        BlockedReason: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });

    // The log says who created and viewed which token, never its value.
    const lines = await w.db.select().from(logs);
    const mine = lines.filter((l) => l.Log.includes(`[token:${ID}]`)).map((l) => l.Context);
    expect(mine).toEqual(expect.arrayContaining(['apiTokens/addApiToken', 'apiTokens/getToken']));
    expect(JSON.stringify(lines)).not.toContain(Token);

    // Revoked: refused at once.
    expect(await admin().call('/apiTokens/removeApiToken', { ID })).toMatchObject({
      status: 'ok',
      data: null,
    });
    expect((await sendLead(Token)).status).toBe(401);
    expect(await admin().call('/apiTokens/getToken', { ID })).toMatchObject({ data: 'NOT_FOUND' });
    expect(await admin().call('/apiTokens/removeApiToken', { ID })).toMatchObject({ data: 'NOT_FOUND' });
  });

  it('each flag opens only its door; another user’s lead reads as unknown', async () => {
    const add = async (Flags: Record<string, boolean>, UserID = w.publisher.user.ID) =>
      ((await admin().call('/apiTokens/addApiToken', { Name: 'f', UserID, Flags })).data as { Token: string })
        .Token;
    const sender = await add({ canSendLeads: true });
    const reader = await add({ canReadLeads: true });
    const otherReader = await add({ canReadLeads: true }, w.publisher2.user.ID);
    const nothing = await add({ canSendLeads: false });
    const sent = await sendLead(sender);
    const id = sent.body.data.ID;
    expect((await withToken(sender, 'GET', `/intake/leads/${id}`)).status).toBe(403);
    expect((await sendLead(reader)).status).toBe(403);
    expect((await sendLead(nothing)).status).toBe(403);
    expect((await withToken(reader, 'GET', `/intake/leads/${id}`)).body.data.ID).toBe(id);
    const stranger = await withToken(otherReader, 'GET', `/intake/leads/${id}`);
    expect(stranger).toMatchObject({ status: 404, body: { status: 'error', data: 'NOT_FOUND' } });
    expect((await withToken(reader, 'GET', '/intake/leads/abc')).status).toBe(404);
  });

  it('refuses bad input with the spec’s messages and writes nothing', async () => {
    const before = await w.db.select({ ID: apiTokens.ID }).from(apiTokens);
    const cases: [Record<string, unknown>, string][] = [
      [{ Name: '', UserID: w.publisher.user.ID }, "Name can't be empty"],
      [{ Name: '   ', UserID: w.publisher.user.ID }, "Name can't be empty"],
      [{ UserID: w.publisher.user.ID }, "Name can't be empty"],
      [{ Name: 'x' }, "User can't be empty"],
      [{ Name: 'x', UserID: 99_999_999 }, "User can't be empty"],
      [{ Name: 'x', UserID: w.publisher.user.ID, Flags: { isAdmin: true } }, 'Unknown flag: isAdmin'],
      [{ Name: 'x', UserID: w.publisher.user.ID, Flags: { canSendLeads: 'yes' } }, ''],
    ];
    for (const [body, message] of cases) {
      const answer = await admin().call('/apiTokens/addApiToken', body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
      if (message) expect(answer.details?.message, JSON.stringify(body)).toContain(message);
    }
    expect(await w.db.select({ ID: apiTokens.ID }).from(apiTokens)).toEqual(before);
  });

  it('the catalogue lists the flags a token may be granted', async () => {
    expect(await admin().call('/apiTokens/getAllAvailableFlags', {})).toMatchObject({
      status: 'ok',
      data: [
        { name: 'canSendLeads', friendlyName: expect.any(String) },
        { name: 'canReadLeads', friendlyName: expect.any(String) },
      ],
    });
  });

  it('tokens stored before hashing are sealed and hashed at start, and keep working', async () => {
    const box = secretBoxFromEnv(w.api.deps.env);
    const plain = 'lm_legacy_token_value_0000000001';
    const [legacy] = await w.db
      .insert(apiTokens)
      .values({ Name: 'old', UserID: w.publisher.user.ID, Token: plain, Flags: { canSendLeads: true } })
      .returning();
    expect((await sendLead(plain)).status).toBe(401);
    expect(await sealLegacyApiTokens(w.db, () => box)).toBe(1);
    expect(await sealLegacyApiTokens(w.db, () => box)).toBe(0);
    const [row] = await w.db.select().from(apiTokens).where(eq(apiTokens.ID, legacy.ID));
    expect(row).toMatchObject({ TokenHash: apiTokenColumns(box, plain).TokenHash });
    expect(openApiToken(box, row.Token)).toBe(plain);
    expect((await sendLead(plain)).status).toBe(200);
  });
});
