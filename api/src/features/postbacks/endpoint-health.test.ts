import { disableFailingEndpoints } from '@leadmesh/core';
import { createEndpointLanes, crmLane, type EndpointLanes, postbackLane } from '@leadmesh/jobs';
import { ENDPOINT_DISABLE_AFTER_MS } from '@leadmesh/schema';
import { crms, logs, mailOutbox, postbacks } from '@leadmesh/schema/tables';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

/**
 * Endpoint health in the owners' lists and the re-enable calls (issue 17, decision 0037). The lanes
 * are the worker's (same Redis prefix as this API); failures are fed to them as the worker would.
 */
let api: TestApi;
let lanes: EndpointLanes;
let owner: { user: { ID: number }; client: TestClient };
let stranger: { user: { ID: number }; client: TestClient };
let admin: TestClient;
let ownPostback: number;
let strangersPostback: number;
const OWN_URL = 'https://dead-tracker.example:8443/pb?click={leadmesh-stclickid}';

type Listed = {
  postbackID: number;
  health: {
    state: string;
    failingSince: string | null;
    lastError: string | null;
    nextTryAt: string | null;
    disabledReason: string | null;
  };
};

async function failTimes(endpoint: string, times: number, error: string) {
  for (let i = 0; i < times; i++) {
    await lanes.enter(endpoint, `t${i}-${endpoint}`, `m${i}`);
    await lanes.leave(endpoint, `t${i}-${endpoint}`, 'fail', error);
  }
}

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  lanes = createEndpointLanes(api.deps.redis);
  owner = await api.loggedIn('healthowner', { isVerified: true });
  stranger = await api.loggedIn('healthstranger', { isVerified: true });
  admin = (await api.loggedIn('healthadmin', { isVerified: true, isAdmin: true })).client;
  [{ ID: ownPostback }] = await api.db
    .insert(postbacks)
    .values({
      BoundUser: owner.user.ID,
      postbackName: 'Dead tracker',
      postbackURL: OWN_URL,
      postbackTrigger: 'Any',
    })
    .returning({ ID: postbacks.postbackID });
  [{ ID: strangersPostback }] = await api.db
    .insert(postbacks)
    .values({
      BoundUser: stranger.user.ID,
      postbackName: 'Live tracker',
      postbackURL: 'https://live-tracker.example/pb',
      postbackTrigger: 'Any',
    })
    .returning({ ID: postbacks.postbackID });
});
afterAll(async () => {
  await api.close();
});

describe('postbacks', () => {
  it("a failing receiver shows on its owner's list, since when, its last error and next try; never on another's", async () => {
    const endpoint = postbackLane(OWN_URL) as string;
    await failTimes(endpoint, 5, 'CONNECTION_FAILED: Connection failed: connect ECONNREFUSED');
    const mine = (await owner.client.call('/postback/getAllPostbacks', {})).data as Listed[];
    expect(mine.map((p) => p.postbackID)).toEqual([ownPostback]);
    expect(mine[0].health).toMatchObject({
      state: 'failing',
      lastError: 'CONNECTION_FAILED: Connection failed: connect ECONNREFUSED',
      disabledReason: null,
    });
    expect(Date.parse(mine[0].health.failingSince ?? '')).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(mine[0].health.nextTryAt ?? '')).toBeGreaterThan(
      Date.parse(mine[0].health.failingSince ?? ''),
    );
    const theirs = (await stranger.client.call('/postback/getAllPostbacks', {})).data as Listed[];
    expect(theirs.map((p) => p.postbackID)).toEqual([strangersPostback]);
    expect(theirs[0].health.state).toBe('ok');
  });

  it('the 3-day rule disables it with a log line and a mail; only its owner or an admin re-enables it', async () => {
    const endpoint = postbackLane(OWN_URL) as string;
    // Not yet three days: nothing happens.
    expect(
      await disableFailingEndpoints(api.db, lanes, Date.now() + ENDPOINT_DISABLE_AFTER_MS - 60_000),
    ).toEqual([]);
    const later = Date.now() + ENDPOINT_DISABLE_AFTER_MS + 60_000;
    expect(await disableFailingEndpoints(api.db, lanes, later)).toEqual([
      { endpoint, postbackIDs: [ownPostback], crmIDs: [] },
    ]);
    // A second sweep finds it disabled already.
    expect(await disableFailingEndpoints(api.db, lanes, later)).toEqual([]);
    const mails = await api.db.select().from(mailOutbox).where(eq(mailOutbox.Template, 'endpoint-disabled'));
    expect(mails).toHaveLength(1);
    expect(mails[0].To).toBe('healthowner@example.com');
    expect(mails[0].Text).toContain('Dead tracker');
    const lines = await api.db
      .select()
      .from(logs)
      .where(like(logs.Log, `Postback disabled [postback:${ownPostback}]%`));
    expect(lines).toHaveLength(1);

    const [listed] = (await owner.client.call('/postback/getAllPostbacks', {})).data as Listed[];
    expect(listed.health.state).toBe('disabled');
    expect(listed.health.disabledReason).toContain('ECONNREFUSED');

    expect((await stranger.client.call('/postback/enablePostback', { postbackID: ownPostback })).data).toBe(
      'FORBIDDEN',
    );
    const [still] = await api.db.select().from(postbacks).where(eq(postbacks.postbackID, ownPostback));
    expect(still.disabledAt).not.toBeNull();

    const enabled = await owner.client.call('/postback/enablePostback', { postbackID: ownPostback });
    expect(enabled.status).toBe('ok');
    expect((enabled.data as Listed).health.state).toBe('ok');
    const [row] = await api.db.select().from(postbacks).where(eq(postbacks.postbackID, ownPostback));
    expect(row.disabledAt).toBeNull();
    expect(
      await api.db
        .select()
        .from(logs)
        .where(like(logs.Log, `Postback re-enabled [postback:${ownPostback}]%`)),
    ).toHaveLength(1);

    // Staff may too (the lane is still failing: the worker resets it, not the API).
    await disableFailingEndpoints(api.db, lanes, later);
    expect((await admin.call('/postback/enablePostback', { postbackID: ownPostback })).status).toBe('ok');
    expect((await admin.call('/postback/enablePostback', { postbackID: 999_999 })).data).toBe('NOT_FOUND');
  });
});

describe('CRMs', () => {
  let crmId: number;
  let advertiserId: number;
  let otherAdvertiser: { client: TestClient; advertiserId: number };

  beforeAll(async () => {
    const { user, client } = await api.loggedIn('healthadv', { isVerified: true, isPublisherHidden: true });
    advertiserId = (await api.createAdvertiser(user.ID, true)).ID;
    const other = await api.loggedIn('healthadv2', { isVerified: true, isPublisherHidden: true });
    otherAdvertiser = {
      client: other.client,
      advertiserId: (await api.createAdvertiser(other.user.ID, true)).ID,
    };
    [{ ID: crmId }] = await api.db
      .insert(crms)
      .values({
        BoundAdvertiser: advertiserId,
        name: 'scalecrm',
        friendlyName: 'Scale',
        data: {},
        callbackToken: `tok-${Date.now()}`,
      })
      .returning({ ID: crms.ID });
    owner = { user, client };
  });

  it('the owner sees a failing CRM; another advertiser neither sees it nor re-enables it', async () => {
    await failTimes(crmLane(crmId), 5, 'HTTP 503');
    const mine = (await owner.client.call('/partners/getAllCRMs', {})).data as {
      ID: number;
      health: Listed['health'];
    }[];
    expect(mine.map((c) => c.ID)).toEqual([crmId]);
    expect(mine[0].health).toMatchObject({ state: 'failing', lastError: 'HTTP 503' });
    const theirs = (await otherAdvertiser.client.call('/partners/getAllCRMs', {})).data as { ID: number }[];
    expect(theirs).toEqual([]);

    await disableFailingEndpoints(api.db, lanes, Date.now() + ENDPOINT_DISABLE_AFTER_MS + 60_000);
    const [disabled] = (await owner.client.call('/partners/getAllCRMs', {})).data as {
      health: Listed['health'];
    }[];
    expect(disabled.health.state).toBe('disabled');
    for (const body of [
      { ID: crmId, advertiserID: otherAdvertiser.advertiserId },
      { ID: crmId, advertiserID: advertiserId },
    ]) {
      expect((await otherAdvertiser.client.call('/partners/enableCRM', body)).data).toBe('FORBIDDEN');
    }
    const [still] = await api.db.select().from(crms).where(eq(crms.ID, crmId));
    expect(still.disabledAt).not.toBeNull();
    const enabled = await owner.client.call('/partners/enableCRM', { ID: crmId, advertiserID: advertiserId });
    expect((enabled.data as { health: Listed['health'] }).health.state).toBe('ok');
    const [row] = await api.db.select().from(crms).where(eq(crms.ID, crmId));
    expect(row.disabledAt).toBeNull();
  });
});
