import {
  accountBalance,
  accountTotals,
  advertiserAccount,
  changeLeadStatus,
  findLedgerDrift,
  ledgerSum,
  OUTSIDE,
  paidAccount,
  postTransfer,
  publisherAccount,
  referrerAccount,
  runAutoPayouts,
} from '@leadmesh/core';
import * as t from '@leadmesh/schema/tables';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

let api: TestApi;
let admin: TestClient;
let offerId: number;
let advertiserId: number;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  ({ client: admin } = await api.loggedIn('payoutadmin', { isAdmin: true, isVerified: true }));
  const owner = await api.createUser('payoutadv', { isVerified: true, isPublisherHidden: true });
  const advertiser = await api.createAdvertiser(owner.ID);
  advertiserId = advertiser.ID;
  const [offer] = await api.db
    .insert(t.offers)
    .values({
      BoundAdvertiser: advertiser.ID,
      OfferName: 'Payout offer',
      OfferProductName: 'Gel',
      OfferProductBrand: 'Brand',
      OfferProductPrice: '10 EUR',
      OfferPayout: 1000,
      PlatformTax: 20,
      OfferType: 'CPA',
      OfferCountry: ['RS'],
      OfferImages: [],
      OfferDescription: '<p>x</p>',
      ReferralPayout: 50,
    })
    .returning();
  offerId = offer.ID;
  await api.db.transaction((tx) =>
    postTransfer(tx, {
      debit: OUTSIDE,
      credit: advertiserAccount(advertiser.ID),
      amount: 10_000_000,
      code: 'top_up',
    }),
  );
});
afterAll(async () => {
  expect(await findLedgerDrift(api.db)).toEqual([]);
  expect(await ledgerSum(api.db)).toBe(0);
  await api.close();
});

const paypal = { type: 'Paypal', OwnerName: 'Pay Me', EMail: 'pay@example.com' };

async function publisherWithLeads(
  name: string,
  confirmed: number,
  options: { method?: boolean; referrer?: number } = {},
) {
  const user = await api.createUser(name, { isVerified: true });
  await api.db
    .update(t.users)
    .set({ PaymentMethod: options.method === false ? null : paypal, ReferredByID: options.referrer ?? null })
    .where(eq(t.users.ID, user.ID));
  const ids: number[] = [];
  for (let i = 0; i < confirmed; i++) {
    const [lead] = await api.db
      .insert(t.leads)
      .values({
        BoundUser: user.ID,
        BoundAdvertiser: advertiserId,
        BoundOffer: offerId,
        OfferName: 'Payout offer',
        ProductName: 'Gel',
        PurchaseLeadType: 'CPA',
        PurchaseDetails: {},
        LeadPrice: 1000,
        EarnedAmount: 800,
        PlatformEarnedAmount: 200,
        PlatformTax: 20,
        ReferralAmount: options.referrer ? 50 : 0,
      })
      .returning({ ID: t.leads.ID });
    await api.db.transaction((tx) => changeLeadStatus(tx, { leadId: lead.ID, status: 2, source: 'system' }));
    ids.push(lead.ID);
  }
  return { user, ids };
}

async function processAll() {
  const pending = await api.db.select().from(t.platformPayouts).where(eq(t.platformPayouts.Processed, false));
  for (const p of pending) await admin.call('/payouts/performPayoutProcess', { ID: p.ID });
}

describe('platform payouts', () => {
  it('creates a run over everyone payable, refuses a second while it waits, and processes it once', async () => {
    const referrer = await api.createUser('payoutreferrer', { isVerified: true, isRefferalEnabled: true });
    await api.db.update(t.users).set({ PaymentMethod: paypal }).where(eq(t.users.ID, referrer.ID));
    const a = await publisherWithLeads('payeea', 3, { referrer: referrer.ID });
    const b = await publisherWithLeads('payeeb', 2);
    const noMethod = await publisherWithLeads('payeenomethod', 2, { method: false });

    expect((await admin.call('/payouts/checkPayoutPending', {})).status).toBe('ok');
    expect((await admin.call('/payouts/getPayoutAvailability', {})).data).toEqual({
      canCreate: true,
      reason: null,
      code: null,
    });
    const created = await admin.call('/payouts/createPlatformPayout', {});
    expect(created).toMatchObject({
      status: 'ok',
      data: { Processed: false, TotalPaidOut: 5 * 800 + 3 * 50 },
    });
    const payoutId = (created.data as { ID: number }).ID;

    const again = await admin.call('/payouts/createPlatformPayout', {});
    expect(again).toMatchObject({
      data: 'PAYOUT_PENDING',
      details: { message: "Payout can't be created. There are payouts that still haven't been processed!" },
    });
    expect((await admin.call('/payouts/checkPayoutPending', {})).data).toBe('PAYOUT_PENDING');
    // The screens ask the same as data: a payout waiting to be processed is a state, not a failure.
    expect(await admin.call('/payouts/getPayoutAvailability', {})).toMatchObject({
      status: 'ok',
      data: {
        canCreate: false,
        code: 'PAYOUT_PENDING',
        reason: "Payout can't be created. There are payouts that still haven't been processed!",
      },
    });

    // Between creation and processing one lead is rejected: it is skipped, and its money reversed.
    await api.db.transaction((tx) => changeLeadStatus(tx, { leadId: b.ids[0], status: 3, source: 'admin' }));

    const [first, second] = await Promise.all([
      admin.call('/payouts/performPayoutProcess', { ID: payoutId }),
      admin.call('/payouts/performPayoutProcess', { ID: payoutId }),
    ]);
    const ok = [first, second].find((x) => x.status === 'ok');
    expect([first, second].filter((x) => x.status === 'ok')).toHaveLength(1);
    expect([first, second].find((x) => x.status === 'error')?.data).toBe('CONFLICT');
    expect(ok?.data).toEqual({
      processedLeads: 4,
      skippedLeads: 1,
      processedReferrals: 3,
      skippedReferrals: 0,
    });

    expect(await accountBalance(api.db, publisherAccount(a.user.ID))).toBe(0);
    expect(await accountBalance(api.db, publisherAccount(b.user.ID))).toBe(0);
    expect((await accountTotals(api.db, paidAccount(a.user.ID))).credits).toBe(3 * 800);
    expect((await accountTotals(api.db, paidAccount(referrer.ID))).credits).toBe(3 * 50);
    expect(await accountBalance(api.db, referrerAccount(referrer.ID))).toBe(0);
    // No payment method: nothing was gathered for them; their money waits.
    expect(await accountBalance(api.db, publisherAccount(noMethod.user.ID))).toBe(2 * 800);
    const [payout] = await api.db.select().from(t.platformPayouts).where(eq(t.platformPayouts.ID, payoutId));
    expect(payout).toMatchObject({ Processed: true, TotalPaidOut: 4 * 800 + 3 * 50 });
    const withdrawn = await api.db.select().from(t.leads).where(eq(t.leads.PlatformPayoutID, payoutId));
    expect(withdrawn.every((l) => l.LeadMoneyWithdrawn)).toBe(true);
    const [skipped] = await api.db.select().from(t.leads).where(eq(t.leads.ID, b.ids[0]));
    expect(skipped).toMatchObject({ PlatformPayoutID: null, LeadMoneyWithdrawn: false });

    const history = await (await api.loggedInAs(a.user.Username)).call('/payouts/getPayoutsPublisher', {
      paginationOffset: 0,
      Filters: [],
    });
    expect(
      (history.data as { DBData: { Amount: number; Description: string; Comment: string }[] }).DBData,
    ).toEqual([
      expect.objectContaining({ Amount: 2400, Description: `Payout #${payoutId}`, Comment: 'PayPal' }),
    ]);
  });

  it('a payout for one user needs their payment method; an unprocessed one can be deleted and releases its leads', async () => {
    await processAll();
    const none = await publisherWithLeads('singlenomethod', 1, { method: false });
    const refused = await admin.call('/payouts/createPlatformPayout', { BoundUser: none.user.ID });
    expect(refused).toMatchObject({
      data: 'PAYMENT_METHOD_MISSING',
      details: { message: "Payout can't be created. User need to add payment method!" },
    });
    expect((await admin.call('/payouts/checkPayoutPending', { BoundUser: none.user.ID })).data).toBe(
      'PAYMENT_METHOD_MISSING',
    );
    expect(
      (await admin.call('/payouts/getPayoutAvailability', { BoundUser: none.user.ID })).data,
    ).toMatchObject({ canCreate: false, code: 'PAYMENT_METHOD_MISSING' });
    expect((await admin.call('/payouts/getPayoutAvailability', { BoundUser: 999999 })).data).toBe(
      'NOT_FOUND',
    );
    const single = await publisherWithLeads('singlepayee', 2);
    const created = await admin.call('/payouts/createPlatformPayout', { BoundUser: single.user.ID });
    expect(created.data).toMatchObject({ BoundUser: single.user.ID, TotalPaidOut: 1600 });
    const id = (created.data as { ID: number }).ID;
    expect((await admin.call('/payouts/deletePlatformPayout', { ID: id })).status).toBe('ok');
    const released = await api.db.select().from(t.leads).where(eq(t.leads.BoundUser, single.user.ID));
    expect(released.every((l) => l.PlatformPayoutID === null)).toBe(true);
    const again = await admin.call('/payouts/createPlatformPayout', { BoundUser: single.user.ID });
    await admin.call('/payouts/performPayoutProcess', { ID: (again.data as { ID: number }).ID });
    expect(
      (await admin.call('/payouts/deletePlatformPayout', { ID: (again.data as { ID: number }).ID })).data,
    ).toBe('CONFLICT');
  });

  it('payout files are CSV, one line per lead, user and referral earning, with formulas neutralised', async () => {
    await processAll();
    const evil = await publisherWithLeads('csvpayee', 1);
    await api.db
      .update(t.users)
      .set({
        PaymentMethod: {
          type: 'Paypal',
          OwnerName: '=HYPERLINK("http://evil.example","x")',
          EMail: 'c@example.com',
        },
      })
      .where(eq(t.users.ID, evil.user.ID));
    const created = await admin.call('/payouts/createPlatformPayout', {});
    const id = (created.data as { ID: number }).ID;
    const usersFile = (await admin.call('/payouts/getUsersPayoutFile', { ID: id })).data as string;
    expect(usersFile.split('\r\n')[0]).toBe(
      'User ID,Username,E-mail,Method,Bank name,Account holder,Country,IBAN,SWIFT,PayPal owner,PayPal e-mail,Leads ($),Referrals ($),Total ($)',
    );
    expect(usersFile).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(usersFile).toContain('8.00');
    const leadsFile = (await admin.call('/payouts/getLeadsPayoutFile', { ID: id })).data as string;
    expect(leadsFile.trim().split('\r\n')).toHaveLength(2);
    expect((await admin.call('/payouts/getReferralsPayoutFile', { ID: id })).status).toBe('ok');
  });

  it('automatic payouts pay users whose interval came round, once per interval', async () => {
    await processAll();
    const auto = await publisherWithLeads('autopayee', 2);
    const idle = await publisherWithLeads('autoidle', 1);
    await api.db
      .update(t.users)
      .set({ AutoPayoutInterval: 7, createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(t.users.ID, auto.user.ID));
    expect(await runAutoPayouts(api.db, Date.now())).toBe(1);
    expect(await accountBalance(api.db, publisherAccount(auto.user.ID))).toBe(0);
    expect(await accountBalance(api.db, publisherAccount(idle.user.ID))).toBe(800);
    await publisherWithLeads('autopayee-more', 0);
    const [lead] = await api.db
      .insert(t.leads)
      .values({
        BoundUser: auto.user.ID,
        BoundAdvertiser: advertiserId,
        BoundOffer: offerId,
        OfferName: 'Payout offer',
        ProductName: 'Gel',
        PurchaseLeadType: 'CPA',
        PurchaseDetails: {},
        LeadPrice: 1000,
        EarnedAmount: 800,
        PlatformEarnedAmount: 200,
        PlatformTax: 20,
      })
      .returning({ ID: t.leads.ID });
    await api.db.transaction((tx) => changeLeadStatus(tx, { leadId: lead.ID, status: 2, source: 'system' }));
    // Paid today: the next round waits for the interval.
    expect(await runAutoPayouts(api.db, Date.now())).toBe(0);
    expect(await runAutoPayouts(api.db, Date.now() + 8 * 86_400_000)).toBe(1);
  });

  it('an account whose e-mail someone else changed is not paid until its hold ends, with the reason logged', async () => {
    await processAll();
    const held = await publisherWithLeads('heldpayee', 2);
    const free = await publisherWithLeads('freepayee', 1);
    const { client: holdAdmin } = await api.loggedIn('payoutholdadmin', { isAdmin: true, isVerified: true });
    expect(
      (await holdAdmin.call('/users/editUser', { id: held.user.ID, newEmail: 'heldpayee-new@example.com' }))
        .status,
    ).toBe('ok');

    const created = await admin.call('/payouts/createPlatformPayout', {});
    const payoutId = (created.data as { ID: number }).ID;
    const processed = await admin.call('/payouts/performPayoutProcess', { ID: payoutId });
    expect(processed).toMatchObject({ status: 'ok', data: { skippedLeads: 2 } });
    expect(await accountBalance(api.db, publisherAccount(held.user.ID))).toBe(1600);
    expect(await accountBalance(api.db, publisherAccount(free.user.ID))).toBe(0);
    const heldLeads = await api.db.select().from(t.leads).where(eq(t.leads.BoundUser, held.user.ID));
    expect(heldLeads.every((l) => l.PlatformPayoutID === null && !l.LeadMoneyWithdrawn)).toBe(true);
    const [reason] = await api.db
      .select()
      .from(t.logs)
      .where(
        like(t.logs.Log, `Payout skipped, payments on hold [payout:${payoutId}] [user:${held.user.ID}]%`),
      );
    expect(reason.Log).toMatch(
      /\[until:\d{4}-\d{2}-\d{2}T.*\] \[reason:the account's e-mail was changed by a Leadmesh staff member/,
    );

    // Automatic payouts pass the account by while the hold lasts, and pay it once it has ended.
    await api.db.update(t.users).set({ AutoPayoutInterval: 7 }).where(eq(t.users.ID, held.user.ID));
    await api.db
      .update(t.users)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(t.users.ID, held.user.ID));
    expect(await runAutoPayouts(api.db, Date.now())).toBe(0);
    await api.db
      .update(t.users)
      .set({ PaymentHoldUntil: new Date(Date.now() - 1000) })
      .where(eq(t.users.ID, held.user.ID));
    expect(await runAutoPayouts(api.db, Date.now())).toBe(1);
    expect(await accountBalance(api.db, publisherAccount(held.user.ID))).toBe(0);
  });

  it('payment histories are the caller’s own', async () => {
    const other = await publisherWithLeads('historyother', 0);
    const { client } = await api.loggedIn('historyviewer', { isVerified: true });
    expect(
      (
        await client.call('/payouts/getPayoutsPublisher', {
          BoundUser: other.user.ID,
          paginationOffset: 0,
          Filters: [],
        })
      ).data,
    ).toBe('FORBIDDEN');
    const { client: advertiser } = await api.loggedIn('historyadv', {
      isVerified: true,
      isPublisherHidden: true,
    });
    expect(
      (
        await advertiser.call('/payouts/getPayoutsAdvertiser', {
          BoundAdvertiser: advertiserId,
          paginationOffset: 0,
          Filters: [],
        })
      ).data,
    ).toBe('FORBIDDEN');
  });
});
