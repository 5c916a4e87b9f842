import { createHmac } from 'node:crypto';
import type { CrmDataRecord } from '@leadmesh/core';
import type { CrmType } from '@leadmesh/schema';
import { safeEqual } from '../../lib/crypto.ts';

/** A callback as it arrived: the query, the raw body and its parsed fields, the headers. */
export interface RawCallback {
  method: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  rawBody: string;
  /** Fields of a form or JSON body (flat; nested JSON objects stay objects). */
  fields: Record<string, unknown>;
}

/** An agent's call or comment the CRM reported. */
export interface CrmActivity {
  AgentID: string | null;
  Type: string;
  audioDuration: number | null;
  Comment: string | null;
  occurredAt: Date;
}

/** What a callback asks for, once it proved it comes from the CRM. */
export type ParsedCallback =
  | {
      kind: 'status';
      /** The lead's id in the CRM, and/or ours (the external id we sent). */
      crmLeadId: string | null;
      leadId: number | null;
      status: string;
      /** Unique per event: a replay has the same key. */
      dedupKey: string;
      activities: CrmActivity[];
    }
  /** bitrix24: the event carries only the lead's id; the worker fetches its status. */
  | { kind: 'fetch'; crmLeadId: string; dedupKey: string }
  /** Authentic but nothing to do (another event type). */
  | { kind: 'ignore'; reason: string }
  | { kind: 'refuse'; httpStatus: 400 | 401 | 403; message: string };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

const leadIdOf = (value: unknown): number | null => {
  const t = text(value);
  return t && /^\d{1,15}$/.test(t) ? Number(t) : null;
};

/** The first of the names present, in the query or the body. */
function pick(raw: RawCallback, ...names: string[]): string | null {
  for (const name of names) {
    const value = text(raw.fields[name]) ?? text(raw.query[name]);
    if (value !== null) return value.slice(0, 200);
  }
  return null;
}

/**
 * bitrix24 outgoing webhook (ONCRMLEADUPDATE): a form post with `event`, `data[FIELDS][ID]`,
 * `ts` and `auth[application_token]`, the webhook's own token, which must equal the CRM's
 * outbound token. It carries no status: the worker reads it with crm.lead.get.
 */
function bitrix24(raw: RawCallback, data: CrmDataRecord): ParsedCallback {
  const token = pick(raw, 'auth[application_token]');
  if (!token || !data.outboundToken || !safeEqual(token, data.outboundToken)) {
    return {
      kind: 'refuse',
      httpStatus: 403,
      message: 'The application token is not this CRM’s outbound token',
    };
  }
  const event = (pick(raw, 'event') ?? '').toUpperCase();
  if (event !== 'ONCRMLEADUPDATE')
    return { kind: 'ignore', reason: `event ${event || '(none)'} is not handled` };
  const id = pick(raw, 'data[FIELDS][ID]');
  if (!id || !/^\d{1,20}$/.test(id))
    return { kind: 'refuse', httpStatus: 400, message: 'data[FIELDS][ID] is missing' };
  return { kind: 'fetch', crmLeadId: id, dedupKey: `update:${id}:${pick(raw, 'ts') ?? ''}` };
}

/**
 * LeadVertex webmaster postback (GET or form POST): its order id, status (group) and our lead id
 * (externalID), the names the integration link sets.
 */
function leadvertex(raw: RawCallback): ParsedCallback {
  const status = pick(raw, 'status', 'statusGroup');
  const crmLeadId = pick(raw, 'id', 'orderID', 'order');
  const leadId = leadIdOf(pick(raw, 'externalID', 'external_id'));
  if (!status || (!crmLeadId && !leadId)) {
    return { kind: 'refuse', httpStatus: 400, message: 'status and id (or externalID) are required' };
  }
  const when = pick(raw, 'lastUpdate', 'timestamp', 'ts') ?? '';
  return {
    kind: 'status',
    crmLeadId,
    leadId,
    status,
    dedupKey: `${crmLeadId ?? `ext${leadId}`}:${status.toLowerCase()}:${when}`,
    activities: [],
  };
}

/** KMA postback: `order`, `status` and our lead id in `data1`. */
function kmacrm(raw: RawCallback): ParsedCallback {
  const status = pick(raw, 'status');
  const crmLeadId = pick(raw, 'order', 'order_id', 'id');
  const leadId = leadIdOf(pick(raw, 'data1'));
  if (!status || (!crmLeadId && !leadId)) {
    return { kind: 'refuse', httpStatus: 400, message: 'status and order (or data1) are required' };
  }
  const when = pick(raw, 'updated_at', 'timestamp') ?? '';
  return {
    kind: 'status',
    crmLeadId,
    leadId,
    status,
    dedupKey: `${crmLeadId ?? `ext${leadId}`}:${status.toLowerCase()}:${when}`,
    activities: [],
  };
}

/** Scale CRM's signature: hex HMAC-SHA256 of the raw body with the postback secret (`sha256=` prefix allowed). */
export function scaleSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

function activitiesOf(value: unknown, type: string, fallback: Date): CrmActivity[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, 100).flatMap((item): CrmActivity[] => {
    if (!item || typeof item !== 'object') return [];
    const a = item as Record<string, unknown>;
    const at = new Date(String(a.created_at ?? a.started_at ?? ''));
    const duration = Number(a.duration);
    return [
      {
        AgentID: text(a.agent_id)?.slice(0, 100) ?? null,
        Type: type,
        audioDuration:
          type === 'call' && Number.isFinite(duration) && duration >= 0 ? Math.round(duration) : null,
        Comment: text(a.comment ?? a.text)?.slice(0, 2000) ?? null,
        occurredAt: Number.isNaN(at.getTime()) ? fallback : at,
      },
    ];
  });
}

/**
 * Scale CRM status webhook: a JSON post `{lead_id, external_id, status, event_id, updated_at,
 * calls:[{agent_id, duration, started_at, comment}], comments:[{agent_id, text, created_at}]}`
 * signed in `X-Signature` with the postback secret.
 */
function scalecrm(raw: RawCallback, data: CrmDataRecord): ParsedCallback {
  const given = (raw.headers['x-signature'] ?? '').replace(/^sha256=/i, '').toLowerCase();
  if (!data.postbackSecret || !given || !safeEqual(given, scaleSignature(data.postbackSecret, raw.rawBody))) {
    return {
      kind: 'refuse',
      httpStatus: 401,
      message: 'The signature does not match this CRM’s postback secret',
    };
  }
  const status = pick(raw, 'status');
  const crmLeadId = pick(raw, 'lead_id', 'id');
  const leadId = leadIdOf(pick(raw, 'external_id'));
  if (!status || (!crmLeadId && !leadId)) {
    return { kind: 'refuse', httpStatus: 400, message: 'status and lead_id (or external_id) are required' };
  }
  const updated = pick(raw, 'updated_at') ?? '';
  const at = new Date(updated);
  const when = Number.isNaN(at.getTime()) ? new Date() : at;
  const comment = pick(raw, 'comment');
  const activities = [
    ...activitiesOf(raw.fields.calls, 'call', when),
    ...activitiesOf(raw.fields.comments, 'comment', when),
    ...(comment
      ? [
          {
            AgentID: pick(raw, 'agent_id'),
            Type: 'comment',
            audioDuration: null,
            Comment: comment,
            occurredAt: when,
          },
        ]
      : []),
  ];
  const eventId = pick(raw, 'event_id');
  return {
    kind: 'status',
    crmLeadId,
    leadId,
    status,
    dedupKey: eventId
      ? `event:${eventId}`
      : `${crmLeadId ?? `ext${leadId}`}:${status.toLowerCase()}:${updated}`,
    activities,
  };
}

/** Reads a callback of a CRM of this type, checking what the CRM signs or carries beyond the URL token. */
export function parseCallback(type: CrmType, raw: RawCallback, data: CrmDataRecord): ParsedCallback {
  switch (type) {
    case 'bitrix24':
      return bitrix24(raw, data);
    case 'leadvertex':
      return leadvertex(raw);
    case 'scalecrm':
      return scalecrm(raw, data);
    case 'kmacrm':
      return kmacrm(raw);
  }
}
