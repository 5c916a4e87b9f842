import {
  type CrmDataRecord,
  maskIn,
  openCrmData,
  recordCrmStatus,
  type SecretBox,
  secretBoxFromEnv,
} from '@leadmesh/core';
import { crmAdapter, parseCallback, type RawCallback } from '@leadmesh/crm/server';
import type { Db } from '@leadmesh/db';
import { crmFetchStatus, enqueueAfterCommit, runUnitOfWork } from '@leadmesh/jobs';
import type { ErrorCode } from '@leadmesh/schema';
import { type CrmRow, crmCallbacks, crms, leads } from '@leadmesh/schema/tables';
import { and, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps, AppEnv } from '../../context.ts';
import { safeEqual } from '../../lib/crypto.ts';

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

/** Compared against when the CRM does not exist, so both refusals take the same time. */
const NO_TOKEN = 'x'.repeat(43);

/** What the CRM sent, with its secrets (and our token) masked, for the callback row. */
function maskedPayload(raw: RawCallback, crm: CrmRow, data: CrmDataRecord): Record<string, unknown> {
  const secrets = [...crmAdapter(crm.name).secrets(data), crm.callbackToken];
  return JSON.parse(
    maskIn(JSON.stringify({ method: raw.method, query: raw.query, fields: raw.fields }), secrets),
  );
}

/**
 * One status callback from a CRM (decision 0009): authenticated by the CRM's secret token in the
 * URL (constant-time), then by what the CRM itself signs or carries (Scale CRM's signature,
 * bitrix24's application token). A replay (same dedup key) changes nothing; a lead that is not
 * this CRM's is refused. bitrix24 events carry only an id: the status is fetched by the worker.
 */
export async function handleCrmCallback(
  db: Db,
  box: SecretBox,
  crmId: number,
  token: string,
  raw: RawCallback,
): Promise<CallbackAnswer> {
  const [crm] = Number.isSafeInteger(crmId)
    ? await db.select().from(crms).where(eq(crms.ID, crmId)).limit(1)
    : [];
  const tokenOk = safeEqual(crm?.callbackToken ?? NO_TOKEN, token);
  if (!crm || !tokenOk) return answer(403, 'FORBIDDEN', 'Unknown CRM or wrong callback token');
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

  if (parsed.kind === 'fetch') {
    // bitrix24 sends an update event for every lead of the portal, ours or not: only ours are fetched.
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

async function readRaw(c: Context<AppEnv>): Promise<RawCallback> {
  const rawBody = c.req.method === 'GET' ? '' : await c.req.text();
  const type = c.req.header('content-type') ?? '';
  let fields: Record<string, unknown> = {};
  if (rawBody.trim() !== '') {
    if (type.includes('json') || /^\s*\{/.test(rawBody)) {
      try {
        const parsed = JSON.parse(rawBody) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          fields = parsed as Record<string, unknown>;
      } catch {
        fields = {};
      }
    } else {
      fields = Object.fromEntries(new URLSearchParams(rawBody));
    }
  }
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { method: c.req.method, query: c.req.query(), headers, rawBody, fields };
}

/**
 * Mounts `GET|POST /crm/{crmId}/callback/{token}`. No session, no CSRF: the token is the
 * credential. GET postbacks (LeadVertex, KMA) get plain text (`OK`), posts the JSON envelope.
 */
export function mountCrmCallbacks(app: Hono<AppEnv>, deps: AppDeps): void {
  const box = () => secretBoxFromEnv(deps.env);
  app.on(['GET', 'POST'], '/crm/:crmId/callback/:token', async (c) => {
    const raw = await readRaw(c);
    const result = await runUnitOfWork(deps.jobs, deps.db, (db) =>
      handleCrmCallback(db, box(), Number(c.req.param('crmId')), c.req.param('token'), raw),
    );
    c.header('cache-control', 'no-store');
    if (c.req.method === 'GET') {
      const text = result.ok ? 'OK' : `ERROR ${result.data}: ${result.message ?? ''}`;
      return c.text(text, result.httpStatus as ContentfulStatusCode);
    }
    if (result.ok) {
      return c.json(
        {
          status: 'ok',
          data: { outcome: result.data, message: result.message, leadStatus: result.leadStatus },
        },
        200,
      );
    }
    return c.json(
      { status: 'error', data: result.data, details: { message: result.message ?? result.data } },
      result.httpStatus as ContentfulStatusCode,
    );
  });
}
