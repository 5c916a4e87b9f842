import { signatureHeaders } from '@leadmesh/net';
import { INSPECTOR_LIMITS, type InspectorRequest } from '@leadmesh/schema';
import { inspectorRequests } from '@leadmesh/schema/tables';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitesApp } from '../../sites/sites.app.ts';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

let api: TestApi;
let sites: ReturnType<typeof createSitesApp>;
let alice: { id: number; client: TestClient };
let bob: { id: number; client: TestClient };

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  sites = createSitesApp(api.deps);
  for (const [name, set] of [
    ['alice', (v: typeof alice) => (alice = v)],
    ['bob', (v: typeof bob) => (bob = v)],
  ] as const) {
    const { user, client } = await api.loggedIn(name, { isVerified: true });
    set({ id: user.ID, client });
  }
});
afterAll(async () => {
  await api?.close();
});

async function inspectorOf(client: TestClient) {
  const answer = await client.call('/postback/getInspector', {});
  if (answer.status !== 'ok') throw new Error(JSON.stringify(answer));
  return answer.data as { URL: string; requests: InspectorRequest[] };
}

/** A request to the sites server, as a receiver's address gets it. */
const send = (url: string, init: RequestInit = {}) => sites.request(url, init);

describe('the postback inspector', () => {
  it('gives each user a URL of their own on the sites server, and shows each only their own requests', async () => {
    const a = await inspectorOf(alice.client);
    const b = await inspectorOf(bob.client);
    expect(a.URL).toMatch(/^http:\/\/127\.0\.0\.1:5100\/pb\/[\w-]{20,}$/);
    expect(b.URL).not.toBe(a.URL);
    expect((await inspectorOf(alice.client)).URL).toBe(a.URL);
    const answer = await send(`${a.URL}/deeper?lead=7&status=2`, { headers: { 'x-test': 'yes' } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('OK');
    const seen = (await inspectorOf(alice.client)).requests;
    expect(seen[0]).toMatchObject({
      method: 'GET',
      URL: `${a.URL}/deeper?lead=7&status=2`,
      signature: 'missing',
      body: '',
    });
    expect(seen[0].headers['x-test']).toBe('yes');
    expect((await inspectorOf(bob.client)).requests).toEqual([]);
    // Naming another user changes nothing: the calls take no user.
    const named = await bob.client.call('/postback/getInspector', { UserID: alice.id, BoundUser: alice.id });
    expect((named.data as { requests: unknown[] }).requests).toEqual([]);
    expect((await send('http://127.0.0.1:5100/pb/no-such-token')).status).toBe(404);
    expect(await api.db.select().from(inspectorRequests).where(eq(inspectorRequests.UserID, bob.id))).toEqual(
      [],
    );
  });

  it('checks the Standard Webhooks signature of each request against the owner’s secrets', async () => {
    const { URL: base } = await inspectorOf(alice.client);
    const rotated = await alice.client.call('/postback/rotateSigningSecret', {});
    const secret = (rotated.data as { secret: string }).secret;
    const url = `${base}?lead=9&status=3`;
    const now = new Date();
    const signed = (payload: string, secrets = [secret], at = now) =>
      signatureHeaders({ secrets, msgId: 'pb_9', timestamp: at, payload });
    await send(url, { headers: signed(url) });
    await send(url, { headers: signed(url, ['whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) });
    await send(url, { headers: signed(url, [secret], new Date(now.getTime() - 10 * 60_000)) });
    const body = JSON.stringify({ event: 'approved', lead_id: 9 });
    await send(base, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...signed(body) },
    });
    const [post, expired, wrong, get] = (await inspectorOf(alice.client)).requests;
    expect([get.signature, wrong.signature, expired.signature, post.signature]).toEqual([
      'valid',
      'invalid',
      'expired',
      'valid',
    ]);
    expect(post).toMatchObject({ method: 'POST', body, bodyBytes: body.length });
  });

  it('keeps the newest 100 per user, bodies cut, and refuses bodies over the limit', async () => {
    const { URL: base } = await inspectorOf(bob.client);
    const big = 'x'.repeat(20_000);
    await send(base, { method: 'POST', body: big });
    const refused = await send(base, { method: 'POST', body: 'y'.repeat(INSPECTOR_LIMITS.maxBodyBytes + 1) });
    expect(refused.status).toBe(413);
    const [kept] = (await inspectorOf(bob.client)).requests;
    expect(kept.bodyBytes).toBe(20_000);
    expect(kept.body).toHaveLength(INSPECTOR_LIMITS.bodyChars);
    for (let n = 1; n <= INSPECTOR_LIMITS.requests + 4; n++) await send(`${base}?n=${n}`);
    const { requests } = await inspectorOf(bob.client);
    expect(requests).toHaveLength(INSPECTOR_LIMITS.requests);
    expect(requests[0].URL).toBe(`${base}?n=${INSPECTOR_LIMITS.requests + 4}`);
    expect(requests.at(-1)?.URL).toBe(`${base}?n=5`);
    const [stored] = await api.db
      .select({ n: count() })
      .from(inspectorRequests)
      .where(eq(inspectorRequests.UserID, bob.id));
    expect(stored.n).toBe(INSPECTOR_LIMITS.requests);
    // Alice's were not touched by Bob's traffic.
    expect((await inspectorOf(alice.client)).requests.length).toBeGreaterThan(0);
    expect((await bob.client.call('/postback/clearInspector', {})).status).toBe('ok');
    expect((await inspectorOf(bob.client)).requests).toEqual([]);
    expect((await inspectorOf(alice.client)).requests.length).toBeGreaterThan(0);
  });

  it('is a postback URL the API accepts although the sites server is on this machine', async () => {
    const { URL: base } = await inspectorOf(alice.client);
    const added = await alice.client.call('/postback/addPostback', {
      postbackName: 'Inspector',
      postbackURL: `${base}?lead={lead_id}&status={lead_status}`,
      postbackTrigger: 'Any',
      postbackDelivery: 'post-json',
    });
    expect(added).toMatchObject({ status: 'ok', data: { postbackDelivery: 'post-json' } });
    // Any other address of this machine stays refused.
    const other = await alice.client.call('/postback/addPostback', {
      postbackName: 'Loopback',
      postbackURL: 'http://127.0.0.1:5100/t/abc?lead={lead_id}',
      postbackTrigger: 'Any',
    });
    expect(other.status).toBe('error');
  });
});
