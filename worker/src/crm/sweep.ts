import type { CrmType } from '@leadmesh/crm';
import { crmAdapter } from '@leadmesh/crm/server';
import type { Db } from '@leadmesh/db';
import { crmLane, type EndpointLanes, type JobProducer, laneMember, leadDeliver } from '@leadmesh/jobs';
import { LEAD_STATUS } from '@leadmesh/schema';
import { crms, leads, offers } from '@leadmesh/schema/tables';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { deliveryState } from './delivery.ts';
import type { CrmSettings } from './settings.ts';

/** Leads looked at per status per sweep, oldest first; the next sweep continues after the last. */
export const CRM_SWEEP_BATCH = 500;
/** A lead in -1 younger than this still has the job intake enqueued for it on its way (default). */
const FRESH_MS = 60_000;

type Swept = typeof LEAD_STATUS.PROCESSING_CRM | typeof LEAD_STATUS.RETRYING | typeof LEAD_STATUS.PROCESSING;

export interface CrmSweeper {
  /** One pass: enqueues the delivery job of every undelivered lead whose job is not in Redis. Answers how many. */
  sweep(): Promise<number>;
}

/**
 * Nothing lost (decision 0012): the lead rows are the outbox of deliveries. A pass takes, per
 * status, the next bounded batch in (createdAt, ID) order, leads in -1 (intake's job never
 * arrived), -2 (the retry's job is gone with Redis: it is enqueued with what is left of its
 * delay) and 6 longer than a whole call (the worker died mid-call: its attempt is handed out
 * again), and enqueues the job the lead is waiting for unless Redis holds it. A job that
 * finished or failed with the lead still waiting is removed first, so its id is free again.
 * Leads of a disabled CRM are left out: they wait, unclaimed, until its owner re-enables it
 * (decision 0037), and `endpoint.resume` and the following passes hand them out then.
 *
 * A lead waiting in -1 or for a due retry in -2, for a CRM called over the network, first meets
 * its CRM's lane (`admit`, decision 0035): a lane that is backed up keeps it parked (or parks it),
 * with no job and no further read; a lane that holds nothing for it (Redis lost it) lets it be
 * re-queued. Without this every parked lead was re-queued each pass, only to be parked again.
 *
 * Long because one pass is a closure over its cursor, its lanes and its producer: the three
 * statuses it brings back share the batch's read and each one's rule is a few lines.
 */
export function createCrmSweeper(deps: {
  db: Db;
  jobs: JobProducer;
  settings: CrmSettings;
  batch?: number;
  /** The worker's endpoint lanes; without them every waiting lead is re-queued. */
  lanes?: EndpointLanes;
}): CrmSweeper {
  const batch = deps.batch ?? CRM_SWEEP_BATCH;
  const cursors = new Map<Swept, { createdAt: number; id: number }>();

  const ensureJob = (leadId: number, attempt: number, delayMs: number) =>
    deps.jobs.requeue(leadDeliver, { leadId, attempt }, delayMs);

  /** Still parked in its CRM's lane, or parked there now because the lane is backed up? */
  async function parkedInLane(
    crmName: CrmType | null,
    crmId: number | null,
    leadId: number,
    attempt: number,
  ) {
    if (!deps.lanes || crmId === null || crmName === null || !overNetwork(crmName)) return false;
    // The member as the handler parks it: the job's parsed payload, so the lane knows it again.
    const member = laneMember(leadDeliver, leadDeliver.schema.parse({ leadId, attempt }));
    return !(await deps.lanes.admit(crmLane(crmId), member));
  }

  async function sweepStatus(status: Swept): Promise<number> {
    const now = Date.now();
    const cursor = cursors.get(status) ?? { createdAt: -1, id: 0 };
    const conditions = [
      eq(leads.Status, status),
      isNull(leads.BlockedReason),
      sql`(${leads.createdAt}, ${leads.ID}) > (${cursor.createdAt}, ${cursor.id})`,
      sql`not exists (select 1 from ${crms} where ${crms.ID} = coalesce(${leads.BoundCRM}, ${offers.SelectedCRM}) and ${crms.disabledAt} is not null)`,
    ];
    if (status === LEAD_STATUS.PROCESSING_CRM)
      conditions.push(lt(leads.createdAt, new Date(now - (deps.settings.sweepGraceMs ?? FRESH_MS))));
    if (status === LEAD_STATUS.PROCESSING)
      conditions.push(lt(leads.updatedAt, new Date(now - deps.settings.stuckMs)));
    const rows = await deps.db
      .select({
        ID: leads.ID,
        Status: leads.Status,
        createdAt: leads.createdAt,
        crmId: crms.ID,
        crmName: crms.name,
      })
      .from(leads)
      .leftJoin(offers, eq(offers.ID, leads.BoundOffer))
      .leftJoin(crms, eq(crms.ID, sql`coalesce(${leads.BoundCRM}, ${offers.SelectedCRM})`))
      .where(and(...conditions))
      .orderBy(asc(leads.createdAt), asc(leads.ID))
      .limit(batch);
    const last = rows.at(-1);
    // A short page means the end: the next pass starts over from the oldest.
    if (rows.length < batch || !last) cursors.delete(status);
    else cursors.set(status, { createdAt: last.createdAt.getTime(), id: last.ID });
    let enqueued = 0;
    for (const row of rows) {
      if (status === LEAD_STATUS.PROCESSING_CRM) {
        if (await parkedInLane(row.crmName, row.crmId, row.ID, 1)) continue;
        if (await ensureJob(row.ID, 1, 0)) enqueued++;
        continue;
      }
      const state = await deliveryState(deps.db, row);
      if (status === LEAD_STATUS.RETRYING) {
        const delayMs = state.retryAt - now;
        // A retry still waiting its time is a delayed job, not a lane's: only a due one can be parked.
        if (delayMs <= 0 && (await parkedInLane(row.crmName, row.crmId, row.ID, state.attempts + 1)))
          continue;
        if (await ensureJob(row.ID, state.attempts + 1, delayMs)) enqueued++;
      } else if (await ensureJob(row.ID, Math.max(1, state.attempts), 0)) {
        enqueued++;
      }
    }
    return enqueued;
  }

  return {
    async sweep() {
      let total = 0;
      for (const status of [
        LEAD_STATUS.PROCESSING,
        LEAD_STATUS.RETRYING,
        LEAD_STATUS.PROCESSING_CRM,
      ] as const) {
        total += await sweepStatus(status);
      }
      return total;
    },
  };
}

/** A CRM's type never changes (decision 0012): whether its leads go through a lane, per name. */
function overNetwork(crmName: CrmType): boolean {
  return crmAdapter(crmName).kind === 'http';
}
