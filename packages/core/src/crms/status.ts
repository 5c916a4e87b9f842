import { type CrmType, mapCrmStatus } from '@leadmesh/crm';
import type { CrmActivity } from '@leadmesh/crm/server';
import type { DbOrTx } from '@leadmesh/db';
import { LEAD_STATUS, type LeadStatusCode } from '@leadmesh/schema';
import { crmCallbacks, type LeadRow, leadCrmActivities, leads } from '@leadmesh/schema/tables';
import { and, eq } from 'drizzle-orm';
import { changeLeadStatus } from '../leads/status.ts';

/** An agent's call or comment a CRM reported for a lead. */
export type CrmActivityInput = CrmActivity;

/** What a CRM said about one of its leads (a callback, or a status the worker fetched). */
export interface CrmStatusReport {
  crmId: number;
  crmType: CrmType;
  /** The lead's id in the CRM, and/or ours (the external id we sent with it). */
  crmLeadId: string | null;
  leadId: number | null;
  /** The CRM's own status, and (bitrix24) its semantic for custom stages. */
  status: string;
  semantic?: string | null;
  /**
   * How the status came: the CRM called us back, we asked the CRM (status check), or the
   * platform's own Sandbox CRM decided it. Recorded with the status change for the timeline.
   */
  via: 'callback' | 'status-check' | 'sandbox';
  /** Unique per event of this CRM: a replay has the same key and changes nothing. */
  dedupKey: string;
  /** What the CRM sent, secrets masked, kept on the callback row. */
  payload: Record<string, unknown>;
  activities: CrmActivityInput[];
}

export type CrmStatusOutcome =
  | { outcome: 'applied'; leadId: number; from: number; to: number }
  | { outcome: 'ignored'; leadId: number | null; reason: string }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'duplicate'; refused: boolean };

/** The CRM's lead, by its id in the CRM or by ours, and only among this CRM's leads. */
async function findLead(tx: DbOrTx, report: CrmStatusReport): Promise<LeadRow | null> {
  if (report.crmLeadId) {
    const [byCrmId] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.BoundCRM, report.crmId), eq(leads.CRMLeadID, report.crmLeadId)))
      .limit(1);
    if (byCrmId) return byCrmId;
  }
  if (report.leadId) {
    const [ours] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.ID, report.leadId), eq(leads.BoundCRM, report.crmId)))
      .limit(1);
    // Our id with another CRM id than the one we recorded is not this lead.
    if (ours && (!ours.CRMLeadID || !report.crmLeadId || ours.CRMLeadID === report.crmLeadId)) return ours;
  }
  return null;
}

const FINAL: readonly number[] = [LEAD_STATUS.CONFIRMED, LEAD_STATUS.REJECTED, LEAD_STATUS.BAD_LEAD];
/** Statuses of a lead the CRM has not acknowledged (to our knowledge). */
const NOT_DELIVERED: readonly number[] = [
  LEAD_STATUS.PROCESSING_CRM,
  LEAD_STATUS.RETRYING,
  LEAD_STATUS.PROCESSING,
  LEAD_STATUS.UNKNOWN_CRM_ERROR,
];

/**
 * Records what a CRM said about a lead and applies it, inside the caller's transaction: the
 * callback row first (its dedup key is unique per CRM, so a replay is a no-op), then the status
 * through `changeLeadStatus` (source 'crm': money, timeline, postbacks), the CRM's lead id when
 * we did not have it yet (the callback proves the delivery), and the agents' activities.
 *
 * Only this CRM's leads can be named, so a CRM can never touch another advertiser's lead. "In
 * progress" never follows a final status (a late, out-of-order callback); a final status may
 * follow another (a confirmed order returned).
 */
export async function recordCrmStatus(tx: DbOrTx, report: CrmStatusReport): Promise<CrmStatusOutcome> {
  const lead = await findLead(tx, report);
  const mapped = mapCrmStatus(report.crmType, report.status, report.semantic);
  const [row] = await tx
    .insert(crmCallbacks)
    .values({
      CRMID: report.crmId,
      LeadID: lead?.ID ?? null,
      DedupKey: report.dedupKey.slice(0, 300),
      Payload: report.payload,
      MappedStatus: mapped ?? null,
      Outcome: lead ? 'ignored' : 'refused',
    })
    .onConflictDoNothing()
    .returning({ ID: crmCallbacks.ID });
  if (!row) {
    const [seen] = await tx
      .select({ Outcome: crmCallbacks.Outcome })
      .from(crmCallbacks)
      .where(
        and(eq(crmCallbacks.CRMID, report.crmId), eq(crmCallbacks.DedupKey, report.dedupKey.slice(0, 300))),
      )
      .limit(1);
    return { outcome: 'duplicate', refused: seen?.Outcome === 'refused' };
  }
  if (!lead) return { outcome: 'refused', reason: 'No lead of this CRM has that id' };

  const ignore = async (reason: string): Promise<CrmStatusOutcome> => ({
    outcome: 'ignored',
    leadId: lead.ID,
    reason,
  });
  await addActivities(tx, lead.ID, report.activities);
  // Whatever the status says, the CRM has the lead: keep its id if we missed it (a delivery whose answer was lost).
  const crmLeadId = lead.CRMLeadID ?? report.crmLeadId;
  if (lead.BlockedReason) return ignore('The lead was blocked at intake');
  if (mapped === undefined) return ignore(`Unknown CRM status ${report.status}`);
  if (mapped === null) {
    // The CRM has the lead but has not started on it: Waiting, which a lead we were still
    // (re)delivering, or had given up on, had not reached.
    const undelivered = NOT_DELIVERED.includes(lead.Status);
    if (undelivered || crmLeadId !== lead.CRMLeadID) {
      await changeLeadStatus(tx, {
        leadId: lead.ID,
        status: undelivered ? LEAD_STATUS.WAITING : (lead.Status as LeadStatusCode),
        source: 'crm',
        crmLeadId,
        detail: { crmStatus: report.status, callbackId: row.ID, via: report.via },
      });
    }
    return ignore(`CRM status ${report.status}: the CRM has not started on the lead`);
  }
  if (mapped === LEAD_STATUS.IN_PROGRESS && FINAL.includes(lead.Status)) {
    return ignore(`A late "in progress" after the final status ${lead.Status}`);
  }
  const change = await changeLeadStatus(tx, {
    leadId: lead.ID,
    status: mapped,
    source: 'crm',
    crmLeadId,
    detail: { crmStatus: report.status, callbackId: row.ID, via: report.via },
  });
  await tx.update(crmCallbacks).set({ Outcome: 'applied' }).where(eq(crmCallbacks.ID, row.ID));
  return { outcome: 'applied', leadId: lead.ID, from: change.from, to: change.to };
}

/** Adds the activities not recorded yet (CRMs resend their whole call list with each update). */
async function addActivities(tx: DbOrTx, leadId: number, activities: CrmActivityInput[]): Promise<void> {
  if (activities.length === 0) return;
  const known = await tx
    .select({
      AgentID: leadCrmActivities.AgentID,
      Type: leadCrmActivities.Type,
      occurredAt: leadCrmActivities.occurredAt,
    })
    .from(leadCrmActivities)
    .where(eq(leadCrmActivities.BoundLead, leadId));
  const seen = new Set(known.map((a) => `${a.Type}|${a.AgentID ?? ''}|${a.occurredAt.getTime()}`));
  const fresh = activities.filter((a) => {
    const key = `${a.Type}|${a.AgentID ?? ''}|${a.occurredAt.getTime()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (fresh.length > 0)
    await tx.insert(leadCrmActivities).values(fresh.map((a) => ({ ...a, BoundLead: leadId })));
}
