import { ApiError, accountBalance, advertiserAccount, type Caller, notFound } from '@leadmesh/core';
import type { Db, DbOrTx } from '@leadmesh/db';
import type { Advertiser, TaxVat } from '@leadmesh/schema';
import { advertisers, crms, users } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { audit } from '../../lib/logs.ts';

/** An advertiser as the API shows it: its owner's username, the ledger balance and its CRMs. */
export async function loadAdvertiser(db: DbOrTx, advertiserId: number): Promise<Advertiser> {
  const [row] = await db
    .select({
      advertiser: advertisers,
      Username: users.Username,
    })
    .from(advertisers)
    .innerJoin(users, eq(users.ID, advertisers.UserID))
    .where(eq(advertisers.ID, advertiserId))
    .limit(1);
  if (!row) throw notFound('Advertiser not found');
  const crmRows = await db
    .select({ ID: crms.ID, friendlyName: crms.friendlyName, name: crms.name })
    .from(crms)
    .where(eq(crms.BoundAdvertiser, advertiserId));
  const a = row.advertiser;
  const credit = a.isInfiniteCredits ? 0 : await accountBalance(db, advertiserAccount(a.ID));
  return advertiserAnswer(a, row.Username, credit, crmRows);
}

/**
 * An advertiser row as the API answers it, with what is read beside it: its owner's username, its
 * account's balance (0 while its credit is infinite) and its CRMs.
 */
export function advertiserAnswer(
  a: typeof advertisers.$inferSelect,
  Username: string,
  credit: number,
  CRMInfo: Advertiser['CRMInfo'],
): Advertiser {
  return {
    ID: a.ID,
    UserID: a.UserID,
    Username,
    CompanyName: a.CompanyName,
    CompanyAddress: a.CompanyAddress,
    CompanyCity: a.CompanyCity,
    CompanyZipCode: a.CompanyZipCode,
    TaxVatNumber: a.TaxVatNumber ?? null,
    isInfiniteCredits: a.isInfiniteCredits,
    minBalance: a.minBalance,
    creditBalance: a.isInfiniteCredits ? 0 : credit,
    CRMInfo,
    Flags: { isVerified: a.isVerified },
    createdAt: a.createdAt.toISOString(),
  };
}

export interface NewAdvertiser {
  CompanyName: string;
  CompanyAddress: string;
  CompanyCity?: string | null;
  CompanyZipCode?: number | null;
  TaxVatNumber?: TaxVat | null;
  id?: number;
}

/**
 * Advertiser sign-up, step 2 (public §2) and /dashboard/registeradvertiser: the session user gets
 * an unverified advertiser profile. One per user; an admin verifies it later.
 */
export async function addAdvertiser(db: Db, caller: Caller, input: NewAdvertiser): Promise<Advertiser> {
  const id = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ ID: advertisers.ID })
      .from(advertisers)
      .where(eq(advertisers.UserID, caller.user.ID));
    if (existing)
      throw new ApiError('ADVERTISER_ALREADY_EXISTS', { message: 'You already have an advertiser profile' });
    const [row] = await tx
      .insert(advertisers)
      .values({
        UserID: caller.user.ID,
        CompanyName: input.CompanyName,
        CompanyAddress: input.CompanyAddress,
        CompanyCity: input.CompanyCity ?? null,
        CompanyZipCode: input.CompanyZipCode ?? null,
        TaxVatNumber: input.TaxVatNumber ?? null,
      })
      .returning({ ID: advertisers.ID });
    await tx.update(users).set({ AdvertiserID: row.ID }).where(eq(users.ID, caller.user.ID));
    await audit(
      tx,
      'advertiser.registered',
      { advertiser: row.ID, user: caller.user.ID, company: input.CompanyName },
      caller,
    );
    return row.ID;
  });
  return loadAdvertiser(db, id);
}
