/**
 * No secret in any log line or answer (issue 12): a full flow — sign-up, login, a failed guess,
 * password change and reset, API tokens made, viewed and used, a CRM connected and called back, a
 * postback's signing secret rotated — then every log row, everything the process printed and every
 * answer is scanned for each secret. Only the answers whose purpose is to show one to its owner
 * (the new token and View token, the CRM integration link, a new signing secret, the CSRF token)
 * may carry it, and each of those is checked to really carry it.
 */
import { crms, logs, mailOutbox } from '@leadmesh/schema/tables';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Answer, TestClient } from '../../test/harness.ts';
import { createTrafficWorld, type TrafficWorld } from '../tracking/test-world.ts';

let w: TrafficWorld;
const printed: string[] = [];
const restore: (() => void)[] = [];

beforeAll(async () => {
  for (const stream of [process.stdout, process.stderr]) {
    const spy = vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown) => {
      printed.push(String(chunk));
      return true;
    }) as typeof stream.write);
    restore.push(() => spy.mockRestore());
  }
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const spy = vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(
        args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : JSON.stringify(a))).join(' '),
      );
    });
    restore.push(() => spy.mockRestore());
  }
  w = await createTrafficWorld();
});
afterAll(async () => {
  for (const undo of restore) undo();
  await w?.close();
});

/** Every answer of the flow, with whether it is one that exists to show a secret. */
const answers: { what: string; text: string; showsSecret: boolean }[] = [];
async function record(what: string, pending: Promise<Answer | Response>, showsSecret = false) {
  const result = await pending;
  const text = result instanceof Response ? await result.text() : JSON.stringify(result);
  answers.push({ what, text, showsSecret });
  return result;
}

it('a full flow leaves no secret in the log, the process output or any answer not meant to show it', async () => {
  const secrets: Record<string, string> = {};
  secrets.signUpPassword = 'Sign-up-pass-7431';
  secrets.wrongGuess = 'Wrong-guess-pass-9917';
  secrets.changedPassword = 'Changed-pass-5520';
  secrets.resetPassword = 'Reset-pass-8846';
  secrets.crmOutboundToken = 'crm-outbound-token-6c1f9e';
  secrets.appSecret = w.api.deps.env.APP_SECRET ?? '';

  // Sign-up, a wrong guess, login, change, reset.
  const visitor = w.api.client();
  await record(
    'createUser',
    visitor.call('/users/createUser', {
      username: 'secretive',
      password: secrets.signUpPassword,
      email: 'secretive@example.com',
      FirstName: 'Sec',
      LastName: 'Ret',
      Country: 'RS',
      ZIP: '11000',
      Experience: '2',
    }),
  );
  await record(
    'login (wrong)',
    visitor.call('/auth/login', { username: 'secretive', password: secrets.wrongGuess }),
  );
  const login = (await record(
    'login',
    visitor.call('/auth/login', { username: 'secretive', password: secrets.signUpPassword }),
  )) as Answer;
  expect(login.status).toBe('ok');
  secrets.session = visitor.cookies.get('lm_session') ?? '';
  expect(secrets.session.length).toBeGreaterThan(10);
  const me = (await visitor.call('/auth/checkLogin', {})).data as { ID: number };
  await record(
    'changePassword (wrong old)',
    visitor.call('/users/changePassword', {
      oldPassword: secrets.wrongGuess,
      newPassword: secrets.changedPassword,
    }),
  );
  await record(
    'changePassword',
    visitor.call('/users/changePassword', {
      oldPassword: secrets.signUpPassword,
      newPassword: secrets.changedPassword,
    }),
  );
  await record(
    'sendUniqueToken',
    w.api.client().call('/auth/sendUniqueToken', { Email: 'secretive@example.com' }),
  );
  const [mail] = await w.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.To, 'secretive@example.com'))
    .orderBy(desc(mailOutbox.ID))
    .limit(1);
  secrets.resetCode = /code is (\d{8})/.exec(mail.Text)?.[1] ?? '';
  expect(secrets.resetCode).toMatch(/^\d{8}$/);
  await record(
    'resetPassword (wrong code)',
    w.api.client().call('/auth/resetPassword', {
      Email: 'secretive@example.com',
      Token: '00000000',
      NewPassword: secrets.resetPassword,
    }),
  );
  await record(
    'resetPassword',
    w.api.client().call('/auth/resetPassword', {
      Email: 'secretive@example.com',
      Token: secrets.resetCode,
      NewPassword: secrets.resetPassword,
    }),
  );

  // API tokens: made, listed, viewed, used, misused.
  const admin = w.admin.client;
  const made = (await record(
    'addApiToken',
    admin.call('/apiTokens/addApiToken', {
      Name: 'partner server',
      UserID: w.publisher.user.ID,
      Flags: { canSendLeads: true, canReadLeads: true },
    }),
    true,
  )) as Answer<{ ID: number; Token: string }>;
  secrets.apiToken = made.data.Token;
  await record('getAllApiTokens', admin.call('/apiTokens/getAllApiTokens', {}));
  await record('getToken', admin.call('/apiTokens/getToken', { ID: made.data.ID }), true);
  const sent = (await record(
    'intake',
    w.api.client().raw('POST', '/intake/leads', {
      body: JSON.stringify({ BoundTakenOffer: w.taken.ID, name: 'Buyer', phone: '+381601234000' }),
      headers: { authorization: `Bearer ${secrets.apiToken}`, 'content-type': 'application/json' },
    }),
  )) as Response;
  expect(sent.status).toBe(200);
  const leadId = (JSON.parse(answers.at(-1)!.text) as { data: { ID: number } }).data.ID;
  await record(
    'intake status',
    w.api
      .client()
      .raw('GET', `/intake/leads/${leadId}`, { headers: { authorization: `Bearer ${secrets.apiToken}` } }),
  );
  await record(
    'intake with a wrong token',
    w.api.client().raw('POST', '/intake/leads', {
      body: '{}',
      headers: {
        authorization: `Bearer ${secrets.apiToken.slice(0, -4)}zzzz`,
        'content-type': 'application/json',
      },
    }),
  );

  // A CRM: connected, listed, its link handed out, called back right and wrong.
  const advertiser: TestClient = await w.api.loggedInAs('advertiser1');
  const crm = (await record(
    'addCRM',
    advertiser.call('/partners/addCRM', {
      CRMName: 'kmacrm',
      CRMFriendlyName: 'Main CRM',
      CRMData: { inboundURL: 'https://93.184.216.34/kma', outboundToken: secrets.crmOutboundToken },
      advertiserID: w.advertiser.ID,
    }),
  )) as Answer<{ ID: number }>;
  expect(crm.status).toBe('ok');
  const [crmRow] = await w.db.select().from(crms).where(eq(crms.ID, crm.data.ID));
  secrets.crmCallbackToken = crmRow.callbackToken;
  await record('getAllCRMs', advertiser.call('/partners/getAllCRMs', {}));
  await record(
    'getAllCRMs (admin)',
    admin.call('/partners/getAllCRMs', { BoundAdvertiser: w.advertiser.ID }),
  );
  await record(
    'editCRM',
    advertiser.call('/partners/editCRM', {
      ID: crm.data.ID,
      CRMFriendlyName: 'Main CRM 2',
      CRMData: { inboundURL: 'https://93.184.216.34/kma2', outboundToken: 'unchanged' },
      advertiserID: w.advertiser.ID,
    }),
  );
  await record(
    'getCRMIntegrationLink',
    advertiser.call('/partners/getCRMIntegrationLink', { ID: crm.data.ID, advertiserID: w.advertiser.ID }),
    true,
  );
  await record(
    'CRM callback',
    w.api
      .client()
      .raw('GET', `/crm/${crm.data.ID}/callback/${secrets.crmCallbackToken}?order=${leadId}&status=approved`),
  );
  await record(
    'CRM callback (wrong token)',
    w.api
      .client()
      .raw('GET', `/crm/${crm.data.ID}/callback/${secrets.crmCallbackToken.slice(0, -3)}abc?order=1`),
  );
  await record('getLeadCRMInfo', admin.call('/leads/getLeadCRMInfo', { ID: leadId }));

  // A postback and its signing secret.
  const pb = (await record(
    'addPostback',
    w.publisher.client.call('/postback/addPostback', {
      postbackName: 'tracker',
      postbackURL: 'https://93.184.216.34/pb?l={lead_id}',
      postbackType: 'default',
      postbackTrigger: 'OnApproved',
    }),
  )) as Answer<{ postbackID: number }>;
  const rotated = (await record(
    'rotateSigningSecret',
    w.publisher.client.call('/postback/rotateSigningSecret', {}),
    true,
  )) as Answer<{ secret: string }>;
  secrets.signingSecret = rotated.data.secret;
  await record('getSigningSecretInfo', w.publisher.client.call('/postback/getSigningSecretInfo', {}));
  await record('getAllPostbacks', w.publisher.client.call('/postback/getAllPostbacks', {}));
  await record(
    'testPostback',
    w.publisher.client.call('/postback/testPostback', { postbackID: pb.data.postbackID }),
  );

  // The user's own and the staff views of them, and the whole log as an admin reads it.
  await record('getSingleUser', admin.call('/users/getSingleUser', { ID: me.ID, showPayment: true }));
  await record('getAllUsers', admin.call('/users/getAllUsers', {}));
  const logList = (await record('getLogs', admin.call('/logs/getLogs', {}))) as Answer<{
    DBData: { ID: number }[];
  }>;
  for (const entry of logList.data.DBData.slice(0, 40)) {
    await record(`getLogDump ${entry.ID}`, admin.call('/logs/getLogDump', { ID: entry.ID }));
  }

  for (const [name, value] of Object.entries(secrets)) expect(value.length, name).toBeGreaterThanOrEqual(8);
  const logRows = JSON.stringify(await w.db.select().from(logs));
  expect(logRows.length).toBeGreaterThan(500);
  const problems: string[] = [];
  for (const [name, value] of Object.entries(secrets)) {
    if (logRows.includes(value)) problems.push(`${name} in the logs table`);
    if (printed.some((line) => line.includes(value))) problems.push(`${name} in the process output`);
    for (const answer of answers) {
      if (!answer.showsSecret && answer.text.includes(value))
        problems.push(`${name} in the answer of ${answer.what}`);
    }
  }
  expect(problems).toEqual([]);
  // The answers meant to show a secret do show it, to its owner, once asked.
  const shown = (what: string) => answers.find((a) => a.what === what)!.text;
  expect(shown('addApiToken')).toContain(secrets.apiToken);
  expect(shown('getToken')).toContain(secrets.apiToken);
  expect(shown('getCRMIntegrationLink')).toContain(secrets.crmCallbackToken);
  expect(shown('rotateSigningSecret')).toContain(secrets.signingSecret);
});
