import { MESSAGES, POSTBACK_TRIGGERS } from '@leadmesh/schema';
import {
  logs,
  postbackAttempts,
  postbackDeliveries,
  postbacks,
  signingSecrets,
} from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installNetworkJail, stubResolver } from '../../../../packages/net/src/test-support/network-jail.ts';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';
import { setPostbackResolverForTests } from './url-policy.ts';

/**
 * Names resolve only through this table; the jail fails the file on any real DNS lookup or any
 * connection to something other than 127.0.0.1 (the API under test never connects anywhere).
 */
const resolver = stubResolver({
  'tracker.example': ['93.184.216.34'],
  'dual.example': ['93.184.216.34', '10.0.0.7'],
  'internal.example': ['10.0.0.1'],
  'metadata-alias.example': ['169.254.169.254'],
  'loop.example': ['127.0.0.1'],
  'v6-local.example': ['fe80::1'],
});

let api: TestApi;
let jail: ReturnType<typeof installNetworkJail>;
let restoreResolver: () => void;
let publisher: { user: { ID: number }; client: TestClient };
let other: { user: { ID: number }; client: TestClient };

const valid = {
  postbackName: 'My tracker',
  postbackURL: 'https://tracker.example/pb?click={leadmesh-stclickid}&sum={lead_price}',
  postbackType: 'default',
  postbackTrigger: 'OnApproved',
};

beforeAll(async () => {
  jail = installNetworkJail();
  restoreResolver = setPostbackResolverForTests(resolver);
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  publisher = await api.loggedIn('pbpublisher', { isVerified: true });
  other = await api.loggedIn('pbother', { isVerified: true });
});
afterEach(() => {
  expect(jail.violations).toEqual([]);
  // Redis is the only thing this file connects to.
  expect(jail.attempts.filter((a) => a.port !== 6379)).toEqual([]);
});
afterAll(async () => {
  restoreResolver();
  await api.close();
  jail.restore();
});

const rows = (userId: number) => api.db.select().from(postbacks).where(eq(postbacks.BoundUser, userId));

describe('add, list, edit, delete', () => {
  it('a verified publisher adds, lists, edits and deletes their postback', async () => {
    const { client, user } = await api.loggedIn('crud1', { isVerified: true });
    const added = await client.call('/postback/addPostback', valid);
    expect(added.status).toBe('ok');
    const created = added.data as { postbackID: number };
    expect(created).toMatchObject({ ...valid, postbackID: expect.any(Number) });
    expect((await client.call('/postback/getAllPostbacks', {})).data).toEqual([
      { ...created, health: expect.objectContaining({ state: 'ok' }) },
    ]);
    const edited = await client.call('/postback/editPostback', {
      ...valid,
      postbackID: created.postbackID,
      postbackName: 'Renamed',
      postbackTrigger: 'AnyPublisher',
    });
    expect(edited.data).toMatchObject({ postbackName: 'Renamed', postbackTrigger: 'AnyPublisher' });
    expect((await client.call('/postback/deletePostback', { postbackID: created.postbackID })).status).toBe(
      'ok',
    );
    expect(await rows(user.ID)).toEqual([]);
    expect((await client.call('/postback/getAllPostbacks', {})).data).toEqual([]);
  });

  it.each([
    [{ postbackName: '' }, 'postbackName', MESSAGES.postbackNameMissing],
    [{ postbackName: '   ' }, 'postbackName', MESSAGES.postbackNameMissing],
    [{ postbackName: undefined }, 'postbackName', MESSAGES.postbackNameMissing],
    [{ postbackURL: '' }, 'postbackURL', MESSAGES.postbackUrlMissing],
    [{ postbackURL: undefined }, 'postbackURL', MESSAGES.postbackUrlMissing],
  ])('%j is refused with the spec’s message', async (change, field, message) => {
    const before = await rows(publisher.user.ID);
    const answer = await publisher.client.call('/postback/addPostback', { ...valid, ...change });
    expect(answer).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
    expect(answer.details?.field).toBe(field);
    expect(answer.details?.message).toContain(message);
    expect(await rows(publisher.user.ID)).toEqual(before);
  });

  it('takes type default only and triggers from the catalogue', async () => {
    expect(
      (await publisher.client.call('/postback/addPostback', { ...valid, postbackType: 'json' })).data,
    ).toBe('VALIDATION_ERROR');
    expect(
      (await publisher.client.call('/postback/addPostback', { ...valid, postbackTrigger: 'OnWhatever' }))
        .data,
    ).toBe('VALIDATION_ERROR');
    const { postbackType: _omitted, ...withoutType } = valid;
    const answer = await publisher.client.call('/postback/addPostback', withoutType);
    expect(answer.data).toMatchObject({ postbackType: 'default' });
  });
});

describe('callers and triggers by role', () => {
  it('an advertiser whose user is unverified but whose advertiser profile is verified is admitted', async () => {
    // As advertiser sign-up leaves them: user unverified, publisher role hidden, verifyAdvertiser done.
    const { client, user } = await api.loggedIn('advonly1', { isPublisherHidden: true });
    await api.createAdvertiser(user.ID, true);
    const answer = await client.call('/postback/addPostback', {
      ...valid,
      postbackTrigger: 'OnApprovedAdvertiser',
    });
    expect(answer.status).toBe('ok');
    expect((await client.call('/postback/getAllPostbacks', {})).data).toHaveLength(1);
  });

  it('an unverified user without a verified advertiser profile is told NOT_VERIFIED', async () => {
    const { client, user } = await api.loggedIn('advpending', { isPublisherHidden: true });
    await api.createAdvertiser(user.ID, false);
    for (const path of ['/postback/addPostback', '/postback/getAllPostbacks', '/postback/getDeliveries']) {
      expect((await client.callRaw(path, valid)).data, path).toBe('NOT_VERIFIED');
    }
    expect(await rows(user.ID)).toEqual([]);
  });

  it('Advertiser triggers need an advertiser profile; Publisher triggers a publisher role', async () => {
    const advertiserOnly = await api.loggedIn('advonly2', { isPublisherHidden: true });
    await api.createAdvertiser(advertiserOnly.user.ID, true);
    const both = await api.loggedIn('bothroles', { isVerified: true });
    await api.createAdvertiser(both.user.ID, true);
    const allowed = {
      publisher: POSTBACK_TRIGGERS.filter((t) => !t.endsWith('Advertiser')),
      advertiserOnly: POSTBACK_TRIGGERS.filter((t) => !t.endsWith('Publisher')),
      both: [...POSTBACK_TRIGGERS],
    };
    for (const [who, caller] of [
      ['publisher', publisher],
      ['advertiserOnly', advertiserOnly],
      ['both', both],
    ] as const) {
      for (const trigger of POSTBACK_TRIGGERS) {
        const answer = await caller.client.call('/postback/addPostback', {
          ...valid,
          postbackTrigger: trigger,
        });
        const ok = allowed[who].includes(trigger);
        expect(answer.status, `${who} ${trigger}`).toBe(ok ? 'ok' : 'error');
        if (!ok) {
          expect(answer.details).toMatchObject({
            field: 'postbackTrigger',
            message: MESSAGES.errorAddingPostback,
          });
        }
      }
    }
    // Editing to a trigger of the other role is refused the same way and changes nothing.
    const [mine] = await rows(publisher.user.ID);
    const answer = await publisher.client.call('/postback/editPostback', {
      ...valid,
      postbackID: mine.postbackID,
      postbackTrigger: 'OnCreateAdvertiser',
    });
    expect(answer).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
    expect((await rows(publisher.user.ID)).find((r) => r.postbackID === mine.postbackID)).toEqual(mine);
  });
});

describe('ownership', () => {
  it('another user’s postback id is refused for edit, delete and test, and nothing changes', async () => {
    const added = await publisher.client.call('/postback/addPostback', { ...valid, postbackName: 'Owned' });
    const { postbackID } = added.data as { postbackID: number };
    const before = await rows(publisher.user.ID);
    const deliveriesBefore = await api.db.select().from(postbackDeliveries);
    for (const [path, body] of [
      ['/postback/editPostback', { ...valid, postbackID, postbackName: 'Stolen' }],
      ['/postback/deletePostback', { postbackID }],
      ['/postback/testPostback', { postbackID }],
    ] as const) {
      const answer = await other.client.callRaw(path, body);
      expect(answer, path).toMatchObject({ status: 'error', data: 'FORBIDDEN', httpStatus: 403 });
    }
    expect(await rows(publisher.user.ID)).toEqual(before);
    expect(await api.db.select().from(postbackDeliveries)).toEqual(deliveriesBefore);
    expect((await other.client.call('/postback/getAllPostbacks', {})).data).toEqual([]);
  });

  it('staff get no bypass: an admin cannot edit a user’s postback either', async () => {
    const admin = await api.loggedIn('pbadmin', { isVerified: true, isAdmin: true });
    const [mine] = await rows(publisher.user.ID);
    const answer = await admin.client.call('/postback/deletePostback', { postbackID: mine.postbackID });
    expect(answer.data).toBe('FORBIDDEN');
  });

  it('an id that does not exist is NOT_FOUND', async () => {
    const answer = await publisher.client.call('/postback/deletePostback', { postbackID: 999_999 });
    expect(answer).toMatchObject({ status: 'error', data: 'NOT_FOUND' });
  });
});

describe('addresses are checked when a URL is saved', () => {
  const refusedUrls: [string, RegExp][] = [
    ['http://127.0.0.1:8080/pb', /not a public address \(loopback\)/],
    ['http://10.0.0.1/pb', /not a public address \(private\)/],
    ['http://169.254.169.254/latest/meta-data', /not a public address \(metadata\)/],
    ['http://[::1]/pb', /loopback/],
    ['http://2130706433/pb', /loopback/],
    ['http://0x7f.1/pb', /loopback/],
    ['http://metadata.google.internal/computeMetadata', /metadata service/],
    ['http://internal.example/pb', /resolves to an address that is not public/],
    ['http://metadata-alias.example/pb', /resolves to an address that is not public/],
    ['http://loop.example:8080/pb', /resolves to an address that is not public/],
    ['http://dual.example/pb', /resolves to an address that is not public/],
    ['http://v6-local.example/pb', /resolves to an address that is not public/],
    ['http://nowhere.example/pb', /could not be resolved/],
    ['https://tracker.example:22/pb', /Port 22/],
    ['https://user:pass@tracker.example/pb', /user name or password/],
    ['https://{domain}/pb', /scheme, host or port/],
    ['https://tracker.example:{lead_id}/pb', /URL template|scheme, host or port/],
    ['https://tracker.{offer_id}.example/pb', /scheme, host or port/],
    ['https://tracker.example/pb?c={clikid}', /Unknown placeholder \{clikid\}/],
  ];

  it.each(refusedUrls)('%s is refused with the reason, before anything is written', async (url, reason) => {
    const before = await rows(publisher.user.ID);
    const calls = resolver.calls.length;
    const answer = await publisher.client.call('/postback/addPostback', { ...valid, postbackURL: url });
    expect(answer).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
    expect(answer.details).toMatchObject({ field: 'postbackURL', message: MESSAGES.errorAddingPostback });
    expect((answer.details as unknown as { issues: { message: string }[] }).issues[0].message).toMatch(
      reason,
    );
    expect(await rows(publisher.user.ID)).toEqual(before);
    // Names went to the stub only; no socket was opened for any of them (afterEach: the jail).
    expect(resolver.calls.length).toBeGreaterThanOrEqual(calls);
  });

  it('editing to a refused address is refused too and keeps the old URL', async () => {
    const [mine] = await rows(publisher.user.ID);
    const answer = await publisher.client.call('/postback/editPostback', {
      ...valid,
      postbackID: mine.postbackID,
      postbackURL: 'http://10.0.0.1/pb',
    });
    expect(answer.details?.message).toMatch(/not a public address \(private\)/);
    expect((await rows(publisher.user.ID)).find((r) => r.postbackID === mine.postbackID)).toEqual(mine);
  });

  it('a public name is accepted after resolving it through the resolver, without connecting', async () => {
    const calls = resolver.calls.length;
    const answer = await publisher.client.call('/postback/addPostback', valid);
    expect(answer.status).toBe('ok');
    expect(resolver.calls.slice(calls)).toEqual(['tracker.example']);
  });

  it('loopback is admitted only where ALLOW_LOOPBACK_TARGETS is set (tests), never private or metadata', async () => {
    const local = await createTestApi({ RATE_LIMIT_DISABLED: 'true', ALLOW_LOOPBACK_TARGETS: 'true' });
    try {
      const { client } = await local.loggedIn('looper', { isVerified: true });
      expect(
        (await client.call('/postback/addPostback', { ...valid, postbackURL: 'http://127.0.0.1:9/x' })).data,
      ).toBe('VALIDATION_ERROR'); // port 9 is a system port
      expect(
        (await client.call('/postback/addPostback', { ...valid, postbackURL: 'http://127.0.0.1:8080/x' }))
          .status,
      ).toBe('ok');
      for (const url of ['http://10.0.0.1/x', 'http://169.254.169.254/x', 'http://internal.example/x']) {
        expect((await client.call('/postback/addPostback', { ...valid, postbackURL: url })).data, url).toBe(
          'VALIDATION_ERROR',
        );
      }
    } finally {
      await local.close();
    }
  });
});

describe('delivery log', () => {
  it('pages the own deliveries newest first with their attempts, filtered by postback, lead and state', async () => {
    const { client } = await api.loggedIn('logreader', { isVerified: true });
    const a = (await client.call('/postback/addPostback', { ...valid, postbackName: 'A' })).data as {
      postbackID: number;
    };
    const b = (await client.call('/postback/addPostback', { ...valid, postbackName: 'B' })).data as {
      postbackID: number;
    };
    const make = async (postbackID: number, lead: number, state: 'pending' | 'delivered' | 'failed') => {
      const [row] = await api.db
        .insert(postbackDeliveries)
        .values({
          BoundPostback: postbackID,
          BoundLead: lead,
          Event: `created:Publisher:${lead}`,
          URL: `https://tracker.example/pb?l=${lead}`,
          State: state,
          Attempts: state === 'pending' ? 0 : 1,
        })
        .returning();
      if (state !== 'pending') {
        await api.db.insert(postbackAttempts).values({
          DeliveryID: row.ID,
          Attempt: 1,
          URL: row.URL,
          ResponseStatus: state === 'delivered' ? 200 : 404,
          ResponseBody: state === 'delivered' ? 'OK' : 'no such click',
          DurationMs: 12,
        });
      }
      return row.ID;
    };
    const ids: number[] = [];
    for (let n = 1; n <= 25; n++)
      ids.push(await make(n % 2 ? a.postbackID : b.postbackID, n, n % 3 ? 'delivered' : 'failed'));
    // Someone else's deliveries never show.
    const [theirs] = await rows(publisher.user.ID);
    await make(theirs.postbackID, 1, 'delivered');

    const page1 = (await client.callRaw('/postback/getDeliveries', {})).data as {
      DBData: { ID: number; log: unknown[]; postbackName: string; state: string }[];
    };
    expect(page1.DBData.map((d) => d.ID)).toEqual(ids.slice().reverse().slice(0, 20));
    expect(page1.DBData[0].log).toEqual([
      expect.objectContaining({ attempt: 1, responseStatus: 200, responseBody: 'OK', durationMs: 12 }),
    ]);
    const page2 = (await client.callRaw('/postback/getDeliveries', { paginationOffset: 20 })).data as {
      DBData: { ID: number }[];
    };
    expect(page2.DBData.map((d) => d.ID)).toEqual(ids.slice().reverse().slice(20));

    const onlyB = (await client.callRaw('/postback/getDeliveries', { postbackID: b.postbackID, limit: 100 }))
      .data as {
      DBData: { postbackName: string }[];
    };
    expect(onlyB.DBData).toHaveLength(12);
    expect(new Set(onlyB.DBData.map((d) => d.postbackName))).toEqual(new Set(['B']));
    const lead7 = (await client.callRaw('/postback/getDeliveries', { leadID: 7 })).data as {
      DBData: { ID: number }[];
    };
    expect(lead7.DBData.map((d) => d.ID)).toEqual([ids[6]]);
    const failed = (await client.callRaw('/postback/getDeliveries', { state: 'failed', limit: 100 }))
      .data as {
      DBData: { state: string; log: { responseStatus: number }[] }[];
    };
    expect(failed.DBData).toHaveLength(8);
    expect(failed.DBData.every((d) => d.state === 'failed' && d.log[0].responseStatus === 404)).toBe(true);
    // Naming another user's postback matches nothing.
    const foreign = (await client.callRaw('/postback/getDeliveries', { postbackID: theirs.postbackID }))
      .data as {
      DBData: unknown[];
    };
    expect(foreign.DBData).toEqual([]);
  });
});

describe('test fire', () => {
  it('queues one synthetic delivery of the own postback, recorded in the log as a test', async () => {
    const { client } = await api.loggedIn('firer', { isVerified: true });
    const pb = (await client.call('/postback/addPostback', valid)).data as { postbackID: number };
    const answer = await client.callRaw('/postback/testPostback', { postbackID: pb.postbackID });
    expect(answer.data).toMatchObject({ deliveryID: expect.any(Number), state: 'pending' });
    const log = (await client.callRaw('/postback/getDeliveries', { postbackID: pb.postbackID })).data as {
      DBData: { isTest: boolean; leadID: number; URL: string; state: string }[];
    };
    expect(log.DBData).toEqual([
      expect.objectContaining({
        isTest: true,
        leadID: 0,
        state: 'pending',
        URL: 'https://tracker.example/pb?click=test&sum=12.50',
      }),
    ]);
  });

  it('is rate limited per postback', async () => {
    const limited = await createTestApi();
    try {
      const { client } = await limited.loggedIn('spammer', { isVerified: true });
      const pb = (await client.call('/postback/addPostback', valid)).data as { postbackID: number };
      const answers: string[] = [];
      for (let n = 0; n < 11; n++) {
        answers.push(
          String((await client.callRaw('/postback/testPostback', { postbackID: pb.postbackID })).status),
        );
      }
      expect(answers.slice(0, 10).every((s) => s === 'ok')).toBe(true);
      expect((await client.callRaw('/postback/testPostback', { postbackID: pb.postbackID })).data).toBe(
        'RATE_LIMITED',
      );
    } finally {
      await limited.close();
    }
  });
});

describe('signing secret', () => {
  it('is shown once on rotation, never stored in clear, logged or answered otherwise; both sign during the overlap', async () => {
    const { client, user } = await api.loggedIn('rotator', { isVerified: true });
    expect((await client.callRaw('/postback/getSigningSecretInfo', {})).data).toEqual({
      exists: false,
      createdAt: null,
      previousValidUntil: null,
    });
    const first = await client.callRaw('/postback/rotateSigningSecret', {});
    expect(first.headers.get('cache-control')).toBe('no-store');
    const one = first.data as { secret: string; previousValidUntil: string | null };
    expect(one.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(one.previousValidUntil).toBeNull();
    const second = (await client.callRaw('/postback/rotateSigningSecret', {})).data as {
      secret: string;
      previousValidUntil: string;
    };
    expect(second.secret).not.toBe(one.secret);
    const info = (await client.callRaw('/postback/getSigningSecretInfo', {})).data as {
      exists: boolean;
      previousValidUntil: string;
    };
    expect(info.exists).toBe(true);
    expect(Date.parse(info.previousValidUntil) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(JSON.stringify(info)).not.toContain('whsec_');

    const [row] = await api.db.select().from(signingSecrets).where(eq(signingSecrets.UserID, user.ID));
    const stored = JSON.stringify(row);
    for (const s of [one.secret, second.secret]) {
      expect(stored).not.toContain(s.slice(6));
    }
    const logText = JSON.stringify(await api.db.select().from(logs).where(eq(logs.User, user.ID)));
    expect(logText).toContain('signing secret');
    for (const s of [one.secret, second.secret]) expect(logText).not.toContain(s.slice(6));

    // Another user's secret is theirs alone.
    expect(
      ((await other.client.callRaw('/postback/getSigningSecretInfo', {})).data as { exists: boolean }).exists,
    ).toBe(false);
  });
});
