import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as t from '@leadmesh/schema/tables';
import type { Advertisers } from './advertisers.ts';
import { DAY, type SeedContext } from './context.ts';
import { DEMO_OFFERS } from './demo-data.ts';
import { writeOfferWebsite } from './landings.ts';

export type OfferRow = typeof t.offers.$inferSelect;

export interface Offers {
  offers: OfferRow[];
  /** Landing and prelanding website ids of each offer. */
  websites: Map<number, { landing: number; prelanding: number }>;
}

function offerImageSvg(name: string, colour: string): string {
  const safe = name.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400"><rect width="640" height="400" fill="${colour}"/><circle cx="520" cy="90" r="140" fill="#ffffff" opacity="0.15"/><text x="40" y="220" font-family="Arial, sans-serif" font-size="44" font-weight="bold" fill="#ffffff">${safe}</text><text x="40" y="270" font-family="Arial, sans-serif" font-size="22" fill="#ffffff" opacity="0.85">Cash on delivery</text></svg>`;
}

/**
 * Five offers with an image each and a landing and prelanding website (files under uploads/),
 * delivered to their advertiser's first CRM (a Sandbox CRM).
 */
export async function seedOffers(ctx: SeedContext, partners: Advertisers): Promise<Offers> {
  const { db } = ctx.handle;
  mkdirSync(join(ctx.uploads, 'images'), { recursive: true });
  const offers: OfferRow[] = [];
  const websites = new Map<number, { landing: number; prelanding: number }>();
  for (const [i, { advertiser, offer }] of DEMO_OFFERS.entries()) {
    const fileName = `offer-${i + 1}.svg`;
    writeFileSync(join(ctx.uploads, 'images', fileName), offerImageSvg(offer.brand, offer.colour));
    await db
      .insert(t.images)
      .values({ FileName: fileName, ImageName: offer.name, Tag: 'Offer', ContentType: 'image/svg+xml' });
    const owner = partners.advertisers[advertiser];
    const crm = partners.crms.find((c) => c.BoundAdvertiser === owner.ID);
    const [row] = await db
      .insert(t.offers)
      .values({
        BoundAdvertiser: owner.ID,
        SelectedCRM: crm?.ID ?? null,
        OfferName: offer.name,
        OfferProductName: offer.product,
        OfferProductBrand: offer.brand,
        OfferProductPrice: offer.price,
        OfferPayout: offer.payoutCents,
        PlatformTax: offer.tax,
        OfferLimit: 1000,
        OfferType: offer.type,
        OfferActive: true,
        OfferCountry: offer.countries,
        OfferImages: [fileName],
        OfferDescription: offer.description,
        ReferralPayout: Math.round(offer.payoutCents * 0.05),
        CRMID: `ART-${100 + i}`,
        OfferMonthlyConversionRatio: i === 2 ? -1 : 55 + i * 5,
        isPromoted: offer.promoted,
        createdAt: new Date(ctx.now - (i === 4 ? 3 : ctx.days + 10) * DAY),
      })
      .returning();
    offers.push(row);
    const ids: number[] = [];
    for (const kind of ['Landing', 'PreLanding'] as const) {
      const key = `offer-${row.ID}-${kind.toLowerCase()}`;
      writeOfferWebsite(join(ctx.uploads, 'websites', key), offer, kind);
      const [site] = await db
        .insert(t.websites)
        .values({
          WebsiteName: `${offer.brand} ${kind === 'Landing' ? 'landing' : 'prelanding'}`,
          BoundOffer: row.ID,
          EntryFile: 'index.html',
          PurchaseCompleteFile: kind === 'Landing' ? 'thanks.html' : null,
          WebsiteType: kind,
          StorageKey: key,
        })
        .returning();
      ids.push(site.ID);
    }
    websites.set(row.ID, { landing: ids[0], prelanding: ids[1] });
  }
  ctx.log('offers, images and websites created');
  return { offers, websites };
}
