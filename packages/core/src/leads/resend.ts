import type { DbOrTx } from '@leadmesh/db';
import { LEAD_STATUS, RESENDABLE_STATUSES as STATUSES } from '@leadmesh/schema';
import { type LeadRow, leadEvents, leads } from '@leadmesh/schema/tables';
import { and, asc, gt, inArray, isNull } from 'drizzle-orm';
import { changeLeadStatuses } from './status.ts';

/**
 * Leads a resend takes back: delivery failed (5, Unknown CRM error) or is waiting for its next
 * try (-2). A lead the CRM has (a CRM id), one being handed over (6) or never handed over yet (-1,
 * the worker's own) is not resent: a second copy in the advertiser's CRM is worse than a wait.
 */
export const RESENDABLE_STATUSES: readonly number[] = STATUSES;

export const NOT_RESENDABLE =
  'Only a lead whose delivery to the CRM failed or is waiting for a retry, and that the CRM does not have, can be resent';

export const isResendable = (lead: Pick<LeadRow, 'Status' | 'CRMLeadID' | 'BlockedReason'>) =>
  !lead.BlockedReason && !lead.CRMLeadID && RESENDABLE_STATUSES.includes(lead.Status);

/**
 * Starts a fresh delivery cycle for resendable leads, in the caller's transaction: a failed lead
 * moves to -2 (Retrying, as the screen then shows it) through `changeLeadStatuses`, and every lead
 * gets a `resend` event whose `attempt: 0` tells the delivery worker to count its attempts from 1
 * again (decision 0012). The caller enqueues `lead.deliver` attempt 1 after the commit; if that
 * is lost, the worker's sweep finds the -2 lead due now. Answers the leads it took, by id.
 */
export async function restartDeliveries(
  tx: DbOrTx,
  candidates: readonly LeadRow[],
  actorId: number,
): Promise<LeadRow[]> {
  const taken = candidates.filter(isResendable);
  if (taken.length === 0) return [];
  const at = new Date();
  const failed = taken.filter((lead) => lead.Status === LEAD_STATUS.UNKNOWN_CRM_ERROR);
  const results = await changeLeadStatuses(
    tx,
    failed.map((lead) => ({
      leadId: lead.ID,
      status: LEAD_STATUS.RETRYING,
      source: 'admin' as const,
      actorId,
      detail: { resend: true },
    })),
  );
  const moved = new Map<number, LeadRow>();
  for (const result of results) if (!('error' in result)) moved.set(result.lead.ID, result.lead);
  await tx.insert(leadEvents).values(
    taken.map((lead) => ({
      LeadID: lead.ID,
      Kind: 'resend' as const,
      FromStatus: lead.Status,
      ToStatus: LEAD_STATUS.RETRYING,
      Source: 'admin' as const,
      ActorID: actorId,
      Detail: { attempt: 0, retryAt: at.getTime() },
      createdAt: at,
    })),
  );
  return taken.map((lead) => moved.get(lead.ID) ?? lead);
}

/**
 * The next page of deliveries that failed (5) or wait for a retry (-2) after `afterId`, by id:
 * what "Resend leads" takes (issue 9).
 */
export function undeliveredLeads(tx: DbOrTx, afterId: number, limit: number): Promise<LeadRow[]> {
  return tx
    .select()
    .from(leads)
    .where(
      and(
        inArray(leads.Status, [...RESENDABLE_STATUSES]),
        isNull(leads.BlockedReason),
        isNull(leads.CRMLeadID),
        gt(leads.ID, afterId),
      ),
    )
    .orderBy(asc(leads.ID))
    .limit(limit);
}

export const leadsById = (tx: DbOrTx, ids: number[]) => tx.select().from(leads).where(inArray(leads.ID, ids));
