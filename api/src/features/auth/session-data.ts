import type { DbOrTx } from '@leadmesh/db';
import { LEAD_STATUS, type SessionData } from '@leadmesh/schema';
import { advertisers, leads, referralEarnings, users } from '@leadmesh/schema/tables';
import { and, count, eq, sql, sum } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';
import { advertiserCreditCents } from '../../lib/ledger.ts';
import { toUser } from '../users/users.mapper.ts';

/** Sums in SQL come back as text or null; money is integer cents. */
const cents = (value: unknown) => Number(value ?? 0);

/** The session user's data as `/auth/checkLogin` and `/auth/login` answer it. */
export async function loadSessionData(db: DbOrTx, userId: number): Promise<SessionData> {
  const [user] = await db.select().from(users).where(eq(users.ID, userId)).limit(1);
  if (!user) throw notFound('User not found');

  const [earnings] = await db
    .select({ total: sum(leads.EarnedAmount) })
    .from(leads)
    // Literal condition, not bound values: SQLite uses the partial index leads_unpaid_earnings_idx
    // only when the query's WHERE visibly implies the index's.
    .where(
      and(
        eq(leads.BoundUser, userId),
        sql`${leads.Status} = ${sql.raw(String(LEAD_STATUS.CONFIRMED))} and ${leads.PublisherPaid} = 1 and ${leads.LeadMoneyWithdrawn} = 0`,
      ),
    );

  const manager = user.AssignedManagerID
    ? ((
        await db
          .select({
            ID: users.ID,
            FirstName: users.FirstName,
            LastName: users.LastName,
            Email: users.Email,
            ContactSkype: users.ContactSkype,
            ContactTelegram: users.ContactTelegram,
            ContactWhatsapp: users.ContactWhatsapp,
          })
          .from(users)
          .where(eq(users.ID, user.AssignedManagerID))
          .limit(1)
      )[0] ?? null)
    : null;

  let referralInfo: SessionData['RefferalInfo'] = null;
  if (user.isRefferalEnabled) {
    const [earned] = await db
      .select({ total: sum(referralEarnings.Amount) })
      .from(referralEarnings)
      .where(eq(referralEarnings.BoundUser, userId));
    const [referred] = await db.select({ n: count() }).from(users).where(eq(users.ReferredByID, userId));
    referralInfo = {
      RefferalEarnings: cents(earned?.total),
      RefCode: user.RefCode,
      ReferredCount: referred?.n ?? 0,
    };
  }

  let advertiserInfo: SessionData['AdvertiserInfo'] = null;
  const [advertiser] = await db.select().from(advertisers).where(eq(advertisers.UserID, userId)).limit(1);
  if (advertiser) {
    advertiserInfo = {
      ID: advertiser.ID,
      CompanyName: advertiser.CompanyName,
      CompanyAddress: advertiser.CompanyAddress,
      CompanyCity: advertiser.CompanyCity,
      CompanyZipCode: advertiser.CompanyZipCode,
      TaxVatNumber: advertiser.TaxVatNumber,
      isInfiniteCredits: advertiser.isInfiniteCredits,
      Credits: await advertiserCreditCents(db, advertiser.ID),
      Flags: { isVerified: advertiser.isVerified },
    };
  }

  return {
    UserInfo: { ...toUser(user, { showPayment: true }), EstimatedEarnings: cents(earnings?.total) },
    AssignedManager: manager,
    RefferalInfo: referralInfo,
    AdvertiserInfo: advertiserInfo,
  };
}
