/** Rows the catalogue tests (offers, images, domains, leads) build directly in their own database. */
import { PRODUCT_KEY } from '@leadmesh/schema';
import * as t from '@leadmesh/schema/tables';
import { randomToken } from '../../lib/crypto.ts';
import type { TestApi } from '../../test/harness.ts';

export const DAY_MS = 86_400_000;

let sequence = 0;
const next = () => ++sequence;

/** A verified advertiser (publisher role hidden) with one CRM, logged in. */
export async function makeAdvertiser(api: TestApi, username = `advertiser${next()}x`) {
  const { user, client } = await api.loggedIn(username, { isVerified: true, isPublisherHidden: true });
  const advertiser = await api.createAdvertiser(user.ID, true);
  const [crm] = await api.db
    .insert(t.crms)
    .values({
      BoundAdvertiser: advertiser.ID,
      name: 'bitrix24',
      friendlyName: `CRM of ${username}`,
      data: { inboundURL: 'https://crm.example/in', outboundToken: 'secret-token' },
      callbackToken: randomToken(16),
    })
    .returning();
  return { user, client, advertiser, crm };
}

/** An uploaded image record (the file itself is not needed for the offer rules). */
export async function makeImage(api: TestApi, fileName = `img-${next()}-${randomToken(6)}.png`) {
  await api.db
    .insert(t.images)
    .values({ FileName: fileName, ImageName: 'test', Tag: 'Offer', ContentType: 'image/png' });
  return fileName;
}

type OfferInsert = typeof t.offers.$inferInsert;

/** An offer row, active by default, for the given advertiser. */
export async function makeOffer(
  api: TestApi,
  owner: { advertiser: { ID: number }; crm: { ID: number } },
  overrides: Partial<OfferInsert> = {},
) {
  const n = next();
  const [row] = await api.db
    .insert(t.offers)
    .values({
      BoundAdvertiser: owner.advertiser.ID,
      SelectedCRM: owner.crm.ID,
      OfferName: `Offer ${n}`,
      OfferProductName: `Product ${n}`,
      OfferProductBrand: `Brand ${n}`,
      OfferProductPrice: '50,00 EUR',
      OfferPayout: 1000,
      PlatformTax: 20,
      OfferLimit: 1000,
      OfferType: 'CPA',
      OfferActive: true,
      OfferCountry: ['RS'],
      OfferImages: ['offer.png'],
      OfferDescription: '<p>Good</p>',
      ReferralPayout: 0,
      ...overrides,
    })
    .returning();
  return row;
}

type LeadInsert = typeof t.leads.$inferInsert;

/** A lead row of an offer sent by a publisher (money as intake freezes it). */
export async function makeLead(
  api: TestApi,
  offer: { ID: number; BoundAdvertiser: number; OfferName: string; OfferProductName: string },
  publisherId: number,
  overrides: Partial<LeadInsert> = {},
) {
  const n = next();
  const [row] = await api.db
    .insert(t.leads)
    .values({
      BoundUser: publisherId,
      BoundAdvertiser: offer.BoundAdvertiser,
      BoundOffer: offer.ID,
      OfferName: offer.OfferName,
      ProductName: offer.OfferProductName,
      Status: 0,
      LeadPrice: 1000,
      EarnedAmount: 800,
      PlatformEarnedAmount: 200,
      PlatformTax: 20,
      PurchaseDomain: 'http://shop.example',
      PurchaseIP: `10.1.0.${n % 250}`,
      PurchaseLeadType: 'CPA',
      City: 'Belgrade',
      CountryCode: 'RS',
      PurchaseDetails: { [`${PRODUCT_KEY}-name`]: 'Ana', [`${PRODUCT_KEY}-phone`]: '+381601234567' },
      ...overrides,
    })
    .returning();
  return row;
}
