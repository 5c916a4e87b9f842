import {
  ApiError,
  type CrmDataRecord,
  maskIn,
  openCrmData,
  recordCrmStatus,
  type SecretBox,
  secretBoxFromEnv,
} from '@leadmesh/core';
import { crmAdapter, parseCallback, type RawCallback } from '@leadmesh/crm/server';
import type { Db } from '@leadmesh/db';
import { crmFetchStatus, enqueueAfterCommit } from '@leadmesh/jobs';
import type { ErrorCode } from '@leadmesh/schema';
import { type CrmRow, crmCallbacks, leads } from '@leadmesh/schema/tables';
import { and, eq } from 'drizzle-orm';
import { bind, type CallContext } from '../../lib/call.ts';
import type { ProofOf } from '../../lib/credentials.ts';
import { type CallbackOutcome, crmCallbackCalls } from './crm-callback.contracts.ts';

/** What the callback route answers: the status and the envelope's data (or error code and message). */
export interface CallbackAnswer {
  httpStatus: number;
  ok: boolean;
  /** Ok: what happened (`applied`, `ignored`, `duplicate`, `queued`); error: a code of the catalogue. */
  data: string;
  message?: string;
  leadStatus?: number;
}

const answer = (httpStatus: number, code: ErrorCode, message: string): CallbackAnswer => ({
  httpStatus,
  ok: false,
  data: code,
  message,
});
const done = (data: string, message?: string, leadStatus?: number): CallbackAnswer => ({
  httpStatus: 200,
  ok: true,
  data,
  message,
  leadStatus,
});

/** What the CRM sent, with its secrets (and our token) masked, for the callback row. */
function maskedPayload(raw: RawCallback, crm: CrmRow, data: CrmDataRecord): Record<string, unknown> {
  const secrets = [...crmAdapter(crm.name).secrets(data), crm.callbackToken];
  return JSON.parse(
    maskIn(JSON.stringify({ method: raw.method, query: raw.query, fields: raw.fields }), secrets),
  );
}

type Parsed = ReturnType<typeof parseCallback>;

/**
 * bitrix24 sends an update event for every lead of the portal, ours or not: only ours are fetched,
 * once per event, in one transaction with the callback row.
 */
function queueStatusFetch(
  db: Db,
  crm: CrmRow,
  parsed: Extract<Parsed, { kind: 'fetch' }>,
  payload: Record<string, unknown>,
): Promise<CallbackAnswer> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ ID: leads.ID })
      .from(leads)
      .where(and(eq(leads.BoundCRM, crm.ID), eq(leads.CRMLeadID, parsed.crmLeadId)))
      .limit(1);
    if (!lead) return done('ignored', 'No lead of this CRM has that id');
    const [row] = await tx
      .insert(crmCallbacks)
      .values({
        CRMID: crm.ID,
        LeadID: lead.ID,
        DedupKey: parsed.dedupKey,
        Payload: payload,
        Outcome: 'applied',
      })
      .onConflictDoNothing()
      .returning({ ID: crmCallbacks.ID });
    if (!row) return done('duplicate', 'This event was already received');
    enqueueAfterCommit(tx, crmFetchStatus, {
      crmId: crm.ID,
      crmLeadId: parsed.crmLeadId,
      event: `cb${row.ID}`,
    });
    return done('queued', 'The lead’s status is being fetched');
  });
}

/** Applies a status the callback carries, in one transaction, and answers the CRM what came of it. */
async function applyStatus(
  db: Db,
  crm: CrmRow,
  parsed: Extract<Parsed, { kind: 'status' }>,
  payload: Record<string, unknown>,
): Promise<CallbackAnswer> {
  const outcome = await db.transaction((tx) =>
    recordCrmStatus(tx, {
      crmId: crm.ID,
      crmType: crm.name,
      crmLeadId: parsed.crmLeadId,
      leadId: parsed.leadId,
      status: parsed.status,
      via: 'callback',
      dedupKey: parsed.dedupKey,
      payload,
      activities: parsed.activities,
    }),
  );
  switch (outcome.outcome) {
    case 'applied':
      return done('applied', undefined, outcome.to);
    case 'ignored':
      return done('ignored', outcome.reason);
    case 'refused':
      return answer(404, 'NOT_FOUND', outcome.reason);
    case 'duplicate':
      return outcome.refused
        ? answer(404, 'NOT_FOUND', 'No lead of this CRM has that id')
        : done('duplicate', 'This callback was already applied');
  }
}

/**
 * One status callback from a CRM (decision 0009), whose secret token in the URL the route's
 * credential (`crmToken`) has already matched: then authenticated by what the CRM itself signs or
 * carries (Scale CRM's signature, bitrix24's application token). A replay (same dedup key) changes
 * nothing; a lead that is not this CRM's is refused. bitrix24 events carry only an id: the status
 * is fetched by the worker.
 */
export async function handleCrmCallback(
  db: Db,
  box: SecretBox,
  crm: CrmRow,
  raw: RawCallback,
): Promise<CallbackAnswer> {
  let data: CrmDataRecord;
  try {
    data = openCrmData(box, crm.name, crm.data);
  } catch {
    return answer(
      500,
      'SERVER_ERROR',
      'The CRM’s settings cannot be read; its advertiser must save them again',
    );
  }
  const parsed = parseCallback(crm.name, raw, data);
  if (parsed.kind === 'refuse') {
    return answer(
      parsed.httpStatus,
      parsed.httpStatus === 400 ? 'VALIDATION_ERROR' : 'FORBIDDEN',
      parsed.message,
    );
  }
  if (parsed.kind === 'ignore') return done('ignored', parsed.reason);
  const payload = maskedPayload(raw, crm, data);
  if (parsed.kind === 'fetch') return queueStatusFetch(db, crm, parsed, payload);
  return applyStatus(db, crm, parsed, payload);
}

/** What the CRM sent, as its parser reads it: the query, the headers, the body's text and fields. */
function rawCallback(ctx: CallContext): RawCallback {
  const { c, rawBody, bodyFields } = ctx;
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { method: c.req.method, query: c.req.query(), headers, rawBody, fields: bodyFields };
}

/** The envelope's data of an applied (ignored, queued, duplicate) callback; a refusal is thrown with its status. */
async function callback(ctx: CallContext<ProofOf<'crmToken'>>) {
  const result = await handleCrmCallback(
    ctx.db,
    secretBoxFromEnv(ctx.deps.env),
    ctx.proof.crm,
    rawCallback(ctx),
  );
  if (!result.ok) {
    throw new ApiError(
      result.data as ErrorCode,
      { message: result.message ?? result.data },
      result.httpStatus,
    );
  }
  return { outcome: result.data as CallbackOutcome, message: result.message, leadStatus: result.leadStatus };
}

/**
 * `GET|POST /crm/{crmId}/callback/{token}`: no session, no CSRF; the token is the credential.
 * GET postbacks (LeadVertex, KMA) get plain text (`OK`, or `ERROR CODE: message`), posts the envelope.
 */
export const crmCallbackRoutes = [
  bind(crmCallbackCalls.statusPostback, async (_query, ctx) => {
    await callback(ctx);
    return 'OK' as const;
  }),
  bind(crmCallbackCalls.statusCallback, (_body, ctx) => callback(ctx)),
];
