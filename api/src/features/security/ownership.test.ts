/**
 * "Own", complete (issue 12): a second publisher names everything of the first one's that a call
 * takes an id of, a second advertiser everything of the first advertiser's, side managers reach
 * across their side, a CRM-info user asks about a lead that is not theirs, and every machine route
 * is tried by the wrong credential. Each is refused, changes no row, and no answer — refused or
 * the caller's own lists — carries a marker of the other account.
 */
import { apiTokens, crms, leads, postbackDeliveries, postbacks } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/harness.ts';
import { createTrafficWorld, type TrafficWorld } from '../tracking/test-world.ts';
import { RowWatch } from './fuzz-support.ts';

/** Text that only the first publisher's and the first advertiser's records hold. */
const P1_MARKERS = [
  'publisher1@example.com',
  'Tea on my blog',
  'tea-news.example',
  'P1-PB-MARK',
  'Ana Markova',
];
const V1_MARKERS = ['V1-CRM-MARK', 'V1-PB-MARK', 'advertiser1@example.com', 'crm-token-v1-secret'];

let w: TrafficWorld;
let watch: RowWatch;
let v1: TestClient;
let v2: TestClient;
let p2: TestClient;
let pubManager: TestClient;
let advManager: TestClient;
let crmInfoPublisher: TestClient;
const id = {} as {
  p1: number;
  v1User: number;
  v1: number;
  v2: number;
  domain: number;
  taken: number;
  lead: number;
  p1Postback: number;
  v1Postback: number;
  p1Delivery: number;
  v1Delivery: number;
  crm: number;
  offer: number;
  website: number;
};

beforeAll(async () => {
  w = await createTrafficWorld();
  watch = new RowWatch(w.db);
  id.p1 = w.publisher.user.ID;
  id.v1 = w.advertiser.ID;
  id.v1User = w.advertiser.UserID;
  id.domain = w.domain.ID;
  id.taken = w.taken.ID;
  id.offer = w.offer.ID;
  id.website = w.landing.ID;
  v1 = await w.api.loggedInAs('advertiser1');
  p2 = w.publisher2.client;
  const v2User = await w.api.createUser('advertiser2', { isVerified: true, isPublisherHidden: true });
  id.v2 = (await w.api.createAdvertiser(v2User.ID, true)).ID;
  v2 = await w.api.loggedInAs('advertiser2');
  pubManager = (
    await w.api.loggedIn('pubman', { isVerified: true, isPublisherManager: true, isPublisherHidden: true })
  ).client;
  advManager = (
    await w.api.loggedIn('advman', { isVerified: true, isAdvertiserManager: true, isPublisherHidden: true })
  ).client;
  crmInfoPublisher = (await w.api.loggedIn('crminfo', { isVerified: true, isCRMInfoAllowed: true })).client;

  const postback = {
    postbackURL: 'https://93.184.216.34/pb?l={lead_id}',
    postbackType: 'default',
    postbackTrigger: 'OnApproved',
  };
  const p1pb = await w.publisher.client.call('/postback/addPostback', {
    ...postback,
    postbackName: 'P1-PB-MARK',
  });
  id.p1Postback = (p1pb.data as { postbackID: number }).postbackID;
  const v1pb = await v1.call('/postback/addPostback', { ...postback, postbackName: 'V1-PB-MARK' });
  id.v1Postback = (v1pb.data as { postbackID: number }).postbackID;
  const crm = await v1.call('/partners/addCRM', {
    CRMName: 'kmacrm',
    CRMFriendlyName: 'V1-CRM-MARK',
    CRMData: { inboundURL: 'https://93.184.216.34/kma', outboundToken: 'crm-token-v1-secret' },
    advertiserID: id.v1,
  });
  id.crm = (crm.data as { ID: number }).ID;
  const token = await w.apiToken(id.p1, { canSendLeads: true });
  const sent = await w.api.client().raw('POST', '/intake/leads', {
    body: JSON.stringify({ BoundTakenOffer: id.taken, name: 'Ana Markova', phone: '+381601112233' }),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  const sentBody = (await sent.json()) as { data: { ID: number } };
  id.lead = sentBody.data?.ID;
  if (!Number.isInteger(id.lead)) throw new Error(JSON.stringify(sentBody));
  // A delivered event of each first account's postback, for the replay probes.
  for (const [key, postbackID] of [
    ['p1Delivery', id.p1Postback],
    ['v1Delivery', id.v1Postback],
  ] as const) {
    const [delivery] = await w.db
      .insert(postbackDeliveries)
      .values({
        BoundPostback: postbackID,
        BoundLead: id.lead,
        Event: `approved:${key}:probe`,
        URL: `https://93.184.216.34/pb?l=${id.lead}`,
        State: 'delivered',
        Attempts: 1,
      })
      .returning();
    id[key] = delivery.ID;
  }
  expect({ p1pb, v1pb, crm, lead: id.lead }).toMatchObject({
    p1pb: { status: 'ok' },
    v1pb: { status: 'ok' },
    crm: { status: 'ok' },
  });
  expect(Number.isInteger(id.lead)).toBe(true);
});
afterAll(async () => {
  await w?.close();
});

type Probe = [path: string, body: () => Record<string, unknown>];

async function expectRefusedWithoutLeak(client: TestClient, probes: Probe[], markers: string[]) {
  const problems: string[] = [];
  await watch.reset();
  for (const [path, body] of probes) {
    const answer = await client.callRaw(path, body());
    const text = JSON.stringify(answer);
    if (
      answer.status !== 'error' ||
      !['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR'].includes(String(answer.data))
    )
      problems.push(`${path}: not refused (${text.slice(0, 160)})`);
    else if (answer.httpStatus >= 500 || answer.httpStatus < 400)
      problems.push(`${path}: HTTP ${answer.httpStatus}`);
    for (const marker of markers) if (text.includes(marker)) problems.push(`${path}: leaks ${marker}`);
    const changed = await watch.changedTables();
    if (changed.length) problems.push(`${path}: changed ${changed.join(', ')}`);
  }
  expect(problems).toEqual([]);
}

async function expectOwnListsClean(client: TestClient, calls: Probe[], markers: string[]) {
  const problems: string[] = [];
  for (const [path, body] of calls) {
    const answer = await client.callRaw(path, body());
    if (answer.status !== 'ok') problems.push(`${path}: ${JSON.stringify(answer).slice(0, 160)}`);
    const text = JSON.stringify(answer.data);
    for (const marker of markers) if (text.includes(marker)) problems.push(`${path}: shows ${marker}`);
  }
  expect(problems).toEqual([]);
}

describe('a second publisher naming the first one’s ids', () => {
  const probes: Probe[] = [
    ['/users/getSingleUser', () => ({ ID: id.p1 })],
    ['/users/getSingleUser', () => ({ ID: id.p1, showPayment: true })],
    ['/users/editUser', () => ({ id: id.p1, FirstName: 'Stolen' })],
    ['/users/editUser', () => ({ id: id.p1, newEmail: 'thief@example.com' })],
    [
      '/users/changePassword',
      () => ({ id: id.p1, oldPassword: 'password123', newPassword: 'stolen-pass-1' }),
    ],
    ['/domains/getDomainByID', () => ({ ID: id.domain })],
    ['/domains/editDomain', () => ({ ID: id.domain, DomainName: 'http://stolen.example' })],
    ['/domains/deleteDomain', () => ({ ID: id.domain })],
    ['/domains/addDomain', () => ({ DomainName: 'http://planted.example', BoundUser: id.p1 })],
    ['/domains/getDomains', () => ({ BoundUser: id.p1 })],
    ['/domains/getDomainsForUser', () => ({ ID: id.p1 })],
    ['/leads/getLeadsForPublisher', () => ({ BoundUser: id.p1 })],
    ['/leads/getLeadsForPublisher', () => ({ authUser: id.p1 })],
    ['/leads/getLeadsForPublisherDashboard', () => ({ BoundUser: id.p1 })],
    ['/leads/getLeadTimeline', () => ({ ID: id.lead })],
    ['/payouts/getPayoutsPublisher', () => ({ BoundUser: id.p1 })],
    ['/offers/getAllSelectableOffers', () => ({ BoundUser: id.p1 })],
    ['/offers/getSingleOffer', () => ({ BoundUser: id.p1, ID: id.offer })],
    ['/takenOffers/getAllTakenOffers', () => ({ BoundUser: id.p1 })],
    ['/takenOffers/deleteTakenOffer', () => ({ ID: id.taken })],
    ['/takenOffers/deleteTakenOffer', () => ({ ID: id.taken, authUser: id.p1 })],
    ['/takenOffers/generateOfferLink', () => ({ ID: id.taken })],
    [
      '/takenOffers/addTakenOffer',
      () => ({ BoundOffer: id.offer, BoundDomain: id.domain, BoundLandingWebsite: id.website }),
    ],
    [
      '/takenOffers/addTakenOffer',
      () => ({
        authUser: id.p1,
        BoundOffer: id.offer,
        BoundDomain: 999_999,
        BoundLandingWebsite: id.website,
      }),
    ],
    ['/websites/getAllWebsites', () => ({ authUser: id.p1, BoundOffer: id.offer })],
    [
      '/postback/editPostback',
      () => ({
        postbackID: id.p1Postback,
        postbackName: 'x',
        postbackURL: 'https://93.184.216.34/x',
        postbackTrigger: 'OnApproved',
      }),
    ],
    ['/postback/deletePostback', () => ({ postbackID: id.p1Postback })],
    ['/postback/testPostback', () => ({ postbackID: id.p1Postback })],
    ['/postback/replayPostbackDelivery', () => ({ ID: id.p1Delivery })],
    ['/referral/getAllPublisherReferralsForUser', () => ({ BoundUser: id.p1 })],
    ['/referral/getAllAdvertiserReferralsForUser', () => ({ BoundUser: id.p1 })],
    ['/referral/getAllReferralRegisters', () => ({ BoundUser: id.p1 })],
    ['/referral/getReferralOverview', () => ({ BoundUser: id.p1 })],
    ['/auth/checkLogin', () => ({ BoundUser: id.p1 })],
  ];

  it('is refused on every call that takes one, changes nothing and learns nothing', async () => {
    await expectRefusedWithoutLeak(p2, probes, P1_MARKERS);
  });

  it('sees none of the first publisher’s records in their own lists', async () => {
    await expectOwnListsClean(
      p2,
      [
        ['/leads/getLeadsForPublisher', () => ({})],
        ['/leads/getLeadsForPublisherDashboard', () => ({})],
        ['/takenOffers/getAllTakenOffers', () => ({})],
        ['/domains/getDomains', () => ({})],
        ['/domains/getDomainsForUser', () => ({})],
        ['/postback/getAllPostbacks', () => ({})],
        ['/postback/getDeliveries', () => ({})],
        // Filtering the own delivery log by another's postback finds nothing of theirs.
        ['/postback/getDeliveries', () => ({ postbackID: id.p1Postback })],
        ['/payouts/getPayoutsPublisher', () => ({})],
        ['/users/getSingleUser', () => ({ ID: w.publisher2.user.ID, showPayment: true })],
      ],
      P1_MARKERS,
    );
  });
});

describe('a second advertiser naming the first one’s ids', () => {
  const probes: Probe[] = [
    ['/partners/getAdvertiserByID', () => ({ ID: id.v1 })],
    ['/partners/editAdvertiser', () => ({ ID: id.v1, CompanyName: 'Stolen Ltd' })],
    ['/partners/getAllCRMs', () => ({ BoundAdvertiser: id.v1 })],
    [
      '/partners/addCRM',
      () => ({
        CRMName: 'kmacrm',
        CRMFriendlyName: 'planted',
        CRMData: { inboundURL: 'https://93.184.216.34/x', outboundToken: 'x' },
        advertiserID: id.v1,
      }),
    ],
    [
      '/partners/editCRM',
      () => ({ ID: id.crm, CRMFriendlyName: 'stolen', CRMData: {}, advertiserID: id.v1 }),
    ],
    [
      '/partners/editCRM',
      () => ({ ID: id.crm, CRMFriendlyName: 'stolen', CRMData: {}, advertiserID: id.v2 }),
    ],
    ['/partners/deleteCRM', () => ({ ID: id.crm, advertiserID: id.v1 })],
    ['/partners/deleteCRM', () => ({ ID: id.crm, advertiserID: id.v2 })],
    ['/partners/getCRMIntegrationLink', () => ({ ID: id.crm, advertiserID: id.v1 })],
    ['/partners/getCRMIntegrationLink', () => ({ ID: id.crm, advertiserID: id.v2 })],
    ['/leads/getLeadsForAdvertiser', () => ({ BoundAdvertiser: id.v1 })],
    ['/leads/getLeadsForAdvertiserDashboard', () => ({ BoundAdvertiser: id.v1 })],
    ['/leads/getLeadTimeline', () => ({ ID: id.lead })],
    ['/offers/getAllOffersForAdvertiser', () => ({ BoundAdvertiser: id.v1 })],
    ['/offers/getAllOffersForAdvertiser', () => ({ authUser: id.v1User })],
    ['/payouts/getPayoutsAdvertiser', () => ({ BoundAdvertiser: id.v1 })],
    ['/postback/deletePostback', () => ({ postbackID: id.v1Postback })],
    ['/postback/testPostback', () => ({ postbackID: id.v1Postback })],
    ['/postback/replayPostbackDelivery', () => ({ ID: id.v1Delivery })],
    ['/users/getSingleUser', () => ({ ID: id.v1User })],
    ['/users/editUser', () => ({ id: id.v1User, FirstName: 'Stolen' })],
  ];

  it('is refused on every call that takes one, changes nothing and learns nothing', async () => {
    await expectRefusedWithoutLeak(v2, probes, V1_MARKERS);
  });

  it('sees none of the first advertiser’s records in their own lists', async () => {
    await expectOwnListsClean(
      v2,
      [
        ['/leads/getLeadsForAdvertiser', () => ({})],
        ['/leads/getLeadsForAdvertiserDashboard', () => ({})],
        ['/partners/getAllCRMs', () => ({})],
        ['/offers/getAllOffersForAdvertiser', () => ({})],
        ['/postback/getAllPostbacks', () => ({})],
        ['/payouts/getPayoutsAdvertiser', () => ({})],
        ['/partners/getAdvertiserByID', () => ({ ID: id.v2 })],
      ],
      [...V1_MARKERS, 'Ana Markova'],
    );
  });

  it('the first advertiser sees their own lead, CRM and postback (the markers are real)', async () => {
    const leadsOfV1 = JSON.stringify((await v1.call('/leads/getLeadsForAdvertiser', {})).data);
    expect(JSON.stringify((await v1.call('/partners/getAllCRMs', {})).data)).toContain('V1-CRM-MARK');
    expect(JSON.stringify((await v1.call('/postback/getAllPostbacks', {})).data)).toContain('V1-PB-MARK');
    const [lead] = await w.db.select().from(leads).where(eq(leads.ID, id.lead));
    // A blocked lead is not the advertiser's to see; a lead that went through is.
    if (lead.BlockedReason == null) expect(leadsOfV1).toContain(String(id.lead));
    expect(JSON.stringify((await w.publisher.client.call('/postback/getAllPostbacks', {})).data)).toContain(
      'P1-PB-MARK',
    );
  });
});

describe('managers stay on their side, CRM info stays with visible leads', () => {
  it('a publisher manager cannot read or act on the advertiser side', async () => {
    await expectRefusedWithoutLeak(
      pubManager,
      [
        ['/partners/getAdvertiserByID', () => ({ ID: id.v1 })],
        ['/partners/verifyAdvertiser', () => ({ ID: id.v1, verifyStatus: false })],
        ['/leads/getLeadsForAdvertiser', () => ({ BoundAdvertiser: id.v1 })],
        ['/users/getSingleUser', () => ({ ID: id.v1User })],
        ['/users/editUser', () => ({ id: id.v1User, FirstName: 'Moved' })],
        ['/leads/getLeadCRMInfo', () => ({ ID: id.lead })],
      ],
      V1_MARKERS,
    );
  });

  it('an advertiser manager cannot read or act on the publisher side', async () => {
    await expectRefusedWithoutLeak(
      advManager,
      [
        ['/users/verifyPublisher', () => ({ ID: id.p1 })],
        ['/leads/getLeadsForPublisher', () => ({ BoundUser: id.p1 })],
        ['/domains/getDomainsForUser', () => ({ ID: id.p1 })],
        ['/users/getSingleUser', () => ({ ID: id.p1 })],
        ['/users/editUser', () => ({ id: id.p1, FirstName: 'Moved' })],
        ['/leads/getLeadCRMInfo', () => ({ ID: id.lead })],
      ],
      P1_MARKERS,
    );
  });

  it('isCRMInfoAllowed shows CRM info only of leads the caller may see', async () => {
    await expectRefusedWithoutLeak(
      crmInfoPublisher,
      [['/leads/getLeadCRMInfo', () => ({ ID: id.lead })]],
      [...P1_MARKERS, ...V1_MARKERS],
    );
  });
});

describe('machine routes with the wrong credential', () => {
  async function machine(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    const response = await w.api.client().raw(method, path, { headers, body });
    return { status: response.status, text: await response.text() };
  }
  const leadBody = () =>
    JSON.stringify({ BoundTakenOffer: id.taken, name: 'Intruder', phone: '+381609999999' });

  it('POST /intake/leads: no token, a token without canSendLeads, another user’s taken offer', async () => {
    const readOnly = await w.apiToken(id.p1, { canReadLeads: true });
    const otherUser = await w.apiToken(w.publisher2.user.ID, { canSendLeads: true });
    const json = { 'content-type': 'application/json' };
    await watch.reset();
    const before = await w.leadCount();
    expect((await machine('POST', '/intake/leads', json, leadBody())).status).toBe(401);
    const noFlag = await machine(
      'POST',
      '/intake/leads',
      { ...json, authorization: `Bearer ${readOnly}` },
      leadBody(),
    );
    expect(noFlag.status).toBe(403);
    const foreign = await machine(
      'POST',
      '/intake/leads',
      { ...json, authorization: `Bearer ${otherUser}` },
      leadBody(),
    );
    expect(foreign.status).toBe(403);
    // A session cookie is not a token: the admin's browser cannot send a lead this way.
    const admin = await w.admin.client.raw('POST', '/intake/leads', { headers: json, body: leadBody() });
    expect(admin.status).toBe(401);
    expect(await w.leadCount()).toBe(before);
    expect(await watch.changedTables()).toEqual([]);
  });

  it('a removed token is refused on its next request', async () => {
    const token = await w.apiToken(id.p1, { canSendLeads: true, canReadLeads: true });
    expect(
      (await machine('GET', `/intake/leads/${id.lead}`, { authorization: `Bearer ${token}` })).status,
    ).toBe(200);
    await w.db.delete(apiTokens).where(eq(apiTokens.UserID, id.p1));
    expect(
      (await machine('GET', `/intake/leads/${id.lead}`, { authorization: `Bearer ${token}` })).status,
    ).toBe(401);
  });

  it('GET /intake/leads/{id}: canReadLeads of the lead’s user only; another user’s lead is unknown', async () => {
    const mine = await w.apiToken(id.p1, { canReadLeads: true });
    const sendOnly = await w.apiToken(id.p1, { canSendLeads: true });
    const other = await w.apiToken(w.publisher2.user.ID, { canReadLeads: true, canSendLeads: true });
    const path = `/intake/leads/${id.lead}`;
    const own = await machine('GET', path, { authorization: `Bearer ${mine}` });
    expect(own.status).toBe(200);
    expect(JSON.parse(own.text).data.ID).toBe(id.lead);
    expect((await machine('GET', path)).status).toBe(401);
    expect((await machine('GET', path, { authorization: `Bearer ${sendOnly}` })).status).toBe(403);
    const foreign = await machine('GET', path, { authorization: `Bearer ${other}` });
    const unknown = await machine('GET', '/intake/leads/999999', { authorization: `Bearer ${other}` });
    expect(foreign.status).toBe(404);
    // The same answer as for a lead that does not exist: nothing says the id is taken.
    expect(foreign.text).toBe(unknown.text);
    expect((await machine('GET', path, { cookie: '' })).status).toBe(401);
  });

  it('CRM callbacks: a wrong token, another CRM’s token, and the right token on another CRM id', async () => {
    const [v1Crm] = await w.db.select().from(crms).where(eq(crms.ID, id.crm));
    const answer = await v1.call('/partners/getCRMIntegrationLink', { ID: id.crm, advertiserID: id.v1 });
    const token = v1Crm.callbackToken;
    // The owner is handed the link with the token (its one purpose); the token is what is tried below.
    expect(JSON.stringify(answer.data)).toContain(token);
    expect(token.length).toBeGreaterThan(16);
    const v2Crm = await v2.call('/partners/addCRM', {
      CRMName: 'kmacrm',
      CRMFriendlyName: 'V2 CRM',
      CRMData: { inboundURL: 'https://93.184.216.34/v2', outboundToken: 'v2-token' },
      advertiserID: id.v2,
    });
    const v2Id = (v2Crm.data as { ID: number }).ID;
    await watch.reset();
    const body = JSON.stringify({ lead_id: id.lead, status: 'approved' });
    const json = { 'content-type': 'application/json' };
    for (const path of [
      `/crm/${v1Crm.ID}/callback/${'x'.repeat(token.length)}`,
      `/crm/${v2Id}/callback/${token}`,
      `/crm/999999/callback/${token}`,
    ]) {
      const answer = await machine('POST', path, json, body);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
    expect(await watch.changedTables()).toEqual([]);
  });

  it('export downloads and the queue dashboard answer only admins; others get the same 404 as a missing file', async () => {
    const missing = await w.admin.client.raw('GET', '/exports/leads/999999/1');
    expect(missing.status).toBe(404);
    for (const client of [w.api.client(), w.publisher.client, v1, pubManager, advManager]) {
      expect((await client.raw('GET', '/exports/leads/1/1')).status).toBe(404);
      expect((await client.raw('GET', '/admin/queues')).status).toBe(404);
    }
    expect((await w.admin.client.raw('GET', '/admin/queues')).status).toBe(200);
  });

  it('a postback’s and a CRM’s secrets never reach another account through their ids', async () => {
    const [row] = await w.db.select().from(postbacks).where(eq(postbacks.postbackID, id.v1Postback));
    expect(row).toBeDefined();
    const answer = await v2.call('/postback/getSigningSecretInfo', {});
    expect(JSON.stringify(answer)).not.toContain('V1-PB-MARK');
  });
});
