import {
  type IntegrationLines,
  type ParsedCallback,
  type RawCallback,
  statusPostback,
} from '../kit/callback.ts';

/**
 * LeadVertex webmaster postback (GET or form POST): its order id, status (group) and our lead id
 * (externalID), the names the integration link sets.
 */
export const parseLeadvertexCallback = (raw: RawCallback): ParsedCallback =>
  statusPostback(raw, {
    status: ['status', 'statusGroup'],
    crmLeadId: ['id', 'orderID', 'order'],
    leadId: ['externalID', 'external_id'],
    when: ['lastUpdate', 'timestamp', 'ts'],
    missing: 'status and id (or externalID) are required',
  });

export const leadvertexIntegration: IntegrationLines = (url, label) => [
  `${label}: webmaster settings → Postback. Set this postback URL; LeadVertex fills in its order id, status and our lead id (externalID):`,
  `${url}?id={{id}}&status={{status}}&externalID={{externalID}}`,
];
