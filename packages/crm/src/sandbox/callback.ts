import {
  type IntegrationLines,
  type ParsedCallback,
  type RawCallback,
  statusPostback,
} from '../kit/callback.ts';

/**
 * The sandbox decides its leads itself, yet it takes a status callback too, so an advertiser can
 * try the callback path by hand: our lead id (or the sandbox's) and one of its statuses.
 */
export const parseSandboxCallback = (raw: RawCallback): ParsedCallback =>
  statusPostback(raw, {
    status: ['status'],
    crmLeadId: ['id'],
    leadId: ['leadId', 'lead_id'],
    when: ['ts'],
    missing: 'status and leadId (or id) are required',
  });

export const sandboxIntegration: IntegrationLines = (url, label) => [
  `${label}: nothing to connect. It takes each lead and decides it itself after the delay you set, in your shares.`,
  'To try a status callback by hand, call this postback URL with one of your lead ids and a status (processing, confirmed, rejected or bad):',
  `${url}?leadId={lead_id}&status={status}`,
];
