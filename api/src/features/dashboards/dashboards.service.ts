import { BUCKET_SQL, validationError } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import type { DashboardData, FilterItem } from '@leadmesh/schema';
import { leadDailyStats, offers, takenOffers } from '@leadmesh/schema/tables';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';

/**
 * The dashboard filters (dashboards §2 filter panel; chart clicks filter by date, offer, city,
 * country or domain), mapped onto the daily rollups. Anything else is refused: a filter the
 * rollups cannot answer would mean reading every lead.
 */
function rollupWhere(filters: readonly FilterItem[]): SQL[] {
  const parts: SQL[] = [];
  const day = (value: unknown) => {
    const t = typeof value === 'number' ? value : Date.parse(String(value));
    if (!Number.isFinite(t)) throw validationError('Filters', 'A date filter needs an ISO date');
    return new Date(t).toISOString().slice(0, 10);
  };
  const list = (value: unknown) => (Array.isArray(value) ? value : String(value).split(/[~,]/)).map(String);
  for (const f of filters) {
    const { name, op, value } = f;
    if (name === 'createdAt' || name === 'Date' || name === 'LeadDate') {
      const d = day(value);
      if (op === 'dgeq' || op === 'dgt')
        parts.push(op === 'dgeq' ? sql`${leadDailyStats.Day} >= ${d}` : sql`${leadDailyStats.Day} > ${d}`);
      else if (op === 'dleq' || op === 'dlt')
        parts.push(op === 'dleq' ? sql`${leadDailyStats.Day} <= ${d}` : sql`${leadDailyStats.Day} < ${d}`);
      else if (op === 'deq' || op === 'eq') parts.push(sql`${leadDailyStats.Day} = ${d}`);
      else throw validationError('Filters', `Operator '${op}' is not allowed for '${name}'`);
      continue;
    }
    const column =
      name === 'OfferName' || name === 'offer'
        ? sql`(select name from offers where id = ${leadDailyStats.OfferID})`
        : name === 'BoundOffer' || name === 'OfferID'
          ? leadDailyStats.OfferID
          : name === 'City'
            ? leadDailyStats.City
            : name === 'CountryCode' || name === 'Country'
              ? leadDailyStats.CountryCode
              : name === 'PurchaseDomain' || name === 'Domain'
                ? leadDailyStats.Domain
                : name === 'PurchaseIsPhone'
                  ? leadDailyStats.IsPhone
                  : null;
    if (!column) {
      throw validationError(
        'Filters',
        `Unknown filter field '${name}'. Allowed: createdAt, OfferName, BoundOffer, City, CountryCode, PurchaseDomain, PurchaseIsPhone`,
      );
    }
    if (name === 'PurchaseIsPhone') {
      const yes = ['yes', 'true', '1'].includes(String(value).toLowerCase());
      parts.push(op === 'neq' ? sql`${column} <> ${yes ? 1 : 0}` : sql`${column} = ${yes ? 1 : 0}`);
    } else if (op === 'in')
      parts.push(
        sql`${column} in (${sql.join(
          list(value).map((v) => sql`${v}`),
          sql`, `,
        )})`,
      );
    else if (op === 'eq') parts.push(sql`${column} = ${String(value)}`);
    else if (op === 'neq') parts.push(sql`${column} <> ${String(value)}`);
    else throw validationError('Filters', `Operator '${op}' is not allowed for '${name}'`);
  }
  return parts;
}

const TOP = 50;
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

type DashboardScope = { userId: number } | { advertiserId: number };

/**
 * Dashboard data of one publisher or one advertiser, aggregated in SQL over the daily rollups:
 * per-day rows, totals, the top lists and the active offers. Money is the publisher's earnings or
 * the advertiser's spendings.
 */
export async function dashboardData(
  db: Db,
  scope: DashboardScope,
  filters: readonly FilterItem[],
): Promise<DashboardData> {
  const publisher = 'userId' in scope;
  const owner = publisher
    ? eq(leadDailyStats.UserID, scope.userId)
    : eq(leadDailyStats.AdvertiserID, scope.advertiserId);
  const where = and(owner, ...rollupWhere(filters));
  const days = await dailyRows(db, where, publisher ? leadDailyStats.Earned : leadDailyStats.Spent);
  const [byOffer, byDomain, byCity, byCountry] = await Promise.all([
    topList(
      db,
      where,
      sql`(select name from offers where id = ${leadDailyStats.OfferID})`,
      sql`${leadDailyStats.OfferID}`,
    ),
    topList(db, where, sql`${leadDailyStats.Domain}`, sql`${leadDailyStats.Domain}`),
    topList(db, where, sql`${leadDailyStats.City}`, sql`${leadDailyStats.City}`),
    topList(db, where, sql`${leadDailyStats.CountryCode}`, sql`${leadDailyStats.CountryCode}`),
  ]);
  const sum = (key: 'total' | 'converted' | 'failed' | 'waiting' | 'money' | 'phone') =>
    days.reduce((n, d) => n + Number(d[key] ?? 0), 0);
  return {
    leads: days
      .filter((d) => Number(d.total) > 0)
      .map((d) => ({
        LeadDate: ddmmyyyy(d.day),
        LeadCount: Number(d.total),
        ConvertedLeads: Number(d.converted),
        LeadWaiting: Number(d.waiting),
        LeadEarnings: Number(d.money),
        UniqueIPAddresses: Number(d.unique),
      })),
    totalEarned: sum('money'),
    totalLeadCount: sum('total'),
    totalConvertedLeadsCount: sum('converted'),
    totalFailedLeadsCount: sum('failed'),
    totalWaitingLeadsCount: sum('waiting'),
    totalPhoneCount: sum('phone'),
    totalLeadOfferNames: byOffer,
    uniqueDomains: byDomain,
    uniqueCities: byCity,
    uniqueCountryCodes: byCountry,
    activeOffers: await activeOfferCount(db, scope),
  };
}

/** The rollups summed per day, oldest first; `money` is the column of the dashboard's side. */
function dailyRows(
  db: Db,
  where: SQL | undefined,
  money: typeof leadDailyStats.Earned | typeof leadDailyStats.Spent,
) {
  return db
    .select({
      day: leadDailyStats.Day,
      total: sql<number>`sum(${leadDailyStats.Total})`,
      converted: BUCKET_SQL.converted,
      failed: BUCKET_SQL.failed,
      waiting: BUCKET_SQL.waiting,
      unique: sql<number>`sum(${leadDailyStats.UniqueIPs})`,
      money: sql<number>`sum(${money})`,
      phone: sql<number>`sum(case when ${leadDailyStats.IsPhone} = 1 then ${leadDailyStats.Total} else 0 end)`,
    })
    .from(leadDailyStats)
    .where(where)
    .groupBy(leadDailyStats.Day)
    .orderBy(leadDailyStats.Day);
}

/** The {@link TOP} values of `group` with the most leads, most first (ties by name). */
async function topList(db: Db, where: SQL | undefined, label: SQL, group: SQL) {
  const rows = await db
    .select({ name: label, count: sql<number>`sum(${leadDailyStats.Total})` })
    .from(leadDailyStats)
    .where(where)
    .groupBy(group)
    .having(sql`sum(${leadDailyStats.Total}) > 0`)
    .orderBy(sql`2 desc`, sql`1`)
    .limit(TOP);
  return rows.map((r) => ({ name: String(r.name ?? ''), count: Number(r.count) }));
}

/** Live offers: the publisher's taken ones, or the advertiser's own. */
async function activeOfferCount(db: Db, scope: DashboardScope): Promise<number> {
  const [active] =
    'userId' in scope
      ? await db
          .select({ n: sql<number>`count(distinct ${takenOffers.BoundOffer})` })
          .from(takenOffers)
          .innerJoin(offers, eq(offers.ID, takenOffers.BoundOffer))
          .where(
            and(
              eq(takenOffers.BoundUser, scope.userId),
              isNull(takenOffers.deletedAt),
              eq(offers.OfferActive, true),
              isNull(offers.deletedAt),
            ),
          )
      : await db
          .select({ n: sql<number>`count(*)` })
          .from(offers)
          .where(
            and(
              eq(offers.BoundAdvertiser, scope.advertiserId),
              eq(offers.OfferActive, true),
              isNull(offers.deletedAt),
            ),
          );
  return Number(active?.n ?? 0);
}
