import { leadCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import { leadCrmInfo, leadOwner } from './crm-info.service.ts';

/**
 * endpoints.md #30: isAdmin, isManager or isCRMInfoAllowed (the contract's callers), and the lead
 * visible to the caller: staff see every lead, anyone else only leads they sent or own the offer of.
 */
export const crmInfoRoutes = bindEach(
  leadCalls,
  { getLeadCRMInfo: async (input, ctx) => leadCrmInfo(ctx.db, input.ID) },
  { getLeadCRMInfo: { owns: [{ record: leadOwner, bypass: ['staff'] }] } },
);
