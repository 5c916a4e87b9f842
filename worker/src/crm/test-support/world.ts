import { randomBytes } from 'node:crypto';
import { type CrmDataRecord, sealCrmData, secretBoxFromEnv } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import type { CrmType } from '@leadmesh/schema';
import { PRODUCT_KEY } from '@leadmesh/schema';
import { advertisers, crms, leads, offers, users } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { type FakeCrmType, TOKENS } from './fake-crms.ts';

/** An advertiser with an offer delivering to one CRM, and a publisher sending its leads. */
export interface CrmWorld {
  publisherId: number;
  advertiserUserId: number;
  advertiserId: number;
  offerId: number;
  crmId: number;
  callbackToken: string;
  type: CrmType;
  data: CrmDataRecord;
}

/** The data an advertiser would save for a fake CRM of this type. */
export function fakeCrmData(type: FakeCrmType, url: string): CrmDataRecord {
  switch (type) {
    case 'bitrix24':
      return { inboundURL: `${url}crm.lead.add`, outboundToken: TOKENS.bitrix24 };
    case 'leadvertex':
      return { inboundURL: url, outboundToken: TOKENS.leadvertex, webmasterID: '42' };
    case 'scalecrm':
      return { inboundURL: url, apiToken: TOKENS.scalecrm, postbackSecret: 'scale-postback-secret-000001' };
    case 'kmacrm':
      return { inboundURL: url, outboundToken: TOKENS.kmacrm };
  }
}

const tag = () => randomBytes(4).toString('hex');

async function user(db: Db, name: string, flags: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db
    .insert(users)
    .values({
      Username: name,
      Email: `${name}@example.com`,
      PasswordHash: 'x',
      FirstName: 'Test',
      LastName: 'User',
      RefCode: tag(),
      isVerified: true,
      ...flags,
    })
    .returning();
  return row;
}

/**
 * Builds a world straight in the database (no API): the CRM's secrets sealed with the key the
 * given environment yields, as the API would store them.
 */
export async function createCrmWorld(
  db: Db,
  env: { NODE_ENV?: string; APP_SECRET?: string; DATA_ENCRYPTION_KEY?: string },
  type: CrmType,
  data: CrmDataRecord,
  options: { articleId?: string | null; price?: string } = {},
): Promise<CrmWorld> {
  const t = tag();
  const publisher = await user(db, `pub${t}`);
  const owner = await user(db, `adv${t}`, { isPublisherHidden: true });
  const [advertiser] = await db
    .insert(advertisers)
    .values({
      UserID: owner.ID,
      CompanyName: `Company ${t}`,
      CompanyAddress: 'Main street 1',
      isVerified: true,
      isInfiniteCredits: true,
    })
    .returning();
  await db.update(users).set({ AdvertiserID: advertiser.ID }).where(eq(users.ID, owner.ID));
  const callbackToken = randomBytes(32).toString('base64url');
  const [crm] = await db
    .insert(crms)
    .values({
      BoundAdvertiser: advertiser.ID,
      name: type,
      friendlyName: `${type} ${t}`,
      data: sealCrmData(secretBoxFromEnv(env), type, data) as Record<string, string>,
      callbackToken,
    })
    .returning();
  const [offer] = await db
    .insert(offers)
    .values({
      BoundAdvertiser: advertiser.ID,
      SelectedCRM: crm.ID,
      OfferName: `Offer ${t}`,
      OfferProductName: 'Slim Tea',
      OfferProductBrand: 'Brand',
      OfferProductPrice: options.price ?? '29,90 EUR',
      OfferPayout: 1500,
      OfferType: 'CPA',
      OfferActive: true,
      OfferCountry: ['RS'],
      OfferImages: [],
      OfferDescription: 'A tea',
      CRMID: options.articleId === undefined ? 'ART-7' : options.articleId,
    })
    .returning();
  return {
    publisherId: publisher.ID,
    advertiserUserId: owner.ID,
    advertiserId: advertiser.ID,
    offerId: offer.ID,
    crmId: crm.ID,
    callbackToken,
    type,
    data,
  };
}

/** Accepted leads of the world's offer in status -1 (as intake leaves them), oldest first. */
export async function insertLeads(
  db: Db,
  world: CrmWorld,
  count: number,
  overrides: Partial<typeof leads.$inferInsert> = {},
): Promise<number[]> {
  const ids: number[] = [];
  const chunk = 500;
  for (let start = 0; start < count; start += chunk) {
    const rows = Array.from({ length: Math.min(chunk, count - start) }, (_, i) => {
      const n = start + i;
      return {
        BoundUser: world.publisherId,
        BoundAdvertiser: world.advertiserId,
        BoundOffer: world.offerId,
        OfferName: 'Tea offer',
        ProductName: 'Slim Tea',
        Status: -1,
        LeadPrice: 1500,
        EarnedAmount: 1200,
        PlatformEarnedAmount: 300,
        PurchaseDomain: 'shop.example.com',
        PurchaseIP: '203.0.113.7',
        Phone: `+38160${String(1_000_000 + n).slice(-7)}`,
        PurchaseLeadType: 'CPA' as const,
        City: 'Belgrade',
        CountryCode: 'RS',
        PurchaseDetails: {
          [`${PRODUCT_KEY}-name`]: `Buyer ${n}`,
          [`${PRODUCT_KEY}-phone`]: `060 ${n}`,
          [`${PRODUCT_KEY}-quantity`]: 2,
          [`${PRODUCT_KEY}-c1`]: 'fb',
        },
        ...overrides,
      };
    });
    const inserted = await db.insert(leads).values(rows).returning({ ID: leads.ID });
    ids.push(...inserted.map((r) => r.ID));
  }
  return ids;
}
