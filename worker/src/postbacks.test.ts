/**
 * postback.send against the real Redis, a real worker and real receivers: HTTP servers on
 * 127.0.0.1 started here. A network jail stops (and fails the file on) any connection to another
 * address and any real DNS lookup; names resolve through a stub table only.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import { leadMacros, POSTBACK_MACRO_NAMES, queueLeadPostbacks } from '@leadmesh/core';
import {
  createEndpointLanes,
  type JobDefinition,
  type JobProducer,
  laneMember,
  postbackLane,
  postbackSend,
  runUnitOfWork,
} from '@leadmesh/jobs';
import { type Connector, type ConnectTarget, connectPinned, POSTBACK_RETRY_DELAYS_MS } from '@leadmesh/net';
import { PRODUCT_KEY } from '@leadmesh/schema';
import {
  type LeadRow,
  postbackAttempts,
  postbackDeliveries,
  postbacks,
  signingSecrets,
} from '@leadmesh/schema/tables';
import { Queue } from 'bullmq';
import { asc, eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../api/src/test/harness.ts';
import { changeLeadStatus } from '../../packages/core/src/leads/status.ts';
import {
  captureJobs,
  makeAdvertiserWithOffer,
  makeLead,
  makePostback,
} from '../../packages/core/src/postbacks/test-support.ts';
import {
  type FakeServer,
  type RecordedRequest,
  startFakeServer,
} from '../../packages/net/src/test-support/fake-server.ts';
import { installNetworkJail, stubResolver } from '../../packages/net/src/test-support/network-jail.ts';
import type { WorkerContext } from './context.ts';
import { runPostbackSend } from './handlers/postback-send.handler.ts';
import { sendSigned } from './postbacks/send.ts';
import { duePostbackDeliveries } from './postbacks/sweep.ts';
import { startWorkerBeside, waitFor } from './test-support/worker-beside.ts';
import { type RunningWorker, SWEEP_BATCH } from './worker.ts';

const jail = installNetworkJail();

/** What each receiver path answers; `/flaky/<key>` fails with 503 the first time it sees a key. */
const seenFlaky = new Set<string>();
function answer(req: RecordedRequest, res: import('node:http').ServerResponse) {
  const path = new URL(req.url, 'http://x').pathname;
  if (path.startsWith('/flaky/')) {
    if (seenFlaky.has(path)) return res.end('OK');
    seenFlaky.add(path);
    return res.writeHead(503).end('down for a moment');
  }
  const status = /^\/status\/(\d{3})$/.exec(path);
  if (status) return res.writeHead(Number(status[1])).end(`answer ${status[1]}`);
  if (path === '/busy') return res.writeHead(429, { 'retry-after': '7200' }).end('slow down');
  if (path === '/long') return res.end('x'.repeat(5000));
  if (path === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/pb' }).end();
  if (path === '/to-metadata')
    return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  if (path === '/to-internal-name')
    return res.writeHead(302, { location: 'http://internal.example/pb' }).end();
  if (path === '/to-loopback')
    return res.writeHead(302, { location: `http://127.0.0.1:${receiver.port}/ok` }).end();
  return res.end('OK');
}

let api: TestApi;
let receiver: FakeServer;
let worker: RunningWorker;
let owner: { user: { ID: number }; client: TestClient };
let world: Awaited<ReturnType<typeof makeAdvertiserWithOffer>>;
/** Owner of the postbacks the handler is run for by hand. */
let handOwner: number;
const resolver = stubResolver({
  'internal.example': ['10.0.0.1'],
  'meta.example': ['169.254.169.254'],
  'loop.example': ['127.0.0.1'],
  'receiver.example': ['93.184.216.34'],
});

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true', ALLOW_LOOPBACK_TARGETS: 'true' });
  receiver = await startFakeServer((_req, res, recorded) => answer(recorded, res));
  worker = await startWorkerBeside(api, {}, { outbound: { resolver } });
  owner = await api.loggedIn('pbowner', { isVerified: true });
  const advertiserUser = await api.createUser('pbadvertiser', { isVerified: true, isPublisherHidden: true });
  world = await makeAdvertiserWithOffer(api.db, advertiserUser.ID);
  handOwner = (await api.createUser('pbhand', { isVerified: true })).ID;
});
afterEach(() => {
  expect(jail.violations).toEqual([]);
  const elsewhere = jail.attempts.filter((a) => a.address !== '127.0.0.1');
  expect(elsewhere).toEqual([]);
  jail.reset();
});
afterAll(async () => {
  await worker?.close();
  await receiver?.close();
  await api?.close();
  jail.restore();
});

const delivery = async (id: number) =>
  (await api.db.select().from(postbackDeliveries).where(eq(postbackDeliveries.ID, id)))[0];
const attemptsOf = (id: number) =>
  api.db
    .select()
    .from(postbackAttempts)
    .where(eq(postbackAttempts.DeliveryID, id))
    .orderBy(asc(postbackAttempts.Attempt));
const requestsFor = (id: number) => receiver.requests.filter((r) => r.headers['webhook-id'] === `pb_${id}`);

/** A lead of the owner, its OnCreate postbacks queued as intake will: real jobs, after the commit. */
async function createLead(details: Record<string, unknown> = {}): Promise<{ lead: LeadRow; ids: number[] }> {
  const lead = await makeLead(api.db, owner.user.ID, world, details);
  await runUnitOfWork(api.deps.jobs, api.db, (unit) =>
    unit.transaction((tx) => queueLeadPostbacks(tx, lead, 'created', 'intake')),
  );
  const rows = await api.db
    .select()
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.BoundLead, lead.ID));
  return { lead, ids: rows.map((r) => r.ID) };
}

/**
 * A delivery row written straight to the outbox (no job), for runs of the handler by hand. Its
 * postback belongs to a user with no leads, so no lead event of another test fires it.
 */
async function outboxRow(url: string, event = `created:Publisher:${Math.random()}`) {
  const pb = await makePostback(api.db, handOwner, 'Any', 'https://unused.example/');
  const [row] = await api.db
    .insert(postbackDeliveries)
    .values({ BoundPostback: pb.postbackID, BoundLead: 424242, Event: event, URL: url })
    .returning();
  return row.ID;
}

/** The worker's context with captured jobs and, if wanted, production's loopback refusal. */
function handContext(options: { loopback?: boolean; connect?: Connector } = {}) {
  const jobs = captureJobs();
  const ctx: WorkerContext = {
    ...worker.ctx,
    jobs,
    env: { ...worker.ctx.env, ALLOW_LOOPBACK_TARGETS: options.loopback ?? true },
    outbound: { resolver, connect: options.connect },
  };
  return { ctx, jobs };
}

function verifyManually(req: RecordedRequest, secret: string, publicOrigin: string): boolean {
  const h = req.headers as IncomingHttpHeaders & Record<string, string>;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${h['webhook-id']}.${h['webhook-timestamp']}.${publicOrigin}${req.url}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return h['webhook-signature'].split(' ').some((part) => part === `v1,${expected}`);
}

function verifiesWithLibrary(req: RecordedRequest, secret: string, payload: string): boolean {
  try {
    new Webhook(secret).verify(payload, req.headers as Record<string, string>, { jsonParse: false });
    return true;
  } catch {
    return false;
  }
}

describe('delivery', () => {
  it('sends a signed GET with every macro URL-encoded, verified over the exact URL, and logs the answer', async () => {
    const { secret } = (await owner.client.callRaw('/postback/rotateSigningSecret', {})).data as {
      secret: string;
    };
    const template = `${receiver.origin}/pb?${POSTBACK_MACRO_NAMES.map((n) => `${n}={${n}}`).join('&')}`;
    const pb = await owner.client.call('/postback/addPostback', {
      postbackName: 'all macros',
      postbackURL: template,
      postbackType: 'default',
      postbackTrigger: 'OnCreatePublisher',
    });
    expect(pb.status).toBe('ok');
    const nasty = 'a&b=c d/e?f#g%h+ü';
    const { lead, ids } = await createLead({
      [`${PRODUCT_KEY}-name`]: `Ana ${nasty}`,
      [`${PRODUCT_KEY}-c1`]: nasty,
      [`${PRODUCT_KEY}-stclickid`]: 'click 1&2',
    });
    expect(ids).toHaveLength(1);
    const [id] = ids;
    await waitFor(async () => (await delivery(id)).State === 'delivered');

    const [req] = requestsFor(id);
    expect(req.method).toBe('GET');
    const url = new URL(req.url, receiver.origin);
    const values = leadMacros(lead, lead.BoundOffer);
    for (const name of POSTBACK_MACRO_NAMES)
      expect(url.searchParams.get(name), name).toBe(String(values[name]));
    expect(url.searchParams.get(`${PRODUCT_KEY}-c1`)).toBe(nasty);
    expect([...url.searchParams.keys()]).toEqual([...POSTBACK_MACRO_NAMES]);

    expect(req.headers['webhook-id']).toBe(`pb_${id}`);
    expect(verifyManually(req, secret, receiver.origin)).toBe(true);
    expect(verifiesWithLibrary(req, secret, receiver.origin + req.url)).toBe(true);
    expect(verifyManually(req, `whsec_${Buffer.alloc(24, 1).toString('base64')}`, receiver.origin)).toBe(
      false,
    );

    expect(await delivery(id)).toMatchObject({
      State: 'delivered',
      Attempts: 1,
      ResponseCode: 200,
      LastError: null,
    });
    const [attempt] = await attemptsOf(id);
    expect(attempt).toMatchObject({ Attempt: 1, ResponseStatus: 200, ResponseBody: 'OK', Error: null });
    expect(attempt.URL).toBe(receiver.origin + req.url);
    expect(attempt.DurationMs).toEqual(expect.any(Number));
  });

  it('a receiver that fails then recovers gets exactly one success; the attempts show the failure', async () => {
    await makePostback(api.db, owner.user.ID, 'OnCreate', `${receiver.origin}/flaky/{lead_id}`);
    const { ids } = await createLead();
    const flaky = [];
    for (const id of ids) if ((await delivery(id)).URL.includes('/flaky/')) flaky.push(id);
    expect(flaky).toHaveLength(1);
    const [id] = flaky;
    // The second attempt comes after the schedule's 5 s.
    await waitFor(async () => (await delivery(id)).State === 'delivered', 30_000);
    expect((await attemptsOf(id)).map((a) => [a.Attempt, a.ResponseStatus, a.ResponseBody])).toEqual([
      [1, 503, 'down for a moment'],
      [2, 200, 'OK'],
    ]);
    const seen = requestsFor(id);
    expect(seen).toHaveLength(2);
    expect(new Set(seen.map((r) => r.url)).size).toBe(1);

    // Duplicate jobs and the handler run again by hand send nothing more.
    await api.deps.jobs.enqueue(postbackSend, { deliveryId: id, attempt: 2 });
    await api.deps.jobs.enqueue(postbackSend, { deliveryId: id, attempt: 3 });
    const { ctx } = handContext();
    await runPostbackSend({ deliveryId: id, attempt: 3 }, ctx);
    await runPostbackSend({ deliveryId: id, attempt: 1 }, ctx);
    await worker.sweepPostbacks(0);
    expect(requestsFor(id)).toHaveLength(2);
    expect(await attemptsOf(id)).toHaveLength(2);
    await api.db.delete(postbacks).where(eq(postbacks.postbackURL, `${receiver.origin}/flaky/{lead_id}`));
  });

  it('the OnApproved postback fires when changeLeadStatus confirms the lead, OnDeclined does not', async () => {
    const approved = await makePostback(
      api.db,
      owner.user.ID,
      'OnApprovedPublisher',
      `${receiver.origin}/approved`,
    );
    const declined = await makePostback(api.db, owner.user.ID, 'OnDeclined', `${receiver.origin}/declined`);
    const { lead } = await createLead();
    await runUnitOfWork(api.deps.jobs, api.db, (unit) =>
      unit.transaction((tx) => changeLeadStatus(tx, { leadId: lead.ID, status: 2, source: 'crm' })),
    );
    const rows = await api.db
      .select()
      .from(postbackDeliveries)
      .where(inArray(postbackDeliveries.BoundPostback, [approved.postbackID, declined.postbackID]));
    expect(rows.map((r) => r.BoundPostback)).toEqual([approved.postbackID]);
    await waitFor(async () => (await delivery(rows[0].ID)).State === 'delivered');
    expect(requestsFor(rows[0].ID)[0].url).toBe('/approved');
  });
});

describe('retries', () => {
  it('follow the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the row is failed', async () => {
    const id = await outboxRow(`${receiver.origin}/status/500`);
    const { ctx, jobs } = handContext();
    for (let attempt = 1; attempt <= 8; attempt++) {
      await runPostbackSend({ deliveryId: id, attempt }, ctx);
    }
    expect(jobs.jobs.map((j) => j.delayMs)).toEqual(POSTBACK_RETRY_DELAYS_MS.slice(1));
    expect(jobs.jobs.map((j) => (j.payload as { attempt: number }).attempt)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(await delivery(id)).toMatchObject({
      State: 'failed',
      Attempts: 8,
      ResponseCode: 500,
      LastError: 'HTTP 500',
    });
    const log = await attemptsOf(id);
    expect(log.map((a) => a.ResponseStatus)).toEqual(Array(8).fill(500));
    expect(log.map((a) => a.ResponseBody)).toEqual(Array(8).fill('answer 500'));
    expect(requestsFor(id)).toHaveLength(8);
    // Nothing after the last one.
    await runPostbackSend({ deliveryId: id, attempt: 9 }, ctx);
    expect(requestsFor(id)).toHaveLength(8);
  });

  it('a longer Retry-After wins over the schedule', async () => {
    const id = await outboxRow(`${receiver.origin}/busy`);
    const { ctx, jobs } = handContext();
    await runPostbackSend({ deliveryId: id, attempt: 1 }, ctx);
    expect(jobs.jobs).toEqual([
      { id: 'postback.send', payload: { deliveryId: id, attempt: 2 }, delayMs: 7_200_000 },
    ]);
    expect(await delivery(id)).toMatchObject({ State: 'pending', Attempts: 1, ResponseCode: 429 });
  });

  it.each([
    [200, 'delivered', 0],
    [204, 'delivered', 0],
    [400, 'failed', 0],
    [401, 'failed', 0],
    [404, 'failed', 0],
    [410, 'failed', 0],
    [422, 'failed', 0],
    [304, 'failed', 0],
    [408, 'pending', 1],
    [429, 'pending', 1],
    [500, 'pending', 1],
    [502, 'pending', 1],
    [503, 'pending', 1],
  ])('HTTP %i leaves the delivery %s', async (status, state, retries) => {
    const id = await outboxRow(`${receiver.origin}/status/${status}`);
    const { ctx, jobs } = handContext();
    await runPostbackSend({ deliveryId: id, attempt: 1 }, ctx);
    expect(await delivery(id)).toMatchObject({ State: state, Attempts: 1, ResponseCode: status });
    expect(jobs.jobs).toHaveLength(retries);
  });

  it('a connection refused is retried; the log says why', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const id = await outboxRow(`http://127.0.0.1:${port}/pb`);
    const { ctx, jobs } = handContext();
    await runPostbackSend({ deliveryId: id, attempt: 1 }, ctx);
    expect(await delivery(id)).toMatchObject({ State: 'pending', ResponseCode: null });
    expect((await attemptsOf(id))[0].Error).toMatch(/^CONNECTION_FAILED/);
    expect(jobs.jobs).toHaveLength(1);
  });

  it('keeps only the start of a long answer', async () => {
    const id = await outboxRow(`${receiver.origin}/long`);
    await runPostbackSend({ deliveryId: id, attempt: 1 }, handContext().ctx);
    expect((await attemptsOf(id))[0].ResponseBody).toHaveLength(1000);
  });

  it('a delivered row is never sent again, whatever job comes', async () => {
    const id = await outboxRow(`${receiver.origin}/ok`);
    const { ctx, jobs } = handContext();
    await runPostbackSend({ deliveryId: id, attempt: 1 }, ctx);
    await runPostbackSend({ deliveryId: id, attempt: 1 }, ctx);
    await runPostbackSend({ deliveryId: id, attempt: 2 }, ctx);
    expect(requestsFor(id)).toHaveLength(1);
    expect(jobs.jobs).toEqual([]);
    expect(await attemptsOf(id)).toHaveLength(1);
  });

  it('two runs of the same attempt at once send it once (the attempt is claimed on the row)', async () => {
    const id = await outboxRow(`${receiver.origin}/ok`);
    const { ctx } = handContext();
    await Promise.all([
      runPostbackSend({ deliveryId: id, attempt: 1 }, ctx),
      runPostbackSend({ deliveryId: id, attempt: 1 }, ctx),
    ]);
    expect(requestsFor(id)).toHaveLength(1);
  });
});

describe('lanes (decision 0036)', () => {
  it("the job holding a receiver's slot sends its parked deliveries in turn, each once, then hands the slot on", async () => {
    const redis = new Redis(api.deps.env.REDIS_URL, { maxRetriesPerRequest: null });
    try {
      const lanes = createEndpointLanes(
        redis,
        { maxInFlight: 1, drainMax: 20 },
        `test-pb-lanes-${randomUUID()}`,
      );
      const lane = postbackLane(receiver.origin) ?? '';
      const ids: number[] = [];
      for (let i = 0; i < 25; i++) ids.push(await outboxRow(`${receiver.origin}/drain/${i}`));
      // The receiver's one slot is busy; the 25 deliveries park as their jobs would.
      expect(await lanes.enter(lane, 'busy', 'another delivery')).toBe(true);
      for (const deliveryId of ids) {
        const payload = { deliveryId, attempt: 1, lane };
        expect(await lanes.enter(lane, `job-${deliveryId}`, laneMember(postbackSend, payload))).toBe(false);
      }
      const [first] = await lanes.leave(lane, 'busy', 'ok');
      const { ctx, jobs } = handContext();
      const jobIds: string[] = [];
      const recording = {
        ...jobs,
        async enqueue(job: JobDefinition, payload: unknown, delayMs?: number, jobId?: string) {
          jobIds.push(jobId ?? '');
          await jobs.enqueue(job, payload, delayMs);
        },
      } as JobProducer;
      const laned = { ...ctx, jobs: recording, lanes };
      const run = (jobId: string) => ({ attempt: 1, isLastAttempt: false, jobId });
      await runPostbackSend(
        { deliveryId: ids[0], attempt: 1, lane },
        laned,
        run(`postback.send-${ids[0]}-1-${first.token}`),
      );
      const states = async () =>
        (await api.db.select().from(postbackDeliveries).where(inArray(postbackDeliveries.ID, ids))).map(
          (r) => `${r.ID}:${r.State}:${r.Attempts}`,
        );
      // One job sent 20 in a row (fair turns), then gave its slot to the 21st through the queue.
      expect(await states()).toEqual(ids.map((id, i) => (i < 20 ? `${id}:delivered:1` : `${id}:pending:0`)));
      expect(jobs.jobs.map((j) => j.payload)).toEqual([{ deliveryId: ids[20], attempt: 1, lane }]);
      expect(jobIds).toEqual([expect.stringMatching(new RegExp(`^postback\\.send-${ids[20]}-1-lane\\d+$`))]);
      expect((await lanes.status([lane]))[0]).toMatchObject({ inFlight: 1, waiting: 4 });

      // The released job, as the queue runs it, sends the rest and frees the slot.
      await runPostbackSend({ deliveryId: ids[20], attempt: 1, lane }, laned, run(jobIds[0]));
      expect(await states()).toEqual(ids.map((id) => `${id}:delivered:1`));
      for (const id of ids) expect(requestsFor(id)).toHaveLength(1);
      expect((await lanes.status([lane]))[0]).toMatchObject({ inFlight: 0, waiting: 0, state: 'closed' });
      // The same job again (a duplicate from the queue or the sweep): the claims send nothing twice.
      await runPostbackSend({ deliveryId: ids[20], attempt: 1, lane }, laned, run(jobIds[0]));
      for (const id of ids) expect(requestsFor(id)).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });
});

describe('signatures', () => {
  it('POST bodies are signed over the raw body and verify with the standardwebhooks library', async () => {
    const secrets = [
      `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
      `whsec_${Buffer.alloc(24, 9).toString('base64')}`,
    ];
    const body = JSON.stringify({ lead_id: 5, status: 'approved', note: 'ü & co' });
    const result = await sendSigned(
      { url: `${receiver.origin}/post-hook`, method: 'POST', body, secrets, msgId: 'pb_post_1' },
      { allowLoopback: true },
    );
    expect(result).toMatchObject({ verdict: 'delivered', status: 200 });
    const req = receiver.requests.find((r) => r.headers['webhook-id'] === 'pb_post_1');
    expect(req?.body).toBe(body);
    expect(req?.headers['content-type']).toBe('application/json');
    for (const secret of secrets) {
      expect(new Webhook(secret).verify(req?.body ?? '', req?.headers as Record<string, string>)).toEqual(
        JSON.parse(body),
      );
    }
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 3).toString('base64')}`).verify(
        req?.body ?? '',
        req?.headers as Record<string, string>,
      ),
    ).toThrow();
    expect(() =>
      new Webhook(secrets[0]).verify(`${body} `, req?.headers as Record<string, string>),
    ).toThrow();
  });

  it('during a rotation both secrets sign; after the overlap only the new one', async () => {
    const rotator = await api.loggedIn('pbrotator', { isVerified: true });
    const first = (
      (await rotator.client.callRaw('/postback/rotateSigningSecret', {})).data as { secret: string }
    ).secret;
    const second = (
      (await rotator.client.callRaw('/postback/rotateSigningSecret', {})).data as { secret: string }
    ).secret;
    const pb = await makePostback(api.db, rotator.user.ID, 'Any', `${receiver.origin}/ok`);
    const send = async () => {
      const [row] = await api.db
        .insert(postbackDeliveries)
        .values({
          BoundPostback: pb.postbackID,
          BoundLead: 1,
          Event: `rot:${Math.random()}`,
          URL: `${receiver.origin}/ok`,
        })
        .returning();
      await runPostbackSend({ deliveryId: row.ID, attempt: 1 }, handContext().ctx);
      const [req] = requestsFor(row.ID);
      return req;
    };
    const during = await send();
    expect((during.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    for (const secret of [first, second]) {
      expect(verifiesWithLibrary(during, secret, receiver.origin + during.url), 'library').toBe(true);
      expect(verifyManually(during, secret, receiver.origin), 'manual').toBe(true);
    }
    await api.db
      .update(signingSecrets)
      .set({ PreviousUntil: new Date(Date.now() - 1000) })
      .where(eq(signingSecrets.UserID, rotator.user.ID));
    const after = await send();
    expect((after.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    expect(verifiesWithLibrary(after, second, receiver.origin + after.url)).toBe(true);
    expect(verifiesWithLibrary(after, first, receiver.origin + after.url)).toBe(false);
  });

  it('an owner without a secret gets one on first need, used from then on', async () => {
    const fresh = await api.createUser('pbnosecret', { isVerified: true });
    const pb = await makePostback(api.db, fresh.ID, 'Any', `${receiver.origin}/ok`);
    const signatures: string[] = [];
    for (let n = 0; n < 2; n++) {
      const [row] = await api.db
        .insert(postbackDeliveries)
        .values({
          BoundPostback: pb.postbackID,
          BoundLead: 1,
          Event: `first:${n}`,
          URL: `${receiver.origin}/ok`,
        })
        .returning();
      await runPostbackSend({ deliveryId: row.ID, attempt: 1 }, handContext().ctx);
      signatures.push(requestsFor(row.ID)[0].headers['webhook-signature'] as string);
    }
    expect(signatures.every((s) => /^v1,[A-Za-z0-9+/=]+$/.test(s))).toBe(true);
    expect(
      await api.db.select().from(signingSecrets).where(eq(signingSecrets.UserID, fresh.ID)),
    ).toHaveLength(1);
  });
});

describe('addresses are checked again when sent', () => {
  const watched = () => vi.fn((target: ConnectTarget) => connectPinned(target));

  it.each([
    ['127.0.0.1 without the loopback setting', () => `http://127.0.0.1:${receiver.port}/ok`, 'loopback'],
    ['a private address', () => 'http://10.0.0.1/pb', 'private'],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['a name resolving to a private address', () => 'http://internal.example/pb', 'resolves'],
    ['a name resolving to the metadata address', () => 'http://meta.example/pb', 'resolves'],
    ['a name resolving to loopback', () => `http://loop.example:${receiver.port}/ok`, 'resolves'],
  ])('%s is refused before any connection, and the delivery fails for good', async (_label, url, reason) => {
    const id = await outboxRow(url());
    const connect = watched();
    const before = receiver.connections;
    const { ctx, jobs } = handContext({ loopback: false, connect });
    await runPostbackSend({ deliveryId: id, attempt: 1 }, ctx);
    expect(connect).not.toHaveBeenCalled();
    expect(receiver.connections).toBe(before);
    expect(jail.attempts).toEqual([]);
    expect(jobs.jobs).toEqual([]);
    const row = await delivery(id);
    expect(row).toMatchObject({ State: 'failed', Attempts: 1, ResponseCode: null });
    expect(row.LastError).toMatch(/^ADDRESS_NOT_ALLOWED: /);
    expect(row.LastError).toContain(reason);
  });

  it('a name that does not resolve is retried (DNS trouble passes), without connecting', async () => {
    const id = await outboxRow('http://nowhere.example/pb');
    const connect = watched();
    const { ctx, jobs } = handContext({ loopback: false, connect });
    await runPostbackSend({ deliveryId: id, attempt: 1 }, ctx);
    expect(connect).not.toHaveBeenCalled();
    expect((await delivery(id)).LastError).toMatch(/^HOST_UNRESOLVABLE/);
    expect(jobs.jobs).toHaveLength(1);
  });

  it.each([
    ['/to-private', 'not a public address (private)'],
    ['/to-metadata', 'not a public address (metadata)'],
    ['/to-internal-name', 'resolves to an address that is not public'],
  ])('a redirect to %s is refused at the hop, before connecting to it', async (path, reason) => {
    const id = await outboxRow(`${receiver.origin}${path}`);
    const connect = watched();
    const { ctx, jobs } = handContext({ connect });
    await runPostbackSend({ deliveryId: id, attempt: 1 }, ctx);
    // One connection: the receiver's. None to where it pointed.
    expect(connect).toHaveBeenCalledTimes(1);
    expect(connect.mock.calls[0][0].addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(jail.attempts.every((a) => a.address === '127.0.0.1' && a.port === receiver.port)).toBe(true);
    expect(jobs.jobs).toEqual([]);
    const row = await delivery(id);
    expect(row.State).toBe('failed');
    expect(row.LastError).toContain(reason);
    expect(requestsFor(id)).toHaveLength(1);
  });

  it('in production mode, a public receiver redirecting to 127.0.0.1 is refused', async () => {
    // receiver.example resolves (stub) to a public address; this test-only connector carries the
    // checked connection to the fake on 127.0.0.1, so no packet goes to that public address.
    const connect = vi.fn((_target: ConnectTarget) =>
      net.connect({ host: '127.0.0.1', port: receiver.port }),
    );
    const id = await outboxRow('http://receiver.example:80/to-loopback');
    const { ctx } = handContext({ loopback: false, connect });
    await runPostbackSend({ deliveryId: id, attempt: 1 }, ctx);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(connect.mock.calls[0][0]).toMatchObject({
      hostname: 'receiver.example',
      addresses: [{ address: '93.184.216.34', family: 4 }],
    });
    const row = await delivery(id);
    expect(row).toMatchObject({ State: 'failed' });
    expect(row.LastError).toMatch(/^ADDRESS_NOT_ALLOWED: .*loopback/);
    // The receiver saw the first request only, with the public name as Host.
    const seen = requestsFor(id);
    expect(seen.map((r) => [r.url, r.headers.host])).toEqual([['/to-loopback', 'receiver.example']]);
  });
});

describe('test fire', () => {
  it('goes through the worker once: delivered with sample values, or failed without a retry', async () => {
    const ok = await owner.client.call('/postback/addPostback', {
      postbackName: 'test ok',
      postbackURL: `${receiver.origin}/test-ok?l={lead_id}&n={leadmesh-name}&p={lead_price}`,
      postbackType: 'default',
      postbackTrigger: 'OnDeclinedPublisher',
    });
    const bad = await owner.client.call('/postback/addPostback', {
      postbackName: 'test bad',
      postbackURL: `${receiver.origin}/status/500`,
      postbackType: 'default',
      postbackTrigger: 'OnDeclinedPublisher',
    });
    const fire = async (pb: { data: unknown }) =>
      (
        (await owner.client.callRaw('/postback/testPostback', pb.data as object)).data as {
          deliveryID: number;
        }
      ).deliveryID;
    const good = await fire(ok);
    const failing = await fire(bad);
    await waitFor(async () => (await delivery(good)).State === 'delivered');
    await waitFor(async () => (await delivery(failing)).State === 'failed');
    expect(requestsFor(good)[0].url).toBe('/test-ok?l=0&n=Test%20Buyer&p=12.50');
    expect(requestsFor(good)[0].headers['webhook-signature']).toMatch(/^v1,/);
    expect(await delivery(failing)).toMatchObject({ Attempts: 1, ResponseCode: 500 });
    const queue = new Queue('postbacks', {
      connection: api.runtime.platform.queueRedis,
      prefix: api.deps.env.REDIS_PREFIX,
    });
    expect(await queue.getJob(postbackSend.key({ deliveryId: failing, attempt: 2 }))).toBeUndefined();
    await queue.close();
    const log = (await owner.client.callRaw('/postback/getDeliveries', { state: 'failed', limit: 100 }))
      .data as {
      DBData: { ID: number; isTest: boolean; log: { responseStatus: number }[] }[];
    };
    expect(log.DBData.find((d) => d.ID === failing)).toMatchObject({
      isTest: true,
      log: [{ responseStatus: 500 }],
    });
  });
});

describe('sweep', () => {
  const old = (msAgo: number) => new Date(Date.now() - msAgo);

  it('picks overdue pending deliveries only: never enqueued, or past their scheduled retry', async () => {
    const pb = await makePostback(api.db, handOwner, 'Any', `${receiver.origin}/ok`);
    const insert = async (
      values: Partial<typeof postbackDeliveries.$inferInsert>,
      lastAttemptAgo?: number,
    ) => {
      const [row] = await api.db
        .insert(postbackDeliveries)
        .values({
          BoundPostback: pb.postbackID,
          BoundLead: 7,
          Event: `sweep:${Math.random()}`,
          URL: `${receiver.origin}/ok`,
          createdAt: old(3 * 3600_000),
          ...values,
        })
        .returning();
      if (lastAttemptAgo !== undefined) {
        await api.db.insert(postbackAttempts).values({
          DeliveryID: row.ID,
          Attempt: row.Attempts,
          URL: row.URL,
          ResponseStatus: 500,
          createdAt: old(lastAttemptAgo),
        });
      }
      return row.ID;
    };
    const neverEnqueued = await insert({});
    const retryOverdue = await insert({ Attempts: 1 }, 120_000); // 5 s wait, 2 min ago
    const retryWaiting = await insert({ Attempts: 3 }, 120_000); // 30 min wait
    const lostAfterClaim = await insert({ Attempts: 2 }); // claimed, no attempt row: counted from creation
    const justCreated = await insert({ createdAt: new Date() });
    const delivered = await insert({ State: 'delivered', Attempts: 1 }, 120_000);
    const failed = await insert({ State: 'failed', Attempts: 8 }, 120_000);
    const due = await duePostbackDeliveries(api.db, Date.now() - 60_000, 10_000);
    const mine = due.filter((d) =>
      [neverEnqueued, retryOverdue, retryWaiting, lostAfterClaim, justCreated, delivered, failed].includes(
        d.ID,
      ),
    );
    expect(mine.map(({ ID, Attempts }) => ({ ID, Attempts }))).toEqual([
      { ID: neverEnqueued, Attempts: 0 },
      { ID: retryOverdue, Attempts: 1 },
      { ID: lostAfterClaim, Attempts: 2 },
    ]);
    expect(due.map((d) => d.ID)).toEqual([...due.map((d) => d.ID)].sort((a, b) => a - b));

    // The real sweep hands them to the queue and the worker delivers them.
    await worker.sweepPostbacks();
    for (const id of [neverEnqueued, retryOverdue, lostAfterClaim]) {
      await waitFor(async () => (await delivery(id)).State === 'delivered');
    }
    expect(await attemptsOf(retryOverdue)).toHaveLength(2);
    expect((await delivery(retryWaiting)).State).toBe('pending');
    await api.db
      .update(postbackDeliveries)
      .set({ State: 'failed' })
      .where(eq(postbackDeliveries.ID, retryWaiting));
  });

  it('a job that threw does not block its key: the sweep removes it and enqueues the attempt again', async () => {
    const id = await outboxRow(`${receiver.origin}/ok`);
    await api.db
      .update(postbackDeliveries)
      .set({ createdAt: old(120_000) })
      .where(eq(postbackDeliveries.ID, id));
    // A job under the row's key that fails (its payload is refused), as a job that threw would.
    const queue = new Queue('postbacks', {
      connection: api.runtime.platform.queueRedis,
      prefix: api.deps.env.REDIS_PREFIX,
    });
    const key = postbackSend.key({ deliveryId: id, attempt: 1 });
    const broken = await queue.add(postbackSend.id, { deliveryId: 'broken' }, { jobId: key });
    await waitFor(async () => (await broken.isFailed()) || undefined);
    expect((await delivery(id)).State).toBe('pending');
    await worker.sweepPostbacks();
    await waitFor(async () => (await delivery(id)).State === 'delivered');
    expect(requestsFor(id)).toHaveLength(1);
    await queue.close();
  });

  it('takes the oldest first and at most a batch at a time', async () => {
    const pb = await makePostback(api.db, handOwner, 'Any', `${receiver.origin}/ok`);
    const rows = await api.db
      .insert(postbackDeliveries)
      .values(
        Array.from({ length: SWEEP_BATCH + 20 }, (_, n) => ({
          BoundPostback: pb.postbackID,
          BoundLead: 8,
          Event: `bulk:${n}`,
          URL: `${receiver.origin}/ok`,
          createdAt: old(600_000),
        })),
      )
      .returning({ ID: postbackDeliveries.ID });
    const enqueued: number[] = [];
    const sweeper = await startWorkerBeside(api, { REDIS_PREFIX: `${api.deps.env.REDIS_PREFIX}-sweep` });
    // The sweep asks with `requeue`; recording instead keeps the sweeper's own workers idle.
    sweeper.ctx.jobs.requeue = (async (_job: unknown, payload: { deliveryId: number }) => {
      enqueued.push(payload.deliveryId);
      return true;
    }) as typeof sweeper.ctx.jobs.requeue;
    expect(await sweeper.sweepPostbacks()).toBe(SWEEP_BATCH);
    await sweeper.close();
    // The sweeper's queues wrote their meta keys under its own prefix: remove them.
    const redis = api.runtime.platform.queueRedis;
    const leftovers = await redis.keys(`${api.deps.env.REDIS_PREFIX}-sweep:*`);
    if (leftovers.length > 0) await redis.del(...leftovers);
    expect(enqueued).toEqual([...enqueued].sort((a, b) => a - b));
    expect(enqueued.at(-1)).toBeLessThan(rows.at(-1)?.ID ?? 0);
    await api.db
      .update(postbackDeliveries)
      .set({ State: 'failed' })
      .where(eq(postbackDeliveries.BoundLead, 8));
  });
});
