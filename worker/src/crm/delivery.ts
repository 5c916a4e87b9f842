import {
  type CrmDataRecord,
  changeLeadStatuses,
  openCrmData,
  type StatusChange,
  secretBoxFromEnv,
} from '@leadmesh/core';
import { crmAdapter, type DeliveryAnswer } from '@leadmesh/crm/server';
import { type DbOrTx, preparedOnce } from '@leadmesh/db';
import { crmFetchStatus, leadDeliver } from '@leadmesh/jobs';
import { retryAfterMs } from '@leadmesh/net';
import { LEAD_STATUS, type LeadStatusCode } from '@leadmesh/schema';
import {
  type CrmRow,
  crms,
  type LeadRow,
  leadCrmAttempts,
  leadEvents,
  leads,
  type OfferRow,
  offers,
} from '@leadmesh/schema/tables';
import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { WorkerContext } from '../context.ts';
import type { Report } from '../lanes.ts';
import { MicroBatcher } from './batcher.ts';
import { type CallRecord, callCrm } from './call.ts';
import { acceptInProcess, scheduleDecision } from './in-process.ts';
import { deliveryLead } from './lead.ts';
import { type CrmSettings, crmSettings, retryDelay } from './settings.ts';

/** Where a lead's delivery stands, from its latest status event (decision 0012). */
export interface DeliveryState {
  /** Attempts made in this delivery cycle (the one claimed when the lead is in 6). */
  attempts: number;
  /** When the next attempt is due (leads in -2). */
  retryAt: number;
  /** The last attempt's outcome is unknown: the CRM may have the lead. */
  ambiguous: boolean;
}

/** The events that set where a delivery stands: status changes, and an admin's resend (a fresh cycle). */
const DELIVERY_EVENT_KINDS: ('status' | 'resend')[] = ['status', 'resend'];

/** Reads the delivery state of a lead from its latest status or resend event. */
export async function deliveryState(
  db: DbOrTx,
  lead: Pick<LeadRow, 'ID' | 'Status'>,
): Promise<DeliveryState> {
  const [last] = await db
    .select({ ToStatus: leadEvents.ToStatus, Detail: leadEvents.Detail })
    .from(leadEvents)
    .where(and(eq(leadEvents.LeadID, lead.ID), inArray(leadEvents.Kind, DELIVERY_EVENT_KINDS)))
    .orderBy(desc(leadEvents.ID))
    .limit(1);
  if (!last || last.ToStatus !== lead.Status || lead.Status === LEAD_STATUS.PROCESSING_CRM) {
    return { attempts: 0, retryAt: 0, ambiguous: false };
  }
  const { to: _to, ...state } = stateOf(last.ToStatus, last.Detail);
  return state;
}

type Target = { lead: LeadRow; offer: OfferRow | null; crm: CrmRow | null };

type Claim =
  | { go: false; reason: string }
  | {
      go: true;
      attempt: number;
      ambiguous: boolean;
      recovered: boolean;
      claimedAt: number;
      lead: LeadRow;
      offer: OfferRow;
      crm: CrmRow;
    };

interface ClaimRequest {
  leadId: number;
  jobAttempt: number;
  /** The CRM whose lane sends it (decision 0036): a lead now bound elsewhere, or to a disabled CRM, is not claimed. */
  crmId?: number;
}

const UNDELIVERED: readonly number[] = [
  LEAD_STATUS.PROCESSING_CRM,
  LEAD_STATUS.RETRYING,
  LEAD_STATUS.PROCESSING,
];

/** The latest status event of each lead, for leads whose delivery state matters (-2, 6). */
async function latestEvents(
  tx: DbOrTx,
  ids: number[],
): Promise<Map<number, DeliveryState & { to: number | null }>> {
  const states = new Map<number, DeliveryState & { to: number | null }>();
  if (ids.length === 0) return states;
  const rows = await tx
    .select({ LeadID: leadEvents.LeadID, ToStatus: leadEvents.ToStatus, Detail: leadEvents.Detail })
    .from(leadEvents)
    .where(
      inArray(
        leadEvents.ID,
        tx
          .select({ id: max(leadEvents.ID) })
          .from(leadEvents)
          .where(and(inArray(leadEvents.LeadID, ids), inArray(leadEvents.Kind, DELIVERY_EVENT_KINDS)))
          .groupBy(leadEvents.LeadID),
      ),
    );
  for (const row of rows) states.set(row.LeadID, stateOf(row.ToStatus, row.Detail));
  return states;
}

function stateOf(
  toStatus: number | null,
  detail: Record<string, unknown> | null,
): DeliveryState & { to: number | null } {
  const d = detail ?? {};
  const attempts = Number(d.attempt);
  return {
    to: toStatus,
    attempts: Number.isInteger(attempts) ? attempts : 0,
    retryAt: Number(d.retryAt) || 0,
    ambiguous: d.ambiguous === true,
  };
}

/** What one claim request comes to, decided before anything is written. */
type ClaimDecision =
  /** Not claimed, nothing written. */
  | { kind: 'refuse'; reason: string }
  /** Not claimed, but the lead's status moves (and, with no CRM, an attempt is recorded). */
  | { kind: 'settle'; reason: string; change: StatusChange; attemptRow?: typeof leadCrmAttempts.$inferInsert }
  /** A claim whose worker died mid-call: claimed again as it is, the outcome unknown. */
  | { kind: 'recover'; attempt: number }
  /** Claimed: the lead moves to 6 with this attempt. */
  | { kind: 'claim'; attempt: number; ambiguous: boolean; change: StatusChange };

const refuse = (reason: string): ClaimDecision => ({ kind: 'refuse', reason });

const NO_CRM_ERROR = 'The offer has no CRM to deliver to';

const FRESH_STATE: DeliveryState = { attempts: 0, retryAt: 0, ambiguous: false };

/** The leads asked for with their offers, the CRM each goes to, and their delivery states. */
async function loadTargets(
  tx: DbOrTx,
  ids: number[],
): Promise<{ targets: Map<number, Target>; states: Map<number, DeliveryState & { to: number | null }> }> {
  const rows = await tx
    .select({ lead: leads, offer: offers })
    .from(leads)
    .leftJoin(offers, eq(offers.ID, leads.BoundOffer))
    .where(inArray(leads.ID, ids));
  const crmIds = [
    ...new Set(
      rows.flatMap((r) => [r.lead.BoundCRM, r.offer?.SelectedCRM]).filter((id): id is number => id != null),
    ),
  ];
  const crmRows = crmIds.length > 0 ? await tx.select().from(crms).where(inArray(crms.ID, crmIds)) : [];
  const crmById = new Map(crmRows.map((c) => [c.ID, c]));
  const crmOf = (id: number | null | undefined) => (id != null ? crmById.get(id) : undefined);
  const targets = new Map<number, Target>(
    rows.map((r) => [
      r.lead.ID,
      // The CRM the lead is bound to, else its offer's.
      { ...r, crm: crmOf(r.lead.BoundCRM) ?? crmOf(r.offer?.SelectedCRM) ?? null },
    ]),
  );
  const states = await latestEvents(
    tx,
    rows.filter((r) => r.lead.Status !== LEAD_STATUS.PROCESSING_CRM).map((r) => r.lead.ID),
  );
  return { targets, states };
}

type NextAttempt =
  | { kind: 'refuse'; reason: string }
  | { kind: 'recover'; attempt: number }
  | { kind: 'claim'; attempt: number; ambiguous: boolean };

/** The attempt a job may make on a lead in -1, -2 or 6, or why it may not. */
function nextAttempt(
  request: ClaimRequest,
  lead: LeadRow,
  state: DeliveryState,
  settings: CrmSettings,
  now: number,
): NextAttempt {
  if (lead.Status === LEAD_STATUS.RETRYING) {
    const attempt = state.attempts + 1;
    if (request.jobAttempt !== attempt)
      return { kind: 'refuse', reason: `job for attempt ${request.jobAttempt}, next is ${attempt}` };
    return { kind: 'claim', attempt, ambiguous: state.ambiguous };
  }
  if (lead.Status === LEAD_STATUS.PROCESSING) {
    const attempt = Math.max(1, state.attempts);
    if (request.jobAttempt !== attempt)
      return { kind: 'refuse', reason: `job for attempt ${request.jobAttempt}, claimed is ${attempt}` };
    if (now - lead.updatedAt.getTime() < settings.timeoutMs + 5_000)
      return { kind: 'refuse', reason: 'another worker is delivering it' };
    // Its worker died (or froze) mid-call: the CRM may have the lead.
    return { kind: 'recover', attempt };
  }
  return { kind: 'claim', attempt: 1, ambiguous: false };
}

/** Decides one claim request from the lead as read in this transaction; writes nothing. */
function decideClaim(
  request: ClaimRequest,
  target: Target | undefined,
  found: (DeliveryState & { to: number | null }) | undefined,
  settings: CrmSettings,
  now: number,
): ClaimDecision {
  const lead = target?.lead;
  if (!target || !lead) return refuse('no such lead');
  if (lead.BlockedReason) return refuse('the lead is blocked');
  if (!UNDELIVERED.includes(lead.Status)) return refuse(`the lead is in status ${lead.Status}`);
  if (request.crmId !== undefined && (target.crm?.ID !== request.crmId || target.crm.disabledAt)) {
    // Taken from that CRM's lane, it waits for its own lane, or for the CRM's re-enabling (0037).
    return refuse('not a lead of this CRM lane now (another CRM, or disabled)');
  }
  if (lead.CRMLeadID) {
    return {
      kind: 'settle',
      reason: 'the CRM already has the lead',
      change: {
        leadId: lead.ID,
        status: LEAD_STATUS.WAITING,
        source: 'delivery',
        detail: { reason: 'The CRM already has the lead', crmLeadId: lead.CRMLeadID },
      },
    };
  }
  const next = nextAttempt(
    request,
    lead,
    found && found.to === lead.Status ? found : FRESH_STATE,
    settings,
    now,
  );
  if (next.kind !== 'claim') return next;
  const { attempt } = next;
  if (!target.crm || !target.offer) {
    return {
      kind: 'settle',
      reason: 'no CRM',
      attemptRow: {
        LeadID: lead.ID,
        CRMID: null,
        Kind: 'deliver',
        Attempt: attempt,
        Error: NO_CRM_ERROR,
        Outcome: 'failed',
      },
      change: {
        leadId: lead.ID,
        status: LEAD_STATUS.UNKNOWN_CRM_ERROR,
        source: 'delivery',
        detail: { attempt, error: NO_CRM_ERROR },
      },
    };
  }
  return {
    ...next,
    change: {
      leadId: lead.ID,
      status: LEAD_STATUS.PROCESSING,
      source: 'delivery',
      detail: { attempt, crmId: target.crm.ID },
    },
  };
}

type Planned = { index: number; attempt: number; ambiguous: boolean; target: Target };

/** Binds each lead to the CRM it goes to (callbacks find it by that), per CRM one statement. */
async function bindToCrms(tx: DbOrTx, claimed: Planned[], now: Date): Promise<void> {
  const toBind = new Map<number, { type: CrmRow['name']; ids: number[] }>();
  for (const { target } of claimed) {
    const crm = target.crm;
    if (!crm || (target.lead.BoundCRM === crm.ID && target.lead.CRMType === crm.name)) continue;
    const entry = toBind.get(crm.ID) ?? { type: crm.name, ids: [] };
    entry.ids.push(target.lead.ID);
    toBind.set(crm.ID, entry);
  }
  for (const [crmId, { type, ids: bound }] of toBind) {
    await tx
      .update(leads)
      .set({ BoundCRM: crmId, CRMType: type, updatedAt: now })
      .where(inArray(leads.ID, bound));
  }
}

/** Claims again the leads whose worker stopped mid-call: a fresh claim time and an event saying so. */
async function reclaimRecovered(tx: DbOrTx, recovered: Planned[], now: Date, claims: Claim[]): Promise<void> {
  if (recovered.length === 0) return;
  await tx
    .update(leads)
    .set({ updatedAt: now })
    .where(
      inArray(
        leads.ID,
        recovered.map((r) => r.target.lead.ID),
      ),
    );
  await tx.insert(leadEvents).values(
    recovered.map((r) => ({
      LeadID: r.target.lead.ID,
      Kind: 'status' as const,
      FromStatus: r.target.lead.Status,
      ToStatus: r.target.lead.Status,
      Source: 'system' as const,
      Detail: { attempt: r.attempt, recovered: true, reason: 'The worker delivering it stopped mid-call' },
      createdAt: now,
    })),
  );
  for (const { index, attempt, target } of recovered) {
    const { lead, offer, crm } = target;
    claims[index] =
      crm && offer
        ? { go: true, attempt, ambiguous: true, recovered: true, claimedAt: now.getTime(), lead, offer, crm }
        : { go: false, reason: 'no CRM' };
  }
}

/**
 * Checks and claims a batch of leads in one transaction, before any call: only a lead in -1, or
 * -2 with this job's attempt, or 6 whose claim outlived a whole call (its worker died), moves to
 * 6 with the attempt number. A lead the CRM acknowledged (a CRM id, a status of 0 or more) is
 * never sent again, whatever job or retry asks.
 */
async function claimBatch(tx: DbOrTx, settings: CrmSettings, requests: ClaimRequest[]): Promise<Claim[]> {
  const { targets, states } = await loadTargets(
    tx,
    requests.map((r) => r.leadId),
  );
  const now = new Date();
  const claims: Claim[] = new Array(requests.length);
  const changes: StatusChange[] = [];
  /** Per change, the claim it makes, or -1 for a change that claims nothing. */
  const changeFor: number[] = [];
  const attemptsNoCrm: (typeof leadCrmAttempts.$inferInsert)[] = [];
  const planned: Planned[] = [];
  const recovered: Planned[] = [];
  for (const [index, request] of requests.entries()) {
    const target = targets.get(request.leadId);
    const decision = decideClaim(request, target, states.get(request.leadId), settings, now.getTime());
    if (decision.kind === 'refuse' || decision.kind === 'settle')
      claims[index] = { go: false, reason: decision.reason };
    if (decision.kind === 'settle') {
      if (decision.attemptRow) attemptsNoCrm.push(decision.attemptRow);
      changes.push(decision.change);
      changeFor.push(-1);
    }
    if (!target) continue;
    if (decision.kind === 'recover')
      recovered.push({ index, attempt: decision.attempt, ambiguous: true, target });
    if (decision.kind === 'claim') {
      planned.push({ index, attempt: decision.attempt, ambiguous: decision.ambiguous, target });
      changes.push(decision.change);
      changeFor.push(index);
    }
  }
  await bindToCrms(tx, [...planned, ...recovered], now);
  if (attemptsNoCrm.length > 0) await tx.insert(leadCrmAttempts).values(attemptsNoCrm);
  await reclaimRecovered(tx, recovered, now, claims);
  const results = await changeLeadStatuses(tx, changes);
  for (const [i, result] of results.entries()) {
    const plan = planned.find((p) => p.index === changeFor[i]);
    if (!plan?.target.crm || !plan.target.offer) continue;
    claims[plan.index] =
      'error' in result
        ? { go: false, reason: result.error.message }
        : {
            go: true,
            attempt: plan.attempt,
            ambiguous: plan.ambiguous,
            recovered: false,
            claimedAt: result.lead.updatedAt.getTime(),
            lead: result.lead,
            offer: plan.target.offer,
            crm: plan.target.crm,
          };
  }
  return claims;
}

/** Opened CRM data per CRM row version: leads of one CRM come in thousands. */
const openedData = new Map<number, { updatedAt: number; data: CrmDataRecord }>();

function crmData(ctx: WorkerContext, crm: CrmRow): CrmDataRecord {
  const hit = openedData.get(crm.ID);
  if (hit && hit.updatedAt === crm.updatedAt.getTime()) return hit.data;
  const data = openCrmData(secretBoxFromEnv(ctx.env), crm.name, crm.data);
  if (openedData.size > 1000) openedData.clear();
  openedData.set(crm.ID, { updatedAt: crm.updatedAt.getTime(), data });
  return data;
}

interface Attempted {
  answer: DeliveryAnswer;
  /** The CRM's Retry-After, when it sent one. */
  retryAfter?: number;
  calls: { kind: 'deliver' | 'status_sync'; record: CallRecord; ok: boolean }[];
  /** The lead was found in the CRM rather than sent. */
  found: boolean;
}

/** The calls of one attempt: a lookup first when the last outcome is unknown, then the delivery. */
async function attemptDelivery(
  ctx: WorkerContext,
  settings: CrmSettings,
  crm: CrmRow,
  offer: OfferRow,
  lead: LeadRow,
  ambiguous: boolean,
): Promise<Attempted> {
  const calls: Attempted['calls'] = [];
  let data: CrmDataRecord;
  try {
    data = crmData(ctx, crm);
  } catch (error) {
    return {
      answer: { kind: 'retry', error: (error as Error).message, ambiguous: false },
      calls,
      found: false,
    };
  }
  const adapter = crmAdapter(crm.name);
  if (adapter.kind === 'in-process') {
    const { answer, record } = acceptInProcess(adapter, deliveryLead(lead, offer), data);
    return { answer, calls: [{ kind: 'deliver', record, ok: true }], found: false };
  }
  const options = {
    timeoutMs: settings.timeoutMs,
    allowLoopback: settings.allowLoopback,
    secrets: [...adapter.secrets(data), crm.callbackToken],
  };
  const view = deliveryLead(lead, offer);
  try {
    if (ambiguous && adapter.find) {
      const looked = await callCrm(adapter.find.request(view, data), options);
      calls.push({ kind: 'status_sync', record: looked.record, ok: looked.ok });
      if (!looked.ok) {
        const answer: DeliveryAnswer = looked.refused
          ? { kind: 'permanent', error: looked.error }
          : { kind: 'retry', error: `Lookup: ${looked.error}`, ambiguous: true };
        return { answer, calls, found: false };
      }
      const read = adapter.find.read(looked.response);
      if ('error' in read) {
        return {
          answer: { kind: 'retry', error: `Lookup: ${read.error}`, ambiguous: true },
          retryAfter: retryAfterMs(looked.response.headers),
          calls,
          found: false,
        };
      }
      if (read.found) return { answer: { kind: 'delivered', crmLeadId: read.found }, calls, found: true };
    }
    const request = adapter.deliver(view, data);
    const sent = await callCrm(request, options);
    calls.push({ kind: 'deliver', record: sent.record, ok: sent.ok });
    if (!sent.ok) {
      const answer: DeliveryAnswer = sent.refused
        ? { kind: 'permanent', error: sent.error }
        : { kind: 'retry', error: sent.error, ambiguous: sent.unknown };
      return { answer, calls, found: false };
    }
    return {
      answer: adapter.readDelivery(sent.response),
      retryAfter: retryAfterMs(sent.response.headers),
      calls,
      found: false,
    };
  } catch (error) {
    // Building the request failed (a URL that does not parse): no call was made.
    if (error instanceof TypeError)
      return { answer: { kind: 'permanent', error: error.message }, calls, found: false };
    throw error;
  }
}

interface RecordRequest {
  leadId: number;
  crmId: number;
  attempt: number;
  claimedAt: number;
  result: Attempted;
  final: boolean;
  delay: number;
}

type RecordOutcome = 'delivered' | 'retry' | 'given up' | 'moved on' | 'gone';

/** The outcome of one call, as `lead_crm_attempts` keeps it. */
function callOutcome(r: RecordRequest, call: Attempted['calls'][number]): 'ok' | 'retry' | 'failed' {
  if (call.kind === 'status_sync') return call.ok ? 'ok' : 'retry';
  if (r.result.answer.kind === 'delivered') return 'ok';
  return r.final ? 'failed' : 'retry';
}

/** The `lead_crm_attempts` rows of an attempt: one per call, or one saying why no call was made. */
function attemptRows(r: RecordRequest): (typeof leadCrmAttempts.$inferInsert)[] {
  const { answer } = r.result;
  if (r.result.calls.length === 0) {
    return [
      {
        LeadID: r.leadId,
        CRMID: r.crmId,
        Kind: 'deliver',
        Attempt: r.attempt,
        Error: answer.kind === 'delivered' ? null : answer.error,
        Outcome: r.final ? 'failed' : 'retry',
      },
    ];
  }
  return r.result.calls.map((call) => ({
    LeadID: r.leadId,
    CRMID: r.crmId,
    Kind: call.kind,
    Attempt: r.attempt,
    Request: call.record.request,
    ResponseStatus: call.record.responseStatus,
    ResponseBody: call.record.responseBody,
    Error:
      call.record.error ?? (call.kind === 'deliver' && answer.kind !== 'delivered' ? answer.error : null),
    DurationMs: call.record.durationMs,
    Outcome: callOutcome(r, call),
  }));
}

type LeadNow = Pick<LeadRow, 'ID' | 'Status' | 'CRMLeadID' | 'updatedAt'>;

/** A delivery is kept whatever happened meanwhile: the lead's status, or else only its CRM id. */
function deliveredChange(r: RecordRequest, now: LeadNow, crmLeadId: string): StatusChange | undefined {
  if ([...UNDELIVERED, LEAD_STATUS.UNKNOWN_CRM_ERROR].includes(now.Status)) {
    return {
      leadId: r.leadId,
      status: LEAD_STATUS.WAITING,
      source: 'delivery',
      crmLeadId,
      detail: { attempt: r.attempt, crmLeadId, ...(r.result.found ? { foundInCrm: true } : {}) },
    };
  }
  // A callback moved it on meanwhile: only its CRM id was missing.
  if (!now.CRMLeadID)
    return { leadId: r.leadId, status: now.Status as LeadStatusCode, source: 'delivery', crmLeadId };
  if (now.CRMLeadID !== crmLeadId) {
    console.warn(`lead ${r.leadId}: the CRM answered id ${crmLeadId}, we hold ${now.CRMLeadID}`);
  }
  return undefined;
}

/** Decides what one finished attempt does to its lead, as read in this transaction; writes nothing. */
function decideRecord(
  r: RecordRequest,
  now: LeadNow | undefined,
): { outcome: RecordOutcome; change?: StatusChange } {
  const { answer } = r.result;
  if (!now) return { outcome: 'gone' };
  if (answer.kind === 'delivered')
    return { outcome: 'delivered', change: deliveredChange(r, now, answer.crmLeadId) };
  if (now.Status !== LEAD_STATUS.PROCESSING || now.updatedAt.getTime() !== r.claimedAt)
    return { outcome: 'moved on' };
  if (r.final) {
    return {
      outcome: 'given up',
      change: {
        leadId: r.leadId,
        status: LEAD_STATUS.UNKNOWN_CRM_ERROR,
        source: 'delivery',
        detail: {
          attempt: r.attempt,
          error: answer.error,
          reason: answer.kind === 'permanent' ? 'The CRM refused the lead' : 'Every attempt failed',
        },
      },
    };
  }
  return {
    outcome: 'retry',
    change: {
      leadId: r.leadId,
      status: LEAD_STATUS.RETRYING,
      source: 'delivery',
      detail: {
        attempt: r.attempt,
        error: answer.error,
        retryAt: Date.now() + r.delay,
        ambiguous: answer.kind === 'retry' && answer.ambiguous,
      },
    },
  };
}

/**
 * Records a batch of attempts in one transaction: each call in `lead_crm_attempts`, then the lead's
 * status through `changeLeadStatuses`: 0 with the CRM id, -2 with the next attempt's time, or 5.
 * Only the claim's owner decides a failure: a lead moved on meanwhile (a callback, another
 * worker) keeps its status; a success still records the CRM id.
 */
async function recordBatch(tx: DbOrTx, requests: RecordRequest[]): Promise<RecordOutcome[]> {
  const rows = requests.flatMap(attemptRows);
  if (rows.length > 0) await tx.insert(leadCrmAttempts).values(rows);
  const current = await tx
    .select({ ID: leads.ID, Status: leads.Status, CRMLeadID: leads.CRMLeadID, updatedAt: leads.updatedAt })
    .from(leads)
    .where(
      inArray(
        leads.ID,
        requests.map((r) => r.leadId),
      ),
    );
  const byId = new Map(current.map((c) => [c.ID, c]));
  const decided = requests.map((r) => decideRecord(r, byId.get(r.leadId)));
  await changeLeadStatuses(
    tx,
    decided.flatMap((d) => (d.change ? [d.change] : [])),
  );
  return decided.map((d) => d.outcome);
}

type Step = { kind: 'claim'; request: ClaimRequest } | { kind: 'record'; request: RecordRequest };

/**
 * Each worker process batches its database steps: the records of finished calls and the claims
 * of new ones that arrived meanwhile share one transaction (records first). With several
 * processes on one SQLite file, fewer and larger write transactions keep them from waiting on
 * each other's lock. One batcher per database handle, with the settings of its first job.
 */
const batcherFor = preparedOnce(
  (db, settings: CrmSettings) =>
    new MicroBatcher<Step, Claim | RecordOutcome>(
      (steps) =>
        db.transaction(async (tx) => {
          const results: (Claim | RecordOutcome)[] = new Array(steps.length);
          const records = steps.flatMap((s, i) => (s.kind === 'record' ? [{ i, request: s.request }] : []));
          const claims = steps.flatMap((s, i) => (s.kind === 'claim' ? [{ i, request: s.request }] : []));
          if (records.length > 0) {
            const outcomes = await recordBatch(
              tx,
              records.map((r) => r.request),
            );
            for (const [k, r] of records.entries()) results[r.i] = outcomes[k];
          }
          if (claims.length > 0) {
            const claimed = await claimBatch(
              tx,
              settings,
              claims.map((c) => c.request),
            );
            for (const [k, c] of claims.entries()) results[c.i] = claimed[k];
          }
          return results;
        }),
      BATCH_MAX,
    ),
);

/**
 * What an attempt says about the CRM, for its lane's breaker (decision 0035): a delivery, or any
 * answer of the CRM, even a refusal of the data, means it is up; a failure worth retrying (no
 * answer, 5xx, 429) that it is not; an attempt that called nothing (its data could not be opened,
 * the address policy refused the URL) says nothing about it.
 */
function healthOf(result: Attempted): Parameters<Report>[0] {
  if (result.answer.kind === 'delivered') return 'ok';
  const last = result.calls.at(-1);
  if (!last) return 'neutral';
  if (result.answer.kind === 'retry') return 'fail';
  return last.record.responseStatus !== null ? 'ok' : 'neutral';
}

/** Database steps per transaction at most. */
const BATCH_MAX = 200;

/**
 * Delivers one lead (job `lead.deliver`): claim, call the CRM outside any transaction, record.
 * Success: 0 (Waiting) with the CRM's id. A failure worth retrying: -2 (Retrying) and the next
 * attempt enqueued after the backoff or the CRM's Retry-After. A refusal no retry changes (bad
 * token, invalid data, a URL that may not be contacted), or the last attempt: 5 (Unknown CRM error).
 */
export async function deliverLead(
  ctx: WorkerContext,
  leadId: number,
  jobAttempt: number,
  report?: Report,
  laneCrmId?: number,
): Promise<string> {
  const settings = crmSettings(ctx.env);
  const batch = batcherFor(ctx.db, settings);
  const claimed = (await batch.submit({
    kind: 'claim',
    request: { leadId, jobAttempt, ...(laneCrmId === undefined ? {} : { crmId: laneCrmId }) },
  })) as Claim;
  if (!claimed.go) return claimed.reason;
  const { attempt, claimedAt, crm, offer } = claimed;
  const result = await attemptDelivery(ctx, settings, crm, offer, claimed.lead, claimed.ambiguous);
  const { answer } = result;
  // Waits for the lane to ask for its next claim, so this record and that claim share a transaction.
  await report?.(healthOf(result), answer.kind === 'delivered' ? null : answer.error);
  const final = answer.kind === 'permanent' || (answer.kind === 'retry' && attempt >= settings.maxAttempts);
  const delay = answer.kind === 'retry' && !final ? retryDelay(settings, attempt, result.retryAfter) : 0;
  const outcome = (await batch.submit({
    kind: 'record',
    request: { leadId, crmId: crm.ID, attempt, claimedAt, result, final, delay },
  })) as RecordOutcome;

  if (outcome === 'retry') {
    try {
      await ctx.jobs.enqueue(leadDeliver, { leadId, attempt: attempt + 1 }, delay);
    } catch (error) {
      // The lead waits in -2 with its retryAt: the sweep enqueues it.
      console.warn(`lead ${leadId}: retry left for the sweep: ${(error as Error).message}`);
    }
  }
  const adapter = crmAdapter(crm.name);
  // An in-process CRM (the sandbox) decides the lead later, through the status path of a callback.
  if (outcome === 'delivered' && adapter.kind === 'in-process') await scheduleDecision(ctx, crm, leadId);
  if (
    outcome === 'delivered' &&
    (claimed.recovered || result.found) &&
    adapter.kind === 'http' &&
    adapter.fetch
  ) {
    // Status events the CRM sent while we did not know its id were dropped: read the status once.
    const crmLeadId = (answer as { crmLeadId: string }).crmLeadId;
    await ctx.jobs
      .enqueue(crmFetchStatus, { crmId: crm.ID, crmLeadId, event: `found-${leadId}-${attempt}` })
      .catch(() => undefined);
  }
  return outcome;
}
