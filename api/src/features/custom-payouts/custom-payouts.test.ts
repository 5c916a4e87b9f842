import * as t from '@leadmesh/schema/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, type TestClient } from '../../test/harness.ts';

let api: TestApi;
let admin: TestClient;
let offerId: number;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DISABLED: 'true' });
  ({ client: admin } = await api.loggedIn('cpadmin', { isAdmin: true, isVerified: true }));
  const owner = await api.createUser('cpadv', { isVerified: true, isPublisherHidden: true });
  const advertiser = await api.createAdvertiser(owner.ID);
  const [offer] = await api.db
    .insert(t.offers)
    .values({
      BoundAdvertiser: advertiser.ID,
      OfferName: 'CP offer',
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
  await api.close();
});

describe('custom payouts', () => {
  it('answers the spec messages in order, then adds, edits, lists and removes one', async () => {
    const publisher = await api.createUser('cppub', { isVerified: true });
    for (const [body, message] of [
      [{ OfferID: offerId, Payout: 100 }, 'Please select an user.'],
      [{ UserID: publisher.ID, Payout: 100 }, 'Please select an offer.'],
      [{ UserID: publisher.ID, OfferID: offerId, Payout: 'ten' }, 'Payout must be a number'],
      [{ UserID: publisher.ID, OfferID: offerId, Payout: 12.5 }, 'Payout must be a number'],
    ] as const) {
      const answer = await admin.call('/customOfferPayouts/addPayout', body);
      expect(answer.details?.message, JSON.stringify(body)).toContain(message);
    }
    const added = await admin.call('/customOfferPayouts/addPayout', {
      UserID: publisher.ID,
      OfferID: offerId,
      Payout: 1300,
    });
    expect(added.data).toMatchObject({
      Payout: 1300,
      PublisherGets: 1040,
      Username: 'cppub',
      OfferName: 'CP offer',
      offer: { PlatformTax: 20, OfferPayout: 1000 },
    });
    const id = (added.data as { ID: number }).ID;
    expect(
      (
        await admin.call('/customOfferPayouts/addPayout', {
          UserID: publisher.ID,
          OfferID: offerId,
          Payout: 5,
        })
      ).data,
    ).toBe('CONFLICT');
    expect(
      (await admin.call('/customOfferPayouts/editPayout', { ID: id, Payout: 'x' })).details?.message,
    ).toContain('Payout must be a number!');
    expect((await admin.call('/customOfferPayouts/editPayout', { ID: id, Payout: 900 })).data).toMatchObject({
      Payout: 900,
      PublisherGets: 720,
    });
    const list = await admin.call('/customOfferPayouts/getAllPayouts', {
      offset: 0,
      filters: [{ name: 'Username', op: 'eq', value: 'cppub' }],
    });
    expect((list.data as { DBData: unknown[] }).DBData).toHaveLength(1);
    expect((await admin.call('/customOfferPayouts/removePayout', { ID: id })).status).toBe('ok');
    expect((await admin.call('/customOfferPayouts/removePayout', { ID: id })).data).toBe('NOT_FOUND');
  });
});
