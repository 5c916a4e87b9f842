import { ApiError, type Caller, notFound } from '@leadmesh/core';
import type { Db, DbOrTx } from '@leadmesh/db';
import { type CustomPayout, type FilterItem, MESSAGES, publisherShareCents } from '@leadmesh/schema';
import { CUSTOM_PAYOUT_LIST } from '@leadmesh/schema/constants';
import { customPayouts, offers, users } from '@leadmesh/schema/tables';
import { desc, eq, isNull, sql } from 'drizzle-orm';
import { buildFilterWhere, listWhitelist, pageOf } from '../../lib/list-engine.ts';
import { audit } from '../../lib/logs.ts';

const columns = {
  row: customPayouts,
  Username: users.Username,
  OfferName: offers.OfferName,
  PlatformTax: offers.PlatformTax,
  OfferPayout: offers.OfferPayout,
};

type Joined = {
  row: typeof customPayouts.$inferSelect;
  Username: string;
  OfferName: string;
  PlatformTax: number;
  OfferPayout: number;
};

function toCustomPayout(r: Joined): CustomPayout {
  return {
    ID: r.row.ID,
    UserID: r.row.UserID,
    OfferID: r.row.OfferID,
    Payout: r.row.Payout,
    PublisherGets: publisherShareCents(r.row.Payout, r.PlatformTax),
    createdAt: r.row.createdAt.toISOString(),
    Username: r.Username,
    OfferName: r.OfferName,
    offer: { PlatformTax: r.PlatformTax, OfferPayout: r.OfferPayout },
  };
}

const joined = (db: DbOrTx) =>
  db
    .select(columns)
    .from(customPayouts)
    .innerJoin(users, eq(users.ID, customPayouts.UserID))
    .innerJoin(offers, eq(offers.ID, customPayouts.OfferID));

async function load(db: DbOrTx, id: number): Promise<CustomPayout> {
  const [row] = await joined(db).where(eq(customPayouts.ID, id)).limit(1);
  if (!row) throw notFound('Custom payout not found');
  return toCustomPayout(row);
}

/**
 * A publisher's own payout for an offer: new leads of theirs freeze it (minus the offer's tax) as
 * their earning; leads already taken keep what they froze. One per publisher and offer.
 */
export async function addPayout(
  db: Db,
  caller: Caller,
  input: { UserID: number; OfferID: number; Payout: number },
): Promise<CustomPayout> {
  const id = await db.transaction(async (tx) => {
    const [user] = await tx.select({ ID: users.ID }).from(users).where(eq(users.ID, input.UserID)).limit(1);
    if (!user)
      throw new ApiError('VALIDATION_ERROR', { field: 'UserID', message: MESSAGES.customPayoutSelectUser });
    const [offer] = await tx
      .select({ ID: offers.ID })
      .from(offers)
      .where(sql`${offers.ID} = ${input.OfferID} and ${isNull(offers.deletedAt)}`)
      .limit(1);
    if (!offer)
      throw new ApiError('VALIDATION_ERROR', { field: 'OfferID', message: MESSAGES.customPayoutSelectOffer });
    const [row] = await tx
      .insert(customPayouts)
      .values({ UserID: input.UserID, OfferID: input.OfferID, Payout: input.Payout })
      .onConflictDoNothing()
      .returning({ ID: customPayouts.ID });
    if (!row)
      throw new ApiError('CONFLICT', {
        message: 'This publisher already has a custom payout for this offer; edit it instead',
      });
    await audit(
      tx,
      'custom-payout.added',
      { payout: row.ID, user: input.UserID, offer: input.OfferID, cents: input.Payout },
      caller,
    );
    return row.ID;
  });
  return load(db, id);
}

export async function editPayout(
  db: Db,
  caller: Caller,
  input: { ID: number; Payout: number },
): Promise<CustomPayout> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(customPayouts)
      .set({ Payout: input.Payout })
      .where(eq(customPayouts.ID, input.ID))
      .returning({ ID: customPayouts.ID });
    if (!updated.length) throw notFound('Custom payout not found');
    await audit(tx, 'custom-payout.changed', { payout: input.ID, cents: input.Payout }, caller);
  });
  return load(db, input.ID);
}

export async function removePayout(db: Db, caller: Caller, input: { ID: number }): Promise<null> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(customPayouts)
      .where(eq(customPayouts.ID, input.ID))
      .returning({ ID: customPayouts.ID });
    if (!removed.length) throw notFound('Custom payout not found');
    await audit(tx, 'custom-payout.removed', { payout: input.ID }, caller);
  });
  return null;
}

export const CUSTOM_PAYOUT_FIELDS = listWhitelist(CUSTOM_PAYOUT_LIST, {
  ID: customPayouts.ID,
  UserID: customPayouts.UserID,
  Username: users.Username,
  OfferID: customPayouts.OfferID,
  OfferName: offers.OfferName,
  Payout: customPayouts.Payout,
  createdAt: customPayouts.createdAt,
});

export async function listPayouts(
  db: Db,
  input: { offset: number; filters: FilterItem[] },
): Promise<CustomPayout[]> {
  const page = pageOf(input.offset, undefined);
  const rows = await joined(db)
    .where(buildFilterWhere(input.filters, CUSTOM_PAYOUT_FIELDS))
    .orderBy(desc(customPayouts.ID))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toCustomPayout);
}
