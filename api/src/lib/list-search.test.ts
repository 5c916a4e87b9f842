import { LISTS, type ListName, listFilterFields, SEARCH_FILTER } from '@leadmesh/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISER_LIST_FIELDS } from '../features/advertisers/advertisers.service.ts';
import { API_TOKEN_FIELDS } from '../features/api-tokens/api-tokens.service.ts';
import { CUSTOM_PAYOUT_FIELDS } from '../features/custom-payouts/custom-payouts.service.ts';
import { DOMAIN_LIST_FIELDS } from '../features/domains/domains.service.ts';
import {
  ADMIN_LEAD_LIST_FIELDS,
  ADVERTISER_LEAD_LIST_FIELDS,
  PUBLISHER_LEAD_LIST_FIELDS,
} from '../features/leads/leads.service.ts';
import { LOG_FIELDS } from '../features/logs/logs.service.ts';
import { INVOICE_LIST_FIELDS } from '../features/money/invoices.service.ts';
import { makeAdvertiser, makeLead, makeOffer } from '../features/offers/offers.fixtures.ts';
import {
  ADVERTISER_OFFER_LIST_FIELDS,
  catalogueFields,
  OFFER_LIST_FIELDS,
} from '../features/offers/offers.service.ts';
import { PAYOUT_LINE_FIELDS, PAYOUT_LIST_FIELDS } from '../features/payouts/payouts.service.ts';
import {
  ADVERTISER_REFERRAL_FIELDS,
  PUBLISHER_REFERRAL_FIELDS,
} from '../features/referrals/referrals.service.ts';
import { TAKEN_OFFER_FIELDS } from '../features/taken-offers/taken-offers.service.ts';
import { USER_LIST_FIELDS } from '../features/users/users.service.ts';
import { WEBSITE_LIST_FIELDS } from '../features/websites/websites.service.ts';
import { createTestApi, type TestApi, type TestClient } from '../test/harness.ts';
import type { ListFields } from './list-engine.ts';

/** The server's whitelist of each declared list. */
const SERVER: Record<ListName, ListFields> = {
  publisherLeads: PUBLISHER_LEAD_LIST_FIELDS,
  advertiserLeads: ADVERTISER_LEAD_LIST_FIELDS,
  adminLeads: ADMIN_LEAD_LIST_FIELDS,
  users: USER_LIST_FIELDS,
  advertisers: ADVERTISER_LIST_FIELDS,
  apiTokens: API_TOKEN_FIELDS,
  offers: OFFER_LIST_FIELDS,
  advertiserOffers: ADVERTISER_OFFER_LIST_FIELDS,
  catalogue: catalogueFields(Date.now()),
  domains: DOMAIN_LIST_FIELDS,
  websites: WEBSITE_LIST_FIELDS,
  takenOffers: TAKEN_OFFER_FIELDS,
  customPayouts: CUSTOM_PAYOUT_FIELDS,
  invoices: INVOICE_LIST_FIELDS,
  platformPayouts: PAYOUT_LIST_FIELDS,
  payoutLines: PAYOUT_LINE_FIELDS,
  publisherReferrals: PUBLISHER_REFERRAL_FIELDS,
  advertiserReferrals: ADVERTISER_REFERRAL_FIELDS,
  logs: LOG_FIELDS,
};

describe('each list is declared once for both sides', () => {
  for (const name of Object.keys(LISTS) as ListName[]) {
    it(`${name}: every field the screen offers is on the server's whitelist with the same type`, () => {
      const server = SERVER[name];
      for (const field of listFilterFields(LISTS[name])) {
        expect(server[field.name]?.type, `${name}.${field.name}`).toBe(field.type);
      }
      expect(Boolean(server[SEARCH_FILTER]), `${name} searches`).toBe((LISTS[name].search ?? []).length > 0);
    });
  }
});

let api: TestApi;
let admin: TestClient;
let pub: Awaited<ReturnType<TestApi['loggedIn']>>;
let other: Awaited<ReturnType<TestApi['loggedIn']>>;
const leadIds: Record<string, number> = {};

const search = (value: string) => [{ name: SEARCH_FILTER, op: 'contains', value }];
async function rowsOf(client: TestClient, path: string, body: Record<string, unknown>) {
  const answer = await client.call(path as '/users/getAllUsers', body as never);
  expect(answer.status, JSON.stringify(answer.details)).toBe('ok');
  const data = answer.data as { DBData: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(data) ? data : data.DBData;
}

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  admin = (await api.loggedIn('searchadmin', { isAdmin: true, isVerified: true, isPublisherHidden: true }))
    .client;
  pub = await api.loggedIn('zorana_pub', { isVerified: true });
  other = await api.loggedIn('milos_pub', { isVerified: true });
  const adv = await makeAdvertiser(api, 'searchadv');
  const cream = await makeOffer(api, adv, { OfferName: 'Glow', OfferProductName: 'Glow cream 50%' });
  const tea = await makeOffer(api, adv, { OfferName: 'Calm', OfferProductName: 'Calm tea' });
  leadIds.cream = (await makeLead(api, cream, pub.user.ID)).ID;
  leadIds.tea = (await makeLead(api, tea, pub.user.ID)).ID;
  leadIds.otherCream = (await makeLead(api, cream, other.user.ID)).ID;
});
afterAll(async () => {
  await api.close();
});

describe('the search box (Search filter through the list engine)', () => {
  it('finds users by part of a username or e-mail, any case, and by ID', async () => {
    const byName = await rowsOf(admin, '/users/getAllUsers', {
      paginationOffset: 0,
      Filters: search('ZORANA'),
    });
    expect(byName.map((u) => u.Username)).toEqual(['zorana_pub']);
    const email = String(byName[0].Email);
    const byEmail = await rowsOf(admin, '/users/getAllUsers', {
      paginationOffset: 0,
      Filters: search(email.slice(0, 8)),
    });
    expect(byEmail.map((u) => u.Username)).toContain('zorana_pub');
    const byId = await rowsOf(admin, '/users/getAllUsers', {
      paginationOffset: 0,
      Filters: search(String(other.user.ID)),
    });
    expect(byId.map((u) => u.ID)).toContain(other.user.ID);
  });

  it('combines with the other filters and takes % and _ literally', async () => {
    const both = await rowsOf(admin, '/users/getAllUsers', {
      paginationOffset: 0,
      Filters: [...search('_pub'), { name: 'Username', op: 'startsWith', value: 'milos' }],
    });
    expect(both.map((u) => u.Username)).toEqual(['milos_pub']);
    const percent = await rowsOf(admin, '/offers/getAllOffers', {
      paginationOffset: 0,
      Filters: search('50%'),
    });
    expect(percent.map((o) => o.OfferName)).toEqual(['Glow']);
    const none = await rowsOf(admin, '/offers/getAllOffers', { paginationOffset: 0, Filters: search('5_%') });
    expect(none).toEqual([]);
  });

  it("searches a publisher's own leads only, by product or lead ID", async () => {
    const cream = await rowsOf(pub.client, '/leads/getLeadsForPublisher', {
      paginationOffset: 0,
      Filters: search('cream'),
    });
    expect(cream.map((l) => l.ID)).toEqual([leadIds.cream]);
    const othersLead = await rowsOf(pub.client, '/leads/getLeadsForPublisher', {
      paginationOffset: 0,
      Filters: search(String(leadIds.otherCream)),
    });
    expect(othersLead).toEqual([]);
    const all = await rowsOf(admin, '/leads/getLeadsForAdmin', {
      paginationOffset: 0,
      Filters: search('cream'),
    });
    expect(all.map((l) => l.ID).sort()).toEqual([leadIds.cream, leadIds.otherCream].sort());
  });

  it('an empty search text lists everything; another operator is refused with a clear message', async () => {
    const all = await rowsOf(admin, '/leads/getLeadsForAdmin', {
      paginationOffset: 0,
      Filters: search('  '),
    });
    expect(all.length).toBe(3);
    const refused = await admin.call('/users/getAllUsers', {
      paginationOffset: 0,
      Filters: [{ name: SEARCH_FILTER, op: 'eq', value: 'x' }],
    });
    expect(refused.status).toBe('error');
    expect(refused.data).toBe('VALIDATION_ERROR');
    expect(refused.details?.message).toMatch(/Allowed: contains/);
  });

  it('an unknown field is refused, and the answer names Search among the allowed', async () => {
    const answer = await admin.call('/leads/getLeadsForAdmin', {
      paginationOffset: 0,
      Filters: [{ name: 'Nope', op: 'contains', value: 'x' }],
    });
    expect(answer.status).toBe('error');
    expect(answer.details?.message).toMatch(/Search/);
  });
});
