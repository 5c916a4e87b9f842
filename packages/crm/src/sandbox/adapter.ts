import { createHash } from 'node:crypto';
import type { InProcessCrmAdapter } from '../kit/adapter.ts';
import { sandboxSettings } from './form.ts';

const PREFIX = 'SANDBOX-';

/** The sandbox's id of a lead it took (our id, marked so nobody mistakes it for a customer CRM's). */
export const sandboxLeadId = (leadId: number): string => `${PREFIX}${leadId}`;

/**
 * Where a lead falls in 0-99, the same for the same CRM and lead every time it is asked (a retried
 * decision job decides alike) and spread evenly over many leads, so the shares hold on average.
 */
function bucketOf(crmId: number, leadId: number): number {
  return createHash('sha256').update(`sandbox:${crmId}:${leadId}`).digest().readUInt32BE(0) % 100;
}

/**
 * The Sandbox CRM, simulated in the worker: it takes every lead at once (no request leaves the
 * process) and decides it `delaySeconds` later, confirmed, rejected or bad in the advertiser's shares.
 */
export const sandboxAdapter: InProcessCrmAdapter = {
  kind: 'in-process',
  type: 'sandbox',
  leadIdPrefix: PREFIX,
  accept: (lead) => ({ kind: 'delivered', crmLeadId: sandboxLeadId(lead.id) }),
  decide(lead, data) {
    const settings = sandboxSettings(data);
    const bucket = bucketOf(lead.crmId, lead.id);
    const status =
      bucket < settings.confirmPercent
        ? 'confirmed'
        : bucket < settings.confirmPercent + settings.rejectPercent
          ? 'rejected'
          : 'bad';
    return { delayMs: settings.delaySeconds * 1000, status };
  },
  secrets: () => [],
};
