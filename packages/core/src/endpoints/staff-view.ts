import type { DbOrTx } from '@leadmesh/db';
import { crmLane, type EndpointLanes, type EndpointStatus, postbackLane } from '@leadmesh/jobs';
import { LEAD_STATUS } from '@leadmesh/schema';
import { sql } from 'drizzle-orm';
import { failingLanes, laneStatuses } from './health.ts';

/** One endpoint as staff see it beside Bull Board (decision 0037): its lane and what waits for it. */
export interface StaffEndpointRow {
  endpoint: string;
  kind: 'postback' | 'crm';
  /** The receiver's host, or the CRM's name, type and advertiser. */
  label: string;
  /** Null: the lane was not read (Redis late), or the endpoint has none (an in-process CRM). */
  lane: EndpointStatus | null;
  /** Whether the endpoint is called over the network, so a lane isolates it (decision 0035). */
  laned: boolean;
  /** Postback deliveries pending, or leads in -1/-2/6, in the database (the outbox). */
  waitingInDatabase: number;
  /** Postbacks on this host with deliveries waiting or disabled, or 1 for a CRM. */
  rows: number;
  /** Of those, disabled by the 3-day rule (decision 0037). */
  disabledRows: number;
}

export interface StaffEndpointView {
  at: string;
  /** False when Redis did not answer in time: the rows show what the database knows. */
  lanesRead: boolean;
  endpoints: StaffEndpointRow[];
}

/** Rows shown at most; the worst first. */
export const STAFF_ENDPOINTS_LIMIT = 300;

interface PostbackWaiting {
  url: string;
  deliveryUrl: string | null;
  waiting: number;
  disabled: number;
}

interface CrmWaiting {
  id: number;
  type: string;
  name: string;
  company: string | null;
  waiting: number;
  disabled: number;
}

type AddRow = (
  endpoint: string,
  kind: StaffEndpointRow['kind'],
  label: string,
  laned: boolean,
) => StaffEndpointRow;

/** Postbacks with deliveries waiting, or disabled, each under its receiver's lane. */
async function addWaitingPostbacks(db: DbOrTx, row: AddRow) {
  const postbackRows = await db.all<PostbackWaiting>(sql`
    select p.url as "url", w.url as "deliveryUrl", coalesce(w.waiting, 0) as "waiting",
      (p.disabled_at is not null) as "disabled"
    from postbacks p
    left join (
      select postback_id, count(*) as waiting, min(url) as url
      from postback_deliveries where state = 'pending' group by postback_id
    ) w on w.postback_id = p.id
    where w.waiting > 0 or p.disabled_at is not null`);
  for (const p of postbackRows) {
    // The lane is the filled URL's host (a macro in the host fills in per delivery).
    const endpoint = postbackLane(p.deliveryUrl ?? p.url) ?? postbackLane(p.url);
    if (!endpoint) continue;
    const r = row(endpoint, 'postback', endpoint.slice('postback:'.length), true);
    r.waitingInDatabase += Number(p.waiting);
    r.rows += 1;
    r.disabledRows += Number(p.disabled) ? 1 : 0;
  }
}

/** CRMs with leads waiting for delivery, or disabled, each its own lane (none when in-process). */
async function addWaitingCrms(
  db: DbOrTx,
  row: AddRow,
  options: { isInProcessCrm: (type: string) => boolean },
) {
  const undelivered = [LEAD_STATUS.RETRYING, LEAD_STATUS.PROCESSING_CRM, LEAD_STATUS.PROCESSING];
  const crmRows = await db.all<CrmWaiting>(sql`
    select c.id as "id", c.type as "type", c.friendly_name as "name", a.company_name as "company",
      coalesce(w.waiting, 0) as "waiting", (c.disabled_at is not null) as "disabled"
    from crms c
    left join advertisers a on a.id = c.advertiser_id
    left join (
      select coalesce(l.crm_id, o.crm_id) as crm_id, count(*) as waiting
      from leads l left join offers o on o.id = l.offer_id
      where l.status in (${sql.join(undelivered, sql`, `)}) and l.blocked_reason is null
      group by 1
    ) w on w.crm_id = c.id
    where w.waiting > 0 or c.disabled_at is not null`);
  for (const c of crmRows) {
    const laned = !options.isInProcessCrm(c.type);
    const label = `${c.name} (${c.type}${laned ? '' : ', in-process'}) of ${c.company ?? 'advertiser gone'}`;
    const r = row(crmLane(c.id), 'crm', label, laned);
    r.waitingInDatabase += Number(c.waiting);
    r.rows = 1;
    r.disabledRows = Number(c.disabled) ? 1 : 0;
  }
}

/**
 * Every endpoint that something waits for, that is disabled, or whose lane is failing: the lanes'
 * breaker, failure run, slots in flight and parked count beside the outbox's count. Read-only; the
 * worst first (open breaker, then failing, then the most parked or waiting).
 */
export async function staffEndpointView(
  db: DbOrTx,
  lanes: EndpointLanes | null,
  now: number,
  options: { isInProcessCrm: (type: string) => boolean },
): Promise<StaffEndpointView> {
  const byEndpoint = new Map<string, StaffEndpointRow>();
  const row = (endpoint: string, kind: StaffEndpointRow['kind'], label: string, laned: boolean) => {
    let found = byEndpoint.get(endpoint);
    if (!found) {
      found = { endpoint, kind, label, lane: null, laned, waitingInDatabase: 0, rows: 0, disabledRows: 0 };
      byEndpoint.set(endpoint, found);
    }
    return found;
  };

  await addWaitingPostbacks(db, row);
  await addWaitingCrms(db, row, options);

  // A lane failing with nothing waiting in the database (every delivery gave up) is listed too.
  const failing = await failingLanes(lanes, STAFF_ENDPOINTS_LIMIT);
  for (const status of failing) {
    if (byEndpoint.has(status.endpoint)) continue;
    const kind = status.endpoint.startsWith('crm:') ? 'crm' : 'postback';
    const label = kind === 'postback' ? status.endpoint.slice('postback:'.length) : status.endpoint;
    row(status.endpoint, kind, label, true);
  }

  const laned = [...byEndpoint.values()].filter((r) => r.laned).map((r) => r.endpoint);
  const statuses = await laneStatuses(lanes, laned);
  for (const r of byEndpoint.values()) r.lane = statuses.get(r.endpoint) ?? null;

  const rank = (r: StaffEndpointRow) =>
    r.lane?.state === 'open' ? 0 : r.lane?.state === 'half-open' ? 1 : r.lane?.failingSince != null ? 2 : 3;
  const endpoints = [...byEndpoint.values()]
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        (b.lane?.waiting ?? 0) + b.waitingInDatabase - ((a.lane?.waiting ?? 0) + a.waitingInDatabase) ||
        a.endpoint.localeCompare(b.endpoint),
    )
    .slice(0, STAFF_ENDPOINTS_LIMIT);
  return {
    at: new Date(now).toISOString(),
    lanesRead: lanes !== null && (laned.length === 0 || statuses.size === laned.length),
    endpoints,
  };
}
