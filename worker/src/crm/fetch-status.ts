import { type CrmStatusOutcome, openCrmData, recordCrmStatus, secretBoxFromEnv } from '@leadmesh/core';
import { crmAdapter } from '@leadmesh/crm/server';
import { crms, leadCrmAttempts, leads } from '@leadmesh/schema/tables';
import { and, eq } from 'drizzle-orm';
import type { WorkerContext } from '../context.ts';
import { type CallRecord, callCrm } from './call.ts';
import { crmSettings } from './settings.ts';

/**
 * Reads a lead's status from its CRM and applies it (job `crm.fetch-status`, for bitrix24 whose
 * update events carry only the lead's id): crm.lead.get and the lead's activities, then
 * `recordCrmStatus` like a callback. Each read is kept in `lead_crm_attempts` (status_sync).
 * A failed read throws, so BullMQ retries it with its backoff.
 */
export async function fetchCrmStatus(
  ctx: WorkerContext,
  crmId: number,
  crmLeadId: string,
): Promise<CrmStatusOutcome | 'unsupported' | 'no crm'> {
  const [crm] = await ctx.db.select().from(crms).where(eq(crms.ID, crmId)).limit(1);
  if (!crm) return 'no crm';
  const adapter = crmAdapter(crm.name);
  if (adapter.kind !== 'http' || !adapter.fetch) return 'unsupported';
  const settings = crmSettings(ctx.env);
  const data = openCrmData(secretBoxFromEnv(ctx.env), crm.name, crm.data);
  const options = {
    timeoutMs: settings.timeoutMs,
    allowLoopback: settings.allowLoopback,
    secrets: [...adapter.secrets(data), crm.callbackToken],
  };
  const requests = adapter.fetch.requests(crmLeadId, data);
  const records: CallRecord[] = [];
  const lead = await callCrm(requests.lead, options);
  records.push(lead.record);
  const activities = lead.ok && requests.activities ? await callCrm(requests.activities, options) : null;
  if (activities) records.push(activities.record);
  const state = lead.ok
    ? adapter.fetch.read(lead.response, activities?.ok ? activities.response : undefined)
    : { error: lead.error };

  const [ours] = await ctx.db
    .select({ ID: leads.ID })
    .from(leads)
    .where(and(eq(leads.BoundCRM, crm.ID), eq(leads.CRMLeadID, crmLeadId)))
    .limit(1);
  const leadId = ours?.ID ?? ('leadId' in state ? state.leadId : null);
  const outcome = await ctx.db.transaction(async (tx) => {
    if (leadId) {
      for (const record of records) {
        await tx.insert(leadCrmAttempts).values({
          LeadID: leadId,
          CRMID: crm.ID,
          Kind: 'status_sync',
          Attempt: 1,
          Request: record.request,
          ResponseStatus: record.responseStatus,
          ResponseBody: record.responseBody,
          Error: record.error ?? ('error' in state ? state.error : null),
          DurationMs: record.durationMs,
          Outcome: 'error' in state ? 'retry' : 'ok',
        });
      }
    }
    if ('error' in state) return null;
    return recordCrmStatus(tx, {
      crmId: crm.ID,
      crmType: crm.name,
      crmLeadId: state.crmLeadId,
      leadId: state.leadId,
      status: state.status,
      semantic: state.semantic,
      via: 'status-check',
      dedupKey: `fetch:${state.crmLeadId}:${state.status}:${state.version}:${state.activities.length}`,
      payload: { fetched: true, status: state.status, semantic: state.semantic, version: state.version },
      activities: state.activities,
    });
  });
  // Thrown after the commit, so the failed read stays recorded; BullMQ retries the job.
  if (!outcome)
    throw new Error(`crm ${crm.ID} lead ${crmLeadId}: ${'error' in state ? state.error : 'no status'}`);
  return outcome;
}
