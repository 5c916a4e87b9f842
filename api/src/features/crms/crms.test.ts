import { crms, logs, offers } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

/** Public IP literals: checked like any address, never resolved or contacted at save time. */
const BITRIX_URL = 'https://93.184.216.34/rest/1/w3bh00kS3cretCode/crm.lead.add';
const SECRETS = {
  outboundToken: 'outbound-token-secret-9876',
  apiToken: 'api-token-secret-123456789',
  postbackSecret: 'postback-secret-abcdefghij',
};

let api: TestApi;
let owner: { client: TestClient; advertiserId: number };
let other: { client: TestClient; advertiserId: number };
let admin: TestClient;

async function advertiser(name: string) {
  const { user, client } = await api.loggedIn(name, { isVerified: true, isPublisherHidden: true });
  const row = await api.createAdvertiser(user.ID, true);
  return { client, advertiserId: row.ID };
}

beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true', PUBLIC_API_URL: 'https://api.leadmesh.test' });
  owner = await advertiser('crmowner1');
  other = await advertiser('crmother1');
  admin = (await api.loggedIn('crmadmin1', { isVerified: true, isAdmin: true, isPublisherHidden: true }))
    .client;
});
afterAll(async () => {
  await api.close();
});

const add = (client: TestClient, body: Record<string, unknown>) => client.call('/partners/addCRM', body);

describe('/partners/addCRM', () => {
  const cases: [string, string, Record<string, string>, string, string][] = [
    [
      'bitrix24',
      'no inbound URL',
      { outboundToken: 'x' },
      'CRMData.inboundURL',
      "Inbound URL can't be empty",
    ],
    [
      'bitrix24',
      'no outbound token',
      { inboundURL: BITRIX_URL },
      'CRMData.outboundToken',
      "Outbound token can't be empty",
    ],
    ['leadvertex', 'no API URL', { outboundToken: 'x' }, 'CRMData.inboundURL', "API URL can't be empty"],
    [
      'leadvertex',
      'no API token',
      { inboundURL: 'https://93.184.216.34/api' },
      'CRMData.outboundToken',
      "API Token can't be empty",
    ],
    [
      'scalecrm',
      'no inbound URL',
      { apiToken: 'a', postbackSecret: 'b' },
      'CRMData.inboundURL',
      "Inbound URL can't be empty",
    ],
    [
      'scalecrm',
      'no API token',
      { inboundURL: 'https://93.184.216.34/', postbackSecret: 'b' },
      'CRMData.apiToken',
      "API Token can't be empty",
    ],
    [
      'scalecrm',
      'no postback secret',
      { inboundURL: 'https://93.184.216.34/', apiToken: 'a' },
      'CRMData.postbackSecret',
      "Postback secret can't be empty",
    ],
    [
      'kmacrm',
      'no outbound token',
      { inboundURL: 'https://93.184.216.34/' },
      'CRMData.outboundToken',
      "Outbound token can't be empty",
    ],
    [
      'kmacrm',
      '"unchanged" as a token',
      { inboundURL: 'https://93.184.216.34/', outboundToken: 'unchanged' },
      'CRMData.outboundToken',
      "Outbound token can't be empty",
    ],
  ];
  it.each(cases)('%s with %s answers the spec message', async (type, _what, data, field, message) => {
    const answer = await add(owner.client, {
      CRMName: type,
      CRMFriendlyName: 'My CRM',
      CRMData: data,
      advertiserID: owner.advertiserId,
    });
    expect(answer).toMatchObject({ status: 'error', data: 'VALIDATION_ERROR' });
    expect(answer.details).toMatchObject({ field, message: `${field}: ${message}` });
  });

  it('needs a friendly name and an existing advertiser', async () => {
    const data = { inboundURL: 'https://93.184.216.34/', outboundToken: 'x' };
    const noName = await add(owner.client, {
      CRMName: 'kmacrm',
      CRMFriendlyName: ' ',
      CRMData: data,
      advertiserID: owner.advertiserId,
    });
    expect(noName.details?.message).toBe("CRMFriendlyName: Friendly name can't be empty");
    const noAdvertiser = await add(owner.client, { CRMName: 'kmacrm', CRMFriendlyName: 'K', CRMData: data });
    expect(noAdvertiser.details?.message).toBe('advertiserID: Advertiser ID invalid!');
    const unknown = await add(admin, {
      CRMName: 'kmacrm',
      CRMFriendlyName: 'K',
      CRMData: data,
      advertiserID: 999_999,
    });
    expect(unknown.details).toMatchObject({ field: 'advertiserID', message: 'Advertiser ID invalid!' });
  });

  it.each([
    ['ftp://93.184.216.34/x', 'scheme'],
    ['http://10.1.2.3/api', 'a private address'],
    ['http://169.254.169.254/latest/meta-data/', 'the metadata address'],
    ['http://127.0.0.1:8080/api', 'loopback'],
    ['http://user:pass@93.184.216.34/', 'credentials in the URL'],
  ])('refuses %s (%s) with a clear message', async (inboundURL) => {
    const answer = await add(owner.client, {
      CRMName: 'kmacrm',
      CRMFriendlyName: 'K',
      CRMData: { inboundURL, outboundToken: 'x' },
      advertiserID: owner.advertiserId,
    });
    expect(answer.data).toBe('VALIDATION_ERROR');
    expect(answer.details?.field).toBe('CRMData.inboundURL');
    expect(answer.details?.message).toMatch(/Inbound URL/);
  });

  it('stores the secrets sealed and answers them masked', async () => {
    const answer = await add(owner.client, {
      CRMName: 'bitrix24',
      CRMFriendlyName: 'Main Bitrix',
      CRMData: { inboundURL: BITRIX_URL, outboundToken: SECRETS.outboundToken },
      advertiserID: owner.advertiserId,
    });
    expect(answer.status).toBe('ok');
    expect(answer.data).toMatchObject({
      name: 'bitrix24',
      friendlyName: 'Main Bitrix',
      BoundAdvertiser: owner.advertiserId,
      data: {
        inboundURL: 'https://93.184.216.34/rest/1/••••Code/crm.lead.add',
        outboundToken: '••••9876',
      },
    });
    const id = (answer.data as { ID: number }).ID;
    const [row] = await api.db.select().from(crms).where(eq(crms.ID, id));
    const stored = JSON.stringify(row.data);
    expect(stored).not.toContain(SECRETS.outboundToken);
    expect(stored).not.toContain('w3bh00kS3cretCode');
    expect(row.data.outboundToken).toMatch(/^v1\./);
    expect(row.callbackToken.length).toBeGreaterThanOrEqual(40);
  });
});

describe('/partners/editCRM', () => {
  let id: number;
  beforeAll(async () => {
    const answer = await add(owner.client, {
      CRMName: 'scalecrm',
      CRMFriendlyName: 'Scale',
      CRMData: { inboundURL: 'https://93.184.216.34/leads', ...SECRETS },
      advertiserID: owner.advertiserId,
    });
    id = (answer.data as { ID: number }).ID;
  });

  const stored = async () => {
    const list = await owner.client.call('/partners/getAllCRMs', {});
    return (
      list.data as { ID: number; name: string; friendlyName: string; data: Record<string, string> }[]
    ).find((c) => c.ID === id);
  };

  it("keeps secrets sent as 'unchanged', masked or left out, and replaces the ones sent anew", async () => {
    const answer = await owner.client.call('/partners/editCRM', {
      ID: id,
      CRMFriendlyName: 'Scale renamed',
      CRMData: {
        inboundURL: 'https://93.184.216.34/v2/leads',
        apiToken: 'unchanged',
        postbackSecret: '••••ghij',
      },
      advertiserID: owner.advertiserId,
    });
    expect(answer.data).toMatchObject({
      friendlyName: 'Scale renamed',
      data: {
        inboundURL: 'https://93.184.216.34/v2/leads',
        apiToken: '••••6789',
        postbackSecret: '••••ghij',
      },
    });
    const again = await owner.client.call('/partners/editCRM', {
      ID: id,
      CRMFriendlyName: 'Scale renamed',
      CRMData: {
        inboundURL: 'https://93.184.216.34/v2/leads',
        postbackSecret: 'a-brand-new-postback-secret-xyz9',
      },
      advertiserID: owner.advertiserId,
    });
    expect(again.data).toMatchObject({ data: { apiToken: '••••6789', postbackSecret: '••••xyz9' } });
    expect((await stored())?.data).toMatchObject({ apiToken: '••••6789', postbackSecret: '••••xyz9' });
  });

  it('checks the resulting record with the edit messages, and never changes the type', async () => {
    const cleared = await owner.client.call('/partners/editCRM', {
      ID: id,
      CRMFriendlyName: 'Scale',
      CRMData: { inboundURL: 'https://93.184.216.34/v2/leads', apiToken: '' },
      advertiserID: owner.advertiserId,
    });
    expect(cleared.details).toMatchObject({ field: 'CRMData.apiToken', message: "API token can't be empty" });
    const noUrl = await owner.client.call('/partners/editCRM', {
      ID: id,
      CRMFriendlyName: 'Scale',
      CRMData: { apiToken: 'unchanged' },
      advertiserID: owner.advertiserId,
    });
    expect(noUrl.details).toMatchObject({
      field: 'CRMData.inboundURL',
      message: "Inbound URL can't be empty",
    });
    const badUrl = await owner.client.call('/partners/editCRM', {
      ID: id,
      CRMFriendlyName: 'Scale',
      CRMData: { inboundURL: 'http://192.168.1.10/leads' },
      advertiserID: owner.advertiserId,
    });
    expect(badUrl.details?.message).toMatch(/^Inbound URL: /);
    const typeChange = await owner.client.call('/partners/editCRM', {
      ID: id,
      CRMName: 'kmacrm',
      CRMFriendlyName: 'Scale',
      CRMData: { inboundURL: 'https://93.184.216.34/v2/leads' },
      advertiserID: owner.advertiserId,
    });
    expect(typeChange.status).toBe('ok');
    expect((await stored())?.name).toBe('scalecrm');
  });

  it('refuses an advertiserID that does not own the CRM', async () => {
    const answer = await admin.call('/partners/editCRM', {
      ID: id,
      CRMFriendlyName: 'x',
      CRMData: {},
      advertiserID: other.advertiserId,
    });
    expect(answer.details).toMatchObject({ field: 'advertiserID', message: 'Advertiser ID invalid!' });
  });
});

describe('ownership', () => {
  let id: number;
  beforeAll(async () => {
    const answer = await add(owner.client, {
      CRMName: 'kmacrm',
      CRMFriendlyName: 'KMA',
      CRMData: { inboundURL: 'https://93.184.216.34/lead/add', outboundToken: SECRETS.outboundToken },
      advertiserID: owner.advertiserId,
    });
    id = (answer.data as { ID: number }).ID;
  });

  it("another advertiser can neither see, change, link nor delete an advertiser's CRM, nor add one for them", async () => {
    const mine = { advertiserID: other.advertiserId, ID: id };
    const theirs = { advertiserID: owner.advertiserId, ID: id };
    for (const body of [mine, theirs]) {
      expect(
        (await other.client.call('/partners/editCRM', { ...body, CRMFriendlyName: 'x', CRMData: {} })).data,
      ).toBe('FORBIDDEN');
      expect((await other.client.call('/partners/deleteCRM', body)).data).toBe('FORBIDDEN');
      expect((await other.client.call('/partners/getCRMIntegrationLink', body)).data).toBe('FORBIDDEN');
    }
    expect(
      (await other.client.call('/partners/getAllCRMs', { BoundAdvertiser: owner.advertiserId })).data,
    ).toBe('FORBIDDEN');
    const own = await other.client.call('/partners/getAllCRMs', {});
    expect((own.data as { ID: number }[]).map((c) => c.ID)).not.toContain(id);
    const forOwner = await add(other.client, {
      CRMName: 'kmacrm',
      CRMFriendlyName: 'x',
      CRMData: { inboundURL: 'https://93.184.216.34/', outboundToken: 'x' },
      advertiserID: owner.advertiserId,
    });
    expect(forOwner.data).toBe('FORBIDDEN');
    const [row] = await api.db.select().from(crms).where(eq(crms.ID, id));
    expect(row.friendlyName).toBe('KMA');
  });

  it('admins list every CRM, or one advertiser’s, and every advertiser with its CRMs', async () => {
    const all = await admin.call('/partners/getAllCRMs', {});
    expect((all.data as { ID: number }[]).map((c) => c.ID)).toContain(id);
    const one = await admin.call('/partners/getAllCRMs', { BoundAdvertiser: other.advertiserId });
    expect(one.data).toEqual([]);
    const withCrm = await admin.call('/partners/getAllAdvertisersWithCRM', {});
    const entry = (withCrm.data as { ID: number; CRMInfo: { ID: number; friendlyName: string }[] }[]).find(
      (a) => a.ID === owner.advertiserId,
    );
    expect(entry?.CRMInfo).toContainEqual({ ID: id, friendlyName: 'KMA', name: 'kmacrm' });
    expect((await owner.client.call('/partners/getAllAdvertisersWithCRM', {})).data).toBe('FORBIDDEN');
  });

  it('hands out the callback URL with the CRM’s token, the link last', async () => {
    const answer = await owner.client.call('/partners/getCRMIntegrationLink', {
      ID: id,
      advertiserID: owner.advertiserId,
    });
    const lines = answer.data as string[];
    const [row] = await api.db.select().from(crms).where(eq(crms.ID, id));
    expect(lines.at(-1)).toBe(
      `https://api.leadmesh.test/crm/${id}/callback/${row.callbackToken}?order={order}&status={status}&data1={data1}`,
    );
  });
});

describe('/partners/deleteCRM', () => {
  it("is refused while an offer delivers to the CRM ('Error while deleting CRM, maybe in use?')", async () => {
    const answer = await add(owner.client, {
      CRMName: 'kmacrm',
      CRMFriendlyName: 'In use',
      CRMData: { inboundURL: 'https://93.184.216.34/', outboundToken: 'x' },
      advertiserID: owner.advertiserId,
    });
    const id = (answer.data as { ID: number }).ID;
    const [offer] = await api.db
      .insert(offers)
      .values({
        BoundAdvertiser: owner.advertiserId,
        SelectedCRM: id,
        OfferName: 'O',
        OfferProductName: 'P',
        OfferProductBrand: 'B',
        OfferProductPrice: '10 EUR',
        OfferType: 'CPA',
        OfferCountry: ['RS'],
        OfferImages: [],
        OfferDescription: '',
      })
      .returning();
    const refused = await owner.client.call('/partners/deleteCRM', {
      ID: id,
      advertiserID: owner.advertiserId,
    });
    expect(refused).toMatchObject({
      status: 'error',
      data: 'CONFLICT',
      details: { message: 'Error while deleting CRM, maybe in use?' },
    });
    await api.db.update(offers).set({ deletedAt: new Date() }).where(eq(offers.ID, offer.ID));
    expect(
      (await owner.client.call('/partners/deleteCRM', { ID: id, advertiserID: owner.advertiserId })).status,
    ).toBe('ok');
    expect(await api.db.select().from(crms).where(eq(crms.ID, id))).toHaveLength(0);
  });
});

it('no secret ever reaches the log', async () => {
  const rows = await api.db.select().from(logs);
  const text = JSON.stringify(rows);
  expect(rows.some((r) => r.Context.startsWith('partners/'))).toBe(true);
  for (const secret of [...Object.values(SECRETS), 'w3bh00kS3cretCode']) expect(text).not.toContain(secret);
});
