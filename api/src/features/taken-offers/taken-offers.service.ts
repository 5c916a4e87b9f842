import { type Caller, forbidden, notFound, validationError } from '@leadmesh/core';
import type { Db, DbOrTx } from '@leadmesh/db';
import type { FilterItem, TakenOffer, takenOfferCalls } from '@leadmesh/schema';
import { TAKEN_OFFER_LIST } from '@leadmesh/schema/constants';
import { domains, offers, takenOffers, websites } from '@leadmesh/schema/tables';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { randomToken } from '../../lib/crypto.ts';
import { buildFilterWhere, listWhitelist } from '../../lib/list-engine.ts';
import { trackingLink } from '../tracking/tracking.ts';
import type { Traffic } from '../tracking/traffic.ts';

type AddInput = z.output<(typeof takenOfferCalls)['addTakenOffer']['request']>;

/** A publisher's taken offers are few; the list answers at most this many (newest first). */
const MAX_TAKEN_OFFERS = 1_000;

const selectTaken = {
  ID: takenOffers.ID,
  BoundOffer: takenOffers.BoundOffer,
  BoundDomain: takenOffers.BoundDomain,
  BoundLandingWebsite: takenOffers.BoundLandingWebsite,
  BoundPreLandingWebsite: takenOffers.BoundPreLandingWebsite,
  FriendlyName: takenOffers.FriendlyName,
  TakenOfferName: offers.OfferName,
  createdAt: takenOffers.createdAt,
};

type Row = { [K in keyof typeof selectTaken]: unknown } & { createdAt: Date };

function toTakenOffer(row: Row): TakenOffer {
  return { ...(row as unknown as TakenOffer), createdAt: row.createdAt.toISOString() };
}

/** Who owns a live taken offer (null when there is none): the binding's ownership rule reads it. */
export async function takenOfferOwner(db: DbOrTx, id: number): Promise<{ userId: number } | null> {
  const [row] = await db
    .select({ userId: takenOffers.BoundUser })
    .from(takenOffers)
    .where(and(eq(takenOffers.ID, id), isNull(takenOffers.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A website of the offer, of the type the step asks for, or the field's refusal. */
async function websiteFor(
  db: DbOrTx,
  id: number,
  offerId: number,
  type: 'Landing' | 'PreLanding',
  field: string,
): Promise<number> {
  const [site] = await db
    .select({ BoundOffer: websites.BoundOffer, WebsiteType: websites.WebsiteType })
    .from(websites)
    .where(eq(websites.ID, id))
    .limit(1);
  if (!site || site.BoundOffer !== offerId || site.WebsiteType !== type) {
    throw validationError(
      field,
      type === 'Landing' ? 'Choose a landing page of this offer' : 'Choose a prelanding page of this offer',
    );
  }
  return id;
}

/**
 * Takes an offer (dashboards §2, offer page): an active offer, on one of the caller's domains or an
 * internal one, with a landing and an optional prelanding of that offer. The tracking code is
 * random (22 characters), so links cannot be guessed.
 */
export async function addTakenOffer(db: Db, caller: Caller, input: AddInput): Promise<TakenOffer> {
  const [offer] = await db
    .select({
      ID: offers.ID,
      OfferName: offers.OfferName,
      active: offers.OfferActive,
      deletedAt: offers.deletedAt,
    })
    .from(offers)
    .where(eq(offers.ID, input.BoundOffer))
    .limit(1);
  if (!offer || offer.deletedAt !== null) throw notFound('Offer not found');
  if (!offer.active) throw validationError('BoundOffer', 'This offer is not active and cannot be taken');

  // Internal domains (no owner) are everyone's: the binding's ownership rule cannot say so, hence here.
  const [domain] = await db
    .select({ BoundUser: domains.BoundUser, isInternal: domains.isInternal })
    .from(domains)
    .where(eq(domains.ID, input.BoundDomain))
    .limit(1);
  if (!domain) throw notFound('Domain not found');
  const internal = domain.isInternal && domain.BoundUser === null;
  if (!internal && domain.BoundUser !== caller.user.ID) throw forbidden('That belongs to another account');

  const landing = await websiteFor(db, input.BoundLandingWebsite, offer.ID, 'Landing', 'BoundLandingWebsite');
  const prelanding =
    input.BoundPreLandingWebsite != null
      ? await websiteFor(db, input.BoundPreLandingWebsite, offer.ID, 'PreLanding', 'BoundPreLandingWebsite')
      : null;

  const [row] = await db
    .insert(takenOffers)
    .values({
      BoundUser: caller.user.ID,
      BoundOffer: offer.ID,
      BoundDomain: input.BoundDomain,
      BoundLandingWebsite: landing,
      BoundPreLandingWebsite: prelanding,
      FriendlyName: input.FriendlyName,
      TrackingCode: randomToken(16),
    })
    .returning();
  return toTakenOffer({ ...row, TakenOfferName: offer.OfferName });
}

/** Filterable fields of the taken offers table. */
export const TAKEN_OFFER_FIELDS = listWhitelist(TAKEN_OFFER_LIST, {
  ID: takenOffers.ID,
  FriendlyName: takenOffers.FriendlyName,
  TakenOfferName: offers.OfferName,
  OfferName: offers.OfferName,
  BoundOffer: takenOffers.BoundOffer,
  BoundDomain: takenOffers.BoundDomain,
  createdAt: takenOffers.createdAt,
});

/** The caller's live taken offers, newest first. */
export async function listTakenOffers(
  db: DbOrTx,
  caller: Caller,
  filters: FilterItem[],
): Promise<TakenOffer[]> {
  const where = buildFilterWhere(filters, TAKEN_OFFER_FIELDS);
  const rows = await db
    .select(selectTaken)
    .from(takenOffers)
    .innerJoin(offers, eq(offers.ID, takenOffers.BoundOffer))
    .where(and(eq(takenOffers.BoundUser, caller.user.ID), isNull(takenOffers.deletedAt), where))
    .orderBy(desc(takenOffers.createdAt), desc(takenOffers.ID))
    .limit(MAX_TAKEN_OFFERS);
  return rows.map(toTakenOffer);
}

/**
 * Removes a taken offer softly (`deletedAt`): its leads keep their history, and its tracking link
 * answers a "no longer active" page (410) from now on.
 */
export async function deleteTakenOffer(db: Db, traffic: Traffic, id: number, now: number): Promise<void> {
  const [row] = await db
    .update(takenOffers)
    .set({ deletedAt: new Date(now) })
    .where(and(eq(takenOffers.ID, id), isNull(takenOffers.deletedAt)))
    .returning({ code: takenOffers.TrackingCode });
  if (!row) throw notFound('Taken offer not found');
  traffic.sites.forget({ code: row.code, id });
}

/** The tracking link of a live taken offer. */
export async function offerLink(db: DbOrTx, traffic: Traffic, id: number): Promise<string> {
  const [row] = await db
    .select({ code: takenOffers.TrackingCode, domain: domains.DomainName })
    .from(takenOffers)
    .leftJoin(domains, eq(domains.ID, takenOffers.BoundDomain))
    .where(and(eq(takenOffers.ID, id), isNull(takenOffers.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Taken offer not found');
  return trackingLink(traffic, row);
}
