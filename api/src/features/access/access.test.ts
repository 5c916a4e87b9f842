/**
 * Authorization matrix: every one of the 101 documented calls, called by every kind of
 * caller, against the callers column of endpoints.md (written out here independently of
 * the contracts, so a wrong `callers` in a contract fails this test).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiTokenColumns, exportFileName, exportFolder, secretBoxFromEnv } from '@leadmesh/core';
import { type CallContract, contracts } from '@leadmesh/schema';
import * as tables from '@leadmesh/schema/tables';
import { apiTokens, leadExports } from '@leadmesh/schema/tables';
import { count } from 'drizzle-orm';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCalls, notBuiltContracts } from '../../app.ts';
import { randomToken } from '../../lib/crypto.ts';
import { machineCalls, machineContracts } from '../../machine-routes.ts';
import { type Answer, createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

/**
 * A: anonymous, U: unverified publisher, P: verified publisher, V: verified advertiser
 * (publisher role hidden), M: manager (isManager, both sides), X: publisher manager, Y: advertiser
 * manager, C: a verified publisher allowed CRM info (isCRMInfoAllowed), D: admin.
 * '*' = everyone, 'S' = any session. T and N are API tokens (with every flag, and with none): a
 * token is a machine credential for the intake routes only, so on a call it is anonymous.
 */
const CALLERS: Record<string, string> = {
  '/api/csrf': '*',
  '/apiTokens/addApiToken': 'D',
  '/apiTokens/getAllApiTokens': 'D',
  '/apiTokens/getAllAvailableFlags': 'D',
  '/apiTokens/getToken': 'D',
  '/apiTokens/removeApiToken': 'D',
  '/auth/checkLogin': '*',
  '/auth/login': '*',
  '/auth/logout': 'S',
  '/auth/resetPassword': '*',
  '/auth/sendUniqueToken': '*',
  '/customOfferPayouts/addPayout': 'D',
  '/customOfferPayouts/editPayout': 'D',
  '/customOfferPayouts/getAllPayouts': 'D',
  '/customOfferPayouts/removePayout': 'D',
  '/domains/addDomain': 'PDC',
  '/domains/deleteDomain': 'PDC',
  '/domains/editDomain': 'PDC',
  '/domains/getDomainByID': 'PDC',
  '/domains/getDomains': 'PC',
  '/domains/getDomainsForUser': 'PMXDC',
  '/domains/getInternalDomains': 'D',
  '/email/contact': '*',
  '/images/deleteImageByFilename': 'D',
  '/images/uploadImage': 'D',
  '/invoices/createInvoice': 'D',
  '/invoices/getAllInvoices': 'D',
  '/leads/getAllBlockedLeadsDashboardAdmin': 'D',
  '/leads/getAllBlockedLeadsKPIAdmin': 'D',
  '/leads/getLeadCRMInfo': 'MDC',
  '/leads/getLeadsForAdmin': 'D',
  '/leads/getLeadsForAdminExport': 'D',
  '/leads/getLeadsForAdvertiser': 'VMYD',
  '/leads/getLeadsForAdvertiserDashboard': 'VMYD',
  '/leads/getLeadsForPublisher': 'PMXDC',
  '/leads/getLeadsForPublisherDashboard': 'PMXDC',
  '/leads/getLeadStatsForFrontendAdminDashboard': 'MXD',
  '/leads/getLeadStatsPerUser': 'MXD',
  '/leads/getStatusCodes': 'S',
  '/leads/resendLead': 'D',
  '/leads/resendLeads': 'D',
  '/leads/setLeadStatusAdmin': 'D',
  '/logs/getLogDump': 'D',
  '/logs/getLogs': 'D',
  '/logs/removeAllLogs': 'D',
  '/offers/addOffer': 'D',
  '/offers/deleteOffer': 'D',
  '/offers/editOffer': 'D',
  '/offers/getAllOfferNames': 'MXYD',
  '/offers/getAllOffers': 'MXYD',
  '/offers/getAllOffersForAdvertiser': 'VMYD',
  '/offers/getAllSelectableOffers': 'PC',
  '/offers/getOfferByID': 'MXYD',
  '/offers/getSingleOffer': 'PC',
  '/partners/addAdvertiser': 'UPMXYDC',
  '/partners/addCRM': 'VD',
  '/partners/deleteAdvertiser': 'D',
  '/partners/deleteCRM': 'VD',
  '/partners/editAdvertiser': 'VD',
  '/partners/editCRM': 'VD',
  '/partners/getAdvertiserByID': 'VMYD',
  '/partners/getAllAdvertisers': 'MYD',
  '/partners/getAllAdvertisersWithCRM': 'D',
  '/partners/getAllCRMs': 'VD',
  '/partners/getCRMIntegrationLink': 'VD',
  '/partners/setCreditBalance': 'D',
  '/partners/setCreditBalanceDynamic': 'D',
  '/partners/verifyAdvertiser': 'MYD',
  '/payouts/checkPayoutPending': 'D',
  '/payouts/createPlatformPayout': 'D',
  '/payouts/deletePlatformPayout': 'D',
  '/payouts/getAllPlatformPayouts': 'D',
  '/payouts/getLeadsPayoutFile': 'D',
  '/payouts/getPayoutsAdvertiser': 'V',
  '/payouts/getPayoutsPublisher': 'PC',
  '/payouts/getReferralsPayoutFile': 'D',
  '/payouts/getUsersPayoutFile': 'D',
  '/payouts/performPayoutProcess': 'D',
  '/postback/addPostback': 'PVMXYDC',
  '/postback/deletePostback': 'PVMXYDC',
  '/postback/editPostback': 'PVMXYDC',
  '/postback/getAllPostbacks': 'PVMXYDC',
  // endpoints.md says "self"; the referral screens are among those an unverified account sees as
  // not verified (dashboards §2), so the server refuses them too: verified and self (decision 0018).
  '/referral/getAllAdvertiserReferralsForUser': 'PVMXYDC',
  '/referral/getAllPublisherReferralsForUser': 'PVMXYDC',
  '/referral/getAllReferralRegisters': 'PVMXYDC',
  '/takenOffers/addTakenOffer': 'PC',
  '/takenOffers/deleteTakenOffer': 'PC',
  '/takenOffers/generateOfferLink': 'PC',
  '/takenOffers/getAllTakenOffers': 'PC',
  '/users/changePassword': 'S',
  '/users/createUser': '*',
  '/users/deleteUser': 'D',
  '/users/editUser': 'S',
  '/users/getAllUsers': 'MXYD',
  '/users/getSingleUser': 'S',
  '/users/setTheme': 'S',
  '/users/verifyPublisher': 'MXD',
  '/websites/deleteWebsite': 'D',
  '/websites/getAllWebsites': 'PDC',
  '/websites/getAllWebsitesFrontend': 'D',
  '/websites/uploadWebsite': 'D',
};

/** Calls beyond the spec's list (review decisions), with their callers in the same notation. */
const EXTRA_CALLERS: Record<string, string> = {
  '/invoices/markInvoicePaid': 'D',
  '/referral/getReferralOverview': 'PVMXYDC',
  '/leads/startLeadExport': 'D',
  '/leads/getLeadExport': 'D',
  '/leads/getLeadTimeline': 'PVDC',
  '/postback/getDeliveries': 'PVMXYDC',
  '/postback/testPostback': 'PVMXYDC',
  '/postback/rotateSigningSecret': 'PVMXYDC',
  '/postback/getSigningSecretInfo': 'PVMXYDC',
  '/postback/replayPostbackDelivery': 'PVMXYDC',
  '/leads/getNetworkOverview': 'MXYD',
  '/leads/getLeadStatsPerIP': 'MXD',
  '/postback/getInspector': 'PVMXYDC',
  '/postback/clearInspector': 'PVMXYDC',
  '/users/confirmEmailChange': 'S',
  '/payouts/getPayoutAvailability': 'D',
  '/postback/enablePostback': 'PVMXYDC',
  '/partners/enableCRM': 'VD',
};

const PERSONAS = ['A', 'U', 'P', 'V', 'M', 'X', 'Y', 'C', 'D', 'T', 'N'] as const;
type Persona = (typeof PERSONAS)[number];
const REFUSALS = new Set(['NOT_LOGGED_IN', 'FORBIDDEN', 'NOT_VERIFIED']);
const TOKEN_PERSONAS = new Set<Persona>(['T', 'N']);

function allowed(path: string, persona: Persona): boolean {
  const spec = CALLERS[path] ?? EXTRA_CALLERS[path];
  const anonymous = persona === 'A' || TOKEN_PERSONAS.has(persona);
  if (spec === '*') return true;
  if (spec === 'S') return !anonymous;
  return !anonymous && spec.includes(persona);
}

/** Calls whose allowed run would change the session under the test's feet; covered by their own tests. */
const SESSION_CHANGING = new Set(['/auth/logout', '/auth/login']);
/** Calls whose whole request may be empty and still act (a payout run over everyone); covered by their own tests. */
const ACT_ON_EMPTY_BODY = new Set([
  '/payouts/createPlatformPayout',
  '/leads/resendLeads',
  '/logs/removeAllLogs',
  '/postback/rotateSigningSecret',
  // The caller's own inspector: made on first need, and emptied.
  '/postback/getInspector',
  '/postback/clearInspector',
]);

/** A caller that sends `Authorization: Bearer` (and a CSRF token, so only the bearer differs from anonymous). */
class TokenCaller {
  constructor(
    private readonly client: TestClient,
    private readonly token: string,
  ) {}
  async callRaw(path: string, body: unknown): Promise<Answer> {
    const contract = contracts[path];
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${this.token}`,
    };
    if (contract.method !== 'GET') headers['X-XSRF-TOKEN'] = await this.client.fetchCsrf();
    const response = await this.client.raw(contract.method, path, {
      body: contract.method === 'GET' ? undefined : JSON.stringify(body),
      headers,
    });
    const json = (await response.json()) as Omit<Answer, 'httpStatus' | 'headers'>;
    return { ...json, httpStatus: response.status, headers: response.headers };
  }
  /** A machine route with the bearer (and a CSRF token, as for the calls). */
  async machine(method: string, path: string, body?: string): Promise<Response> {
    return this.client.raw(method, path, {
      body,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${this.token}`,
        'X-XSRF-TOKEN': await this.client.fetchCsrf(),
      },
    });
  }
}

/** A machine route as a session's browser would send it: the cookie and a CSRF token, no other credential. */
async function sessionMachine(client: TestClient, method: string, path: string, body?: string) {
  return client.raw(method, path, {
    body,
    headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': await client.fetchCsrf() },
  });
}

let api: TestApi;
const clients = {} as Record<Persona, Pick<TestClient, 'callRaw'>>;
/** Each persona sending a machine route its own way (a session, or a bearer token). */
const machineCallers = {} as Record<
  Persona,
  (method: string, path: string, body?: string) => Promise<Response>
>;
const ids = {} as Record<Persona | 'P2', number>;
let publisher2: TestClient;

/** A finished export with one file, so an admitted download is told from a refused one. */
let exportId: number;
const dataDir = mkdtempSync(join(tmpdir(), 'leadmesh-access-'));

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true', DATA_DIR: dataDir });
  clients.A = api.client();
  const make = async (
    persona: Persona | 'P2',
    username: string,
    flags: Parameters<TestApi['createUser']>[1],
  ) => {
    const { user, client } = await api.loggedIn(username, flags);
    ids[persona] = user.ID;
    return client;
  };
  clients.U = await make('U', 'unverified1', {});
  clients.P = await make('P', 'publisher1', { isVerified: true });
  publisher2 = await make('P2', 'publisher2', { isVerified: true });
  clients.V = await make('V', 'advertiser1', { isVerified: true, isPublisherHidden: true });
  await api.createAdvertiser(ids.V, true);
  clients.M = await make('M', 'manager1', { isVerified: true, isManager: true, isPublisherHidden: true });
  clients.D = await make('D', 'admin1', { isVerified: true, isAdmin: true, isPublisherHidden: true });
  clients.X = await make('X', 'pubmanager1', {
    isVerified: true,
    isPublisherManager: true,
    isPublisherHidden: true,
  });
  clients.Y = await make('Y', 'advmanager1', {
    isVerified: true,
    isAdvertiserManager: true,
    isPublisherHidden: true,
  });
  clients.C = await make('C', 'crminfo1', { isVerified: true, isCRMInfoAllowed: true });
  clients.T = new TokenCaller(
    api.client(),
    await apiToken(ids.P, { canSendLeads: true, canReadLeads: true }),
  );
  clients.N = new TokenCaller(api.client(), await apiToken(ids.D, {}));
  for (const persona of PERSONAS) {
    const client = clients[persona];
    machineCallers[persona] =
      client instanceof TokenCaller
        ? (method, path, body) => client.machine(method, path, body)
        : (method, path, body) => sessionMachine(client as TestClient, method, path, body);
  }
});

/** An API token of a user, written as addApiToken writes it (sealed and hashed). */
async function apiToken(userId: number, flags: Record<string, boolean>): Promise<string> {
  const token = `lm_${randomToken(32)}`;
  await api.db.insert(apiTokens).values({
    Name: 'matrix',
    UserID: userId,
    ...apiTokenColumns(secretBoxFromEnv(api.deps.env), token),
    Flags: flags,
  });
  return token;
}
afterAll(async () => {
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Row counts of every table but the log and sessions: what a refused call must not change. */
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of Object.values(tables)) {
    if (typeof table !== 'object' || table === null || !(Symbol.for('drizzle:Name') in table)) continue;
    const config = getTableConfig(table as SQLiteTable);
    if (config.name === 'logs' || config.name === 'sessions') continue;
    const [row] = await api.db.select({ n: count() }).from(table as SQLiteTable);
    parts.push(`${config.name}:${row.n}`);
  }
  return parts.join(',');
}

it('the matrix covers exactly the 101 documented calls and the extra ones', () => {
  expect(Object.keys(CALLERS)).toHaveLength(101);
  expect(Object.keys(contracts).sort()).toEqual(
    [...Object.keys(CALLERS), ...Object.keys(EXTRA_CALLERS)].sort(),
  );
});

describe.each(PERSONAS)('caller %s', (persona) => {
  it('is refused exactly where endpoints.md says, and a refusal changes nothing', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const path of [...Object.keys(CALLERS), ...Object.keys(EXTRA_CALLERS)]) {
      if (!contracts[path]) continue;
      const expectAllowed = allowed(path, persona);
      if (expectAllowed && (SESSION_CHANGING.has(path) || ACT_ON_EMPTY_BODY.has(path))) continue;
      const answer = await clients[persona].callRaw(path, {});
      const refused = answer.status === 'error' && REFUSALS.has(String(answer.data));
      // checkLogin's "not logged in" is its answer, not a refusal.
      const isAnswer =
        path === '/auth/checkLogin' && !allowed('/auth/logout', persona) && answer.data === 'NOT_LOGGED_IN';
      if (expectAllowed && refused && !isAnswer) wrong.push(`${path}: refused with ${answer.data}`);
      if (!expectAllowed && !refused)
        wrong.push(`${path}: not refused (${answer.status} ${JSON.stringify(answer.data)})`);
      if (
        !expectAllowed &&
        (persona === 'A' || TOKEN_PERSONAS.has(persona)) &&
        answer.data !== 'NOT_LOGGED_IN'
      )
        wrong.push(`${path}: anonymous got ${answer.data}`);
      if (answer.httpStatus >= 500) wrong.push(`${path}: ${answer.httpStatus}`);
    }
    expect(wrong).toEqual([]);
    if (persona !== 'A') {
      // the persona's own allowed calls ran with empty bodies; those must not have written anything either
      expect(await fingerprint()).toBe(before);
    }
  });
});

it('unverified users are told NOT_VERIFIED where verification is what is missing', async () => {
  for (const path of [
    '/takenOffers/getAllTakenOffers',
    '/offers/getAllSelectableOffers',
    '/postback/getAllPostbacks',
  ]) {
    expect((await clients.U.callRaw(path, {})).data).toBe('NOT_VERIFIED');
  }
  expect((await clients.U.callRaw('/logs/getLogs', {})).data).toBe('FORBIDDEN');
});

it('the screens an unverified publisher sees as not verified are refused by the server too (dashboards §2)', async () => {
  const calls: [string, Record<string, unknown>][] = [
    ['/domains/getDomainsForUser', { paginationOffset: 0 }],
    ['/domains/addDomain', { DomainName: 'unverified.example' }],
    ['/domains/getDomains', { showInternal: true }],
    ['/offers/getSingleOffer', { ID: 1 }],
    ['/websites/getAllWebsites', { BoundOffer: 1 }],
    ['/takenOffers/addTakenOffer', { BoundOffer: 1, BoundDomain: 1, BoundLandingWebsite: 1 }],
    ['/takenOffers/generateOfferLink', { ID: 1 }],
    ['/takenOffers/deleteTakenOffer', { ID: 1 }],
    ['/payouts/getPayoutsPublisher', { paginationOffset: 0 }],
    ['/referral/getReferralOverview', {}],
    ['/referral/getAllPublisherReferralsForUser', { Filters: [] }],
    ['/referral/getAllAdvertiserReferralsForUser', { Filters: [] }],
    ['/referral/getAllReferralRegisters', {}],
  ];
  for (const [path, body] of calls) {
    expect((await clients.U.callRaw(path, body)).data, path).toBe('NOT_VERIFIED');
  }
});

describe('a second publisher naming the first one’s ids', () => {
  const probes: [string, (p1: number) => Record<string, unknown>][] = [
    ['/auth/checkLogin', (p1) => ({ BoundUser: p1 })],
    ['/users/getSingleUser', (p1) => ({ ID: p1 })],
    ['/users/editUser', (p1) => ({ id: p1, FirstName: 'Stolen' })],
    ['/users/changePassword', (p1) => ({ id: p1, oldPassword: 'password123', newPassword: 'stolen-pass-1' })],
    ['/domains/getDomainsForUser', (p1) => ({ ID: p1, paginationOffset: 0 })],
    ['/domains/getDomains', (p1) => ({ BoundUser: p1, showInternal: true })],
    ['/leads/getLeadsForPublisher', (p1) => ({ BoundUser: p1, paginationOffset: 0, Filters: [] })],
    ['/leads/getLeadsForPublisherDashboard', (p1) => ({ BoundUser: p1, Filters: [] })],
    ['/payouts/getPayoutsPublisher', (p1) => ({ BoundUser: p1, paginationOffset: 0, Filters: [] })],
    ['/takenOffers/getAllTakenOffers', (p1) => ({ BoundUser: p1, Filters: [] })],
    ['/referral/getAllPublisherReferralsForUser', (p1) => ({ BoundUser: p1, Filters: [] })],
    ['/referral/getAllAdvertiserReferralsForUser', (p1) => ({ BoundUser: p1, Filters: [] })],
    ['/referral/getAllReferralRegisters', (p1) => ({ BoundUser: p1 })],
  ];

  it.each(probes)('%s is refused, never answered', async (path, body) => {
    const answer = await publisher2.callRaw(path, body(ids.P));
    expect(answer.status).toBe('error');
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(answer.data);
  });

  it('built calls refuse with FORBIDDEN', async () => {
    for (const [path, body] of probes.slice(0, 4)) {
      expect((await publisher2.callRaw(path, body(ids.P))).data, path).toBe('FORBIDDEN');
    }
  });
});

describe('every documented call is built', () => {
  it('none answers NOT_IMPLEMENTED', () => {
    expect(notBuiltContracts().map((c) => c.path)).toEqual([]);
  });

  it('none is bound twice (a handler of the same name in two features)', () => {
    const paths = builtCalls.map((b) => b.contract.path);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
  });
});

/**
 * A machine route's path with stand-ins for its parameters: a lead and a CRM that do not exist, a
 * token of the right length; the export file is a real one (its refusals read as a missing file).
 */
const samplePath = (path: string) =>
  path === '/exports/leads/{id}/{n}'
    ? `/exports/leads/${exportId}/1`
    : path.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === 'token' ? 'x'.repeat(43) : '999999'));

/** Who a machine route with a session credential admits, stated here independently of its contract. */
const SESSION_MACHINE_CALLERS: Record<string, string> = { '/exports/leads/{id}/{n}': 'D' };

async function makeExportFile(): Promise<void> {
  const [row] = await api.db
    .insert(leadExports)
    .values({ CreatedBy: ids.D, Filters: [], Groups: 1, State: 'done' })
    .returning();
  exportId = row.ID;
  mkdirSync(exportFolder(dataDir, exportId), { recursive: true });
  writeFileSync(join(exportFolder(dataDir, exportId), exportFileName(1)), 'xlsx');
}

/**
 * Whether a persona holds a machine route's credential (decision 0077): T's token has every flag,
 * N's none; nobody here holds a CRM's callback token (its own tests use real ones), and a session
 * is no machine credential.
 */
function holdsCredential(contract: CallContract, persona: Persona): boolean {
  switch (contract.credential ?? 'session') {
    case 'apiToken':
      return persona === 'T';
    case 'none':
      return true;
    case 'session':
      return SESSION_MACHINE_CALLERS[contract.path]?.includes(persona) ?? false;
    default:
      return false;
  }
}

/** The refusal code of an answer (the envelope's, or a plain-text `ERROR CODE: …`), else null. */
async function refusalOf(response: Response, contract: CallContract): Promise<string | null> {
  const text = await response.text();
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { status?: string; data?: unknown };
    code = body.status === 'error' ? String(body.data) : undefined;
  } catch {
    code = /^ERROR (\w+)/.exec(text)?.[1];
  }
  const refusals = contract.refuseAsMissing ? new Set([...REFUSALS, 'NOT_FOUND']) : REFUSALS;
  return code && refusals.has(code) ? code : null;
}

describe('machine routes by contract (decision 0077)', () => {
  it.each(PERSONAS)(
    'caller %s is admitted exactly where it holds the credential, and a refusal changes nothing',
    async (persona) => {
      if (exportId === undefined) await makeExportFile();
      const before = await fingerprint();
      const wrong: string[] = [];
      for (const { contract } of machineCalls) {
        const path = samplePath(contract.path);
        const response = await machineCallers[persona](
          contract.method,
          path,
          contract.method === 'GET' ? undefined : '{}',
        );
        const refused = await refusalOf(response, contract);
        const expectAdmitted = holdsCredential(contract, persona);
        const route = `${contract.method} ${contract.path}`;
        if (expectAdmitted && refused) wrong.push(`${route}: refused with ${refused}`);
        if (!expectAdmitted && !refused) wrong.push(`${route}: not refused (HTTP ${response.status})`);
        if (response.status >= 500) wrong.push(`${route}: HTTP ${response.status}`);
      }
      expect(wrong).toEqual([]);
      // Admitted with an empty body or an unknown id: nothing to write either.
      expect(await fingerprint()).toBe(before);
    },
  );
});

/** Who a machine route admits, in words, from its contract. */
function admittedText(contract: CallContract): string {
  switch (contract.credential ?? 'session') {
    case 'apiToken':
      return `an API token with \`${contract.tokenFlag}\` (T)`;
    case 'crmToken':
      return 'the CRM holding that CRM’s callback token';
    case 'signedClick':
      return 'a visitor with a signed click';
    case 'none':
      return 'anyone';
    case 'session':
      return `${contract.callers.join(', ')} (session)${contract.refuseAsMissing ? '; everyone else the 404 of a missing file' : ''}`;
  }
}

/** The matrix as a table: what this test checks, published in docs/authorization-matrix.md. */
function matrixMarkdown(): string {
  const columns = PERSONAS.filter((p) => !TOKEN_PERSONAS.has(p));
  const lines = [
    '# Authorization matrix',
    '',
    'Generated from `api/src/features/access/access.test.ts`, which tries every call as every caller and fails',
    'when the server disagrees (regenerate with `UPDATE_MATRIX=1 npx vitest run api/src/features/access`).',
    '',
    'A anonymous · U unverified publisher · P publisher · V advertiser · M manager · X publisher manager ·',
    'Y advertiser manager · C publisher with isCRMInfoAllowed · D admin. An API token (with or without flags)',
    'is anonymous on every call. ✓ admitted, · refused (NOT_LOGGED_IN, NOT_VERIFIED or FORBIDDEN, nothing',
    'changed). Ownership ("own") is checked on top: see `api/src/features/security/ownership.test.ts`.',
    '',
    `| call | ${columns.join(' | ')} |`,
    `|---|${columns.map(() => ':-:').join('|')}|`,
  ];
  for (const path of [...Object.keys(CALLERS), ...Object.keys(EXTRA_CALLERS)]) {
    lines.push(`| \`${path}\` | ${columns.map((p) => (allowed(path, p) ? '✓' : '·')).join(' | ')} |`);
  }
  lines.push(
    '',
    '## Machine routes by contract (decisions 0009, 0077, 0078)',
    '',
    'Declared with their credential; the test above tries each API route as every persona (a session',
    'with its CSRF token is no machine credential unless the route takes a session; T is an API token',
    'with every flag, N one with none). The sites server’s routes (no session reaches its origin) are',
    'tried in `api/src/features/intake/intake.test.ts` (missing, forged and foreign clicks) and',
    '`api/src/features/tracking/tracking.test.ts`. Ownership and wrong credentials:',
    '`api/src/features/security/ownership.test.ts`.',
    '',
    `| route | server | credential | admitted | ${PERSONAS.join(' | ')} |`,
    `|---|---|---|---|${PERSONAS.map(() => ':-:').join('|')}|`,
    ...machineContracts.map(
      ({ contract, server }) =>
        `| \`${contract.method} ${contract.path}\` | ${server} | ${contract.credential} | ${admittedText(contract)} | ${PERSONAS.map((p) => (server === 'sites' ? '—' : holdsCredential(contract, p) ? '✓' : '·')).join(' | ')} |`,
    ),
    '',
    '## Other machine routes (decision 0009)',
    '',
    'Not bound by contract: each authenticates itself. Tried with the wrong credential in',
    '`api/src/features/security/ownership.test.ts` (describe "machine routes with the wrong credential").',
    '',
    '| route | admitted | everyone else |',
    '|---|---|---|',
    '| `/admin/queues` | admins (session) | 404, as for a missing file |',
    '| `GET /o/{code}/…`, `/w/{key}/…` (sites server) | anyone (public by design; random codes) | — |',
    '| `GET, POST, PUT, PATCH, DELETE /pb/{token}[/…]` (sites server) | anyone: a user’s postback inspector records what reaches its secret URL (decision 0041) | 404 for an unknown token, nothing kept |',
    '| `GET /dev/mail` (development only) | loopback callers | 404 |',
  );
  return `${lines.join('\n')}\n`;
}

it('docs/authorization-matrix.md is the matrix checked here', () => {
  const file = join(dirname(fileURLToPath(import.meta.url)), '../../../../docs/authorization-matrix.md');
  if (process.env.UPDATE_MATRIX === '1') writeFileSync(file, matrixMarkdown());
  expect(readFileSync(file, 'utf8')).toBe(matrixMarkdown());
});
