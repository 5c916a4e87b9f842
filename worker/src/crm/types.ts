import type { CrmActivityInput, CrmDataRecord } from '@leadmesh/core';
import type { GuardedResponse } from '@leadmesh/net';
import type { CrmType } from '@leadmesh/schema';

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
  activities: CrmActivityInput[];
}

/** One type of CRM: how its API takes a lead and, where it can, finds one and tells its status. */
export interface CrmAdapter {
  type: CrmType;
  deliver(lead: DeliveryLead, data: CrmDataRecord): CrmRequest;
  readDelivery(response: GuardedResponse): DeliveryAnswer;
  /**
   * Asks the CRM whether it already has this lead (by the external id we send with it), for
   * attempts after one whose outcome is unknown. Null answer: it has not.
   */
  find?: {
    request(lead: DeliveryLead, data: CrmDataRecord): CrmRequest;
    read(response: GuardedResponse): { found: string | null } | { error: string };
  };
  /** Reads a lead's status (and agents' activities) from the CRM: bitrix24, whose events carry only an id. */
  fetch?: {
    requests(crmLeadId: string, data: CrmDataRecord): { lead: CrmRequest; activities?: CrmRequest };
    read(lead: GuardedResponse, activities?: GuardedResponse): CrmLeadState | { error: string };
  };
  /** Values in requests and answers that are credentials (masked in every record). */
  secrets(data: CrmDataRecord): string[];
}

/** Parses a JSON answer body; null when it is not JSON. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** HTTP statuses that no retry will change (bad request, refused credentials, wrong address). */
export const PERMANENT_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404, 405, 410, 413, 414, 422]);

/** The generic reading of an HTTP status: 2xx is for the adapter, the rest is retry or permanent. */
export function classifyStatus(response: GuardedResponse, detail: string): DeliveryAnswer | null {
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
