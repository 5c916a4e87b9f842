import { advertiserAccount, OUTSIDE, postTransfer } from '@leadmesh/core';
import * as t from '@leadmesh/schema/tables';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test/harness.ts';
import { statusSourceLabel } from './timeline.service.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => {
  await api.close();
});

it('a lead’s timeline lists what happened in order; each party sees their part, strangers nothing', async () => {
  const { client: admin } = await api.loggedIn('tladmin', { isAdmin: true, isVerified: true });
  const { user: pub, client: publisher } = await api.loggedIn('tlpub', { isVerified: true });
  const { user: advUser, client: advertiser } = await api.loggedIn('tladv', {
    isVerified: true,
    isPublisherHidden: true,
  });
  const adv = await api.createAdvertiser(advUser.ID);
  await api.db.transaction((tx) =>
    postTransfer(tx, { debit: OUTSIDE, credit: advertiserAccount(adv.ID), amount: 100_000, code: 'top_up' }),
  );
  const [offer] = await api.db
    .insert(t.offers)
    .values({
      BoundAdvertiser: adv.ID,
      OfferName: 'TL offer',
      OfferProductName: 'P',
      OfferProductBrand: 'B',
      OfferProductPrice: '1 EUR',
      OfferPayout: 1000,
      PlatformTax: 20,
      OfferType: 'CPA',
      OfferCountry: ['RS'],
      OfferImages: [],
      OfferDescription: '<p>x</p>',
    })
    .returning();
  const [click] = await api.db
    .insert(t.clicks)
    .values({
      ClickKey: 'tl-click',
      BoundTakenOffer: (
        await api.db
          .insert(t.takenOffers)
          .values({ BoundUser: pub.ID, BoundOffer: offer.ID, TrackingCode: 'tl-code' })
          .returning()
      )[0].ID,
      BoundUser: pub.ID,
      BoundOffer: offer.ID,
      IP: '203.0.113.9',
      isPhone: true,
      CountryCode: 'RS',
      City: 'Belgrade',
    })
    .returning();
  const [lead] = await api.db
    .insert(t.leads)
    .values({
      BoundUser: pub.ID,
      BoundAdvertiser: adv.ID,
      BoundOffer: offer.ID,
      BoundClick: click.ID,
      OfferName: 'TL offer',
      ProductName: 'P',
      PurchaseLeadType: 'CPA',
      PurchaseDetails: {},
      LeadPrice: 1000,
      EarnedAmount: 800,
      PlatformEarnedAmount: 200,
      PlatformTax: 20,
    })
    .returning();
  await admin.call('/leads/setLeadStatusAdmin', { ID: lead.ID, newStatus: 2 });

  const full = (await admin.call('/leads/getLeadTimeline', { ID: lead.ID })).data as {
    kind: string;
    title: string;
    detail: Record<string, unknown>;
  }[];
  expect(full.map((e) => e.kind)).toEqual(['click', 'intake', 'status', 'ledger', 'ledger']);
  expect(full[2].title).toBe('Lead processing → Lead confirmed');
  expect(full[0].detail).toMatchObject({ ip: '203.0.113.9', device: 'phone' });

  const mine = (await publisher.call('/leads/getLeadTimeline', { ID: lead.ID })).data as {
    kind: string;
    title: string;
  }[];
  expect(mine.filter((e) => e.kind === 'ledger').map((e) => e.title)).toEqual(['publisher earning: $8.00']);
  const theirs = (await advertiser.call('/leads/getLeadTimeline', { ID: lead.ID })).data as {
    kind: string;
    title: string;
    detail: Record<string, unknown>;
  }[];
  expect(theirs.some((e) => e.kind === 'click')).toBe(false);
  // The advertiser sees each status change with who made it, in words.
  expect(theirs.filter((e) => e.kind === 'status').map((e) => e.detail)).toEqual([{ source: 'Staff' }]);
  expect(theirs.filter((e) => e.kind === 'ledger').map((e) => e.title)).toEqual(['lead charge: $10.00']);

  const { client: stranger } = await api.loggedIn('tlstranger', { isVerified: true });
  expect((await stranger.call('/leads/getLeadTimeline', { ID: lead.ID })).data).toBe('FORBIDDEN');
});

it('names each source of a status change: the CRM by callback, status check or sandbox, delivery, staff', () => {
  expect(statusSourceLabel('crm', { via: 'callback', crmStatus: 'approved' })).toBe('CRM callback');
  expect(statusSourceLabel('crm', { via: 'status-check' })).toBe('CRM status check');
  expect(statusSourceLabel('crm', { via: 'sandbox' })).toBe('Sandbox CRM');
  expect(statusSourceLabel('crm', null)).toBe('CRM');
  expect(statusSourceLabel('delivery', null)).toBe('Delivery to the CRM');
  expect(statusSourceLabel('admin', null)).toBe('Staff');
  expect(statusSourceLabel('system', null)).toBe('Platform');
});
