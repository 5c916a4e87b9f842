/**
 * Issue 18 §2: the repros of "no upper bound on money", each refused now with a field message before
 * anything is written (decision 0031).
 */
import { findLedgerDrift, findLedgerOutOfRange, ledgerSum } from '@leadmesh/core';
import {
  BALANCE_BOUND_MESSAGE,
  MONEY_BOUND_CENTS,
  MONEY_BOUND_MESSAGE,
  moneyBoundRefusal,
} from '@leadmesh/schema';
import * as t from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

const B = MONEY_BOUND_CENTS;
let api: TestApi;
let admin: TestClient;
let advertiserId: number;
let ownerClient: TestClient;
let offerId: number;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  ({ client: admin } = await api.loggedIn('boundadmin', { isAdmin: true, isVerified: true }));
  const owner = await api.createUser('boundadvertiser', { isVerified: true, isPublisherHidden: true });
  const advertiser = await api.createAdvertiser(owner.ID);
  advertiserId = advertiser.ID;
  await api.db
    .update(t.advertisers)
    .set({ TaxVatNumber: { Tax: '1', Vat: '2' } })
    .where(eq(t.advertisers.ID, advertiserId));
  ownerClient = await api.loggedInAs('boundadvertiser');
  const [offer] = await api.db
    .insert(t.offers)
    .values({
      BoundAdvertiser: advertiser.ID,
      OfferName: 'Bound offer',
      OfferProductName: 'Gel',
      OfferProductBrand: 'Brand',
      OfferProductPrice: '10 EUR',
      OfferPayout: 1000,
      PlatformTax: 20,
      OfferType: 'CPA',
      OfferCountry: ['RS'],
      OfferImages: [],
      OfferDescription: '<p>x</p>',
    })
    .returning();
  offerId = offer.ID;
});
afterAll(async () => {
  expect(await findLedgerDrift(api.db)).toEqual([]);
  expect(await findLedgerOutOfRange(api.db)).toEqual([]);
  expect(await ledgerSum(api.db)).toBe(0);
  await api.close();
});

/** The field and the text a screen shows: the contract's own message (issues) or the service's. */
const refusal = (answer: {
  data: unknown;
  details?: { field?: string; message?: string; issues?: unknown };
}) => {
  const issues = answer.details?.issues as { message: string }[] | undefined;
  return {
    code: answer.data,
    field: answer.details?.field,
    message: issues?.[0]?.message ?? answer.details?.message,
  };
};

const readable = async () => {
  expect((await admin.call('/partners/getAdvertiserByID', { ID: advertiserId })).status).toBe('ok');
  expect((await admin.call('/partners/getAllAdvertisers', {})).status).toBe('ok');
  expect((await ownerClient.call('/auth/checkLogin', {})).status).toBe('ok');
};

describe('the money bound (issue 18 §2)', () => {
  it('two setCreditBalanceDynamic of 2^53−1: refused with a field message, nothing written, the advertiser still readable', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await admin.call('/partners/setCreditBalanceDynamic', {
        advertiserID: advertiserId,
        balance: Number.MAX_SAFE_INTEGER,
      });
      expect(answer.httpStatus).toBe(400);
      expect(refusal(answer)).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'balance',
        message: MONEY_BOUND_MESSAGE,
      });
    }
    expect(await api.db.select().from(t.ledgerTransfers)).toEqual([]);
    await readable();
  });

  it('relative changes: up to the bound minus one cent, then refused past it (either sign), with the same text', async () => {
    const up = await admin.call('/partners/setCreditBalanceDynamic', {
      advertiserID: advertiserId,
      balance: B - 1,
    });
    expect(up).toMatchObject({ status: 'ok', data: { creditBalance: B - 1 } });
    const over = await admin.call('/partners/setCreditBalanceDynamic', {
      advertiserID: advertiserId,
      balance: 1,
    });
    expect(refusal(over)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'balance',
      message: BALANCE_BOUND_MESSAGE,
    });
    await readable();
    // Back to zero, then down to −(bound − 1) and no further.
    expect(
      (await admin.call('/partners/setCreditBalance', { advertiserID: advertiserId, balance: 0 })).status,
    ).toBe('ok');
    expect(
      (
        await admin.call('/partners/setCreditBalanceDynamic', {
          advertiserID: advertiserId,
          balance: -(B - 1),
        })
      ).status,
    ).toBe('ok');
    expect(
      refusal(
        await admin.call('/partners/setCreditBalanceDynamic', { advertiserID: advertiserId, balance: -1 }),
      ),
    ).toEqual({ code: 'VALIDATION_ERROR', field: 'balance', message: BALANCE_BOUND_MESSAGE });
    expect(
      (await admin.call('/partners/setCreditBalance', { advertiserID: advertiserId, balance: 0 })).status,
    ).toBe('ok');
    await readable();
  });

  it('absolute balance: the bound refused, the bound minus one cent accepted', async () => {
    const at = await admin.call('/partners/setCreditBalance', { advertiserID: advertiserId, balance: B });
    expect(refusal(at)).toEqual({ code: 'VALIDATION_ERROR', field: 'balance', message: MONEY_BOUND_MESSAGE });
    const below = await admin.call('/partners/setCreditBalance', {
      advertiserID: advertiserId,
      balance: B - 1,
    });
    expect(below).toMatchObject({ status: 'ok', data: { creditBalance: B - 1 } });
    expect(
      (await admin.call('/partners/setCreditBalance', { advertiserID: advertiserId, balance: 0 })).status,
    ).toBe('ok');
  });

  it('editAdvertiser refuses a negative creditBalance (as setCreditBalance) and a minBalance past the bound', async () => {
    const negative = await admin.call('/partners/editAdvertiser', { ID: advertiserId, creditBalance: -5000 });
    expect(refusal(negative)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'creditBalance',
      message: 'The balance to set cannot be negative',
    });
    for (const minBalance of [-B, B, Number.MIN_SAFE_INTEGER]) {
      const answer = await admin.call('/partners/editAdvertiser', { ID: advertiserId, minBalance });
      expect(refusal(answer)).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'minBalance',
        message: MONEY_BOUND_MESSAGE,
      });
    }
    expect(
      (await admin.call('/partners/editAdvertiser', { ID: advertiserId, minBalance: -(B - 1) })).status,
    ).toBe('ok');
    const [row] = await api.db.select().from(t.advertisers).where(eq(t.advertisers.ID, advertiserId));
    expect(row.minBalance).toBe(-(B - 1));
    await readable();
  });

  it('the money screens read the same refusal text out of the API’s answers', async () => {
    const amount = await admin.call('/invoices/createInvoice', { BoundAdvertiser: advertiserId, Amount: B });
    expect(moneyBoundRefusal(amount)).toBe(MONEY_BOUND_MESSAGE);
    await admin.call('/partners/setCreditBalance', { advertiserID: advertiserId, balance: B - 1 });
    const balance = await admin.call('/partners/setCreditBalanceDynamic', {
      advertiserID: advertiserId,
      balance: 1,
    });
    expect(moneyBoundRefusal(balance)).toBe(BALANCE_BOUND_MESSAGE);
    expect(
      moneyBoundRefusal(
        await admin.call('/partners/setCreditBalance', { advertiserID: advertiserId, balance: 0 }),
      ),
    ).toBeNull();
    expect(
      moneyBoundRefusal(
        await admin.call('/invoices/createInvoice', { BoundAdvertiser: advertiserId, Amount: -1 }),
      ),
    ).toBeNull();
  });

  it('custom payouts and invoices: 2^53−1 and the bound refused, the bound minus one cent accepted', async () => {
    const publisher = await api.createUser('boundpublisher', { isVerified: true });
    for (const Payout of [Number.MAX_SAFE_INTEGER, B]) {
      const answer = await admin.call('/customOfferPayouts/addPayout', {
        UserID: publisher.ID,
        OfferID: offerId,
        Payout,
      });
      expect(refusal(answer)).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'Payout',
        message: MONEY_BOUND_MESSAGE,
      });
    }
    expect(await api.db.select().from(t.customPayouts)).toEqual([]);
    const added = await admin.call('/customOfferPayouts/addPayout', {
      UserID: publisher.ID,
      OfferID: offerId,
      Payout: B - 1,
    });
    expect(added.status).toBe('ok');
    const edited = await admin.call('/customOfferPayouts/editPayout', {
      ID: (added.data as { ID: number }).ID,
      Payout: Number.MAX_SAFE_INTEGER,
    });
    expect(refusal(edited)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'Payout',
      message: MONEY_BOUND_MESSAGE,
    });

    for (const Amount of [Number.MAX_SAFE_INTEGER, B]) {
      const answer = await admin.call('/invoices/createInvoice', { BoundAdvertiser: advertiserId, Amount });
      expect(refusal(answer)).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'Amount',
        message: MONEY_BOUND_MESSAGE,
      });
    }
    expect(
      (await admin.call('/invoices/createInvoice', { BoundAdvertiser: advertiserId, Amount: B - 1 })).status,
    ).toBe('ok');
  });
});
