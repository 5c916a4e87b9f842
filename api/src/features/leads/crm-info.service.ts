import { ApiError, notFound } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import {
  CRM_INFO_TYPES,
  type CrmType,
  LEAD_STATUS_NAMES,
  type LeadCrmInfo,
  MESSAGES,
} from '@leadmesh/schema';
import { crms, leadCrmActivities, leadEvents, leads } from '@leadmesh/schema/tables';
import { and, desc, eq } from 'drizzle-orm';

/** The owner of a lead, for the binding's ownership rule: its publisher or its advertiser. */
export async function leadOwner(db: Db, input: { ID: number }) {
  const [row] = await db
    .select({ userId: leads.BoundUser, advertiserId: leads.BoundAdvertiser })
    .from(leads)
    .where(eq(leads.ID, input.ID))
    .limit(1);
  return row ?? null;
}

/** Activities answered at most (the newest ones). */
const MAX_ACTIVITIES = 200;

/**
 * A lead's CRM id, its status in the CRM and the agents' activities (dashboards §2, Lead CRM info).
 * Only CRMs whose agents' work reaches us can answer (CRM_INFO_TYPES: bitrix24, Scale CRM); the
 * others, and leads without a CRM, get GENERIC_ERROR 'Current CRM is not supported!'.
 */
export async function leadCrmInfo(db: Db, leadId: number): Promise<LeadCrmInfo> {
  const [row] = await db
    .select({ lead: leads, crmType: crms.name })
    .from(leads)
    .leftJoin(crms, eq(crms.ID, leads.BoundCRM))
    .where(eq(leads.ID, leadId))
    .limit(1);
  if (!row) throw notFound('Lead not found');
  const type = (row.lead.CRMType ?? row.crmType) as CrmType | null;
  if (!type || !CRM_INFO_TYPES.includes(type)) {
    throw new ApiError('GENERIC_ERROR', { message: MESSAGES.crmNotSupported });
  }
  // The CRM's own status text, from the latest change it made; else the lead's status name.
  const [fromCrm] = await db
    .select({ Detail: leadEvents.Detail })
    .from(leadEvents)
    .where(and(eq(leadEvents.LeadID, leadId), eq(leadEvents.Source, 'crm')))
    .orderBy(desc(leadEvents.ID))
    .limit(1);
  const crmStatus = fromCrm?.Detail?.crmStatus;
  const activities = await db
    .select()
    .from(leadCrmActivities)
    .where(eq(leadCrmActivities.BoundLead, leadId))
    .orderBy(desc(leadCrmActivities.occurredAt), desc(leadCrmActivities.ID))
    .limit(MAX_ACTIVITIES);
  return {
    CRMID: row.lead.CRMLeadID,
    Status:
      typeof crmStatus === 'string'
        ? crmStatus
        : (LEAD_STATUS_NAMES[row.lead.Status as keyof typeof LEAD_STATUS_NAMES] ?? null),
    Comments: activities
      .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.ID - b.ID)
      .map((a) => ({
        AgentID: a.AgentID,
        Type: a.Type,
        audioDuration: a.audioDuration,
        Comment: a.Comment,
        createdAt: a.occurredAt.toISOString(),
      })),
  };
}
