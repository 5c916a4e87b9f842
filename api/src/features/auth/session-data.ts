import type { Caller } from '@leadmesh/core';
import { type Db, preparedOnce } from '@leadmesh/db';
import type { SessionData } from '@leadmesh/schema';
import { ledgerAccounts, users } from '@leadmesh/schema/tables';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { toUser } from '../users/users.mapper.ts';

const manager = alias(users, 'manager');

/** One account's balance from the ledger's running totals (one indexed row, never a sum over history). */
const balance = (kind: 'publisher' | 'referrer' | 'advertiser', owner: 'userId' | 'advertiserId') =>
  sql<number>`coalesce((select ${ledgerAccounts.CreditsPosted} - ${ledgerAccounts.DebitsPosted} from ${ledgerAccounts} where ${ledgerAccounts.Kind} = ${kind} and ${ledgerAccounts.OwnerID} = ${sql.placeholder(owner)}), 0)`;

/**
 * Everything `/auth/checkLogin` adds to the caller the session check already loaded, in one narrow
 * statement prepared once: three balances, the referred count and the manager's contacts. It runs
 * on every page load, so drizzle builds its SQL once, not per call.
 */
const sessionExtras = preparedOnce((db) =>
  db
    .select({
      earnings: balance('publisher', 'userId'),
      referralEarnings: balance('referrer', 'userId'),
      credits: balance('advertiser', 'advertiserId'),
      referred: sql<number>`(select count(*) from ${users} where ${users.ReferredByID} = ${sql.placeholder('userId')})`,
      managerId: manager.ID,
      managerFirstName: manager.FirstName,
      managerLastName: manager.LastName,
      managerEmail: manager.Email,
      managerSkype: manager.ContactSkype,
      managerTelegram: manager.ContactTelegram,
      managerWhatsapp: manager.ContactWhatsapp,
    })
    .from(sql`(select 1)`)
    .leftJoin(manager, eq(manager.ID, sql.placeholder('managerId')))
    .limit(1)
    .prepare(),
);

/** The caller's session data as `/auth/checkLogin` and `/auth/login` answer it. */
export async function loadSessionData(db: Db, caller: Caller): Promise<SessionData> {
  const { user, advertiser } = caller;
  const [extras] = await sessionExtras(db).execute({
    userId: user.ID,
    advertiserId: advertiser?.ID ?? 0,
    managerId: user.AssignedManagerID ?? 0,
  });
  return {
    UserInfo: { ...toUser(user, { showPayment: true }), EstimatedEarnings: Number(extras.earnings ?? 0) },
    AssignedManager: extras.managerId
      ? {
          ID: Number(extras.managerId),
          FirstName: extras.managerFirstName,
          LastName: extras.managerLastName,
          Email: extras.managerEmail ?? '',
          ContactSkype: extras.managerSkype,
          ContactTelegram: extras.managerTelegram,
          ContactWhatsapp: extras.managerWhatsapp,
        }
      : null,
    // A user whose referral flag is off sees no referral programme (reviews: isRefferalEnabled).
    RefferalInfo: user.isRefferalEnabled
      ? {
          RefferalEarnings: Number(extras.referralEarnings ?? 0),
          RefCode: user.RefCode,
          ReferredCount: Number(extras.referred ?? 0),
        }
      : null,
    AdvertiserInfo: advertiser
      ? {
          ID: advertiser.ID,
          CompanyName: advertiser.CompanyName,
          CompanyAddress: advertiser.CompanyAddress,
          CompanyCity: advertiser.CompanyCity,
          CompanyZipCode: advertiser.CompanyZipCode,
          TaxVatNumber: advertiser.TaxVatNumber,
          isInfiniteCredits: advertiser.isInfiniteCredits,
          Credits: advertiser.isInfiniteCredits ? 0 : Number(extras.credits ?? 0),
          Flags: { isVerified: advertiser.isVerified },
        }
      : null,
  };
}
