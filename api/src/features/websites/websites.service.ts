import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, type Caller, notFound, validationError } from '@leadmesh/core';
import type { Db, DbOrTx } from '@leadmesh/db';
import type { FilterItem, PublisherWebsite, Website, websiteCalls } from '@leadmesh/schema';
import { WEBSITE_LIST } from '@leadmesh/schema/constants';
import { offers, takenOffers, websites } from '@leadmesh/schema/tables';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { randomToken } from '../../lib/crypto.ts';
import { buildFilterWhere, listWhitelist, pageOf } from '../../lib/list-engine.ts';
import { UploadRefused } from '../../lib/uploads/refused.ts';
import { extractWebsiteZip, findEntryFile } from '../../lib/uploads/website-zip.ts';
import { sitePaths } from '../tracking/tracking.ts';
import type { Traffic } from '../tracking/traffic.ts';

type UploadInput = z.output<(typeof websiteCalls)['uploadWebsite']['request']>;
type ListInput = z.output<(typeof websiteCalls)['getAllWebsitesFrontend']['request']>;

const HTML_PAGE = /\.html?$/i;

/** Where a website is previewed: on the sites server, never the API's or the shell's origin. */
export function previewUrl(traffic: Traffic, website: { StorageKey: string; EntryFile: string }): string {
  return `${traffic.siteBase(null)}${sitePaths.preview(website)}`;
}

type Row = typeof websites.$inferSelect & { OfferName: string };

function toWebsite(traffic: Traffic, row: Row): Website {
  return {
    ID: row.ID,
    WebsiteName: row.WebsiteName,
    BoundOffer: row.BoundOffer,
    EntryFile: row.EntryFile,
    PurchaseCompleteFile: row.PurchaseCompleteFile,
    WebsiteType: row.WebsiteType,
    createdAt: row.createdAt.toISOString(),
    URL: previewUrl(traffic, row),
    Offer: { OfferName: row.OfferName },
  };
}

const selectRow = {
  ID: websites.ID,
  WebsiteName: websites.WebsiteName,
  BoundOffer: websites.BoundOffer,
  EntryFile: websites.EntryFile,
  PurchaseCompleteFile: websites.PurchaseCompleteFile,
  WebsiteType: websites.WebsiteType,
  StorageKey: websites.StorageKey,
  createdAt: websites.createdAt,
  OfferName: offers.OfferName,
};

/** A path in the archive the form named, or the admin's own words about why not. */
function pageIn(files: string[], wanted: string, field: string): string {
  if (!HTML_PAGE.test(wanted)) throw validationError(field, `${field} must be an .html page`);
  try {
    return findEntryFile(files, wanted, { field });
  } catch (error) {
    if (error instanceof UploadRefused) throw validationError(field, error.message);
    throw error;
  }
}

/**
 * Unpacks an uploaded .zip into a folder of its own (a random StorageKey, so concurrent uploads
 * never share one) and records the website. The entry page and the optional thank-you page must be
 * .html files in the archive; they are stored as paths inside the folder. A refused archive, a
 * missing page or a failed insert leaves no folder behind.
 */
export async function uploadWebsite(db: Db, traffic: Traffic, input: UploadInput): Promise<Website> {
  const [offer] = await db
    .select({ ID: offers.ID, OfferName: offers.OfferName })
    .from(offers)
    .where(and(eq(offers.ID, input.BoundOffer), isNull(offers.deletedAt)))
    .limit(1);
  if (!offer) throw validationError('BoundOffer', 'Offer not found');
  if (!HTML_PAGE.test(input.EntryFile)) throw validationError('EntryFile', 'EntryFile must be an .html page');

  const storageKey = randomToken(16);
  const folder = join(traffic.websitesDir, storageKey);
  let files: string[];
  try {
    ({ files } = await extractWebsiteZip(new Uint8Array(await input.websiteFile.arrayBuffer()), folder));
  } catch (error) {
    if (error instanceof UploadRefused) throw validationError('websiteFile', error.message);
    throw error;
  }
  try {
    const entry = pageIn(files, input.EntryFile, 'EntryFile');
    const thanks = input.PurchaseCompleteFile
      ? pageIn(files, input.PurchaseCompleteFile, 'PurchaseCompleteFile')
      : null;
    const [row] = await db
      .insert(websites)
      .values({
        WebsiteName: input.WebsiteName,
        BoundOffer: offer.ID,
        EntryFile: entry,
        PurchaseCompleteFile: thanks,
        WebsiteType: input.WebsiteType,
        StorageKey: storageKey,
      })
      .returning();
    return toWebsite(traffic, { ...row, OfferName: offer.OfferName });
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Deletes a website and its files. A website that live taken offers still show is refused
 * (CONFLICT): their tracking links would lead nowhere; the publishers remove them first.
 */
export async function deleteWebsite(db: Db, traffic: Traffic, id: number): Promise<void> {
  const storageKey = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(websites).where(eq(websites.ID, id)).limit(1);
    if (!row) throw notFound('Website not found');
    const [used] = await tx
      .select({ n: count() })
      .from(takenOffers)
      .where(
        and(
          isNull(takenOffers.deletedAt),
          row.WebsiteType === 'Landing'
            ? eq(takenOffers.BoundLandingWebsite, id)
            : eq(takenOffers.BoundPreLandingWebsite, id),
        ),
      );
    if (used.n > 0) {
      throw new ApiError('CONFLICT', {
        message: `The website is used by ${used.n} taken offer${used.n === 1 ? '' : 's'}; they must be removed first`,
      });
    }
    await tx.delete(websites).where(eq(websites.ID, id));
    return row.StorageKey;
  });
  traffic.sites.forgetAll();
  // The row is gone; the files follow (a failure leaves an orphan folder, never a broken row).
  await rm(join(traffic.websitesDir, storageKey), { recursive: true, force: true }).catch(() => {});
}

/**
 * An offer's landings and prelandings for the offer page's steps (dashboards §2), prelandings
 * first. Publishers see those of active offers only; admins any offer's.
 */
export async function websitesOfOffer(
  db: DbOrTx,
  traffic: Traffic,
  caller: Caller,
  offerId: number,
): Promise<PublisherWebsite[]> {
  const [offer] = await db
    .select({ active: offers.OfferActive, deletedAt: offers.deletedAt })
    .from(offers)
    .where(eq(offers.ID, offerId))
    .limit(1);
  if (!offer || (!caller.user.isAdmin && (!offer.active || offer.deletedAt !== null))) {
    throw notFound('Offer not found');
  }
  const rows = await db
    .select({
      ID: websites.ID,
      WebsiteName: websites.WebsiteName,
      BoundOffer: websites.BoundOffer,
      WebsiteType: websites.WebsiteType,
      StorageKey: websites.StorageKey,
      EntryFile: websites.EntryFile,
    })
    .from(websites)
    .where(eq(websites.BoundOffer, offerId))
    .orderBy(desc(websites.WebsiteType), asc(websites.WebsiteName), asc(websites.ID));
  return rows.map((r) => ({
    ID: r.ID,
    WebsiteName: r.WebsiteName,
    BoundOffer: r.BoundOffer,
    WebsiteType: r.WebsiteType,
    URL: previewUrl(traffic, r),
  }));
}

/** Filterable fields of admin-websites. */
export const WEBSITE_LIST_FIELDS = listWhitelist(WEBSITE_LIST, {
  ID: websites.ID,
  WebsiteName: websites.WebsiteName,
  BoundOffer: websites.BoundOffer,
  WebsiteType: websites.WebsiteType,
  EntryFile: websites.EntryFile,
  OfferName: offers.OfferName,
  createdAt: websites.createdAt,
});

/** admin-websites: 20 a page, newest first. */
export async function listWebsites(db: DbOrTx, traffic: Traffic, input: ListInput): Promise<Website[]> {
  const { offset, limit } = pageOf(input.paginationOffset, input.limit);
  const where = buildFilterWhere(input.Filters as FilterItem[], WEBSITE_LIST_FIELDS);
  const rows = await db
    .select(selectRow)
    .from(websites)
    .innerJoin(offers, eq(offers.ID, websites.BoundOffer))
    .where(where)
    .orderBy(desc(websites.createdAt), desc(websites.ID))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => toWebsite(traffic, row as Row));
}
