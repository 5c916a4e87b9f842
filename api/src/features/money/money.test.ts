import {
  accountBalance,
  advertiserAccount,
  findLedgerDrift,
  ledgerSum,
  referrerAccount,
} from '@leadmesh/core';
import {
  advertisers,
  invoices,
  ledgerTransfers,
  payoutLines,
  referralEarnings,
  users,
} from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  ({ client: admin } = await api.loggedIn('moneyadmin', { isAdmin: true, isVerified: true }));
});
afterAll(async () => {
  expect(await findLedgerDrift(api.db)).toEqual([]);
  expect(await ledgerSum(api.db)).toBe(0);
  await api.close();
});

async function advertiserReferredBy(name: string, referrerPercent = 10) {
  const referrer = await api.createUser(`${name}ref`, { isRefferalEnabled: true });
  await api.db
    .update(users)
    .set({ ReferralPercentEarnings: referrerPercent })
    .where(eq(users.ID, referrer.ID));
  const owner = await api.createUser(name, { isVerified: true, isPublisherHidden: true });
  await api.db.update(users).set({ ReferredByID: referrer.ID }).where(eq(users.ID, owner.ID));
  const advertiser = await api.createAdvertiser(owner.ID);
  return { referrer, owner, advertiser };
}

describe('/partners/setCreditBalanceDynamic', () => {
  it('adds credit as a top-up, counts it as referral by default, and may take credit away', async () => {
    const { referrer, advertiser } = await advertiserReferredBy('topupco');
    const added = await admin.call('/partners/setCreditBalanceDynamic', {
      advertiserID: advertiser.ID,
      balance: 100_000,
      Comment: 'Wire 2026-11-22',
    });
    expect(added).toMatchObject({ status: 'ok', data: { creditBalance: 100_000 } });
    expect(await accountBalance(api.db, referrerAccount(referrer.ID))).toBe(10_000);
    const [earning] = await api.db
      .select()
      .from(referralEarnings)
      .where(eq(referralEarnings.BoundUser, referrer.ID));
    expect(earning).toMatchObject({ Kind: 'advertiser', Amount: 10_000 });
    const taken = await admin.call('/partners/setCreditBalanceDynamic', {
      advertiserID: advertiser.ID,
      balance: -25_000,
      countAsReferral: false,
    });
    expect(taken).toMatchObject({ data: { creditBalance: 75_000 } });
    expect(await accountBalance(api.db, referrerAccount(referrer.ID))).toBe(10_000);
    const lines = await api.db
      .select()
      .from(payoutLines)
      .where(eq(payoutLines.BoundAdvertiser, advertiser.ID));
    expect(lines.map((l) => [l.Amount, l.Description, l.Comment])).toEqual([
      [100_000, 'Credit top-up', 'Wire 2026-11-22'],
      [-25_000, 'Credit correction', null],
    ]);
    const transfers = await api.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.Comment, 'Wire 2026-11-22'));
    expect(transfers[0]).toMatchObject({ Code: 'top_up', CreatedBy: expect.any(Number) });
  });

  it('answers the spec message for a non-number and changes nothing', async () => {
    const { advertiser } = await advertiserReferredBy('badnumberco');
    for (const balance of ['12a', 1.5, null, Number.MAX_SAFE_INTEGER * 4]) {
      const answer = await admin.call('/partners/setCreditBalanceDynamic', {
        advertiserID: advertiser.ID,
        balance,
      });
      expect(answer, String(balance)).toMatchObject({ data: 'VALIDATION_ERROR' });
      if (balance !== Number.MAX_SAFE_INTEGER * 4)
        expect(answer.details?.message).toContain('New credit balance must be a number');
    }
    expect(await accountBalance(api.db, advertiserAccount(advertiser.ID))).toBe(0);
  });
});

describe('/partners/setCreditBalance', () => {
  it("sets an absolute balance; 'infinite' turns on infinite credits and resets the balance to 0", async () => {
    const { advertiser } = await advertiserReferredBy('absoluteco');
    await admin.call('/partners/setCreditBalance', {
      advertiserID: advertiser.ID,
      balance: 40_000,
      countAsReferral: false,
    });
    expect(await accountBalance(api.db, advertiserAccount(advertiser.ID))).toBe(40_000);
    const lower = await admin.call('/partners/setCreditBalance', {
      advertiserID: advertiser.ID,
      balance: 15_000,
    });
    expect(lower.data).toMatchObject({ creditBalance: 15_000, isInfiniteCredits: false });
    const infinite = await admin.call('/partners/setCreditBalance', {
      advertiserID: advertiser.ID,
      balance: 'infinite',
    });
    expect(infinite.data).toMatchObject({ creditBalance: 0, isInfiniteCredits: true });
    expect(await accountBalance(api.db, advertiserAccount(advertiser.ID))).toBe(0);
    const back = await admin.call('/partners/setCreditBalanceDynamic', {
      advertiserID: advertiser.ID,
      balance: 500,
      countAsReferral: false,
    });
    expect(back.data).toMatchObject({ creditBalance: 500, isInfiniteCredits: false });
    expect(
      (await admin.call('/partners/setCreditBalance', { advertiserID: advertiser.ID, balance: -1 })).data,
    ).toBe('VALIDATION_ERROR');
    expect((await admin.call('/partners/setCreditBalance', { advertiserID: 999_999, balance: 5 })).data).toBe(
      'NOT_FOUND',
    );
  });
});

describe('invoices', () => {
  it('creates an unpaid invoice (no money moves), refuses advertisers without TAX/VAT, and marks it paid once', async () => {
    const { advertiser } = await advertiserReferredBy('invoiceco', 5);
    const missing = await admin.call('/invoices/createInvoice', {
      BoundAdvertiser: advertiser.ID,
      Amount: 10_000,
    });
    expect(missing).toMatchObject({
      data: 'TAX_VAT_MISSING',
      details: { message: expect.stringMatching(/^Failed to create an invoice!.*TAX\/VAT/) },
    });
    await api.db
      .update(advertisers)
      .set({ TaxVatNumber: { Tax: '123', Vat: 'RS123' } })
      .where(eq(advertisers.ID, advertiser.ID));
    for (const [Amount, message] of [
      ['10', 'Amount must be a number!'],
      [0, 'Amount must be greater than 0'],
      [-5, 'Amount must be greater than 0'],
    ] as const) {
      const answer = await admin.call('/invoices/createInvoice', { BoundAdvertiser: advertiser.ID, Amount });
      expect(answer.details?.message, String(Amount)).toContain(message);
    }
    const created = await admin.call('/invoices/createInvoice', {
      BoundAdvertiser: advertiser.ID,
      Amount: 150_000,
    });
    expect(created).toMatchObject({
      status: 'ok',
      data: { isPaid: false, Amount: 150_000, InvoiceID: expect.stringMatching(/^LM-\d{4}-\d{5}$/) },
    });
    const id = (created.data as { ID: number }).ID;
    expect(await accountBalance(api.db, advertiserAccount(advertiser.ID))).toBe(0);

    const list = await admin.call('/invoices/getAllInvoices', {
      offset: 0,
      filters: [{ name: 'isPaid', op: 'eq', value: 'No' }],
    });
    expect((list.data as { DBData: { ID: number; Advertiser: { CompanyName: string } }[] }).DBData).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ID: id, Advertiser: { CompanyName: `Company ${advertiser.UserID}` } }),
      ]),
    );

    const paid = await admin.call('/invoices/markInvoicePaid', { ID: id });
    expect(paid).toMatchObject({ status: 'ok', data: { isPaid: true } });
    expect(await accountBalance(api.db, advertiserAccount(advertiser.ID))).toBe(150_000);
    const twice = await admin.call('/invoices/markInvoicePaid', { ID: id });
    expect(twice.data).toBe('CONFLICT');
    expect(await accountBalance(api.db, advertiserAccount(advertiser.ID))).toBe(150_000);
    const [row] = await api.db.select().from(invoices).where(eq(invoices.ID, id));
    expect(row.isPaid).toBe(true);
  });

  it('two admins marking the same invoice at once credit it once', async () => {
    const { advertiser } = await advertiserReferredBy('raceco', 5);
    await api.db
      .update(advertisers)
      .set({ TaxVatNumber: { Tax: '1', Vat: '2' } })
      .where(eq(advertisers.ID, advertiser.ID));
    const created = await admin.call('/invoices/createInvoice', {
      BoundAdvertiser: advertiser.ID,
      Amount: 9_900,
    });
    const id = (created.data as { ID: number }).ID;
    const { client: other } = await api.loggedIn('moneyadmin2', { isAdmin: true, isVerified: true });
    const answers = await Promise.all([
      admin.call('/invoices/markInvoicePaid', { ID: id }),
      other.call('/invoices/markInvoicePaid', { ID: id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual(['error', 'ok']);
    expect(await accountBalance(api.db, advertiserAccount(advertiser.ID))).toBe(9_900);
  });

  it('are refused to everyone but admins', async () => {
    const { client: manager } = await api.loggedIn('moneymanager', { isManager: true, isVerified: true });
    expect((await manager.call('/invoices/markInvoicePaid', { ID: 1 })).data).toBe('FORBIDDEN');
    expect(
      (await manager.call('/partners/setCreditBalanceDynamic', { advertiserID: 1, balance: 5 })).data,
    ).toBe('FORBIDDEN');
  });
});
