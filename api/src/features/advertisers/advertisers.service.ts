import { ApiError, accountBalance, advertiserAccount, type Caller, notFound } from '@leadmesh/core';
import type { Db, DbOrTx } from '@leadmesh/db';
import type { Advertiser, FilterItem, TaxVat } from '@leadmesh/schema';
import { ADVERTISER_LIST } from '@leadmesh/schema/constants';
import { advertisers, crms, leads, ledgerAccounts, offers, users } from '@leadmesh/schema/tables';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { buildFilterWhere, listWhitelist, pageOf } from '../../lib/list-engine.ts';
import { audit } from '../../lib/logs.ts';
import { moveCredit } from '../money/credits.service.ts';
import { advertiserAnswer, loadAdvertiser } from '../partners/partners.service.ts';

/** The advertiser account's running total (decision 0006), as a column for lists and filters. */
const creditColumn = sql<number>`coalesce((select ${ledgerAccounts.CreditsPosted} - ${ledgerAccounts.DebitsPosted} from ${ledgerAccounts} where ${ledgerAccounts.Kind} = 'advertiser' and ${ledgerAccounts.OwnerID} = ${advertisers.ID}), 0)`;

/** Filter whitelist of admin-advertisers (admin §2): creditBalance is the running total, Username is joined. */
export const ADVERTISER_LIST_FIELDS = listWhitelist(ADVERTISER_LIST, {
  ID: advertisers.ID,
  CompanyName: advertisers.CompanyName,
  Username: users.Username,
  CompanyAddress: advertisers.CompanyAddress,
  CompanyCity: advertisers.CompanyCity,
  CompanyZipCode: advertisers.CompanyZipCode,
  TaxVatNumber: sql`${advertisers.TaxVatNumber}`,
  isInfiniteCredits: advertisers.isInfiniteCredits,
  creditBalance: creditColumn,
  minBalance: advertisers.minBalance,
  isVerified: advertisers.isVerified,
  createdAt: advertisers.createdAt,
});

/** One page of advertisers, with their owner's username, credit and CRMs in three statements. */
export async function listAdvertisers(
  db: Db,
  input: { paginationOffset: number; Filters: FilterItem[]; limit?: number },
): Promise<Advertiser[]> {
  const page = pageOf(input.paginationOffset, input.limit);
  const rows = await db
    .select({ advertiser: advertisers, Username: users.Username, credit: creditColumn })
    .from(advertisers)
    .innerJoin(users, eq(users.ID, advertisers.UserID))
    .where(buildFilterWhere(input.Filters, ADVERTISER_LIST_FIELDS))
    .orderBy(desc(advertisers.ID))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((r) => r.advertiser.ID);
  const connections = ids.length
    ? await db
        .select({
          ID: crms.ID,
          friendlyName: crms.friendlyName,
          name: crms.name,
          advertiser: crms.BoundAdvertiser,
        })
        .from(crms)
        .where(inArray(crms.BoundAdvertiser, ids))
    : [];
  return rows.map(({ advertiser: a, Username, credit }) =>
    advertiserAnswer(
      a,
      Username,
      Number(credit),
      connections
        .filter((c) => c.advertiser === a.ID)
        .map(({ ID, friendlyName, name }) => ({ ID, friendlyName, name })),
    ),
  );
}

export interface AdvertiserEdit {
  ID: number;
  CompanyName?: string | null;
  CompanyAddress?: string | null;
  CompanyCity?: string | null;
  CompanyZipCode?: number | null;
  TaxVatNumber?: TaxVat | null;
  minBalance?: number | null;
  creditBalance?: number | null;
}

/**
 * Edits an advertiser. Its owner changes the company fields; the balances they may send from the
 * profile form are ignored, not refused (review §14: the profile save sends them). An admin also
 * sets minBalance and an absolute creditBalance (booked as one correction). Null or absent leaves a
 * field as it is.
 */
export async function editAdvertiser(db: Db, caller: Caller, input: AdvertiserEdit): Promise<Advertiser> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(advertisers).where(eq(advertisers.ID, input.ID)).limit(1);
    if (!current) throw notFound('Failed to find advertiser!');
    const changes: Partial<typeof advertisers.$inferInsert> = {};
    if (input.CompanyName != null) changes.CompanyName = input.CompanyName;
    if (input.CompanyAddress != null) changes.CompanyAddress = input.CompanyAddress;
    if (input.CompanyCity != null) changes.CompanyCity = input.CompanyCity;
    if (input.CompanyZipCode != null) changes.CompanyZipCode = input.CompanyZipCode;
    if (input.TaxVatNumber != null) changes.TaxVatNumber = input.TaxVatNumber;
    const admin = caller.user.isAdmin;
    if (admin && input.minBalance != null) changes.minBalance = input.minBalance;
    if (Object.keys(changes).length)
      await tx.update(advertisers).set(changes).where(eq(advertisers.ID, current.ID));
    if (admin && input.creditBalance != null && !current.isInfiniteCredits) {
      const balance = await accountBalance(tx, advertiserAccount(current.ID));
      await moveCredit(tx, caller, {
        advertiserID: current.ID,
        amount: input.creditBalance - balance,
        countAsReferral: false,
        Comment: 'Balance set in the advertiser edit',
        code: 'adjustment',
      });
    }
    if (current.UserID !== caller.user.ID) {
      await audit(
        tx,
        'advertiser.edited',
        {
          advertiser: current.ID,
          fields: [
            ...Object.keys(changes),
            ...(input.creditBalance != null && admin ? ['creditBalance'] : []),
          ],
        },
        caller,
      );
    }
  });
  return loadAdvertiser(db, input.ID);
}

/** Verifies an advertiser (or takes it back): verified advertisers use the data screens and postbacks. */
export async function verifyAdvertiser(
  db: Db,
  caller: Caller,
  input: { ID: number; verifyStatus: boolean },
): Promise<Advertiser> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(advertisers)
      .set({ isVerified: input.verifyStatus })
      .where(eq(advertisers.ID, input.ID))
      .returning({ ID: advertisers.ID });
    if (!updated.length) throw notFound('Failed to find advertiser!');
    const event = input.verifyStatus ? 'advertiser.verified' : 'advertiser.unverified';
    await audit(tx, event, { advertiser: input.ID }, caller);
  });
  return loadAdvertiser(db, input.ID);
}

/**
 * Deletes an advertiser profile that never did business: refused while it has offers, leads or
 * money in the ledger (history is never deleted). Its CRMs go with it; the user stays, without it.
 */
export async function deleteAdvertiser(db: Db, caller: Caller, input: { ID: number }): Promise<null> {
  await db.transaction(async (tx: DbOrTx) => {
    const [current] = await tx.select().from(advertisers).where(eq(advertisers.ID, input.ID)).limit(1);
    if (!current) throw notFound('Failed to find advertiser!');
    const [usage] = await tx.all<{ offers: number; leads: number; money: number }>(sql`select
      (select count(*) from ${offers} where ${offers.BoundAdvertiser} = ${current.ID}) as offers,
      (select count(*) from ${leads} where ${leads.BoundAdvertiser} = ${current.ID}) as leads,
      (select count(*) from ${ledgerAccounts} where ${ledgerAccounts.Kind} = 'advertiser' and ${ledgerAccounts.OwnerID} = ${current.ID} and (${ledgerAccounts.CreditsPosted} > 0 or ${ledgerAccounts.DebitsPosted} > 0)) as money`);
    if (Number(usage?.offers) || Number(usage?.leads) || Number(usage?.money)) {
      throw new ApiError('CONFLICT', {
        message: 'Failed to delete advertiser! It has offers, leads or money on record; retire it instead.',
      });
    }
    await tx.update(users).set({ AdvertiserID: null }).where(eq(users.ID, current.UserID));
    await tx.delete(advertisers).where(eq(advertisers.ID, current.ID));
    await audit(tx, 'advertiser.deleted', { advertiser: current.ID, company: current.CompanyName }, caller);
  });
  return null;
}
