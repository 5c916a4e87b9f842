import {
  type IntegrationLines,
  type ParsedCallback,
  type RawCallback,
  statusPostback,
} from '../kit/callback.ts';

/** KMA postback: `order`, `status` and our lead id in `data1`. */
export const parseKmacrmCallback = (raw: RawCallback): ParsedCallback =>
  statusPostback(raw, {
    status: ['status'],
    crmLeadId: ['order', 'order_id', 'id'],
    leadId: ['data1'],
    when: ['updated_at', 'timestamp'],
    missing: 'status and order (or data1) are required',
  });

export const kmacrmIntegration: IntegrationLines = (url, label) => [
  `${label}: flow settings → Postback. Set this handler URL; KMA fills in its order id, status and our lead id (data1):`,
  `${url}?order={order}&status={status}&data1={data1}`,
];
