import {
  type IntegrationLines,
  type ParsedCallback,
  pick,
  type RawCallback,
  safeEqual,
} from '../kit/callback.ts';
import type { CrmDataRecord } from '../registry.ts';

/**
 * bitrix24 outgoing webhook (ONCRMLEADUPDATE): a form post with `event`, `data[FIELDS][ID]`,
 * `ts` and `auth[application_token]`, the webhook's own token, which must equal the CRM's
 * outbound token. It carries no status: the worker reads it with crm.lead.get.
 */
export function parseBitrix24Callback(raw: RawCallback, data: CrmDataRecord): ParsedCallback {
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

export const bitrix24Integration: IntegrationLines = (url, label) => [
  `${label}: Developer resources → Other → Outgoing webhook. Event: "Lead updated" (ONCRMLEADUPDATE).`,
  "Copy the webhook's application token into this CRM's Outbound token, and set this handler URL:",
  url,
];
