/**
 * SSRF at save time for CRM URLs (issue 12), as postbacks.test.ts shows it for postbacks: a host
 * name is resolved through a stub table (no real DNS), and a name with any address that is not
 * public is refused before anything is written — and before any connection: the network jail
 * fails the file on any packet to anything but Redis.
 */
import { crms } from '@leadmesh/schema/tables';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installNetworkJail, stubResolver } from '../../../../packages/net/src/test-support/network-jail.ts';
import { setOutboundResolverForTests } from '../../lib/outbound-policy.ts';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

const resolver = stubResolver({
  'crm.example': ['93.184.216.34'],
  'internal-crm.example': ['10.0.0.5'],
  'half-internal.example': ['93.184.216.34', '192.168.1.9'],
  'metadata-crm.example': ['169.254.169.254'],
  'loop-crm.example': ['127.0.0.1'],
  'v6-private.example': ['fd00::1'],
});

let api: TestApi;
let jail: ReturnType<typeof installNetworkJail>;
let restoreResolver: () => void;
let owner: TestClient;
let advertiserId: number;

beforeAll(async () => {
  jail = installNetworkJail();
  restoreResolver = setOutboundResolverForTests(resolver);
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  const { user, client } = await api.loggedIn('ssrfadv', { isVerified: true, isPublisherHidden: true });
  advertiserId = (await api.createAdvertiser(user.ID, true)).ID;
  owner = client;
});
afterEach(() => {
  expect(jail.violations).toEqual([]);
  expect(jail.attempts.filter((a) => a.port !== 6379)).toEqual([]);
});
afterAll(async () => {
  restoreResolver();
  await api.close();
  jail.restore();
});

const addCrm = (inboundURL: string) =>
  owner.call('/partners/addCRM', {
    CRMName: 'kmacrm',
    CRMFriendlyName: 'K',
    CRMData: { inboundURL, outboundToken: 'tok-123456' },
    advertiserID: advertiserId,
  });

describe('a CRM URL whose host name resolves to an address that is not public', () => {
  it.each([
    ['https://internal-crm.example/api', '10.0.0.5'],
    ['https://half-internal.example/api', 'one private address among public ones'],
    ['http://metadata-crm.example/latest/meta-data/', 'the metadata address'],
    ['https://loop-crm.example:8443/api', 'loopback'],
    ['https://v6-private.example/api', 'an IPv6 unique-local address'],
  ])('%s (%s) is refused, nothing written, no connection', async (url) => {
    const before = (await api.db.select().from(crms)).length;
    const calls = resolver.calls.length;
    const answer = await addCrm(url);
    expect(answer).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
    expect(answer.details?.field).toBe('CRMData.inboundURL');
    expect(answer.details?.message).toMatch(/Inbound URL/);
    expect(resolver.calls.length).toBeGreaterThan(calls);
    expect((await api.db.select().from(crms)).length).toBe(before);
  });

  it('an edit to such a name is refused too, and a public name is accepted after resolving it', async () => {
    const added = await addCrm('https://crm.example/api');
    expect(added.status).toBe('ok');
    expect(resolver.calls).toContain('crm.example');
    const id = (added.data as { ID: number }).ID;
    const edited = await owner.call('/partners/editCRM', {
      ID: id,
      CRMFriendlyName: 'K',
      CRMData: { inboundURL: 'https://internal-crm.example/api', outboundToken: 'unchanged' },
      advertiserID: advertiserId,
    });
    expect(edited).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
  });
});
