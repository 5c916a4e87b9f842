import {
  ADMIN_LEAD_LIST_FIELDS,
  ADVERTISER_LEAD_LIST_FIELDS,
  type Caller,
  isResendable,
  PUBLISHER_LEAD_LIST_FIELDS,
  validationError,
} from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import {
  type AdminLead,
  type AdvertiserLead,
  BLOCKED_REASON_CODES,
  blockedReasonLabel,
  type FilterItem,
  type PublisherLead,
} from '@leadmesh/schema';
import { advertisers, type LeadRow, leads, users } from '@leadmesh/schema/tables';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { buildFilterWhere, pageOf } from '../../lib/list-engine.ts';
import type { PageCursor, PageCursors } from '../../lib/page-cursors.ts';
import { toAdvertiserLead, toLead, toPublisherLead } from './leads.mapper.ts';

// The filters of each list (dashboards §2 publisher-leads and advertiser-leads, public §2
// admin-leads) live in core, where the worker's exports read them too.
export {
  ADMIN_LEAD_LIST_FIELDS,
  ADVERTISER_LEAD_LIST_FIELDS,
  PUBLISHER_LEAD_LIST_FIELDS,
} from '@leadmesh/core';

// ---------------------------------------------------------------------------------------------
// One page of leads, fast at any depth (decision 0010)

/** Fields with an index of their own that narrows the leads to a few: with `eq`/`in` on one, SQLite's choice is best. */
const NARROWING = new Set([
  'ID',
  'BoundUser',
  'BoundAdvertiser',
  'BoundOffer',
  'PurchaseIP',
  'BlockedReason',
]);

const narrows = (filters: readonly FilterItem[]) =>
  filters.some((f) => NARROWING.has(f.name) && (f.op === 'eq' || f.op === 'in'));

/**
 * Which index pages a lead list. Lists are newest first; without a narrowing filter the list's
 * covering index (owner, date, status, country) is scanned in date order and the filters are read
 * from it, so page 500 costs a scan of that index, never a sort of the matches or a row read per
 * match. SQLite left alone prefers the status index for `Status in (...)` and sorts every match.
 */
function listIndex(filters: readonly FilterItem[], index: string): string | null {
  if (narrows(filters)) return null;
  // A single status over a date range: its own (status, date) index is already in date order.
  const status = filters.filter((f) => f.name === 'Status');
  const onlyStatusAndDate = filters.every((f) => ['Status', 'createdAt', 'Date'].includes(f.name));
  if (
    index === 'leads_created_idx' &&
    onlyStatusAndDate &&
    status.length === 1 &&
    (status[0].op === 'eq' || (Array.isArray(status[0].value) && status[0].value.length === 1))
  )
    return 'leads_status_idx';
  return index;
}

/** How a list may remember where its pages start (absent: plain offsets). */
export interface PageMemo {
  cursors: PageCursors;
  /** The list as this caller filters it (`listKey`). */
  key: string;
}

const pageIds = (where: SQL | undefined, index: string | null, limit: number, offset: number) => {
  const hint = index ? sql.raw(` indexed by ${index}`) : sql``;
  return sql`select ${leads.ID} from ${leads}${hint} ${where ? sql`where ${where}` : sql``} order by ${leads.createdAt} desc, ${leads.ID} desc limit ${limit} offset ${offset}`;
};

/** How a list reads the rows of a page's ids, and the lead row of each (for its cursor). */
interface PageReader<T> {
  read(db: Db, ids: SQL): Promise<T[]>;
  lead(item: T): LeadRow;
}

const leadRows: PageReader<LeadRow> = {
  read: (db, ids) =>
    db
      .select()
      .from(leads)
      .where(sql`${leads.ID} in (${ids})`)
      .orderBy(desc(leads.createdAt), desc(leads.ID)),
  lead: (row) => row,
};

/** A lead row with the publisher's username and the advertiser's company name. */
interface NamedLeadRow {
  lead: LeadRow;
  username: string | null;
  company: string | null;
}

/**
 * The admin lists' rows: the page's leads joined to their publisher and advertiser by primary key
 * in the same statement, so naming them costs two index lookups per row, not calls per row.
 */
const namedLeadRows: PageReader<NamedLeadRow> = {
  read: (db, ids) =>
    db
      .select({ lead: leads, username: users.Username, company: advertisers.CompanyName })
      .from(leads)
      .leftJoin(users, eq(users.ID, leads.BoundUser))
      .leftJoin(advertisers, eq(advertisers.ID, leads.BoundAdvertiser))
      .where(sql`${leads.ID} in (${ids})`)
      .orderBy(desc(leads.createdAt), desc(leads.ID)),
  lead: (row) => row.lead,
};

const toAdminLead = (row: NamedLeadRow): AdminLead => ({
  ...toLead(row.lead),
  User: { Username: row.username ?? '' },
  Advertiser: { CompanyName: row.company ?? '' },
  Resendable: isResendable(row.lead),
});

const cursorOf = (row: LeadRow): PageCursor => ({ at: row.createdAt.getTime(), id: row.ID });

/**
 * One page of leads, newest first (date, then id). The page's ids are found in an index alone
 * (`id in (select id ... limit ? offset ?)`), then only those rows are read. With a memo, the row
 * before each page is remembered, so the next page of a scroll continues after it (keyset) rather
 * than skipping `offset` rows again; a page asked for without a remembered start reads one row
 * more to remember it.
 */
async function pageOfLeads<T = LeadRow>(
  db: Db,
  where: SQL | undefined,
  input: { paginationOffset: number; limit?: number },
  index: string | null,
  memo?: PageMemo,
  reader: PageReader<T> = leadRows as unknown as PageReader<T>,
): Promise<T[]> {
  const page = pageOf(input.paginationOffset, input.limit);
  const lastCursor = (rows: T[]) => cursorOf(reader.lead(rows[rows.length - 1]));
  if (!memo || page.offset === 0) {
    const rows = await reader.read(db, pageIds(where, index, page.limit, page.offset));
    if (memo && rows.length === page.limit)
      await memo.cursors.set(`${memo.key}:${page.limit}`, lastCursor(rows));
    return rows;
  }
  const start = await memo.cursors.get(`${memo.key}:${page.offset}`);
  let rows: T[];
  if (start) {
    // First in the condition, so SQLite bounds its index range with it rather than with the
    // filters' own date bound (it takes one upper bound per column, the first it meets).
    const after = sql`${leads.createdAt} <= ${start.at} and (${leads.createdAt}, ${leads.ID}) < (${start.at}, ${start.id})`;
    rows = await reader.read(db, pageIds(where ? and(after, where) : after, index, page.limit, 0));
  } else {
    rows = await reader.read(db, pageIds(where, index, page.limit + 1, page.offset - 1));
    const before = rows.shift();
    if (before) await memo.cursors.set(`${memo.key}:${page.offset}`, cursorOf(reader.lead(before)));
  }
  if (rows.length === page.limit)
    await memo.cursors.set(`${memo.key}:${page.offset + page.limit}`, lastCursor(rows));
  return rows;
}

interface ListInput {
  paginationOffset: number;
  Filters: FilterItem[];
  limit?: number;
}

/** publisher-leads: the publisher's own leads (or the one staff name), blocked ones included with their reason. */
export async function listPublisherLeads(
  db: Db,
  caller: Caller,
  input: ListInput & { BoundUser?: number; authUser?: number },
  memo?: PageMemo,
): Promise<PublisherLead[]> {
  const userId = input.BoundUser ?? input.authUser ?? caller.user.ID;
  const where = and(eq(leads.BoundUser, userId), buildFilterWhere(input.Filters, PUBLISHER_LEAD_LIST_FIELDS));
  const rows = await pageOfLeads(db, where, input, listIndex(input.Filters, 'leads_user_created_idx'), memo);
  return rows.map(toPublisherLead);
}

/**
 * advertiser-leads: the leads of the advertiser's offers (or of the one staff name). Blocked leads
 * never reached the advertiser and cost them nothing, so they are not theirs to see.
 */
export async function listAdvertiserLeads(
  db: Db,
  caller: Caller,
  input: ListInput & { BoundAdvertiser?: number },
  memo?: PageMemo,
): Promise<AdvertiserLead[]> {
  const advertiserId = input.BoundAdvertiser ?? caller.advertiser?.ID;
  if (advertiserId === undefined)
    throw validationError('BoundAdvertiser', 'Name the advertiser (BoundAdvertiser)');
  const where = and(
    eq(leads.BoundAdvertiser, advertiserId),
    isNull(leads.BlockedReason),
    buildFilterWhere(input.Filters, ADVERTISER_LEAD_LIST_FIELDS),
  );
  const rows = await pageOfLeads(
    db,
    where,
    input,
    listIndex(input.Filters, 'leads_advertiser_created_idx'),
    memo,
  );
  return rows.map(toAdvertiserLead);
}

/** admin-leads: every lead, with its publisher's and advertiser's names. */
export async function listAdminLeads(
  db: Db,
  _caller: Caller,
  input: ListInput,
  memo?: PageMemo,
): Promise<AdminLead[]> {
  const where = buildFilterWhere(input.Filters, ADMIN_LEAD_LIST_FIELDS);
  const index = listIndex(input.Filters, 'leads_created_idx');
  const rows = await pageOfLeads(db, where, input, index, memo, namedLeadRows);
  return rows.map(toAdminLead);
}

// ---------------------------------------------------------------------------------------------
// Blocked leads (public §2, admin-blockedLeads)

/** admin-blockedLeads: blocked leads newest first, with who sent them and whose offer it was. */
export async function listBlockedLeads(
  db: Db,
  _caller: Caller,
  input: ListInput,
  memo?: PageMemo,
): Promise<AdminLead[]> {
  const where = and(isNotNull(leads.BlockedReason), buildFilterWhere(input.Filters, ADMIN_LEAD_LIST_FIELDS));
  // The partial index of blocked leads is in the list's order; a narrowing filter has a better one.
  const index = narrows(input.Filters) ? null : 'leads_blocked_list_idx';
  const rows = await pageOfLeads(db, where, input, index, memo, namedLeadRows);
  return rows.map(toAdminLead);
}

/**
 * The KPI tiles of admin-blockedLeads: one entry per blocked reason of BLOCKED_REASONS, in its
 * order, zeros included, then any other code found; the Total tile is their sum.
 */
export async function blockedLeadsKpi(
  db: Db,
  _caller: Caller,
  input: { Filters: FilterItem[] },
): Promise<{ BlockedReason: string; Label: string; Count: number }[]> {
  const counted = await db
    .select({ reason: leads.BlockedReason, n: sql<number>`count(*)` })
    .from(leads)
    .where(and(isNotNull(leads.BlockedReason), buildFilterWhere(input.Filters, ADMIN_LEAD_LIST_FIELDS)))
    .groupBy(leads.BlockedReason);
  const counts = new Map(counted.map((c) => [String(c.reason), Number(c.n)]));
  const codes = [
    ...BLOCKED_REASON_CODES,
    ...[...counts.keys()].filter((c) => !BLOCKED_REASON_CODES.includes(c as never)),
  ];
  return codes.map((code) => ({
    BlockedReason: code,
    Label: blockedReasonLabel(code) ?? code,
    Count: counts.get(code) ?? 0,
  }));
}
