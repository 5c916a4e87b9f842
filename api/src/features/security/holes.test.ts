/**
 * The holes found by attacking the foundation (issue 7), each shown closed over HTTP.
 */
import { logs, mailOutbox, users } from '@leadmesh/schema/tables';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { proxyMatcher, resolveClientIp } from '../../lib/client-ip.ts';
import { logValue } from '../../lib/logs.ts';
import { createTestApi, type TestApi, TestClient } from '../../test/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

const signUp = (overrides: Record<string, unknown>) => ({
  username: 'someone',
  password: 'password123',
  email: 'someone@example.com',
  FirstName: 'Some',
  LastName: 'One',
  Country: 'RS',
  ZIP: '11000',
  Experience: '2',
  ...overrides,
});

describe('usernames and e-mails are unique regardless of case', () => {
  it('refuses ADMIN beside admin, and an e-mail differing only in case', async () => {
    await api.createUser('caseadmin');
    const upper = await api
      .client()
      .call('/users/createUser', signUp({ username: 'CASEADMIN', email: 'x1@example.com' }));
    expect(upper.data).toBe('USER_ALREADY_EXISTS');
    const email = await api
      .client()
      .call('/users/createUser', signUp({ username: 'otherone', email: 'CaseAdmin@Example.com' }));
    expect(email.data).toBe('USER_ALREADY_EXISTS');
    // The database itself refuses it too, whatever writes.
    await expect(
      api.db
        .insert(users)
        .values({ Username: 'CaseAdmin', Email: 'y@example.com', PasswordHash: 'x', RefCode: 'rc-case' }),
    ).rejects.toThrow();
  });

  it('an edit cannot take another account’s e-mail by changing its case', async () => {
    await api.createUser('emailowner');
    const { user, client } = await api.loggedIn('emailthief');
    const answer = await client.call('/users/editUser', { id: user.ID, newEmail: 'EmailOwner@Example.com' });
    expect(answer.data).toBe('USER_ALREADY_EXISTS');
  });

  it('logs in by username or e-mail in any case', async () => {
    await api.createUser('mixedcase');
    expect(
      (await api.client().call('/auth/login', { username: 'MixedCase', password: 'password123' })).status,
    ).toBe('ok');
    expect(
      (await api.client().call('/auth/login', { username: 'MIXEDCASE@example.com', password: 'password123' }))
        .status,
    ).toBe('ok');
  });
});

describe('the login lockout counts failures per account', () => {
  it('username and e-mail guesses share one counter, and another account’s login never resets it', async () => {
    await api.createUser('victim');
    await api.createUser('Attacker');
    for (let i = 0; i < 5; i++) {
      expect(
        (await api.client().call('/auth/login', { username: 'victim', password: `guess-${i}` })).data,
      ).toBe('INVALID_CREDENTIALS');
      expect(
        (await api.client().call('/auth/login', { username: 'VICTIM@example.com', password: `guess-e${i}` }))
          .data,
      ).toBe('INVALID_CREDENTIALS');
      // The attacker logging in as their own account in between changes nothing for the victim.
      expect(
        (await api.client().call('/auth/login', { username: 'attacker', password: 'password123' })).status,
      ).toBe('ok');
    }
    const locked = await api.client().call('/auth/login', { username: 'victim', password: 'password123' });
    expect(locked).toMatchObject({ httpStatus: 429, data: 'RATE_LIMITED' });
    expect(
      (await api.client().call('/auth/login', { username: 'attacker', password: 'password123' })).status,
    ).toBe('ok');
  });

  it('a success clears only its own account’s failures', async () => {
    await api.createUser('careful');
    for (let i = 0; i < 9; i++)
      await api.client().call('/auth/login', { username: 'careful', password: 'nope' });
    expect(
      (await api.client().call('/auth/login', { username: 'careful', password: 'password123' })).status,
    ).toBe('ok');
    for (let i = 0; i < 9; i++)
      await api.client().call('/auth/login', { username: 'careful', password: 'nope' });
    expect(
      (await api.client().call('/auth/login', { username: 'careful', password: 'password123' })).status,
    ).toBe('ok');
  });
});

describe('the client address comes from the socket', () => {
  it('ignores X-Forwarded-For from clients, believes it only from trusted proxies', () => {
    const none = proxyMatcher('');
    expect(resolveClientIp('203.0.113.7', '1.2.3.4', none)).toBe('203.0.113.7');
    const trusted = proxyMatcher('10.0.0.0/8, 127.0.0.1');
    expect(resolveClientIp('10.1.2.3', '198.51.100.9, 10.9.9.9', trusted)).toBe('198.51.100.9');
    expect(resolveClientIp('::ffff:127.0.0.1', '198.51.100.10', trusted)).toBe('198.51.100.10');
    expect(resolveClientIp('203.0.113.8', '198.51.100.11', trusted)).toBe('203.0.113.8');
    expect(resolveClientIp(undefined, '1.1.1.1', trusted)).toBe('unknown');
  });

  it('a changed header does not escape the per-IP login limit', async () => {
    const limited = await createTestApi();
    try {
      const client = new TestClient(limited.app, '198.51.100.77');
      const token = await client.fetchCsrf();
      const answers: string[] = [];
      for (let i = 0; i < 51; i++) {
        // a fresh forged X-Forwarded-For on every attempt
        const response = await client.raw('POST', '/auth/login', {
          body: JSON.stringify({ username: `nobody${i}`, password: 'x' }),
          headers: {
            'content-type': 'application/json',
            'X-XSRF-TOKEN': token,
            'x-forwarded-for': `10.0.0.${i}`,
          },
        });
        answers.push(((await response.json()) as { data: string }).data);
      }
      expect(answers[49]).toBe('INVALID_CREDENTIALS');
      expect(answers[50]).toBe('RATE_LIMITED');
      // Another client (another socket address) is not locked out by the first one.
      const other = new TestClient(limited.app, '198.51.100.78');
      expect((await other.call('/auth/login', { username: 'nobody', password: 'x' })).data).toBe(
        'INVALID_CREDENTIALS',
      );
    } finally {
      await limited.close();
    }
    // 52 logins that each check a password hash on purpose: slow on a busy machine, not a speed test.
  }, 120_000);
});

describe('the mail sink answers only loopback callers', () => {
  it('refuses a remote caller and serves one on this machine', async () => {
    const sink = await createTestApi({ DEV_MAIL_VIEW: 'true' });
    try {
      const remote = await new TestClient(sink.app, '203.0.113.5').raw('GET', '/dev/mail');
      expect(remote.status).toBe(404);
      const local = await new TestClient(sink.app, '127.0.0.1').raw('GET', '/dev/mail');
      expect(local.status).toBe(200);
      const mapped = await new TestClient(sink.app, '::ffff:127.0.0.1').raw('GET', '/dev/mail');
      expect(mapped.status).toBe(200);
    } finally {
      await sink.close();
    }
  });

  it('the API listens on loopback unless HOST says otherwise', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});

describe('managers act only on their side', () => {
  it('neither kind of manager lists, reads, edits or verifies staff; each lists only their side', async () => {
    const admin = await api.createUser('sideadmin', { isAdmin: true, isVerified: true });
    const pub = await api.createUser('sidepublisher', { isVerified: true });
    const advUser = await api.createUser('sideadvertiser', { isVerified: true, isPublisherHidden: true });
    await api.createAdvertiser(advUser.ID);
    const { client: pm } = await api.loggedIn('sidepubmanager', {
      isPublisherManager: true,
      isVerified: true,
    });
    const { client: am } = await api.loggedIn('sideadvmanager', {
      isAdvertiserManager: true,
      isVerified: true,
    });

    const list = async (client: TestClient) =>
      (
        (
          await client.call('/users/getAllUsers', {
            paginationOffset: 0,
            Filters: [{ name: 'Username', op: 'startsWith', value: 'side' }],
          })
        ).data as { DBData: { Username: string }[] }
      ).DBData.map((u) => u.Username);
    expect(await list(pm)).toEqual(['sidepublisher']);
    expect(await list(am)).toEqual(['sideadvertiser']);

    for (const manager of [pm, am]) {
      expect((await manager.call('/users/getSingleUser', { ID: admin.ID })).data).toBe('FORBIDDEN');
      expect(
        (await manager.call('/users/editUser', { id: admin.ID, newEmail: 'mine@example.com' })).data,
      ).toBe('FORBIDDEN');
    }
    expect((await pm.call('/users/editUser', { id: advUser.ID, newEmail: 'pm@example.com' })).data).toBe(
      'FORBIDDEN',
    );
    expect((await am.call('/users/editUser', { id: pub.ID, newEmail: 'am@example.com' })).data).toBe(
      'FORBIDDEN',
    );
    const [unchanged] = await api.db.select().from(users).where(eq(users.ID, admin.ID));
    expect(unchanged.Email).toBe('sideadmin@example.com');
  });

  it('only an admin changes another user’s e-mail; the change is audited and the old address told, with the time', async () => {
    const target = await api.createUser('auditedadv', { isVerified: true, isPublisherHidden: true });
    await api.createAdvertiser(target.ID);
    const { client: managerClient } = await api.loggedIn('auditmanager', {
      isAdvertiserManager: true,
      isVerified: true,
    });
    expect(
      (await managerClient.call('/users/editUser', { id: target.ID, newEmail: 'new-address@example.com' }))
        .data,
    ).toBe('FORBIDDEN');
    const { user: admin, client } = await api.loggedIn('auditadmin', { isAdmin: true, isVerified: true });
    const answer = await client.call('/users/editUser', {
      id: target.ID,
      newEmail: 'new-address@example.com',
    });
    expect(answer.status).toBe('ok');
    const [notice] = await api.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.To, 'auditedadv@example.com'))
      .orderBy(desc(mailOutbox.ID));
    expect(notice.Subject).toMatch(/e-mail address of your Leadmesh account was changed/);
    expect(notice.Text).toMatch(
      /new-address@example\.com on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by a Leadmesh staff member/,
    );
    const [entry] = await api.db
      .select()
      .from(logs)
      .where(like(logs.Log, `User edited [user:${target.ID}] %[by:${admin.ID}]`));
    expect(entry.Log).toMatch(/fields:Email/);
    expect(entry.Log).toMatch(/oldEmail:auditedadv@example\.com/);
  });

  it('an admin’s password change for someone else is audited and the user told', async () => {
    const target = await api.createUser('pwtarget');
    const { client } = await api.loggedIn('pwadmin', { isAdmin: true, isVerified: true });
    expect(
      (await client.call('/users/editUser', { id: target.ID, newPassword: 'brand-new-pass' })).status,
    ).toBe('ok');
    const [notice] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.To, 'pwtarget@example.com'));
    expect(notice.Template).toBe('password-changed');
    const [entry] = await api.db
      .select()
      .from(logs)
      .where(like(logs.Log, `%[user:${target.ID}]%password%`));
    expect(entry).toBeDefined();
  });

  it('changing one’s own e-mail tells the old address too, once the new one confirmed it', async () => {
    const { user, client } = await api.loggedIn('selfmover');
    expect(
      (await client.call('/users/editUser', { id: user.ID, newEmail: 'moved@example.com' })).status,
    ).toBe('ok');
    const [codeMail] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.To, 'moved@example.com'));
    const Code = /is (\d{8})/.exec(codeMail.Text)?.[1];
    expect((await client.call('/users/confirmEmailChange', { Code })).status).toBe('ok');
    const [notice] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.To, 'selfmover@example.com'));
    expect(notice.Text).toMatch(/by you/);
  });
});

describe('logout cannot be fired by another site', () => {
  it('refuses a cross-site GET and a foreign Origin or Referer, and keeps the session', async () => {
    const { client } = await api.loggedIn('logoutvictim');
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of crossSite) {
      const response = await client.raw('GET', '/auth/logout', { headers });
      expect(response.status).toBe(403);
    }
    expect((await client.call('/auth/checkLogin', {})).status).toBe('ok');
    const ours = await client.raw('GET', '/auth/logout', {
      headers: { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' },
    });
    expect(ours.status).toBe(200);
    expect((await client.call('/auth/checkLogin', {})).data).toBe('NOT_LOGGED_IN');
  });
});

describe('list filters are capped', () => {
  it('answers too many filters or values with a validation error, not a 500, and no huge log row', async () => {
    const { client } = await api.loggedIn('filterstaff', { isAdmin: true, isVerified: true });
    const before = (await api.db.select().from(logs)).length;
    const many = Array.from({ length: 50 }, () => ({
      name: 'Username',
      op: 'in',
      value: Array.from({ length: 500 }, (_, n) => `u${n}`),
    }));
    const answer = await client.call('/users/getAllUsers', { paginationOffset: 0, Filters: many });
    expect(answer).toMatchObject({ httpStatus: 400, data: 'VALIDATION_ERROR' });
    const tilde = Array.from({ length: 20 }, () => ({
      name: 'Username',
      op: 'in',
      value: Array.from({ length: 40 }, (_, n) => `u${n}`).join('~'),
    }));
    expect((await client.call('/users/getAllUsers', { paginationOffset: 0, Filters: tilde })).data).toBe(
      'VALIDATION_ERROR',
    );
    const big = await client.call('/users/getAllUsers', { paginationOffset: 1e30, Filters: [] });
    expect(big.data).toBe('VALIDATION_ERROR');
    expect((await api.db.select().from(logs)).length).toBe(before);
  });
});

describe('user text in log lines', () => {
  it('is length-capped with control characters, bidi overrides and brackets escaped', async () => {
    expect(logValue('a\nb]\u202e[c')).toBe('a\\u000ab\\u005d\\u202e\\u005bc');
    expect(logValue('x'.repeat(500)).length).toBeLessThan(160);
    const name = `evil\n[level:3] forged\u202e${'y'.repeat(5000)}`;
    await api.client().call('/auth/login', { username: name.slice(0, 200), password: 'x' });
    const [entry] = await api.db
      .select()
      .from(logs)
      .where(eq(logs.Context, 'auth/login'))
      .orderBy(desc(logs.ID));
    expect(entry.Log).not.toContain('\n');
    expect(entry.Log).not.toContain('\u202e');
    expect(entry.Log).not.toContain('[level:3]');
    expect(entry.Log.length).toBeLessThan(400);
  });

  it('escapes a company name in the advertiser sign-up line, so it cannot forge a parameter', async () => {
    const { client } = await api.loggedIn('logforger', { isPublisherHidden: true });
    const answer = await client.call('/partners/addAdvertiser', {
      CompanyName: 'Acme] [user:1] [by:admin',
      CompanyAddress: 'Main street 1',
    });
    expect(answer.status).toBe('ok');
    const [entry] = await api.db
      .select()
      .from(logs)
      .where(eq(logs.Context, 'partners/addAdvertiser'))
      .orderBy(desc(logs.ID));
    expect(entry.Log).toContain('[company:Acme\\u005d \\u005buser:1\\u005d \\u005bby:admin]');
    expect(entry.Log.match(/\[user:/g)).toHaveLength(1);
  });
});

describe('cookies and production', () => {
  it('session cookies are Secure in production even over plain HTTP', async () => {
    const prod = await createTestApi({ NODE_ENV: 'production', CORS_ORIGINS: 'https://app.example' });
    try {
      await prod.createUser('produser');
      const client = prod.client();
      const response = await client.raw('PUT', '/api/csrf');
      expect(response.headers.get('set-cookie')).toMatch(/Secure/);
      await client.call('/auth/login', { username: 'produser', password: 'password123' });
      expect(client.cookies.has('lm_session')).toBe(true);
    } finally {
      await prod.close();
    }
  });

  it('production refuses test-only settings', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', ALLOW_LOOPBACK_TARGETS: 'true' })).toThrow();
    expect(() => parseEnv({ NODE_ENV: 'production', RATE_LIMIT_DISABLED: 'true' })).toThrow();
    expect(() => parseEnv({ NODE_ENV: 'production', DEV_MAIL_VIEW: 'true' })).toThrow();
  });
});

describe('editUser validates as strictly as sign-up', () => {
  it('refuses NUL and bidi overrides in names and a country that is not ISO', async () => {
    const { user, client } = await api.loggedIn('strictedit');
    for (const [field, value] of [
      ['FirstName', 'Ann\u0000a'],
      ['LastName', 'Smith\u202e'],
      ['ContactSkype', 'skype\u0007'],
      ['Country', 'ZZ'],
      ['Country', 'xx'],
    ] as const) {
      const answer = await client.call('/users/editUser', { id: user.ID, [field]: value });
      expect(answer, `${field}=${JSON.stringify(value)}`).toMatchObject({ data: 'VALIDATION_ERROR' });
    }
    expect((await client.call('/users/editUser', { id: user.ID, Country: 'de' })).status).toBe('ok');
    const [row] = await api.db.select().from(users).where(eq(users.ID, user.ID));
    expect(row).toMatchObject({ FirstName: 'Test', Country: 'DE' });
  });
});

describe('a logged-out session check', () => {
  it('is an expected answer (HTTP 200 with NOT_LOGGED_IN), not a failed request', async () => {
    const answer = await api.client().call('/auth/checkLogin', {});
    expect(answer).toMatchObject({ httpStatus: 200, status: 'error', data: 'NOT_LOGGED_IN' });
  });
});
