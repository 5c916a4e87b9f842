import { timingSafeEqual } from 'node:crypto';

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

/** Trimmed non-empty text of a string or finite number, else null. */
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

/** Our lead id, when the value is one. */
export const leadIdOf = (value: unknown): number | null => {
  const t = text(value);
  return t && /^\d{1,15}$/.test(t) ? Number(t) : null;
};

/** The first of the names present, in the body or the query (200 characters at most). */
export function pick(raw: RawCallback, ...names: string[]): string | null {
  for (const name of names) {
    const value = text(raw.fields[name]) ?? text(raw.query[name]);
    if (value !== null) return value.slice(0, 200);
  }
  return null;
}

/** Compares two secrets in constant time (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The names a status postback carries its fields under (the first one present wins). */
export interface StatusPostbackNames {
  status: string[];
  crmLeadId: string[];
  leadId: string[];
  /** When the CRM made the change: part of the dedup key, so a replay is recognised. */
  when: string[];
  /** The refusal's text when status or both ids are missing. */
  missing: string;
}

/**
 * A status postback whose only proof is the URL's token (LeadVertex, KMA, the sandbox): the
 * CRM's status and its id or ours, nothing to verify beyond the route's token check.
 */
export function statusPostback(raw: RawCallback, names: StatusPostbackNames): ParsedCallback {
  const status = pick(raw, ...names.status);
  const crmLeadId = pick(raw, ...names.crmLeadId);
  const leadId = leadIdOf(pick(raw, ...names.leadId));
  if (!status || (!crmLeadId && !leadId)) return { kind: 'refuse', httpStatus: 400, message: names.missing };
  const when = pick(raw, ...names.when) ?? '';
  return {
    kind: 'status',
    crmLeadId,
    leadId,
    status,
    dedupKey: `${crmLeadId ?? `ext${leadId}`}:${status.toLowerCase()}:${when}`,
    activities: [],
  };
}

/** What the advertiser sets in their CRM (dashboards §7): lines of instructions, the link last. */
export type IntegrationLines = (callbackUrl: string, label: string) => string[];
