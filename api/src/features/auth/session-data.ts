import type { Caller } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import type { SessionData } from '@leadmesh/schema';
import { sql } from 'drizzle-orm';
import { toUser } from '../users/users.mapper.ts';

interface Extras {
  earnings: number | null;
  referralEarnings: number | null;
  credits: number | null;
  referred: number | null;
  managerId: number | null;
  managerFirstName: string | null;
  managerLastName: string | null;
  managerEmail: string | null;
  managerSkype: string | null;
  managerTelegram: string | null;
  managerWhatsapp: string | null;
}

/**
 * Everything `/auth/checkLogin` adds to the caller the session check already loaded, in one narrow
 * statement: three balances (each one indexed row of the ledger's running totals, never a sum
 * over history), the referred count and the manager's contacts. It runs on every page load.
 */
function extrasOf(db: Db, userId: number, advertiserId: number | null, managerId: number | null) {
  const balance = (kind: string, owner: number | null) =>
    sql`coalesce((select credits_posted - debits_posted from ledger_accounts where kind = ${kind} and owner_id = ${owner ?? 0}), 0)`;
  return db.get<Extras>(sql`select
      ${balance('publisher', userId)} as earnings,
      ${balance('referrer', userId)} as referralEarnings,
      ${balance('advertiser', advertiserId)} as credits,
      (select count(*) from users where referred_by_id = ${userId}) as referred,
      m.id as managerId, m.first_name as managerFirstName, m.last_name as managerLastName, m.email as managerEmail,
      m.contact_skype as managerSkype, m.contact_telegram as managerTelegram, m.contact_whatsapp as managerWhatsapp
    from (select 1) left join users m on m.id = ${managerId ?? 0}`);
}

/** The caller's session data as `/auth/checkLogin` and `/auth/login` answer it. */
export async function loadSessionData(db: Db, caller: Caller): Promise<SessionData> {
  const { user, advertiser } = caller;
  const extras = await extrasOf(db, user.ID, advertiser?.ID ?? null, user.AssignedManagerID);
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
