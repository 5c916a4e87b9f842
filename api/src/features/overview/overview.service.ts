import { type Caller, endpointHealthOf, failingLanes, laneStatuses } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { crmLane, type EndpointLanes, postbackLane } from '@leadmesh/jobs';
import {
  DELIVERY_HEALTH_WINDOW_MS,
  type EndpointSource,
  type FailingEndpoint,
  type NetworkOverview,
  OVERVIEW_TOP,
  type OverviewFigures,
} from '@leadmesh/schema';
import { users } from '@leadmesh/schema/tables';
import { type SQL, sql } from 'drizzle-orm';
import { visibleTo } from '../users/users.service.ts';
import { checkedRange, DAY_MS, daysSpan, dayText, localDayAt, previousSpan, type Span } from './periods.ts';

/** Whose figures a caller sees (decision 0051): admins and managers all, a side manager their side. */
export type Side = NetworkOverview['side'];

export function sideOf(user: Caller['user']): Side {
  if (user.isAdmin || user.isManager || (user.isPublisherManager && user.isAdvertiserManager)) return 'all';
  return user.isPublisherManager ? 'publisher' : 'advertiser';
}

/** The rows of the caller's side: publishers or advertisers they may manage (admins: every row). */
interface Scope {
  side: Side;
  /** A condition on quarter_hour_stats (or any table with user_id and advertiser_id), or none. */
  rows: SQL | undefined;
  /** A condition on a user id column: accounts on the caller's side. */
  usersOf: (column: SQL) => SQL | undefined;
}

function scopeOf(caller: Caller): Scope {
  const side = sideOf(caller.user);
  const visible = visibleTo(caller.user);
  if (!visible) return { side, rows: undefined, usersOf: () => undefined };
  const visibleUsers = sql`select ${users.ID} from ${users} where ${visible}`;
  const usersOf = (column: SQL) => sql`${column} in (${visibleUsers})`;
  if (side === 'advertiser') {
    const advertisers = sql`select ${users.AdvertiserID} from ${users} where ${visible} and ${users.AdvertiserID} is not null`;
    return { side, rows: sql`advertiser_id in (${advertisers})`, usersOf };
  }
  return { side, rows: sql`user_id in (${visibleUsers})`, usersOf };
}

const and = (...parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return sql.join(present, sql` and `);
};

interface Sums {
  clicks: number;
  leads: number;
  confirmed: number;
  rejected: number;
  spend: number;
  payouts: number;
}

const SUMS = sql`coalesce(sum(clicks), 0) as clicks, coalesce(sum(total), 0) as leads,
  coalesce(sum(s_confirmed), 0) as confirmed, coalesce(sum(s_rejected + s_bad + s_crm_error), 0) as rejected,
  coalesce(sum(spent_cents), 0) as spend, coalesce(sum(earned_cents), 0) as payouts`;

const numbers = <T extends object>(row: T): T =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v ?? 0)]),
  ) as T;

const ZERO: Sums = { clicks: 0, leads: 0, confirmed: 0, rejected: 0, spend: 0, payouts: 0 };

function add(into: Sums, row: Sums): Sums {
  for (const k of ['clicks', 'leads', 'confirmed', 'rejected', 'spend', 'payouts'] as const)
    into[k] += row[k];
  return into;
}

/** A stretch of one counters table: its whole UTC days, or quarter hours at a span's edges. */
interface Piece {
  table: 'utc_day_stats' | 'quarter_hour_stats';
  from: number;
  to: number;
}

/**
 * A span as counters to read: the whole UTC days inside it from `utc_day_stats`, the rest (the
 * caller's offset at each end, a partial day) from `quarter_hour_stats` (decision 0050). A 60-day
 * range reads 60 rows a pair and two days of quarter hours, not 5,760 quarter hours.
 */
export function piecesOf(span: Span): Piece[] {
  const firstDay = Math.ceil(span.from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(span.to / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return [{ table: 'quarter_hour_stats', from: span.from, to: span.to }];
  const pieces: Piece[] = [{ table: 'utc_day_stats', from: firstDay, to: lastDay }];
  if (span.from < firstDay) pieces.unshift({ table: 'quarter_hour_stats', from: span.from, to: firstDay });
  if (lastDay < span.to) pieces.push({ table: 'quarter_hour_stats', from: lastDay, to: span.to });
  return pieces;
}

const COUNTED = sql.raw(
  'user_id, advertiser_id, offer_id, clicks, total, s_confirmed, s_rejected, s_bad, s_crm_error, spent_cents, earned_cents',
);

/**
 * A span and the one before it in one read of the counters: the rows of both, grouped by which
 * of the two they belong to and (when asked) by publisher, advertiser and offer.
 */
async function spanAndBefore(db: Db, scope: Scope, span: Span, before: Span, byPair: boolean) {
  const parts = [
    ...piecesOf(span).map((p) => ({ ...p, current: 1 })),
    ...(before.to > before.from ? piecesOf(before).map((p) => ({ ...p, current: 0 })) : []),
  ].map(
    (p) =>
      sql`select ${sql.raw(String(p.current))} as current, ${COUNTED} from ${sql.raw(p.table)} where ${and(
        sql`${sql.raw(p.table === 'utc_day_stats' ? 'day' : 'quarter')} >= ${p.from}`,
        sql`${sql.raw(p.table === 'utc_day_stats' ? 'day' : 'quarter')} < ${p.to}`,
        scope.rows,
      )}`,
  );
  const rows = (
    await db.all<PairRow & { current: number }>(sql`
      select current, ${byPair ? sql`user_id as user, advertiser_id as advertiser, offer_id as offer,` : sql``} ${SUMS}
      from (${sql.join(parts, sql` union all `)})
      group by 1${byPair ? sql`, 2, 3, 4` : sql``}`)
  ).map(numbers);
  const current = rows.filter((r) => r.current === 1);
  return {
    pairs: current,
    current: current.reduce(add, { ...ZERO }),
    previous: rows.filter((r) => r.current !== 1).reduce(add, { ...ZERO }),
  };
}

/** Confirmed / leads in percent, 2 decimals; null without leads. */
const rate = (confirmed: number, leads: number) =>
  leads > 0 ? Math.round((confirmed / leads) * 10_000) / 100 : null;

/** The figures of a side: a publisher manager never sees what advertisers pay, nor the margin. */
function figures(s: Sums, side: Side): OverviewFigures {
  return {
    clicks: side === 'advertiser' ? null : s.clicks,
    leads: s.leads,
    confirmed: s.confirmed,
    rejected: s.rejected,
    approveRate: rate(s.confirmed, s.leads),
    spend: side === 'publisher' ? null : s.spend,
    payouts: side === 'advertiser' ? null : s.payouts,
    margin: side === 'all' ? s.spend - s.payouts : null,
  };
}

/** A period's figures beside the period before it, and (when asked) its per-pair sums. */
async function period(
  db: Db,
  scope: Scope,
  span: Span,
  now: number,
  days: { first: number; last: number },
  byPair = false,
) {
  const before = previousSpan(span, now);
  const { current, previous, pairs } = await spanAndBefore(db, scope, span, before, byPair);
  return {
    pairs,
    answer: {
      startDay: dayText(days.first),
      endDay: dayText(days.last),
      from: new Date(span.from).toISOString(),
      to: new Date(span.to).toISOString(),
      figures: figures(current, scope.side),
      previous: {
        ...figures(previous, scope.side),
        from: new Date(before.from).toISOString(),
        to: new Date(before.to).toISOString(),
      },
    },
  };
}

interface PairRow extends Sums {
  user: number;
  advertiser: number;
  offer: number;
}

/** The top rows of a grouping of the range's (publisher, advertiser, offer) sums, most leads first. */
function top<K extends 'user' | 'advertiser' | 'offer'>(rows: PairRow[], key: K, side: Side) {
  const groups = new Map<number, Sums>();
  for (const r of rows) {
    const g = groups.get(r[key]) ?? { clicks: 0, leads: 0, confirmed: 0, rejected: 0, spend: 0, payouts: 0 };
    for (const k of ['clicks', 'leads', 'confirmed', 'rejected', 'spend', 'payouts'] as const) g[k] += r[k];
    groups.set(r[key], g);
  }
  return [...groups]
    .filter(([, g]) => g.leads > 0)
    .sort(([a, x], [b, y]) => y.leads - x.leads || y.confirmed - x.confirmed || a - b)
    .slice(0, OVERVIEW_TOP)
    .map(([id, g]) => ({
      id,
      leads: g.leads,
      confirmed: g.confirmed,
      approveRate: rate(g.confirmed, g.leads),
      spend: side === 'publisher' ? null : g.spend,
      payouts: side === 'advertiser' ? null : g.payouts,
    }));
}

async function namesOf(db: Db, table: 'offers' | 'users' | 'advertisers', ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const column = {
    offers: sql.raw('name'),
    users: sql.raw('username'),
    advertisers: sql.raw('company_name'),
  }[table];
  const rows = await db.all<{ id: number; name: string }>(
    sql`select id, ${column} as name from ${sql.raw(table)} where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/** Every reader of failing endpoints, one per source (decision 0051). */
type EndpointReader = (
  db: Db,
  scope: Scope,
  since: number,
  lanes: EndpointLanes | null,
) => Promise<FailingEndpoint[]>;

interface EndpointRow {
  id: number;
  name: string;
  url: string;
  user: number;
  username: string;
  disabledAt: number | null;
  disabledReason: string | null;
  /** A CRM's advertiser (absent for a postback). */
  advertiser?: number;
}

const markOf = (r: EndpointRow) => ({
  disabledAt: r.disabledAt === null ? null : new Date(Number(r.disabledAt)),
  disabledReason: r.disabledReason,
});

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 80);
  }
};

/**
 * Postbacks whose deliveries of the last day gave up, or are waiting for another try after a
 * failed one: from the deliveries' state index, never their attempts one by one.
 */
const failingPostbacks: EndpointReader = async (db, scope, since, lanes) => {
  const rows = await db.all<{
    id: number;
    name: string;
    url: string;
    user: number;
    username: string;
    failed: number;
    retrying: number;
    lastAt: number;
    disabledAt: number | null;
    disabledReason: string | null;
  }>(sql`
    select p.id as id, p.name as name, p.url as url, p.user_id as user, u.username as username,
      f.failed as failed, f.retrying as retrying, f.last_at as lastAt,
      p.disabled_at as disabledAt, p.disabled_reason as disabledReason
    from (
      select postback_id, sum(state = 'failed') as failed, sum(state = 'pending') as retrying,
        max(created_at) as last_at
      from postback_deliveries
      where (state = 'failed' and created_at >= ${since}) or (state = 'pending' and attempts > 0)
      group by postback_id
    ) f
    join postbacks p on p.id = f.postback_id
    join users u on u.id = p.user_id
    ${scope.usersOf(sql`p.user_id`) ? sql`where ${scope.usersOf(sql`p.user_id`)}` : sql``}
    order by f.failed + f.retrying desc, f.last_at desc
    limit 20`);
  const extra = await unhealthyPostbacks(db, scope, lanes, new Set(rows.map((r) => Number(r.id))));
  const statuses = await laneStatuses(
    lanes,
    [...rows, ...extra].map((r) => postbackLane(r.url)),
  );
  const healthOf = (r: EndpointRow) => endpointHealthOf(statuses.get(postbackLane(r.url) ?? ''), markOf(r));
  const endpoints: FailingEndpoint[] = [];
  for (const r of rows) {
    const [last] = await db.all<{ error: string | null }>(sql`
      select last_error as error from postback_deliveries
      where postback_id = ${r.id} and state in ('failed', 'pending') and last_error is not null
      order by created_at desc limit 1`);
    endpoints.push({
      source: 'postback',
      ID: Number(r.id),
      name: r.name,
      host: hostOf(r.url),
      owner: { UserID: Number(r.user), Username: r.username },
      advertiserID: null,
      failed: Number(r.failed),
      retrying: Number(r.retrying),
      lastError: last?.error ?? null,
      lastAt: new Date(Number(r.lastAt)).toISOString(),
      health: healthOf(r),
    });
  }
  for (const r of extra) endpoints.push(endpointByHealth('postback', r, healthOf(r)));
  return endpoints;
};

/**
 * The caller's side's postbacks that are disabled, or whose receiver's lane is failing, beyond
 * those the deliveries already named (decision 0037): at most 20.
 */
async function unhealthyPostbacks(
  db: Db,
  scope: Scope,
  lanes: EndpointLanes | null,
  known: Set<number>,
): Promise<EndpointRow[]> {
  const hosts = (await failingLanes(lanes))
    .map((s) => s.endpoint)
    .filter((e) => e.startsWith('postback:'))
    .slice(0, 20);
  const byHost = hosts.map((e) => sql`p.url like ${`%${e.slice('postback:'.length)}%`}`);
  const unhealthy = sql.join([sql`p.disabled_at is not null`, ...byHost], sql` or `);
  const owners = scope.usersOf(sql`p.user_id`);
  const rows = await db.all<EndpointRow>(sql`
    select p.id as id, p.name as name, p.url as url, p.user_id as user, u.username as username,
      p.disabled_at as disabledAt, p.disabled_reason as disabledReason
    from postbacks p join users u on u.id = p.user_id
    where (${unhealthy}) ${owners ? sql`and ${owners}` : sql``}
    order by p.disabled_at is null, p.id desc
    limit 40`);
  const endpoints = new Set(hosts);
  return rows
    .filter((r) => !known.has(Number(r.id)))
    .filter((r) => r.disabledAt !== null || endpoints.has(postbackLane(r.url) ?? ''))
    .slice(0, 20);
}

/** CRMs of the caller's side that are disabled or whose lane is failing (decision 0037). */
const failingCrms: EndpointReader = async (db, scope, _since, lanes) => {
  if (scope.side === 'publisher') return [];
  const ids = (await failingLanes(lanes))
    .map((s) => s.endpoint)
    .filter((e) => e.startsWith('crm:'))
    .map((e) => Number(e.slice('crm:'.length)))
    .filter(Number.isInteger);
  const unhealthy = ids.length
    ? sql`(c.disabled_at is not null or c.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}))`
    : sql`c.disabled_at is not null`;
  const owners = scope.usersOf(sql`a.user_id`);
  const rows = await db.all<EndpointRow>(sql`
    select c.id as id, c.friendly_name as name, coalesce(json_extract(c.data, '$.inboundURL'), c.type) as url,
      u.id as user, u.username as username, c.disabled_at as disabledAt, c.disabled_reason as disabledReason,
      a.id as advertiser
    from crms c join advertisers a on a.id = c.advertiser_id join users u on u.id = a.user_id
    where ${unhealthy} ${owners ? sql`and ${owners}` : sql``}
    order by c.disabled_at is null, c.id desc
    limit 20`);
  const statuses = await laneStatuses(
    lanes,
    rows.map((r) => crmLane(Number(r.id))),
  );
  return rows.map((r) =>
    endpointByHealth('crm', r, endpointHealthOf(statuses.get(crmLane(Number(r.id))), markOf(r))),
  );
};

/**
 * An endpoint listed for its lane's state or its disabled mark alone (no failed deliveries counted
 * in the window): its last error and time are its health's.
 */
function endpointByHealth(
  source: EndpointSource,
  r: EndpointRow,
  health: FailingEndpoint['health'],
): FailingEndpoint {
  return {
    source,
    ID: Number(r.id),
    name: r.name,
    host: hostOf(r.url),
    owner: { UserID: Number(r.user), Username: r.username },
    advertiserID: r.advertiser === undefined ? null : Number(r.advertiser),
    failed: 0,
    retrying: 0,
    lastError: health.lastError,
    lastAt: health.disabledAt ?? health.failingSince ?? new Date().toISOString(),
    health,
  };
}

const ENDPOINT_READERS: Record<EndpointSource, EndpointReader> = {
  postback: failingPostbacks,
  crm: failingCrms,
};

/** Leads each CRM has not taken yet, and its failed calls of the last day (advertiser side). */
async function crmHealth(db: Db, scope: Scope, since: number) {
  const owners = scope.usersOf(sql`a.user_id`);
  const rows = await db.all<{
    id: number;
    name: string;
    type: string;
    advertiser: number;
    company: string;
    waiting: number;
    retrying: number;
  }>(sql`
    select c.id as id, c.friendly_name as name, c.type as type, a.id as advertiser, a.company_name as company,
      coalesce(w.waiting, 0) as waiting, coalesce(w.retrying, 0) as retrying
    from (
      select crm_id, sum(status in (-1, 6)) as waiting, sum(status = -2) as retrying
      -- Only the waiting leads are in this partial index; unasked, the planner walks the status
      -- index and reads each such lead for its CRM.
      from leads indexed by leads_undelivered_idx where status in (-2, -1, 6) group by crm_id
    ) w
    join crms c on c.id = w.crm_id
    join advertisers a on a.id = c.advertiser_id
    ${owners ? sql`where ${owners}` : sql``}`);
  const failures = await db.all<{ crm: number; n: number; at: number }>(sql`
    select crm_id as crm, count(*) as n, max(created_at) as at from lead_crm_attempts
    where outcome <> 'ok' and created_at >= ${since} group by crm_id`);
  const byCrm = new Map(rows.map((r) => [Number(r.id), r]));
  // A CRM failing with nothing waiting (every lead gave up) is shown too.
  const missing = failures.map((f) => Number(f.crm)).filter((id) => id && !byCrm.has(id));
  if (missing.length) {
    const extra = await db.all<(typeof rows)[number]>(sql`
      select c.id as id, c.friendly_name as name, c.type as type, a.id as advertiser, a.company_name as company,
        0 as waiting, 0 as retrying
      from crms c join advertisers a on a.id = c.advertiser_id
      where c.id in (${sql.join(
        missing.map((id) => sql`${id}`),
        sql`, `,
      )}) ${owners ? sql`and ${owners}` : sql``}`);
    for (const r of extra) byCrm.set(Number(r.id), r);
  }
  const failed = new Map(failures.map((f) => [Number(f.crm), f]));
  const out = [];
  for (const [id, r] of byCrm) {
    const f = failed.get(id);
    const [last] = f
      ? await db.all<{ error: string | null; status: number | null }>(sql`
          select error, response_status as status from lead_crm_attempts
          where outcome <> 'ok' and created_at >= ${since} and crm_id = ${id}
          order by created_at desc limit 1`)
      : [];
    out.push({
      CRMID: id,
      name: r.name,
      type: r.type,
      advertiser: { AdvertiserID: Number(r.advertiser), CompanyName: r.company },
      waiting: Number(r.waiting),
      retrying: Number(r.retrying),
      failedAttempts: Number(f?.n ?? 0),
      lastError: last ? (last.error ?? (last.status ? `HTTP ${last.status}` : null)) : null,
      lastAt: f ? new Date(Number(f.at)).toISOString() : null,
    });
  }
  return out.sort(
    (a, b) =>
      b.retrying + b.failedAttempts - (a.retrying + a.failedAttempts) ||
      b.waiting - a.waiting ||
      a.CRMID - b.CRMID,
  );
}

/** The last failed calls to CRMs and postback receivers of the caller's side. */
async function lastErrors(db: Db, scope: Scope, since: number) {
  const crm =
    scope.side === 'publisher'
      ? []
      : await db.all<{ at: number; target: string; lead: number; message: string }>(sql`
          select t.created_at as at, coalesce(c.friendly_name, 'CRM') as target, t.lead_id as lead,
            coalesce(t.error, 'HTTP ' || t.response_status, 'Failed') as message
          from lead_crm_attempts t
          left join crms c on c.id = t.crm_id
          left join advertisers a on a.id = c.advertiser_id
          where t.outcome <> 'ok' and t.created_at >= ${since}
            ${scope.usersOf(sql`a.user_id`) ? sql`and ${scope.usersOf(sql`a.user_id`)}` : sql``}
          order by t.created_at desc limit 5`);
  const postback = await db.all<{ at: number; target: string; lead: number; message: string }>(sql`
    select d.created_at as at, p.name as target, d.lead_id as lead, d.last_error as message
    from postback_deliveries d join postbacks p on p.id = d.postback_id
    where d.state in ('failed', 'pending') and d.created_at >= ${since} and d.last_error is not null
      ${scope.usersOf(sql`p.user_id`) ? sql`and ${scope.usersOf(sql`p.user_id`)}` : sql``}
    order by d.created_at desc limit 5`);
  return [
    ...crm.map((r) => ({ ...r, source: 'crm' as const })),
    ...postback.map((r) => ({ ...r, source: 'postback' as const })),
  ]
    .sort((a, b) => Number(b.at) - Number(a.at))
    .slice(0, 8)
    .map((r) => ({
      at: new Date(Number(r.at)).toISOString(),
      source: r.source,
      target: r.target,
      LeadID: Number(r.lead),
      message: r.message,
    }));
}

/** Queue depths read from Redis (null when it does not answer in time): the queues of a side. */
export type QueueDepthReader = (
  names: readonly string[],
) => Promise<{ name: string; waiting: number; active: number; delayed: number; failed: number }[] | null>;

const QUEUES_OF_SIDE: Record<Side, readonly string[] | 'all'> = {
  all: 'all',
  publisher: ['postbacks'],
  advertiser: ['crm'],
};

/**
 * The staff overview (decision 0051): the caller's today and range, each beside the period before
 * it, over the quarter-hour counters (decision 0050); the range's top offers, publishers and
 * advertisers from one grouped read; delivery health of the last day.
 */
export async function networkOverview(
  db: Db,
  caller: Caller,
  input: { startDate: string; endDate: string; utcOffset: number },
  options: {
    now: number;
    queues: QueueDepthReader;
    allQueues: readonly string[];
    /** The endpoint lanes (decision 0037); null leaves only what the database knows. */
    lanes?: EndpointLanes | null;
  },
): Promise<NetworkOverview> {
  const { first, last } = checkedRange(input.startDate, input.endDate);
  const scope = scopeOf(caller);
  const { now } = options;
  const offset = input.utcOffset;
  const todayN = localDayAt(now, offset);
  const rangeSpan = daysSpan(first, last, offset);

  const today = (
    await period(db, scope, daysSpan(todayN, todayN, offset), now, { first: todayN, last: todayN })
  ).answer;
  const { answer: range, pairs } = await period(db, scope, rangeSpan, now, { first, last }, true);
  const side = scope.side;
  const topOffers = top(pairs, 'offer', side);
  const topPublishers = side === 'advertiser' ? null : top(pairs, 'user', side);
  const topAdvertisers = side === 'publisher' ? null : top(pairs, 'advertiser', side);
  const [offerNames, userNames, companyNames] = [
    await namesOf(
      db,
      'offers',
      topOffers.map((r) => r.id),
    ),
    await namesOf(
      db,
      'users',
      (topPublishers ?? []).map((r) => r.id),
    ),
    await namesOf(
      db,
      'advertisers',
      (topAdvertisers ?? []).map((r) => r.id),
    ),
  ];

  const since = now - DELIVERY_HEALTH_WINDOW_MS;
  const failingEndpoints: FailingEndpoint[] = [];
  for (const read of Object.values(ENDPOINT_READERS))
    failingEndpoints.push(...(await read(db, scope, since, options.lanes ?? null)));
  const shown = QUEUES_OF_SIDE[side];

  return {
    side,
    today,
    range,
    topOffers: topOffers.map(({ id, ...r }) => ({
      OfferID: id,
      OfferName: offerNames.get(id) ?? `#${id}`,
      ...r,
    })),
    topPublishers:
      topPublishers?.map(({ id, ...r }) => ({ UserID: id, Username: userNames.get(id) ?? `#${id}`, ...r })) ??
      null,
    topAdvertisers:
      topAdvertisers?.map(({ id, ...r }) => ({
        AdvertiserID: id,
        CompanyName: companyNames.get(id) ?? `#${id}`,
        ...r,
      })) ?? null,
    delivery: {
      since: new Date(since).toISOString(),
      crms: side === 'publisher' ? null : await crmHealth(db, scope, since),
      failingEndpoints,
      queues: await options.queues(shown === 'all' ? options.allQueues : shown),
      lastErrors: await lastErrors(db, scope, since),
    },
  };
}
