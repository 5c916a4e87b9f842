/**
 * Rows for postback tests (core, API and worker): users, an advertiser with an offer, leads and
 * postbacks, written straight to the database. Not exported from the package: tests import it by path.
 */
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@leadmesh/db';
import type { JobDefinition, JobProducer } from '@leadmesh/jobs';
import { type PostbackTrigger, PRODUCT_KEY } from '@leadmesh/schema';
import { advertisers, type LeadRow, leads, offers, postbacks, users } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';

export async function makeUser(
  db: DbOrTx,
  username: string,
  flags: Partial<{ isVerified: boolean; isPublisherHidden: boolean }> = { isVerified: true },
) {
  const [row] = await db
    .insert(users)
    .values({
      Username: username,
      Email: `${username.toLowerCase()}@example.com`,
      PasswordHash: 'not-a-real-hash',
      RefCode: randomBytes(6).toString('hex'),
      ...flags,
    })
    .returning();
  return row;
}

/** An advertiser profile for the user, with one offer. */
export async function makeAdvertiserWithOffer(db: DbOrTx, userId: number, verified = true) {
  const [advertiser] = await db
    .insert(advertisers)
    .values({
      UserID: userId,
      CompanyName: `Company ${userId}`,
      CompanyAddress: 'Main 1',
      isVerified: verified,
    })
    .returning();
  await db.update(users).set({ AdvertiserID: advertiser.ID }).where(eq(users.ID, userId));
  const [offer] = await db
    .insert(offers)
    .values({
      BoundAdvertiser: advertiser.ID,
      OfferName: 'Summer & Sun',
      OfferProductName: 'Crème / 50 ml',
      OfferProductBrand: 'Brand',
      OfferProductPrice: '50,00 EUR',
      OfferPayout: 1250,
      OfferType: 'CPA',
      OfferCountry: ['RS'],
      OfferImages: [],
      OfferDescription: '<p>offer</p>',
    })
    .returning();
  return { advertiser, offer };
}

export async function makeLead(
  db: DbOrTx,
  publisherId: number,
  world: { advertiser: { ID: number }; offer: { ID: number; OfferName: string; OfferProductName: string } },
  details: Record<string, unknown> = {},
): Promise<LeadRow> {
  const [lead] = await db
    .insert(leads)
    .values({
      BoundUser: publisherId,
      BoundAdvertiser: world.advertiser.ID,
      BoundOffer: world.offer.ID,
      OfferName: world.offer.OfferName,
      ProductName: world.offer.OfferProductName,
      Status: -1,
      LeadPrice: 1250,
      EarnedAmount: 1000,
      PurchaseDomain: 'http://shop.example',
      PurchaseIsPhone: true,
      PurchaseLeadType: 'CPA',
      PurchaseDetails: {
        [`${PRODUCT_KEY}-name`]: 'Ana Anić',
        [`${PRODUCT_KEY}-phone`]: '+381 60 123',
        [`${PRODUCT_KEY}-quantity`]: 2,
        ...details,
      },
    })
    .returning();
  return lead;
}

export async function makePostback(db: DbOrTx, userId: number, trigger: PostbackTrigger, url: string) {
  const [row] = await db
    .insert(postbacks)
    .values({
      BoundUser: userId,
      postbackName: `${trigger} postback`,
      postbackURL: url,
      postbackTrigger: trigger,
    })
    .returning();
  return row;
}

export interface CapturedJob {
  id: string;
  payload: unknown;
  delayMs?: number;
}

/** A job producer that only records what it was asked to enqueue. */
export function captureJobs(): JobProducer & { jobs: CapturedJob[] } {
  const jobs: CapturedJob[] = [];
  return {
    jobs,
    async enqueue(job: JobDefinition, payload: unknown, delayMs?: number) {
      jobs.push({ id: job.id, payload: job.schema.parse(payload), delayMs });
    },
    async requeue(job: JobDefinition, payload: unknown, delayMs?: number) {
      jobs.push({ id: job.id, payload: job.schema.parse(payload), delayMs });
      return true;
    },
    async close() {},
  } as JobProducer & { jobs: CapturedJob[] };
}
