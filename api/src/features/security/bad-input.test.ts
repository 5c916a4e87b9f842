/**
 * Bad input, complete (issue 12): every documented call and every machine route is sent malformed
 * JSON, bodies that are not objects, missing fields, wrong types, 1 MB strings, negative, NaN and
 * huge numbers, unicode, SQL and HTML, and unknown filter fields and operators. The answer is always
 * the envelope `{status:'error', data: CODE, details?}` with a 4xx (or an ordinary answer where the
 * value happens to be acceptable text), never a 500, and a refusal changes no row.
 *
 * The requests start from a plausible body built from the contract's own schema, so a hostile value
 * in one field reaches the handler whenever the rest of the body is valid; its numbers name nothing
 * (999999), so nothing is acted on by chance.
 */
import { bodyKinds, type CallContract, contracts, ERROR_CODES } from '@leadmesh/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/harness.ts';
import { createTrafficWorld, type TrafficWorld } from '../tracking/test-world.ts';
import {
  BAD_BODIES,
  BAD_FILTERS,
  HOSTILE_VALUES,
  inputSchema,
  RowWatch,
  sample,
  topFields,
  withRawNumbers,
} from './fuzz-support.ts';

const CODES = new Set<string>(ERROR_CODES);
const REFUSED_ACCESS = new Set(['NOT_LOGGED_IN', 'FORBIDDEN', 'NOT_VERIFIED']);
/** A value may name someone else's record (FORBIDDEN is then right); losing the session is not. */
const LOST_SESSION = new Set(['NOT_LOGGED_IN', 'NOT_VERIFIED']);

let w: TrafficWorld;
let watch: RowWatch;
let advertiserClient: TestClient;
let personas: TestClient[];

beforeAll(async () => {
  w = await createTrafficWorld();
  advertiserClient = await w.api.loggedInAs('advertiser1');
  personas = [w.admin.client, w.publisher.client, advertiserClient];
  watch = new RowWatch(w.db);
});
afterAll(async () => {
  await w?.close();
});

interface Outcome {
  httpStatus: number;
  body: unknown;
}

async function send(client: TestClient, contract: CallContract, body: string): Promise<Outcome> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  headers['X-XSRF-TOKEN'] = client.csrfToken ?? (await client.fetchCsrf());
  const response = await client.raw(contract.method, contract.path, { body, headers });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // judged below: every answer of a call is JSON
  }
  return { httpStatus: response.status, body: parsed };
}

/** What is wrong with one answer, or null: the envelope, a 4xx for errors, never a 5xx. */
function envelopeProblem(outcome: Outcome): string | null {
  const body = outcome.body as { status?: unknown; data?: unknown; details?: unknown };
  if (outcome.httpStatus >= 500) return `HTTP ${outcome.httpStatus} ${JSON.stringify(body).slice(0, 200)}`;
  if (typeof body !== 'object' || body === null) return `not JSON: ${String(body).slice(0, 80)}`;
  if (body.status === 'ok') return outcome.httpStatus === 200 ? null : `ok with HTTP ${outcome.httpStatus}`;
  if (body.status !== 'error') return `no status: ${JSON.stringify(body).slice(0, 120)}`;
  if (typeof body.data !== 'string' || !CODES.has(body.data)) return `unknown code ${String(body.data)}`;
  if (outcome.httpStatus < 400) return `error ${body.data} with HTTP ${outcome.httpStatus}`;
  const details = body.details as { message?: unknown } | undefined;
  if (details !== undefined && typeof details.message !== 'string') return 'details without a message';
  return null;
}

/** The first of the test's users this call admits (access comes before validation). */
async function callerFor(contract: CallContract): Promise<TestClient> {
  for (const client of personas) {
    const probe = await send(client, contract, '{');
    const code = (probe.body as { data?: string }).data;
    if (!REFUSED_ACCESS.has(String(code))) return client;
  }
  throw new Error(`no test user may call ${contract.path}`);
}

/** Calls the sweep leaves to their own tests: logout ends the session the sweep runs in. */
const SEPARATE = new Set(['/auth/logout']);
const jsonCalls = Object.values(contracts).filter(
  (c) => !bodyKinds(c).includes('multipart') && !SEPARATE.has(c.path),
);

describe.each(jsonCalls.map((c) => [c.path, c] as const))('%s', (_path, contract) => {
  it('refuses every hostile body and value with the envelope, never a 500, and changes no row when refusing', async () => {
    const client = await callerFor(contract);
    const schema = inputSchema(contract.request);
    const base = (sample(schema) ?? {}) as Record<string, unknown>;
    const fields = topFields(schema);
    const required = new Set(schema.required ?? []);
    const problems: string[] = [];
    let refusals = 0;

    const judge = async (label: string, body: string, mustRefuse: boolean) => {
      const outcome = await send(client, contract, body);
      const problem = envelopeProblem(outcome);
      if (problem) problems.push(`${label}: ${problem}`);
      const answer = outcome.body as { status?: string; data?: unknown };
      if (answer.status === 'error') {
        refusals++;
        const changed = await watch.changedTables();
        if (changed.length)
          problems.push(`${label}: refused (${answer.data}) but changed ${changed.join(', ')}`);
        if (LOST_SESSION.has(String(answer.data)))
          problems.push(`${label}: lost access (${String(answer.data)})`);
      } else {
        if (mustRefuse) problems.push(`${label}: accepted (${JSON.stringify(answer.data).slice(0, 120)})`);
        // An accepted value may write (a name with unicode is a fine name): compare from here on.
        await watch.reset();
      }
    };

    await watch.reset();
    for (const [label, body] of BAD_BODIES) await judge(label, body, contract.path !== '/api/csrf');
    for (const field of fields) {
      for (const [label, value] of HOSTILE_VALUES) {
        await judge(
          `${field} = ${label}`,
          withRawNumbers(JSON.stringify({ ...base, [field]: value })),
          false,
        );
      }
      if (required.has(field)) {
        const { [field]: _missing, ...rest } = base;
        await judge(`${field} missing`, JSON.stringify(rest), true);
      }
    }
    if (fields.includes('Filters')) {
      for (const [label, filters] of BAD_FILTERS) {
        await judge(`Filters ${label}`, JSON.stringify({ ...base, Filters: filters }), true);
      }
    }
    expect(problems).toEqual([]);
    expect(refusals).toBeGreaterThan(0);
  });
});

describe('multipart uploads', () => {
  const uploads = Object.values(contracts).filter((c) => bodyKinds(c).includes('multipart'));

  it.each(uploads.map((c) => [c.path, c] as const))(
    '%s refuses JSON, broken and hostile forms, never a 500',
    async (_path, contract) => {
      const client = w.admin.client;
      const token = client.csrfToken ?? (await client.fetchCsrf());
      const problems: string[] = [];
      await watch.reset();
      const forms: [string, () => { body: BodyInit; headers: Record<string, string> }][] = [
        ['JSON instead of a form', () => ({ body: '{}', headers: { 'content-type': 'application/json' } })],
        [
          'form without a boundary',
          () => ({ body: 'garbage', headers: { 'content-type': 'multipart/form-data' } }),
        ],
        [
          'truncated form',
          () => ({
            body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nPK',
            headers: { 'content-type': 'multipart/form-data; boundary=b' },
          }),
        ],
        ...HOSTILE_VALUES.filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(
          ([label, value]) =>
            [
              `every field = ${label}`,
              () => {
                const form = new FormData();
                for (const name of topFields(inputSchema(contract.request))) form.append(name, String(value));
                return { body: form, headers: {} };
              },
            ] as [string, () => { body: BodyInit; headers: Record<string, string> }],
        ),
        [
          'a text file named like the upload',
          () => {
            const form = new FormData();
            const fields = topFields(inputSchema(contract.request));
            for (const name of fields) form.append(name, '999999');
            form.set('file', new File(['<script>alert(1)</script>'], 'evil.png', { type: 'image/png' }));
            return { body: form, headers: {} };
          },
        ],
      ];
      for (const [label, make] of forms) {
        const { body, headers } = make();
        const response = await client.raw('POST', contract.path, {
          body,
          headers: { 'X-XSRF-TOKEN': token, ...headers },
        });
        const outcome = { httpStatus: response.status, body: await response.json().catch(() => null) };
        const problem = envelopeProblem(outcome);
        if (problem) problems.push(`${label}: ${problem}`);
        if ((outcome.body as { status?: string })?.status !== 'error') problems.push(`${label}: accepted`);
        const changed = await watch.changedTables();
        if (changed.length) problems.push(`${label}: changed ${changed.join(', ')}`);
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('logout', () => {
  it('takes no input: any query or body is ignored, and it answers the envelope', async () => {
    for (const query of ['?x=%00', `?${'a'.repeat(10_000)}=1`, '?redirect=https://evil.example']) {
      const { client } = await w.api.loggedIn(`lo${Math.random().toString(36).slice(2, 8)}`);
      const response = await client.raw('GET', `/auth/logout${query}`, {
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ok' });
      expect(response.headers.get('location')).toBeNull();
    }
  });
});

describe('machine routes', () => {
  async function machine(
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<Outcome> {
    const response = await w.api.client().raw(method, path, init);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain-text answers (GET CRM callbacks) are judged by status only
    }
    return { httpStatus: response.status, body };
  }

  it('POST /intake/leads answers every bad body and field with the envelope and writes no lead', async () => {
    const token = await w.apiToken(w.publisher.user.ID, { canSendLeads: true });
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const base = { BoundTakenOffer: w.taken.ID, name: 'Ana', phone: '+381601234567' };
    const problems: string[] = [];
    for (const [label, body] of BAD_BODIES) {
      const outcome = await machine('POST', '/intake/leads', { body, headers: auth });
      const problem = envelopeProblem(outcome);
      if (problem) problems.push(`${label}: ${problem}`);
      if ((outcome.body as { status?: string }).status !== 'error') problems.push(`${label}: accepted`);
    }
    // The base is a lead the route takes, so a hostile value in one field reaches the handler.
    const accepted = await machine('POST', '/intake/leads', { body: JSON.stringify(base), headers: auth });
    expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ status: 'ok' });
    await watch.reset();
    for (const field of [
      'BoundTakenOffer',
      'BoundOffer',
      'name',
      'phone',
      'email',
      'GenericData',
      'ip',
      'userAgent',
      'IdempotencyKey',
      'client',
    ]) {
      for (const [label, value] of HOSTILE_VALUES) {
        const outcome = await machine('POST', '/intake/leads', {
          body: withRawNumbers(JSON.stringify({ ...base, [field]: value })),
          headers: auth,
        });
        const problem = envelopeProblem(outcome);
        if (problem) problems.push(`${field} = ${label}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    const leadsBefore = await w.leadCount();
    // No lead at all from a body that is not an object.
    for (const [, body] of BAD_BODIES) await machine('POST', '/intake/leads', { body, headers: auth });
    expect(await w.leadCount()).toBe(leadsBefore);
  });

  it('GET /intake/leads/{id}, /images/{name}, /exports/… and CRM callbacks answer junk ids with a 4xx envelope', async () => {
    const token = await w.apiToken(w.publisher.user.ID, { canReadLeads: true });
    const auth = { authorization: `Bearer ${token}` };
    const junk = [
      '-1',
      'NaN',
      'Infinity',
      '1e400',
      '9007199254740993',
      '0x10',
      '1%20OR%201%3D1',
      '%3Cscript%3E',
      '%E2%80%AE',
      '..%2F..%2Fetc%2Fpasswd',
      'A'.repeat(5000),
    ];
    const problems: string[] = [];
    await watch.reset();
    for (const id of junk) {
      const checks: [string, string, Record<string, string>?][] = [
        ['GET', `/intake/leads/${id}`, auth],
        ['GET', `/images/${id}`],
        ['GET', `/images/${id}.png`],
        ['GET', `/exports/leads/${id}/${id}`],
        ['POST', `/crm/${id}/callback/${id}`],
        ['GET', `/crm/${id}/callback/${id}`],
      ];
      for (const [method, path, headers] of checks) {
        const outcome = await machine(method, path, {
          headers,
          body: method === 'POST' ? '{"x":' : undefined,
        });
        if (outcome.httpStatus >= 500 || outcome.httpStatus < 400)
          problems.push(`${method} ${path.slice(0, 60)}: HTTP ${outcome.httpStatus}`);
        if (typeof outcome.body === 'object') {
          const problem = envelopeProblem(outcome);
          if (problem) problems.push(`${method} ${path.slice(0, 60)}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await watch.changedTables()).toEqual([]);
  });

  it('a bearer header that is not a token is refused the same way, whatever it holds', async () => {
    for (const header of [
      'Bearer',
      'Bearer ',
      `Bearer ${'x'.repeat(10_000)}`,
      "Bearer ' OR 1=1 --xxxxxxxxxxxxxxxx",
      'Basic YWRtaW46cGFzc3dvcmQ=',
      'Bearer lm_\u00ff\u00feaaaaaaaaaaaaaaaaaaaa',
    ]) {
      const outcome = await machine('POST', '/intake/leads', {
        body: '{}',
        headers: { authorization: header, 'content-type': 'application/json' },
      });
      expect(outcome.httpStatus).toBe(401);
      expect(outcome.body).toMatchObject({ status: 'error', data: 'NOT_LOGGED_IN' });
    }
  });

  it('the sites server answers junk tracking codes and orders without a 500 and without a lead', async () => {
    const before = await w.leadCount();
    const visitor = w.visitor();
    for (const code of ['x', '%00', 'A'.repeat(5000), '..%2F..', '%3Cscript%3E', "1' OR '1'='1"]) {
      const click = await visitor.get(`/t/${code}`);
      expect(click.status, code).toBeLessThan(500);
      expect(click.status, code).toBeGreaterThanOrEqual(400);
    }
    for (const [label, body] of BAD_BODIES) {
      const response = await visitor.request('POST', `/o/${w.taken.TrackingCode}/_lm/order`, {
        body,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
      });
      expect(response.status, label).toBeLessThan(500);
    }
    for (const [label, value] of HOSTILE_VALUES) {
      const response = await visitor.request('POST', `/o/${w.taken.TrackingCode}/_lm/order`, {
        body: JSON.stringify({ name: value, phone: value, click: value }),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
      });
      expect(response.status, label).toBeLessThan(500);
    }
    await w.flush();
    // Without a valid click none of these is a lead.
    expect(await w.leadCount()).toBe(before);
  });
});
