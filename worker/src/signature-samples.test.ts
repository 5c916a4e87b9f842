import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { type InspectorRequest, SIGNATURE_SAMPLES } from '@leadmesh/schema';
import { postbackDeliveries } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitesApp } from '../../api/src/sites/sites.app.ts';
import { createTestApi, type TestApi, type TestClient } from '../../api/src/test/harness.ts';
import { waitFor } from './crm/test-support/wait.ts';
import { workerEnvBeside } from './crm/test-support/worker-env.ts';
import { parseWorkerEnv } from './env.ts';
import { type RunningWorker, startWorker } from './worker.ts';

/** What a receiver got, as its server saw it. */
interface Received {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

let api: TestApi;
let worker: RunningWorker | undefined;
let publisher: TestClient;
const received: Received[] = [];
let receiver: http.Server;
let receiverOrigin: string;
let sitesServer: http.Server;
let sitesOrigin: string;

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
const close = (server: http.Server | undefined) =>
  new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers as Record<string, string>,
        body,
      });
      res.end('ok');
    });
  });
  receiverOrigin = await listen(receiver);
  // The sites server first (on a free port), so the API and the worker know its public URL.
  let sitesApp: ReturnType<typeof createSitesApp> | undefined;
  sitesServer = http.createServer((req, res) => {
    if (!sitesApp) return res.writeHead(503).end();
    getRequestListener(sitesApp.fetch)(req, res);
  });
  sitesOrigin = await listen(sitesServer);
  // The API admits the receiver on 127.0.0.1 (a test's fake); the second worker below does not.
  api = await createTestApi({
    RATE_LIMIT_DISABLED: 'true',
    SITES_PUBLIC_URL: sitesOrigin,
    ALLOW_LOOPBACK_TARGETS: 'true',
  });
  sitesApp = createSitesApp(api.deps);
  ({ client: publisher } = await api.loggedIn('sampler', { isVerified: true }));
});
afterAll(async () => {
  await worker?.close();
  await close(receiver);
  await close(sitesServer);
  await api?.close();
});

async function addPostback(name: string, url: string, delivery: 'get' | 'post-json') {
  const answer = await publisher.call('/postback/addPostback', {
    postbackName: name,
    postbackURL: url,
    postbackTrigger: 'Any',
    postbackDelivery: delivery,
  });
  if (answer.status !== 'ok') throw new Error(JSON.stringify(answer));
  return (answer.data as { postbackID: number }).postbackID;
}

/** Fires a postback once through the worker and waits for the receiver to have it. */
async function fire(postbackID: number, mark: string): Promise<Received> {
  const before = received.length;
  const answer = await publisher.call('/postback/testPostback', { postbackID });
  if (answer.status !== 'ok') throw new Error(JSON.stringify(answer));
  return waitFor(
    async () => received.slice(before).find((r) => r.url.includes(mark) || r.body.includes(mark)),
    20_000,
    `the delivery of ${mark}`,
  );
}

async function rotate(): Promise<string> {
  const answer = await publisher.call('/postback/rotateSigningSecret', {});
  return (answer.data as { secret: string }).secret;
}

/** The JavaScript sample as the screen shows it, loaded as a receiver would paste it. */
function jsSample(): (secret: string, headers: Record<string, string>, payload: string) => boolean {
  const code = SIGNATURE_SAMPLES.find((s) => s.language === 'javascript')?.code ?? '';
  return new Function('require', `${code}\nreturn verifyLeadmesh;`)(createRequire(import.meta.url));
}

/** The Python sample as the screen shows it, run by python3 on one request. */
function pythonSample(secret: string, headers: Record<string, string>, payload: string): boolean {
  const code = SIGNATURE_SAMPLES.find((s) => s.language === 'python')?.code ?? '';
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-sample-'));
  const file = join(dir, 'verify.py');
  writeFileSync(
    file,
    `${code}\nimport json, sys\nd = json.load(sys.stdin)\nprint(verify_leadmesh(d["secret"], d["headers"], d["payload"]))\n`,
  );
  const out = execFileSync('python3', [file], { input: JSON.stringify({ secret, headers, payload }) });
  return out.toString().trim() === 'True';
}

describe('the samples of "Verify a signature", against real deliveries', () => {
  beforeAll(async () => {
    worker = await startWorker(parseWorkerEnv(workerEnvBeside(api, { SITES_PUBLIC_URL: sitesOrigin })));
  });

  it('verify a GET postback over the URL it was sent to, and refuse it changed or with another secret', async () => {
    const secret = await rotate();
    const id = await addPostback(
      'Tracker GET',
      `${receiverOrigin}/pb?lead={lead_id}&status={lead_status}&m=get1`,
      'get',
    );
    const got = await fire(id, 'm=get1');
    expect(got.method).toBe('GET');
    const payload = `${receiverOrigin}${got.url}`;
    const verify = jsSample();
    expect(verify(secret, got.headers, payload)).toBe(true);
    expect(pythonSample(secret, got.headers, payload)).toBe(true);
    expect(verify(secret, got.headers, `${payload}&status=2`)).toBe(false);
    expect(pythonSample(secret, got.headers, `${payload}&status=2`)).toBe(false);
    const stranger = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(verify(stranger, got.headers, payload)).toBe(false);
    // The official library verifies it too, once told the payload is not JSON (it then answers
    // nothing and throws on a bad signature).
    expect(() => new Webhook(secret).verify(payload, got.headers)).toThrow(SyntaxError);
    expect(() => new Webhook(secret).verify(payload, got.headers, { jsonParse: false })).not.toThrow();
    expect(() => new Webhook(stranger).verify(payload, got.headers, { jsonParse: false })).toThrow(
      'No matching signature found',
    );
  });

  it('verify a POST (JSON) postback over its raw body, which the official library verifies as it is', async () => {
    const secret = await rotate();
    const id = await addPostback('Tracker JSON', `${receiverOrigin}/json?m=post1`, 'post-json');
    const got = await fire(id, 'm=post1');
    expect(got.method).toBe('POST');
    expect(got.headers['content-type']).toBe('application/json');
    const parsed = JSON.parse(got.body);
    expect(parsed).toMatchObject({ event: 'test', lead_id: 0, lead_status: 2 });
    expect(jsSample()(secret, got.headers, got.body)).toBe(true);
    expect(pythonSample(secret, got.headers, got.body)).toBe(true);
    expect(pythonSample(secret, got.headers, got.body.replace('"lead_id":0', '"lead_id":1'))).toBe(false);
    expect(new Webhook(secret).verify(got.body, got.headers)).toEqual(parsed);
  });

  it('during a rotation both secrets sign, and each one verifies', async () => {
    const old = await rotate();
    const fresh = await rotate();
    const id = await addPostback('Tracker rotation', `${receiverOrigin}/pb?m=rot1&lead={lead_id}`, 'get');
    const got = await fire(id, 'm=rot1');
    expect(got.headers['webhook-signature'].split(' ')).toHaveLength(2);
    const payload = `${receiverOrigin}${got.url}`;
    expect(jsSample()(old, got.headers, payload)).toBe(true);
    expect(jsSample()(fresh, got.headers, payload)).toBe(true);
    expect(pythonSample(old, got.headers, payload)).toBe(true);
  });
  afterAll(async () => {
    await worker?.close();
    worker = undefined;
  });
});

describe('a postback to the inspector', () => {
  beforeAll(async () => {
    // As in production: no loopback target allowed, except the platform's own inspector.
    worker = await startWorker(
      parseWorkerEnv(
        workerEnvBeside(api, { SITES_PUBLIC_URL: sitesOrigin, ALLOW_LOOPBACK_TARGETS: 'false' }),
      ),
    );
  });

  it('arrives signed and verified, GET and POST, while any other address of this machine is refused', async () => {
    await rotate();
    const inspector = await publisher.call('/postback/getInspector', {});
    const base = (inspector.data as { URL: string }).URL;
    expect(base.startsWith(`${sitesOrigin}/pb/`)).toBe(true);
    const getId = await addPostback('Inspector GET', `${base}?lead={lead_id}&m=insp1`, 'get');
    const postId = await addPostback('Inspector JSON', `${base}/json?m=insp2`, 'post-json');
    await publisher.call('/postback/testPostback', { postbackID: getId });
    await publisher.call('/postback/testPostback', { postbackID: postId });
    const requests = await waitFor(
      async () => {
        const answer = await publisher.call('/postback/getInspector', {});
        const list = (answer.data as { requests: InspectorRequest[] }).requests;
        return list.filter((r) => r.URL.includes('m=insp')).length === 2 ? list : null;
      },
      20_000,
      'both postbacks in the inspector',
    );
    const get = requests.find((r) => r.URL.includes('m=insp1'));
    const post = requests.find((r) => r.URL.includes('m=insp2'));
    expect(get).toMatchObject({ method: 'GET', signature: 'valid' });
    expect(post).toMatchObject({ method: 'POST', signature: 'valid' });
    expect(JSON.parse(post?.body ?? '')).toMatchObject({ event: 'test' });

    // The receiver on 127.0.0.1 is not the inspector: refused at once, never sent.
    const [other] = await api.db
      .insert(postbackDeliveries)
      .values({
        BoundPostback: getId,
        BoundLead: 0,
        Event: 'test:other',
        URL: `${receiverOrigin}/pb?m=refused`,
      })
      .returning();
    const { postbackSend } = await import('@leadmesh/jobs');
    await worker?.ctx.jobs.enqueue(postbackSend, { deliveryId: other.ID });
    const failed = await waitFor(
      async () => {
        const [row] = await api.db
          .select()
          .from(postbackDeliveries)
          .where(eq(postbackDeliveries.ID, other.ID));
        return row.State === 'failed' ? row : null;
      },
      20_000,
      'the refusal',
    );
    expect(failed.LastError).toMatch(/loopback|not allowed|refused|private/i);
    expect(received.some((r) => r.url.includes('m=refused'))).toBe(false);
  });
});
