import { advertisers, users } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test/harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => {
  await api.close();
});

describe('/partners/addAdvertiser', () => {
  it('creates an unverified advertiser for the session user from the sign-up text', async () => {
    const { user, client } = await api.loggedIn('advsignup1', { isPublisherHidden: true });
    const answer = await client.call('/partners/addAdvertiser', {
      CompanyName: 'Acme d.o.o.',
      CompanyAddress: 'Main street 1',
      CompanyCity: 'Belgrade',
      CompanyZipCode: '11000',
      TaxVatNumber: 'Tax: 123456, VAT: RS123456',
      id: user.ID,
    });
    expect(answer).toMatchObject({
      status: 'ok',
      data: {
        CompanyName: 'Acme d.o.o.',
        CompanyZipCode: 11000,
        TaxVatNumber: { Tax: '123456', Vat: 'RS123456' },
        Flags: { isVerified: false },
        creditBalance: 0,
        Username: 'advsignup1',
      },
    });
    const [row] = await api.db.select().from(users).where(eq(users.ID, user.ID));
    expect(row.AdvertiserID).toBe((answer.data as { ID: number }).ID);
    const check = await client.call('/auth/checkLogin', {});
    expect(check.data).toMatchObject({
      AdvertiserInfo: { CompanyName: 'Acme d.o.o.', Flags: { isVerified: false }, Credits: 0 },
    });
  });

  it('requires company name and address with the spec messages', async () => {
    const { client } = await api.loggedIn('advsignup2');
    const noName = await client.call('/partners/addAdvertiser', { CompanyName: '', CompanyAddress: 'x' });
    expect(noName.details).toMatchObject({
      field: 'CompanyName',
      message: 'CompanyName: Please enter your company name',
    });
    const noAddress = await client.call('/partners/addAdvertiser', { CompanyName: 'X', CompanyAddress: ' ' });
    expect(noAddress.details).toMatchObject({
      field: 'CompanyAddress',
      message: 'CompanyAddress: Please enter your company adress',
    });
    const badZip = await client.call('/partners/addAdvertiser', {
      CompanyName: 'X',
      CompanyAddress: 'Y',
      CompanyZipCode: 'abc',
    });
    expect(badZip.details?.field).toBe('CompanyZipCode');
  });

  it('is refused for someone else, a second time, and without a session', async () => {
    const victim = await api.createUser('advvictim');
    const { client } = await api.loggedIn('advsignup3');
    expect(
      (await client.call('/partners/addAdvertiser', { CompanyName: 'X', CompanyAddress: 'Y', id: victim.ID }))
        .data,
    ).toBe('FORBIDDEN');
    expect(
      (await client.call('/partners/addAdvertiser', { CompanyName: 'X', CompanyAddress: 'Y' })).status,
    ).toBe('ok');
    expect(
      (await client.call('/partners/addAdvertiser', { CompanyName: 'X2', CompanyAddress: 'Y2' })).data,
    ).toBe('FORBIDDEN');
    expect(
      (await api.client().call('/partners/addAdvertiser', { CompanyName: 'X', CompanyAddress: 'Y' })).data,
    ).toBe('NOT_LOGGED_IN');
    expect(await api.db.select().from(advertisers).where(eq(advertisers.UserID, victim.ID))).toHaveLength(0);
  });
});
