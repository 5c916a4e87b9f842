/**
 * The access agreement (issue 16, decision 0046): for every dashboard route and every kind of
 * caller, the screen opens exactly when the server answers the calls it makes, shows the
 * not-verified wall exactly when the server refuses them for missing verification alone, and is
 * left (for the user's home) exactly when the server refuses them outright. The sessions are the
 * ones the server gives (`/auth/checkLogin`), and the accounts are made as people make them: an
 * advertiser signs up in two steps and is verified with "Verify advertiser" by an admin.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionData } from '@leadmesh/schema';
import { CALL_CALLERS } from '@leadmesh/schema/constants';
import {
  DASHBOARD_ROUTES,
  dashboardHome,
  homeRedirect,
  type ScreenAccess,
  screenAccess,
  sidebarGroups,
} from '@leadmesh/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

type Kind =
  | 'visitor'
  | 'unverified publisher'
  | 'publisher'
  | 'advertiser signed up, not yet verified'
  | 'advertiser signed up and verified by the back office'
  | 'advertiser with both roles'
  | 'manager of publishers'
  | 'manager of advertisers'
  | 'manager of both sides'
  | 'manager'
  | 'admin'
  | 'publisher-hidden user';

const KINDS: Kind[] = [
  'visitor',
  'unverified publisher',
  'publisher',
  'advertiser signed up, not yet verified',
  'advertiser signed up and verified by the back office',
  'advertiser with both roles',
  'manager of publishers',
  'manager of advertisers',
  'manager of both sides',
  'manager',
  'admin',
  'publisher-hidden user',
];

let api: TestApi;
const callers = {} as Record<Kind, { client: TestClient; session: SessionData | null }>;

/** An advertiser as one signs up (dashboards §2 Register: the user, then the company). */
async function signUpAdvertiser(username: string): Promise<{ client: TestClient; advertiserId: number }> {
  const client = api.client();
  const created = await client.call('/users/createUser', {
    username,
    password: 'password123',
    email: `${username}@example.com`,
    FirstName: 'Ada',
    LastName: 'Vertiser',
    Country: 'RS',
    ZIP: 11000,
    Experience: 1,
    ContactWhatsapp: '',
    ContactSkype: '',
    ContactTelegram: '',
    refID: null,
    Flags: { isPublisherVisible: false },
  } as never);
  expect(created.status, JSON.stringify(created)).toBe('ok');
  expect((await client.call('/auth/login', { username, password: 'password123' })).status).toBe('ok');
  const company = await client.call('/partners/addAdvertiser', {
    CompanyName: `${username} d.o.o.`,
    CompanyAddress: 'Main street 1',
    CompanyCity: 'Belgrade',
    CompanyZipCode: '11000',
    TaxVatNumber: 'Tax: 1, VAT: 2',
  } as never);
  expect(company.status, JSON.stringify(company)).toBe('ok');
  return { client, advertiserId: (company.data as { ID: number }).ID };
}

async function sessionOf(client: TestClient): Promise<SessionData | null> {
  const answer = await client.call('/auth/checkLogin', {} as never);
  return answer.status === 'ok' ? (answer.data as SessionData) : null;
}

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  const admin = await api.loggedIn('agreeadmin', {
    isVerified: true,
    isAdmin: true,
    isPublisherHidden: true,
  });
  const made: Partial<Record<Kind, TestClient>> = {
    visitor: api.client(),
    'unverified publisher': (await api.loggedIn('agreeunverified', {})).client,
    publisher: (await api.loggedIn('agreepublisher', { isVerified: true })).client,
    'manager of publishers': (
      await api.loggedIn('agreepubman', {
        isVerified: true,
        isPublisherManager: true,
        isPublisherHidden: true,
      })
    ).client,
    'manager of advertisers': (
      await api.loggedIn('agreeadvman', {
        isVerified: true,
        isAdvertiserManager: true,
        isPublisherHidden: true,
      })
    ).client,
    'manager of both sides': (
      await api.loggedIn('agreebothman', {
        isVerified: true,
        isPublisherManager: true,
        isAdvertiserManager: true,
        isPublisherHidden: true,
      })
    ).client,
    manager: (
      await api.loggedIn('agreemanager', { isVerified: true, isManager: true, isPublisherHidden: true })
    ).client,
    admin: admin.client,
    'publisher-hidden user': (
      await api.loggedIn('agreehidden', { isVerified: true, isPublisherHidden: true })
    ).client,
  };
  made['advertiser signed up, not yet verified'] = (await signUpAdvertiser('agreewaiting')).client;
  const verified = await signUpAdvertiser('agreeverified');
  const verify = await admin.client.call('/partners/verifyAdvertiser', {
    ID: verified.advertiserId,
    verifyStatus: true,
  } as never);
  expect(verify.status, JSON.stringify(verify)).toBe('ok');
  made['advertiser signed up and verified by the back office'] = verified.client;
  const both = await api.loggedIn('agreeboth', { isVerified: true });
  await api.createAdvertiser(both.user.ID, true);
  made['advertiser with both roles'] = both.client;
  for (const kind of KINDS) {
    const client = made[kind] as TestClient;
    callers[kind] = { client, session: await sessionOf(client) };
  }
});

afterAll(async () => {
  await api?.close();
});

const REFUSALS = new Set(['NOT_LOGGED_IN', 'NOT_VERIFIED', 'FORBIDDEN']);

/** What the server's answers to a screen's calls mean for the screen. */
async function serverVerdict(client: TestClient, calls: readonly string[]): Promise<ScreenAccess> {
  const refusals = new Set<string>();
  for (const call of calls) {
    const answer = await client.callRaw(call, {});
    if (answer.status === 'error' && REFUSALS.has(String(answer.data))) refusals.add(String(answer.data));
  }
  if (refusals.has('NOT_LOGGED_IN')) return 'login';
  if (refusals.has('FORBIDDEN')) return 'forbidden';
  return refusals.has('NOT_VERIFIED') ? 'unverified' : 'open';
}

const urlOf = (path: string) => `/dashboard/${path.replace(':offerId', '1')}`;

describe.each(KINDS)('%s', (kind) => {
  it('sees each screen exactly when the server answers its calls', async () => {
    const { client, session } = callers[kind];
    expect(session === null, 'only the visitor has no session').toBe(kind === 'visitor');
    const disagreements: string[] = [];
    for (const route of DASHBOARD_ROUTES) {
      const screen = screenAccess(urlOf(route.path), session);
      const server = await serverVerdict(client, route.calls ?? []);
      if (screen !== server) disagreements.push(`${route.path}: screen ${screen}, server ${server}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('is led to a home that opens (or shows the wall), and every menu entry opens or walls', () => {
    const { session } = callers[kind];
    if (!session) return expect(screenAccess('/dashboard/publisher', session)).toBe('login');
    const home = dashboardHome(session);
    expect(homeRedirect(home, session), 'home is not redirected again').toBeNull();
    expect(['open', 'unverified']).toContain(screenAccess(home, session));
    const entries = sidebarGroups(session).flatMap((group) =>
      group.items.map((item) => `${group.title} › ${item.label}: ${screenAccess(item.path, session)}`),
    );
    expect(entries.filter((entry) => entry.endsWith('forbidden'))).toEqual([]);
  });
});

it('a signed-up advertiser verified with "Verify advertiser" opens every advertiser screen', () => {
  const { session } = callers['advertiser signed up and verified by the back office'];
  for (const path of [
    'advertiser',
    'advertiser-offers',
    'advertiser-leads',
    'advertiser-statistic',
    'crm',
    'payments-advertiser',
    'postback',
  ])
    expect(screenAccess(`/dashboard/${path}`, session), path).toBe('open');
  expect(dashboardHome(session)).toBe('/dashboard/advertiser');
});

/** Every source file under a folder, joined. */
function sources(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => {
      if (statSync(path).isDirectory()) return sources(path);
      return /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('the calls each route names', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
  const kit = sources(join(root, 'packages/ui/src'));
  const remotes: Record<string, string> = {
    mf_publisher: sources(join(root, 'mf-publisher/src')),
    mf_advertiser: sources(join(root, 'mf-advertiser/src')),
    mf_admin: sources(join(root, 'mf-admin/src')),
  };
  it.each(DASHBOARD_ROUTES.map((route) => [route.path, route] as const))(
    '%s: documented calls its remote or the kit makes',
    (_path, route) => {
      expect(route.calls?.length, 'a dashboard screen names its calls').toBeGreaterThan(0);
      for (const call of route.calls ?? []) {
        expect(CALL_CALLERS[call], call).toBeDefined();
        expect(`${remotes[route.remote]}\n${kit}`.includes(`'${call}'`), `${call} is made`).toBe(true);
      }
    },
  );
});
