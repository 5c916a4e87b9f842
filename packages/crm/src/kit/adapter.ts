import type { CrmDataRecord, CrmType } from '../registry.ts';
import type { CrmActivity } from './callback.ts';

/** A lead as the adapters send it: what the buyer typed and where they came from. */
export interface DeliveryLead {
  id: number;
  name: string;
  /** E.164 when intake could normalise it, else as typed. */
  phone: string;
  ip: string | null;
  countryCode: string | null;
  city: string | null;
  domain: string | null;
  offerId: number;
  offerName: string;
  productName: string;
  /** The product's id in the CRM (offers.CRMID): a LeadVertex good, a KMA channel. */
  articleId: string | null;
  quantity: number;
  /** The offer's product price as the advertiser wrote it ('29,90 EUR'), parsed. */
  price: number | null;
  currency: string | null;
  /** The publisher's sub ids (c1..c6, uid, stclickid) for the CRM's free fields. */
  subs: Record<string, string>;
  createdAt: Date;
}

/** One HTTP request to a CRM. */
export interface CrmRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A CRM's answer as the worker's guarded client read it (its `GuardedResponse` fits). */
export interface CrmResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/** What an answer to a delivery means. */
export type DeliveryAnswer =
  | { kind: 'delivered'; crmLeadId: string }
  /** Worth trying again (the CRM was down, busy or said so). `ambiguous`: it may have created the lead. */
  | { kind: 'retry'; error: string; ambiguous: boolean }
  /** Will not succeed however often it is sent (a refused token, invalid data). */
  | { kind: 'permanent'; error: string };

/** A lead's state in the CRM, as a status fetch reads it. */
export interface CrmLeadState {
  crmLeadId: string;
  /** Our lead id, when the CRM keeps the external id we sent. */
  leadId: number | null;
  status: string;
  semantic: string | null;
  /** Changes with every update of the lead in the CRM: part of the dedup key. */
  version: string;
  activities: CrmActivity[];
}

/** A CRM reached over HTTP: how its API takes a lead and, where it can, finds one and tells its status. */
export interface HttpCrmAdapter {
  kind: 'http';
  type: CrmType;
  deliver(lead: DeliveryLead, data: CrmDataRecord): CrmRequest;
  readDelivery(response: CrmResponse): DeliveryAnswer;
  /**
   * Asks the CRM whether it already has this lead (by the external id we send with it), for
   * attempts after one whose outcome is unknown. Null answer: it has not.
   */
  find?: {
    request(lead: DeliveryLead, data: CrmDataRecord): CrmRequest;
    read(response: CrmResponse): { found: string | null } | { error: string };
  };
  /** Reads a lead's status (and agents' activities) from the CRM: bitrix24, whose events carry only an id. */
  fetch?: {
    requests(crmLeadId: string, data: CrmDataRecord): { lead: CrmRequest; activities?: CrmRequest };
    read(lead: CrmResponse, activities?: CrmResponse): CrmLeadState | { error: string };
  };
  /** Values in requests and answers that are credentials (masked in every record). */
  secrets(data: CrmDataRecord): string[];
}

/** What an in-process CRM decides about a lead later, and when. */
export interface LaterDecision {
  /** How long after the acceptance. */
  delayMs: number;
  /** The CRM's own status it will report (mapped by the type's status table). */
  status: string;
}

/**
 * A CRM simulated inside the worker (the Sandbox): no request leaves the process. It takes a lead
 * at once and reports a decision on it later, through the status path a callback takes.
 */
export interface InProcessCrmAdapter {
  kind: 'in-process';
  type: CrmType;
  /** The ids it gives leads start with this, so its own leads are told apart from leads it did not take. */
  leadIdPrefix: string;
  /** Takes the lead: the answer a real CRM's reply would have meant. */
  accept(lead: DeliveryLead, data: CrmDataRecord): DeliveryAnswer;
  /** What it will decide about an accepted lead, and after how long (the same every time it is asked). */
  decide(lead: { id: number; crmId: number }, data: CrmDataRecord): LaterDecision;
  secrets(data: CrmDataRecord): string[];
}

/** How the worker hands leads to one CRM type. */
export type CrmAdapter = HttpCrmAdapter | InProcessCrmAdapter;

/** Parses a JSON answer body; null when it is not JSON. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** A JSON value's fields when it is an object (or an array); null otherwise. */
export const objectOf = (json: unknown): Record<string, unknown> | null =>
  json && typeof json === 'object' ? (json as Record<string, unknown>) : null;

/** HTTP statuses that no retry will change (bad request, refused credentials, wrong address). */
export const PERMANENT_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404, 405, 410, 413, 414, 422]);

/** The generic reading of an HTTP status: 2xx is for the adapter, the rest is retry or permanent. */
export function classifyStatus(response: CrmResponse, detail: string): DeliveryAnswer | null {
  const { status } = response;
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) {
    // A CRM endpoint that redirects a POST (http to https, a moved portal) needs its URL fixed.
    const to = response.headers.location ? ` to ${response.headers.location}` : '';
    return { kind: 'permanent', error: `HTTP ${status}: redirected${to}; the CRM's URL needs fixing` };
  }
  if (PERMANENT_STATUSES.has(status)) return { kind: 'permanent', error: `HTTP ${status}: ${detail}` };
  // 5xx may come after the CRM stored the lead (a proxy timing out behind it): outcome unknown.
  return { kind: 'retry', error: `HTTP ${status}: ${detail}`, ambiguous: status >= 500 };
}

/** A short, single-line excerpt of an answer for error texts. */
export const excerpt = (body: string, max = 200): string => body.replace(/\s+/g, ' ').trim().slice(0, max);

/** How one CRM's delivery answers read: its error text, the new lead's id, and its quirks. */
export interface AnswerReading {
  /** The CRM's own error in a JSON answer (null: none). Shown in the HTTP error's detail too. */
  error?(json: unknown): string | null;
  /** The new lead's id in the answer (null: none). */
  id(json: unknown): string | null;
  /** An error the CRM reports with 2xx that is worth retrying (bitrix24's rate limit). */
  retryable?(error: string): boolean;
  /** A 409 carrying an id is the lead already created by an earlier copy (Scale CRM). */
  conflictIsCopy?: boolean;
}

/**
 * Reads a delivery answer the way every HTTP CRM's does: the JSON body, the CRM's error, the
 * generic HTTP reading, then the new lead's id; a 2xx with an error and no id refuses the data,
 * one with neither is unreadable (retried, the CRM may have the lead).
 */
export function readAnswer(response: CrmResponse, reading: AnswerReading): DeliveryAnswer {
  const json = jsonOf(response.body);
  const error = reading.error?.(json) ?? null;
  if (error && reading.retryable?.(error)) return { kind: 'retry', error, ambiguous: false };
  if (response.status === 409 && reading.conflictIsCopy) {
    const id = reading.id(json);
    if (id) return { kind: 'delivered', crmLeadId: id };
  }
  const generic = classifyStatus(response, error ?? excerpt(response.body));
  if (generic) return generic;
  const id = reading.id(json);
  if (id) return { kind: 'delivered', crmLeadId: id };
  if (error) return { kind: 'permanent', error: error.slice(0, 300) };
  return { kind: 'retry', error: `Unreadable answer: ${excerpt(response.body)}`, ambiguous: true };
}

/** An id a CRM answered: a number, or non-empty text. */
export function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** `application/x-www-form-urlencoded` of nested fields the way PHP APIs read them (`goods[0][goodID]=...`). */
export function formEncode(fields: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const add = (prefix: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) add(`${prefix}[${i}]`, v);
    } else if (typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${prefix}[${k}]`, v);
    else params.append(prefix, String(value));
  };
  for (const [key, value] of Object.entries(fields)) add(key, value);
  return params.toString();
}

/** A POST of JSON to a CRM that answers in JSON. */
export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}): CrmRequest => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A POST of a form (`formEncode`) to a CRM that answers in JSON. */
export const postForm = (
  url: string,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
): CrmRequest => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
  body: formEncode(fields),
});

/** The `Authorization` header of a CRM that takes its token as a bearer token. */
export const bearer = (token: string | undefined): Record<string, string> => ({
  authorization: `Bearer ${token ?? ''}`,
});

/** The present values of some fields of a CRM's data: the usual `secrets` of an adapter. */
export const valuesOf = (data: CrmDataRecord, ...fields: (keyof CrmDataRecord)[]): string[] =>
  fields.map((f) => data[f]).filter((v): v is string => !!v);
