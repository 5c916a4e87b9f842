import { createHmac } from 'node:crypto';
import {
  type CrmActivity,
  type IntegrationLines,
  leadIdOf,
  type ParsedCallback,
  pick,
  type RawCallback,
  safeEqual,
  text,
} from '../kit/callback.ts';
import type { CrmDataRecord } from '../registry.ts';

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
export function parseScalecrmCallback(raw: RawCallback, data: CrmDataRecord): ParsedCallback {
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

export const scalecrmIntegration: IntegrationLines = (url, label) => [
  `${label}: Settings → Webhooks. Set this handler URL for lead status changes; Scale CRM signs each call with the postback secret (X-Signature):`,
  url,
];
