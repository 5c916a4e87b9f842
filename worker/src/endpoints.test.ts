import { queueLeadPostbacks } from '@leadmesh/core';
import { postbackLane, runUnitOfWork, runUnitOfWorkInContext } from '@leadmesh/jobs';
import { ENDPOINT_DISABLE_AFTER_MS } from '@leadmesh/schema';
import { logs, mailOutbox, postbackDeliveries, postbacks } from '@leadmesh/schema/tables';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../api/src/test/harness.ts';
import {
  makeAdvertiserWithOffer,
  makeLead,
  makePostback,
} from '../../packages/core/src/postbacks/test-support.ts';
import { type FakeServer, startFakeServer } from '../../packages/net/src/test-support/fake-server.ts';
import { installNetworkJail } from '../../packages/net/src/test-support/network-jail.ts';
import { runEndpointsDisableFailing } from './handlers/endpoints.handler.ts';
import { runPostbackSend } from './handlers/postback-send.handler.ts';
import { duePostbackDeliveries } from './postbacks/sweep.ts';
import { startWorkerBeside, waitFor } from './test-support/worker-beside.ts';
import type { RunningWorker } from './worker.ts';

const jail = installNetworkJail();

let api: TestApi;
let receiver: FakeServer;
let worker: RunningWorker;
let owner: { user: { ID: number }; client: TestClient };
let refusing = true;

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true', ALLOW_LOOPBACK_TARGETS: 'true' });
  receiver = await startFakeServer((_req, res) =>
    refusing ? res.writeHead(503).end('down') : res.end('OK'),
  );
  worker = await startWorkerBeside(api, {
    ENDPOINT_FAILURES_TO_OPEN: '2',
    // No probe goes during the test: the breaker stays open until the re-enable resets it.
    ENDPOINT_PROBE_BASE_MS: '600000',
    ENDPOINT_PROBE_MAX_MS: '600000',
  });
  owner = await api.loggedIn('endpointowner', { isVerified: true });
});
afterEach(() => {
  expect(jail.violations).toEqual([]);
  expect(jail.attempts.filter((a) => a.address !== '127.0.0.1')).toEqual([]);
});
afterAll(async () => {
  await worker?.close();
  await receiver?.close();
  await api?.close();
  jail.restore();
});

it('a receiver failing for 3 days is disabled with a log line and a mail, waits unspent, and is re-enabled', async () => {
  const advertiserUser = await api.createUser('endpointadv', { isVerified: true, isPublisherHidden: true });
  const world = await makeAdvertiserWithOffer(api.db, advertiserUser.ID);
  const url = `http://127.0.0.1:${receiver.port}/pb?lead={lead_id}`;
  const postback = await makePostback(api.db, owner.user.ID, 'Any', url);
  const endpoint = postbackLane(url) as string;
  const lanes = worker.ctx.lanes;
  if (!lanes) throw new Error('the worker has lanes');

  const queueFor = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const lead = await makeLead(api.db, owner.user.ID, world);
      await runUnitOfWork(worker.ctx.jobs, api.db, (unit) =>
        unit.transaction((tx) => queueLeadPostbacks(tx, lead, 'created', `k${lead.ID}`)),
      );
    }
  };
  await queueFor(3);
  // Two refusals open the breaker; the third delivery parks.
  const failing = await waitFor(async () => {
    const [status] = await lanes.status([endpoint]);
    return status.state === 'open' && status.failingSince !== null ? status : false;
  });
  expect(failing.lastError).toBe('HTTP 503');
  const listed = (await owner.client.call('/postback/getAllPostbacks', {})).data as {
    health: { state: string; lastError: string };
  }[];
  expect(listed[0].health).toMatchObject({ state: 'failing', lastError: 'HTTP 503' });

  // The sweep before three days does nothing; three days on it disables the postback.
  await runUnitOfWorkInContext(worker.ctx.jobs, () =>
    runEndpointsDisableFailing({}, worker.ctx, Date.now() + ENDPOINT_DISABLE_AFTER_MS - 60_000),
  );
  expect(
    (await api.db.select().from(postbacks).where(eq(postbacks.postbackID, postback.postbackID)))[0]
      .disabledAt,
  ).toBeNull();
  await runUnitOfWorkInContext(worker.ctx.jobs, () =>
    runEndpointsDisableFailing({}, worker.ctx, Date.now() + ENDPOINT_DISABLE_AFTER_MS + 60_000),
  );
  const [disabled] = await api.db
    .select()
    .from(postbacks)
    .where(eq(postbacks.postbackID, postback.postbackID));
  expect(disabled.disabledAt).not.toBeNull();
  expect(disabled.disabledReason).toContain('HTTP 503');
  expect(
    await api.db
      .select()
      .from(logs)
      .where(like(logs.Log, `Postback disabled [postback:${postback.postbackID}]%`)),
  ).toHaveLength(1);
  // The owner's mail goes through the mail job.
  const mail = await waitFor(async () => {
    const [row] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.Template, 'endpoint-disabled'));
    return row?.State === 'sent' ? row : false;
  });
  expect(mail.To).toBe('endpointowner@example.com');

  // While disabled: a new event waits, its attempt unspent, and no sweep hands it out.
  const before = receiver.requests.length;
  await queueFor(1);
  const pending = await api.db
    .select()
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.BoundPostback, postback.postbackID));
  const waiting = pending.filter((d) => d.State === 'pending');
  expect(waiting.length).toBeGreaterThanOrEqual(2);
  for (const d of waiting) {
    await runPostbackSend({ deliveryId: d.ID, attempt: d.Attempts + 1 }, worker.ctx);
  }
  expect(receiver.requests.length).toBe(before);
  const after = await api.db
    .select()
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.BoundPostback, postback.postbackID));
  expect(after.map((d) => d.Attempts)).toEqual(pending.map((d) => d.Attempts));
  expect(await duePostbackDeliveries(api.db, Date.now() + 365 * 24 * 3600_000, 500)).toEqual([]);

  // The receiver heals; the owner re-enables: the lane is reset and every waiting delivery goes.
  refusing = false;
  expect(
    (await owner.client.call('/postback/enablePostback', { postbackID: postback.postbackID })).status,
  ).toBe('ok');
  const [reset] = await waitFor(async () => {
    const statuses = await lanes.status([endpoint]);
    return statuses[0].failingSince === null ? statuses : false;
  });
  expect(reset.state).toBe('closed');
  await waitFor(async () => {
    const rows = await api.db
      .select()
      .from(postbackDeliveries)
      .where(eq(postbackDeliveries.BoundPostback, postback.postbackID));
    return waiting.every((w) => rows.find((r) => r.ID === w.ID)?.State === 'delivered');
  });
});
