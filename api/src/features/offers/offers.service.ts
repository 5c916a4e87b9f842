import { type Caller, notFound, validationError } from '@leadmesh/core';
import type { Db, DbOrTx } from '@leadmesh/db';
import {
  ADVERTISER_OFFER_LIST,
  type AdvertiserOffer,
  CATALOGUE_LIST,
  checkOfferForm,
  type FilterItem,
  MESSAGES,
  NEW_OFFER_BADGE_DAYS,
  OFFER_LIST,
  type Offer,
  type OfferFormInput,
  type OfferSummary,
  PROMOTED_OFFERS_MAX,
  type PublisherOffer,
} from '@leadmesh/schema';
import {
  advertisers,
  clicks,
  crms,
  customPayouts,
  images,
  leads,
  type OfferRow,
  offers,
  takenOffers,
  websites,
} from '@leadmesh/schema/tables';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { buildFilterWhere, type ListFields, listWhitelist, pageOf } from '../../lib/list-engine.ts';
import { audit } from '../../lib/logs.ts';
import { plainText, sanitizeOfferHtml } from '../../lib/traffic/sanitize.ts';
import { toAdvertiserOffer, toOffer, toPublisherOffer } from './offers.mapper.ts';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Filters

/** `OfferCountry` filters match any of the offer's countries (stored as a JSON list). */
function countryCondition(filter: FilterItem): SQL {
  const values = (Array.isArray(filter.value) ? filter.value : String(filter.value ?? '').split(/[~,]/))
    .map((v) => String(v).trim().toUpperCase())
    .filter((v) => v !== '');
  if (values.length === 0) throw validationError('Filters', "Filter 'OfferCountry' needs a country code");
  const any = (test: SQL) => sql`exists (select 1 from json_each(${offers.OfferCountry}) where ${test})`;
  const inList = sql`value in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
  switch (filter.op) {
    case 'eq':
    case 'in':
      return any(inList);
    case 'neq':
      return sql`not ${any(inList)}`;
    case 'contains':
      return any(sql`instr(value, ${values[0]}) > 0`);
    default:
      throw validationError('Filters', `Operator '${filter.op}' is not allowed for 'OfferCountry'`);
  }
}

/** The list engine's condition for every filter but OfferCountry, which is matched against the list of codes. */
function offerFilterWhere(filters: readonly FilterItem[], fields: ListFields): SQL | undefined {
  const countries = filters.filter((f) => f.name === 'OfferCountry');
  const rest = filters.filter((f) => f.name !== 'OfferCountry');
  const parts = [buildFilterWhere(rest, fields), ...countries.map(countryCondition)].filter(
    (p): p is SQL => p !== undefined,
  );
  return parts.length ? and(...parts) : undefined;
}

/** The countries as text, so OfferCountry is listed among the allowed fields (matched by countryCondition). */
const countriesText = sql`(select group_concat(value, '~') from json_each(${offers.OfferCountry}))`;

const OFFER_COLUMNS = {
  ID: offers.ID,
  BoundAdvertiser: offers.BoundAdvertiser,
  OfferName: offers.OfferName,
  OfferProductName: offers.OfferProductName,
  OfferProductBrand: offers.OfferProductBrand,
  OfferCountry: countriesText,
  OfferType: offers.OfferType,
  OfferPayout: offers.OfferPayout,
  OfferLimit: offers.OfferLimit,
  OfferProductPrice: offers.OfferProductPrice,
  OfferMonthlyConversionRatio: offers.OfferMonthlyConversionRatio,
  OfferActive: offers.OfferActive,
  PlatformTax: offers.PlatformTax,
  isPromoted: offers.isPromoted,
  createdAt: offers.createdAt,
};

/** Filter whitelist of admin-offers (admin §2). */
export const OFFER_LIST_FIELDS = listWhitelist(OFFER_LIST, OFFER_COLUMNS);

/** Filter whitelist of the advertiser's offers. */
export const ADVERTISER_OFFER_LIST_FIELDS = listWhitelist(ADVERTISER_OFFER_LIST, OFFER_COLUMNS);

/** Filter whitelist of the publisher catalogue; `isNew` is read against the clock of the request. */
export function catalogueFields(now: number): ListFields {
  return listWhitelist(CATALOGUE_LIST, {
    ...OFFER_COLUMNS,
    isNew: sql`(${offers.createdAt} >= ${now - NEW_OFFER_BADGE_DAYS * DAY_MS})`,
  });
}

const notDeleted = isNull(offers.deletedAt);
const newestFirst = [desc(offers.createdAt), desc(offers.ID)];

// ---------------------------------------------------------------------------------------------
// Staff: add, edit, delete, read

/** The database side of the form checks: the advertiser exists, the CRM is theirs, the images were uploaded. */
function formLookups(db: DbOrTx, keptImages: readonly string[] = []) {
  return {
    async advertiserExists(id: number) {
      const [row] = await db
        .select({ ID: advertisers.ID })
        .from(advertisers)
        .where(eq(advertisers.ID, id))
        .limit(1);
      return Boolean(row);
    },
    async crmBelongsTo(crmId: number, advertiserId: number) {
      const [row] = await db
        .select({ ID: crms.ID })
        .from(crms)
        .where(and(eq(crms.ID, crmId), eq(crms.BoundAdvertiser, advertiserId)))
        .limit(1);
      return Boolean(row);
    },
    async imagesExist(names: string[]) {
      // Images the offer already shows stay valid on edit, even if their upload record is gone.
      const fresh = names.filter((n) => !keptImages.includes(n));
      if (fresh.length === 0) return true;
      const found = await db
        .select({ FileName: images.FileName })
        .from(images)
        .where(inArray(images.FileName, fresh));
      return new Set(found.map((f) => f.FileName)).size === fresh.length;
    },
  };
}

/** Runs the form checks of admin §5, then sanitises the description (which must still say something). */
async function checkedForm(db: DbOrTx, input: OfferFormInput, keptImages: readonly string[] = []) {
  const result = await checkOfferForm(input, formLookups(db, keptImages));
  if (!result.ok) throw validationError(result.field, result.message);
  const form = result.form;
  const description = sanitizeOfferHtml(form.OfferDescription);
  if (plainText(description) === '' && !/<img\b/i.test(description))
    throw validationError('OfferDescription', MESSAGES.offerDescriptionEmpty);
  return { ...form, OfferDescription: description };
}

async function findOffer(db: DbOrTx, id: number): Promise<OfferRow> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.ID, id), notDeleted))
    .limit(1);
  if (!row) throw notFound('Offer not found');
  return row;
}

/** Creates an offer (admin §2 Add offer); every rule of admin §5 in its order, then one transaction. */
export async function addOffer(db: Db, caller: Caller, input: OfferFormInput): Promise<Offer> {
  const row = await db.transaction(async (tx) => {
    const form = await checkedForm(tx, input);
    const [created] = await tx.insert(offers).values(form).returning();
    await audit(
      tx,
      'offer.added',
      { offer: created.ID, name: created.OfferName, advertiser: created.BoundAdvertiser },
      caller,
    );
    return created;
  });
  return toOffer(row);
}

/** The stored offer as the form would send it, so an edit is checked like an add. */
function asForm(row: OfferRow): OfferFormInput {
  return {
    BoundAdvertiser: row.BoundAdvertiser,
    SelectedCRM: row.SelectedCRM,
    OfferCountry: row.OfferCountry,
    OfferName: row.OfferName,
    OfferProductBrand: row.OfferProductBrand,
    OfferProductName: row.OfferProductName,
    OfferType: row.OfferType,
    OfferPayout: row.OfferPayout,
    PlatformTax: row.PlatformTax,
    OfferLimit: row.OfferLimit,
    ReferralPayout: row.ReferralPayout,
    OfferProductPrice: row.OfferProductPrice,
    OfferImages: row.OfferImages,
    OfferDescription: row.OfferDescription,
    CRMID: row.CRMID,
    OfferActive: row.OfferActive,
    isPromoted: row.isPromoted,
  };
}

/** Edits an offer: the fields sent replace the stored ones and the result is checked like an add. */
export async function editOffer(
  db: Db,
  caller: Caller,
  input: OfferFormInput & { ID: number },
): Promise<Offer> {
  const row = await db.transaction(async (tx) => {
    const current = await findOffer(tx, input.ID);
    const { ID, ...sent } = input;
    const changes = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined));
    const form = await checkedForm(tx, { ...asForm(current), ...changes }, current.OfferImages ?? []);
    const [updated] = await tx.update(offers).set(form).where(eq(offers.ID, ID)).returning();
    await audit(tx, 'offer.edited', { offer: ID, fields: Object.keys(changes).join(',') }, caller);
    return updated;
  });
  return toOffer(row);
}

/** Whether any row refers to the offer (then it is retired, never removed). */
async function isReferenced(tx: DbOrTx, offerId: number): Promise<boolean> {
  for (const [table, column] of [
    [leads, leads.BoundOffer],
    [takenOffers, takenOffers.BoundOffer],
    [clicks, clicks.BoundOffer],
    [websites, websites.BoundOffer],
  ] as const) {
    const [row] = await tx.select({ one: sql`1` }).from(table).where(eq(column, offerId)).limit(1);
    if (row) return true;
  }
  return false;
}

/**
 * Deletes an offer (admin §2). One that leads, taken offers, clicks or websites refer to is
 * retired: deletedAt set and inactive, so it disappears from every list while its leads and money
 * history keep their offer. One nothing refers to is removed (with its custom payouts).
 */
export async function deleteOffer(
  db: Db,
  caller: Caller,
  input: { ID: number; BoundAdvertiser?: number },
): Promise<'removed' | 'retired'> {
  return db.transaction(async (tx) => {
    const row = await findOffer(tx, input.ID);
    if (input.BoundAdvertiser !== undefined && input.BoundAdvertiser !== row.BoundAdvertiser)
      throw notFound('Offer not found');
    const retire = await isReferenced(tx, row.ID);
    if (retire) {
      await tx
        .update(offers)
        .set({ deletedAt: new Date(), OfferActive: false, isPromoted: false })
        .where(eq(offers.ID, row.ID));
    } else {
      await tx.delete(offers).where(eq(offers.ID, row.ID));
    }
    const event = retire ? 'offer.retired' : 'offer.removed';
    await audit(tx, event, { offer: row.ID, name: row.OfferName }, caller);
    return retire ? 'retired' : 'removed';
  });
}

export async function getOfferByID(db: Db, _caller: Caller, input: { ID: number }): Promise<Offer> {
  return toOffer(await findOffer(db, input.ID));
}

interface ListInput {
  paginationOffset: number;
  Filters: FilterItem[];
  limit?: number;
}

/** admin-offers: offers not deleted, newest first, 20 a page. */
export async function listOffers(db: Db, _caller: Caller, input: ListInput): Promise<Offer[]> {
  const page = pageOf(input.paginationOffset, input.limit);
  const rows = await db
    .select()
    .from(offers)
    .where(and(notDeleted, offerFilterWhere(input.Filters, OFFER_LIST_FIELDS)))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toOffer);
}

/** Every offer not deleted, by name: the pickers and the payout calculator. */
export async function listOfferNames(db: Db): Promise<OfferSummary[]> {
  return db
    .select({
      ID: offers.ID,
      OfferName: offers.OfferName,
      OfferProductName: offers.OfferProductName,
      PlatformTax: offers.PlatformTax,
      OfferPayout: offers.OfferPayout,
    })
    .from(offers)
    .where(notDeleted)
    .orderBy(asc(offers.OfferName), asc(offers.ID));
}

/**
 * An advertiser's offers (advertiser-offers): their own (ownership is checked where the call is
 * bound); staff name one with BoundAdvertiser, or see every advertiser's without it.
 */
export async function listAdvertiserOffers(
  db: Db,
  caller: Caller,
  input: ListInput & { BoundAdvertiser?: number },
): Promise<AdvertiserOffer[]> {
  const advertiserId = input.BoundAdvertiser ?? caller.advertiser?.ID;
  const page = pageOf(input.paginationOffset, input.limit);
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        notDeleted,
        advertiserId === undefined ? undefined : eq(offers.BoundAdvertiser, advertiserId),
        offerFilterWhere(input.Filters, ADVERTISER_OFFER_LIST_FIELDS),
      ),
    )
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toAdvertiserOffer);
}

// ---------------------------------------------------------------------------------------------
// Publishers: the catalogue and the offer page

const selectable = and(notDeleted, eq(offers.OfferActive, true));

/** The publisher's custom payouts and taken offers among these offers. */
async function publisherView(
  db: Db,
  userId: number,
  rows: OfferRow[],
  now: number,
): Promise<PublisherOffer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.ID);
  const [custom, taken] = await Promise.all([
    db
      .select({ OfferID: customPayouts.OfferID, Payout: customPayouts.Payout })
      .from(customPayouts)
      .where(and(eq(customPayouts.UserID, userId), inArray(customPayouts.OfferID, ids))),
    db
      .selectDistinct({ OfferID: takenOffers.BoundOffer })
      .from(takenOffers)
      .where(
        and(
          eq(takenOffers.BoundUser, userId),
          inArray(takenOffers.BoundOffer, ids),
          isNull(takenOffers.deletedAt),
        ),
      ),
  ]);
  const payouts = new Map(custom.map((c) => [c.OfferID, c.Payout]));
  const takenIds = new Set(taken.map((t) => t.OfferID));
  return rows.map((row) =>
    toPublisherOffer(row, { now, customPayout: payouts.get(row.ID), taken: takenIds.has(row.ID) }),
  );
}

/**
 * The publisher catalogue (dashboards §2, §4): active offers that are not deleted, newest first.
 * With `showNewOffers` (the first load, promoted offers shown) the answer starts with every
 * matching promoted offer (at most 100), then a page of the others; without it, only the others.
 * The offset counts only the others, so the client sends the rows it holds minus the promoted
 * ones, and no offer comes twice (docs/decisions/0010-offers.md).
 */
export async function listSelectableOffers(
  db: Db,
  caller: Caller,
  input: ListInput & { BoundUser?: number; showNewOffers: boolean; now: number },
): Promise<PublisherOffer[]> {
  const userId = input.BoundUser ?? caller.user.ID;
  const filters = offerFilterWhere(input.Filters, catalogueFields(input.now));
  const page = pageOf(input.paginationOffset, input.limit);
  const promoted = input.showNewOffers
    ? await db
        .select()
        .from(offers)
        .where(and(selectable, eq(offers.isPromoted, true), filters))
        .orderBy(...newestFirst)
        .limit(PROMOTED_OFFERS_MAX)
    : [];
  const others = await db
    .select()
    .from(offers)
    .where(and(selectable, eq(offers.isPromoted, false), filters))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  return publisherView(db, userId, [...promoted, ...others], input.now);
}

/** One offer of the catalogue (the offer page): only an active offer that is not deleted. */
export async function getSingleOffer(
  db: Db,
  caller: Caller,
  input: { ID: number; BoundUser?: number; now: number },
): Promise<PublisherOffer> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.ID, input.ID), selectable))
    .limit(1);
  if (!row) throw notFound('Offer not found');
  const [offer] = await publisherView(db, input.BoundUser ?? caller.user.ID, [row], input.now);
  return offer;
}
