import { type Caller, validationError } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import {
  type FilterItem,
  LEAD_STATUS_CODES,
  type LeadStatsPerDate,
  type LeadStatsPerIp,
  type LeadStatsPerOffer,
  type LeadStatsPerUser,
} from '@leadmesh/schema';
import { leadDailyStats, STATUS_COLUMNS, users } from '@leadmesh/schema/tables';
import { and, type SQL, sql } from 'drizzle-orm';
import { DAY_MS, dayNumber, daysSpan, dayText, localDayAt } from '../overview/periods.ts';

import { visibleTo } from '../users/users.service.ts';

const day = (at: Date) => at.toISOString().slice(0, 10);
const ddmmyyyy = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/** The lead report's filters: the publisher dropdown (BoundUser) and the status multi-select (Status). */
function reportFilters(filters: readonly FilterItem[]): { users: number[] | null; statuses: number[] } {
  let users: number[] | null = null;
  let statuses: number[] = [...LEAD_STATUS_CODES];
  for (const f of filters) {
    if (!['BoundUser', 'Status'].includes(f.name) || !['eq', 'in'].includes(f.op))
      throw validationError(
        'Filters',
        `The lead report filters by BoundUser and Status (eq or in), not '${f.name}' ${f.op}`,
      );
    const values = (Array.isArray(f.value) ? f.value : String(f.value).split(/[~,]/)).map(Number);
    if (values.some((v) => !Number.isInteger(v)))
      throw validationError('Filters', `Filter '${f.name}' needs numbers`);
    if (f.name === 'BoundUser') {
      users = users ? users.filter((u) => values.includes(u)) : values;
    } else {
      statuses = statuses.filter((s) => values.includes(s));
    }
  }
  return { users, statuses };
}

const sumOf = (statuses: readonly number[]) =>
  statuses.length
    ? sql.raw(statuses.map((s) => STATUS_COLUMNS[s as keyof typeof STATUS_COLUMNS]).join(' + '))
    : sql.raw('0');

const inList = (column: SQL, values: readonly number[]) =>
  sql`${column} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

const ddmmyyyyOf = (n: number) => ddmmyyyy(dayText(n));

/**
 * The lead report (admin-leadStats): per day, and per offer and day, the leads of the selected
 * statuses, their unique ones, the confirmed (2) and the bad ones (3, 4, 5, as the per-IP list
 * counts them rejected), over the caller's days (their `utcOffset`) from the start's day to the
 * end's, read from the quarter-hour counters (decision 0052). The per-IP list of a day is
 * `getLeadStatsPerIP`, paged; `LeadInfo` keeps the spec's field for ranges of at most two days.
 */
export async function leadReport(
  db: Db,
  input: {
    filters: FilterItem[];
    startDate?: Date | null;
    endDate?: Date | null;
    utcOffset: number;
    now: number;
  },
): Promise<{ allLeads: LeadStatsPerDate[]; allOffers: LeadStatsPerOffer[] }> {
  let start = input.startDate ?? new Date(0);
  let end = input.endDate ?? new Date(input.now);
  // A custom range with its start after its end is swapped (public §4).
  if (start > end) [start, end] = [end, start];
  const offset = input.utcOffset;
  const { users, statuses } = reportFilters(input.filters);
  const span = daysSpan(localDayAt(start.getTime(), offset), localDayAt(end.getTime(), offset), offset);
  const where = and(
    sql`quarter >= ${span.from} and quarter < ${span.to}`,
    users ? inList(sql`user_id`, users) : undefined,
  );
  // Integers written into the SQL (the offset is a validated whole number): a bound JS number may
  // arrive as a real, and the division would not be a whole day.
  const shift = sql.raw(String(Math.trunc(offset) * 60_000));
  const localDay = sql<number>`(quarter + ${shift}) / ${sql.raw(String(DAY_MS))}`;
  const selected = sumOf(statuses);
  const counters = sql`sum(${selected}) as LeadCount,
    sum(case when ${selected} > 0 then unique_ips else 0 end) as UniqueLeads,
    sum(${sumOf(statuses.filter((s) => s === 2))}) as ConvertedLeads,
    sum(${sumOf(statuses.filter((s) => s === 3 || s === 4 || s === 5))}) as BadLeads`;
  type Counted = {
    day: number;
    LeadCount: number;
    UniqueLeads: number;
    ConvertedLeads: number;
    BadLeads: number;
  };
  const perDay = await db.all<Counted>(
    sql`select ${localDay} as day, ${counters} from quarter_hour_stats where ${where} group by 1 order by 1`,
  );
  const perOffer = await db.all<Counted & { OfferName: string | null }>(sql`
    select s.day as day, (select name from offers where id = s.offer_id) as OfferName, s.LeadCount, s.UniqueLeads,
      s.ConvertedLeads, s.BadLeads
    from (select ${localDay} as day, offer_id, ${counters} from quarter_hour_stats where ${where} group by 1, 2) s
    order by 1, 2`);

  const byDayIps = new Map<number, { IP: string | null; Status: number }[]>();
  if (span.to - span.from <= 2 * DAY_MS && statuses.length) {
    const rows = await db.all<{ day: number; ip: string | null; status: number }>(sql`
      select (created_at + ${shift}) / ${sql.raw(String(DAY_MS))} as day, purchase_ip as ip, status from leads
      where created_at >= ${span.from} and created_at < ${span.to} and ${inList(sql`status`, statuses)}
        ${users ? sql`and ${inList(sql`user_id`, users)}` : sql``}
      order by id limit 4000`);
    for (const r of rows) {
      const list = byDayIps.get(Number(r.day)) ?? [];
      list.push({ IP: r.ip, Status: Number(r.status) });
      byDayIps.set(Number(r.day), list);
    }
  }
  const row = (r: Counted) => ({
    LeadDate: ddmmyyyyOf(Number(r.day)),
    LeadCount: Number(r.LeadCount ?? 0),
    UniqueLeads: Number(r.UniqueLeads ?? 0),
    ConvertedLeads: Number(r.ConvertedLeads ?? 0),
    BadLeads: Number(r.BadLeads ?? 0),
    LeadInfo: byDayIps.get(Number(r.day)) ?? [],
  });
  return {
    allLeads: perDay.filter((r) => Number(r.LeadCount) > 0).map(row),
    allOffers: perOffer
      .filter((r) => Number(r.LeadCount) > 0)
      .map((r) => ({ ...row(r), OfferName: r.OfferName ?? '', LeadInfo: [] })),
  };
}

/**
 * The per-IP list of one of the caller's days (decision 0052): the day's leads of the selected
 * statuses grouped by IP, most leads first, a page at a time with the number of IPs. Reads that
 * day's leads by their date index, never more than a day's.
 */
export async function leadStatsPerIp(
  db: Db,
  input: { day: string; utcOffset: number; Filters: FilterItem[]; paginationOffset: number; limit: number },
): Promise<{ total: number; DBData: LeadStatsPerIp[] }> {
  const { users, statuses } = reportFilters(input.Filters);
  if (statuses.length === 0) return { total: 0, DBData: [] };
  const n = dayNumber(input.day);
  const span = daysSpan(n, n, input.utcOffset);
  const where = sql`created_at >= ${span.from} and created_at < ${span.to} and ${inList(sql`status`, statuses)}
    ${users ? sql`and ${inList(sql`user_id`, users)}` : sql``}`;
  const grouped = sql`select purchase_ip as ip, count(*) as leads, sum(status = 2) as approved,
      sum(status in (3, 4, 5)) as rejected
    from leads where ${where} group by purchase_ip`;
  const [{ total }] = await db.all<{ total: number }>(sql`select count(*) as total from (${grouped})`);
  const rows = await db.all<{ ip: string | null; leads: number; approved: number; rejected: number }>(sql`
    ${grouped} order by leads desc, ip limit ${input.limit} offset ${input.paginationOffset}`);
  return {
    total: Number(total),
    DBData: rows.map((r) => ({
      IP: r.ip,
      Leads: Number(r.leads),
      Approved: Number(r.approved),
      Rejected: Number(r.rejected),
    })),
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
