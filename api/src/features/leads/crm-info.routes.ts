import { leadCalls } from '@leadmesh/schema';
import { bind, type CallHandler } from '../../lib/call.ts';
import { leadCrmInfo, leadOwner } from './crm-info.service.ts';

const getLeadCRMInfo: CallHandler<typeof leadCalls.getLeadCRMInfo> = async (input, ctx) =>
  leadCrmInfo(ctx.db, input.ID);

/**
 * endpoints.md #30: isAdmin, isManager or isCRMInfoAllowed (the contract's callers), and the lead
 * visible to the caller: staff see every lead, anyone else only leads they sent or own the offer of.
 */
export const crmInfoRoutes = [
  bind(leadCalls.getLeadCRMInfo, getLeadCRMInfo, { owns: [{ record: leadOwner, bypass: ['staff'] }] }),
];
