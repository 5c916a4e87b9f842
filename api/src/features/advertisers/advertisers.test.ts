import { accountBalance, advertiserAccount, OUTSIDE, postTransfer } from '@leadmesh/core';
import * as t from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  ({ client: admin } = await api.loggedIn('advadmin', { isAdmin: true, isVerified: true }));
});
afterAll(async () => {
  await api.close();
});

async function advertiserLoggedIn(name: string) {
  const { user, client } = await api.loggedIn(name, { isVerified: true, isPublisherHidden: true });
  const advertiser = await api.createAdvertiser(user.ID);
  return { user, client, advertiser };
}

describe('admin advertisers', () => {
  it('lists with the spec’s filters, creditBalance being the running total and Username joined', async () => {
    const a = await advertiserLoggedIn('listadva');
    await advertiserLoggedIn('listadvb');
    await api.db.transaction((tx) =>
      postTransfer(tx, {
        debit: OUTSIDE,
        credit: advertiserAccount(a.advertiser.ID),
        amount: 12_345,
        code: 'top_up',
      }),
    );
    const rich = await admin.call('/partners/getAllAdvertisers', {
      paginationOffset: 0,
      Filters: [{ name: 'creditBalance', op: 'geq', value: 10_000 }],
    });
    expect((rich.data as { DBData: { Username: string; creditBalance: number }[] }).DBData).toEqual([
      expect.objectContaining({ Username: 'listadva', creditBalance: 12_345 }),
    ]);
    const byName = await admin.call('/partners/getAllAdvertisers', {
      paginationOffset: 0,
      Filters: [{ name: 'Username', op: 'startsWith', value: 'listadv' }],
    });
    expect((byName.data as { DBData: unknown[] }).DBData).toHaveLength(2);
  });

  it('the owner edits company fields (balances sent from the profile are ignored); an admin also sets the balances', async () => {
    const { client, advertiser } = await advertiserLoggedIn('editadv');
    const own = await client.call('/partners/editAdvertiser', {
      ID: advertiser.ID,
      CompanyName: 'New Name d.o.o.',
      TaxVatNumber: 'Tax: 111, VAT: RS111',
      minBalance: 99_999,
      creditBalance: 1_000_000,
    });
    expect(own.data).toMatchObject({
      CompanyName: 'New Name d.o.o.',
      TaxVatNumber: { Tax: '111', Vat: 'RS111' },
      minBalance: 0,
      creditBalance: 0,
    });
    const byAdmin = await admin.call('/partners/editAdvertiser', {
      ID: advertiser.ID,
      minBalance: 500,
      creditBalance: 7_000,
    });
    expect(byAdmin.data).toMatchObject({
      minBalance: 500,
      creditBalance: 7_000,
      CompanyName: 'New Name d.o.o.',
    });
    expect(await accountBalance(api.db, advertiserAccount(advertiser.ID))).toBe(7_000);
    const other = await advertiserLoggedIn('otheradv');
    expect(
      (await other.client.call('/partners/editAdvertiser', { ID: advertiser.ID, CompanyName: 'Stolen' }))
        .data,
    ).toBe('FORBIDDEN');
    expect((await other.client.call('/partners/getAdvertiserByID', { ID: advertiser.ID })).data).toBe(
      'FORBIDDEN',
    );
    const [row] = await api.db.select().from(t.advertisers).where(eq(t.advertisers.ID, advertiser.ID));
    expect(row.CompanyName).toBe('New Name d.o.o.');
  });

  it('advertiser managers verify advertisers; publisher managers may not', async () => {
    const { advertiser } = await advertiserLoggedIn('verifyadv');
    await api.db.update(t.advertisers).set({ isVerified: false }).where(eq(t.advertisers.ID, advertiser.ID));
    const { client: pm } = await api.loggedIn('verifypm', { isPublisherManager: true, isVerified: true });
    expect((await pm.call('/partners/verifyAdvertiser', { ID: advertiser.ID })).data).toBe('FORBIDDEN');
    const { client: am } = await api.loggedIn('verifyam', { isAdvertiserManager: true, isVerified: true });
    expect((await am.call('/partners/verifyAdvertiser', { ID: advertiser.ID })).data).toMatchObject({
      Flags: { isVerified: true },
    });
    expect((await am.call('/partners/getAdvertiserByID', { ID: advertiser.ID })).status).toBe('ok');
  });

  it('an advertiser that did business cannot be deleted; one that never did can', async () => {
    const busy = await advertiserLoggedIn('busyadv');
    await api.db.transaction((tx) =>
      postTransfer(tx, {
        debit: OUTSIDE,
        credit: advertiserAccount(busy.advertiser.ID),
        amount: 100,
        code: 'top_up',
      }),
    );
    expect((await admin.call('/partners/deleteAdvertiser', { ID: busy.advertiser.ID })).data).toBe(
      'CONFLICT',
    );
    const idle = await advertiserLoggedIn('idleadv');
    expect((await admin.call('/partners/deleteAdvertiser', { ID: idle.advertiser.ID })).status).toBe('ok');
    const [owner] = await api.db.select().from(t.users).where(eq(t.users.ID, idle.user.ID));
    expect(owner.AdvertiserID).toBeNull();
  });
});
