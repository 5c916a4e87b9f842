import { type CrmStatusOutcome, openCrmData, recordCrmStatus } from '@leadmesh/core';
import type { CrmDataRecord, CrmType } from '@leadmesh/crm';
import {
  CRM_SERVER,
  crmAdapter,
  type DeliveryAnswer,
  type DeliveryLead,
  type InProcessCrmAdapter,
} from '@leadmesh/crm/server';
import { crmDecide } from '@leadmesh/jobs';
import { LEAD_STATUS } from '@leadmesh/schema';
import { type CrmRow, crms, leads } from '@leadmesh/schema/tables';
import { and, asc, eq, inArray, isNotNull, like, lt } from 'drizzle-orm';
import type { WorkerContext } from '../context.ts';
import type { CallRecord } from './call.ts';

/** CRM types simulated in the worker (the Sandbox). */
const IN_PROCESS_TYPES = (Object.keys(CRM_SERVER) as CrmType[]).filter(
  (type) => CRM_SERVER[type].adapter.kind === 'in-process',
);

/**
 * An in-process CRM takes the lead: its answer, and the record `lead_crm_attempts` keeps of it
 * like a call's (so the lead's timeline shows who took it), with no request on the network.
 */
export function acceptInProcess(
  adapter: InProcessCrmAdapter,
  lead: DeliveryLead,
  data: CrmDataRecord,
): { answer: DeliveryAnswer; record: CallRecord } {
  const answer = adapter.accept(lead, data);
  return {
    answer,
    record: {
      request: { method: 'IN-PROCESS', url: `${adapter.type}:accept`, headers: {}, body: `lead ${lead.id}` },
      responseStatus: null,
      responseBody: JSON.stringify(answer),
      error: null,
      durationMs: 0,
    },
  };
}

const openData = (ctx: WorkerContext, crm: CrmRow): CrmDataRecord =>
  openCrmData(ctx.secretBox, crm.name, crm.data);

/**
 * Asks for the decision on a lead an in-process CRM took, due after the CRM's delay. A failure
 * to reach Redis leaves it to the decision sweep (the lead waits in 0 with the CRM's id).
 */
export async function scheduleDecision(ctx: WorkerContext, crm: CrmRow, leadId: number): Promise<void> {
  const adapter = crmAdapter(crm.name);
  if (adapter.kind !== 'in-process') return;
  const { delayMs } = adapter.decide({ id: leadId, crmId: crm.ID }, openData(ctx, crm));
  try {
    await ctx.jobs.enqueue(crmDecide, { crmId: crm.ID, leadId }, delayMs);
  } catch (error) {
    console.warn(`lead ${leadId}: decision left for the sweep: ${(error as Error).message}`);
  }
}

/**
 * The decision of an in-process CRM on one of its leads (job `crm.decide`), through the path a
 * real CRM's status callback takes (`recordCrmStatus`: money, rollups, timeline, postbacks). Only
 * a lead still waiting on the CRM (0 or 1) is decided; its dedup key makes a repeat a no-op.
 */
export async function decideLead(
  ctx: WorkerContext,
  crmId: number,
  leadId: number,
): Promise<CrmStatusOutcome | string> {
  const [crm] = await ctx.db.select().from(crms).where(eq(crms.ID, crmId)).limit(1);
  if (!crm) return 'no such CRM';
  const adapter = crmAdapter(crm.name);
  if (adapter.kind !== 'in-process') return `a ${crm.name} CRM decides its leads itself`;
  const [lead] = await ctx.db
    .select({ Status: leads.Status, CRMLeadID: leads.CRMLeadID })
    .from(leads)
    .where(and(eq(leads.ID, leadId), eq(leads.BoundCRM, crm.ID)))
    .limit(1);
  if (!lead?.CRMLeadID) return 'the CRM has not taken this lead';
  if (lead.Status !== LEAD_STATUS.WAITING && lead.Status !== LEAD_STATUS.IN_PROGRESS)
    return `the lead is in status ${lead.Status}`;
  const data = openData(ctx, crm);
  const decision = adapter.decide({ id: leadId, crmId: crm.ID }, data);
  const seconds = Math.round(decision.delayMs / 1000);
  return ctx.db.transaction((tx) =>
    recordCrmStatus(tx, {
      crmId: crm.ID,
      crmType: crm.name,
      crmLeadId: lead.CRMLeadID,
      leadId,
      status: decision.status,
      via: 'sandbox',
      dedupKey: `decide:${leadId}:${decision.status}`,
      payload: { simulated: true, crm: crm.friendlyName, status: decision.status, afterSeconds: seconds },
      activities: [
        {
          AgentID: crm.name,
          Type: 'comment',
          audioDuration: null,
          Comment: `Test CRM: ${decision.status}, decided ${seconds} s after it took the lead`,
          occurredAt: new Date(),
        },
      ],
    }),
  );
}

/** Leads per in-process CRM whose decision is asked for again per sweep, oldest first. */
const SWEEP_BATCH = 500;

/**
 * Leads an in-process CRM took whose decision is overdue by `graceMs` (Redis lost its job, or the
 * worker could not enqueue it): their decision is asked for again. A job still waiting under the
 * key makes it a no-op. Only leads the simulator took (its own ids) are looked at.
 */
export async function sweepDecisions(ctx: WorkerContext, graceMs: number): Promise<number> {
  const simulated = await ctx.db.select().from(crms).where(inArray(crms.name, IN_PROCESS_TYPES));
  let asked = 0;
  for (const crm of simulated) {
    const adapter = crmAdapter(crm.name);
    if (adapter.kind !== 'in-process') continue;
    const { delayMs } = adapter.decide({ id: 0, crmId: crm.ID }, openData(ctx, crm));
    const overdue = await ctx.db
      .select({ ID: leads.ID })
      .from(leads)
      .where(
        and(
          eq(leads.BoundCRM, crm.ID),
          inArray(leads.Status, [LEAD_STATUS.WAITING, LEAD_STATUS.IN_PROGRESS]),
          isNotNull(leads.CRMLeadID),
          like(leads.CRMLeadID, `${adapter.leadIdPrefix}%`),
          lt(leads.updatedAt, new Date(Date.now() - delayMs - graceMs)),
        ),
      )
      .orderBy(asc(leads.updatedAt))
      .limit(SWEEP_BATCH);
    for (const row of overdue) {
      if (await ctx.jobs.requeue(crmDecide, { crmId: crm.ID, leadId: row.ID })) asked++;
    }
  }
  return asked;
}
