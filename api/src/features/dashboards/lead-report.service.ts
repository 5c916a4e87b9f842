import { type Caller, validationError } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import {
  type FilterItem,
  LEAD_STATUS_CODES,
  type LeadStatsPerDate,
  type LeadStatsPerOffer,
  type LeadStatsPerUser,
} from '@leadmesh/schema';
import { leadDailyStats, STATUS_COLUMNS, users } from '@leadmesh/schema/tables';
import { and, type SQL, sql } from 'drizzle-orm';

import { visibleTo } from '../users/users.service.ts';

const day = (at: Date) => at.toISOString().slice(0, 10);
const ddmmyyyy = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/** The lead report's filters: the publisher dropdown (BoundUser) and the status multi-select (Status). */
function reportFilters(filters: readonly FilterItem[]): { where: SQL[]; statuses: number[] } {
  const where: SQL[] = [];
  let statuses: number[] = [...LEAD_STATUS_CODES];
  for (const f of filters) {
    const values = (Array.isArray(f.value) ? f.value : String(f.value).split(/[~,]/)).map(Number);
    if (values.some((v) => !Number.isInteger(v)))
      throw validationError('Filters', `Filter '${f.name}' needs numbers`);
    if (f.name === 'BoundUser' && (f.op === 'eq' || f.op === 'in')) {
      where.push(
        sql`${leadDailyStats.UserID} in (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      );
    } else if (f.name === 'Status' && (f.op === 'eq' || f.op === 'in')) {
      statuses = statuses.filter((s) => values.includes(s));
    } else {
      throw validationError(
        'Filters',
        `The lead report filters by BoundUser and Status (eq or in), not '${f.name}' ${f.op}`,
      );
    }
  }
  return { where, statuses };
}

const sumOf = (statuses: readonly number[]) =>
  statuses.length
    ? sql.raw(statuses.map((s) => STATUS_COLUMNS[s as keyof typeof STATUS_COLUMNS]).join(' + '))
    : sql.raw('0');

/**
 * The lead report (admin-leadStats): per day, and per offer and day, the leads of the selected
 * statuses, their unique ones, the confirmed (2) and the bad ones (3, 4, 5, as the per-IP list
 * counts them rejected), over whole UTC days from the start's day to the end's (decision 0015).
 * Read from the daily rollups; the per-IP list (LeadInfo) comes from the leads of a range of at most
 * two days, capped, since it lists leads one by one.
 */
export async function leadReport(
  db: Db,
  input: { filters: FilterItem[]; startDate?: Date | null; endDate?: Date | null; now: number },
): Promise<{ allLeads: LeadStatsPerDate[]; allOffers: LeadStatsPerOffer[] }> {
  let start = input.startDate ?? new Date(0);
  let end = input.endDate ?? new Date(input.now);
  // A custom range with its start after its end is swapped (public §4).
  if (start > end) [start, end] = [end, start];
  const { where, statuses } = reportFilters(input.filters);
  const range = and(
    sql`${leadDailyStats.Day} >= ${day(start)}`,
    sql`${leadDailyStats.Day} <= ${day(end)}`,
    ...where,
  );
  const counters = {
    LeadCount: sql<number>`sum(${sumOf(statuses)})`,
    UniqueLeads: sql<number>`sum(case when ${sumOf(statuses)} > 0 then ${leadDailyStats.UniqueIPs} else 0 end)`,
    ConvertedLeads: sql<number>`sum(${sumOf(statuses.filter((s) => s === 2))})`,
    BadLeads: sql<number>`sum(${sumOf(statuses.filter((s) => s === 3 || s === 4 || s === 5))})`,
  };
  const perDay = await db
    .select({ day: leadDailyStats.Day, ...counters })
    .from(leadDailyStats)
    .where(range)
    .groupBy(leadDailyStats.Day)
    .orderBy(leadDailyStats.Day);
  const perOffer = await db
    .select({
      day: leadDailyStats.Day,
      OfferName: sql<string>`(select name from offers where id = ${leadDailyStats.OfferID})`,
      ...counters,
    })
    .from(leadDailyStats)
    .where(range)
    .groupBy(leadDailyStats.Day, leadDailyStats.OfferID)
    .orderBy(leadDailyStats.Day, sql`2`);

  const spanDays = (end.getTime() - start.getTime()) / 86_400_000;
  const byDayIps = new Map<string, { IP: string | null; Status: number }[]>();
  if (spanDays <= 2 && statuses.length) {
    const users = where.length
      ? sql` and user_id in (select user_id from lead_daily_stats where ${and(...where)})`
      : sql``;
    const rows = await db.all<{ day: string; ip: string | null; status: number }>(sql`
      select strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') as day, purchase_ip as ip, status from leads
      where created_at >= ${Date.parse(`${day(start)}T00:00:00Z`)} and created_at < ${Date.parse(`${day(end)}T00:00:00Z`) + 86_400_000}
        and status in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})${users}
      order by id limit 4000`);
    for (const r of rows) {
      const list = byDayIps.get(r.day) ?? [];
      list.push({ IP: r.ip, Status: Number(r.status) });
      byDayIps.set(r.day, list);
    }
  }
  const row = (r: (typeof perDay)[number]) => ({
    LeadDate: ddmmyyyy(r.day),
    LeadCount: Number(r.LeadCount ?? 0),
    UniqueLeads: Number(r.UniqueLeads ?? 0),
    ConvertedLeads: Number(r.ConvertedLeads ?? 0),
    BadLeads: Number(r.BadLeads ?? 0),
    LeadInfo: byDayIps.get(r.day) ?? [],
  });
  return {
    allLeads: perDay.filter((r) => Number(r.LeadCount) > 0).map(row),
    allOffers: perOffer
      .filter((r) => Number(r.LeadCount) > 0)
      .map((r) => ({ ...row(r), OfferName: r.OfferName ?? '', LeadInfo: [] })),
  };
}

/**
 * Publisher stats (admin-publisherStats): per publisher, their leads, the confirmed ones with the
 * share, and the amount for payment (what their confirmed leads earned and is not yet paid out:
 * their earnings account's balance). From the rollups and the ledger, in two statements.
 */
export async function statsPerUser(
  db: Db,
  caller: Caller,
  filters: readonly FilterItem[],
): Promise<LeadStatsPerUser[]> {
  const where: SQL[] = [];
  // A manager lists the publishers whose dashboards they may open (admin-dashboard?p=), no others.
  const side = visibleTo(caller.user);
  if (side) where.push(side);
  for (const f of filters) {
    if (f.name === 'createdAt' && ['dgeq', 'dleq'].includes(f.op)) {
      const d = new Date(String(f.value));
      if (Number.isNaN(d.getTime())) throw validationError('Filters', 'A date filter needs an ISO date');
      where.push(
        f.op === 'dgeq' ? sql`${leadDailyStats.Day} >= ${day(d)}` : sql`${leadDailyStats.Day} <= ${day(d)}`,
      );
    } else if (f.name === 'BoundUser' && f.op === 'eq') {
      where.push(sql`${leadDailyStats.UserID} = ${Number(f.value)}`);
    } else {
      throw validationError(
        'Filters',
        `Publisher stats filter by createdAt (dgeq, dleq) and BoundUser, not '${f.name}'`,
      );
    }
  }
  const rows = await db.all<{
    user: number;
    username: string;
    total: number;
    good: number;
    payable: number | null;
  }>(sql`
    select s.user_id as user, ${users.Username} as username, sum(s.total) as total, sum(s.s_confirmed) as good,
      (select credits_posted - debits_posted from ledger_accounts where kind = 'publisher' and owner_id = s.user_id) as payable
    from lead_daily_stats s join ${users} on ${users.ID} = s.user_id
    ${where.length ? sql`where ${and(...where)}` : sql``}
    group by s.user_id order by total desc limit 500`);
  return rows.map((r) => {
    const total = Number(r.total);
    const good = Number(r.good);
    return {
      BoundUser: Number(r.user),
      User: { Username: r.username },
      Total: total,
      Good: good,
      PercentGood: total ? Math.round((good / total) * 10_000) / 100 : 0,
      LeadEarnings: Math.max(0, Number(r.payable ?? 0)),
    };
  });
}
