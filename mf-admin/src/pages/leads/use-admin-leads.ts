import type { AdminLead, Lead } from '@leadmesh/schema';
import { MESSAGES, RESENDABLE_STATUSES } from '@leadmesh/schema/constants';
import { useFeedback, useList } from '@leadmesh/ui';
import { api, listLoader, useUrlFilters } from '../../lib/screen.tsx';

/**
 * The admin Leads list: its filters from the URL, its rows, and the row updates after a status
 * change or a resend.
 */
export function useAdminLeads() {
  const feedback = useFeedback();
  // The overview's figures link here with what they counted (decision 0051).
  const initial = useUrlFilters([
    { query: 'ID', type: 'number' },
    { query: 'Status', type: 'numbers' },
    { query: 'createdFrom', field: 'createdAt', type: 'date', op: 'dgeq' },
    { query: 'createdTo', field: 'createdAt', type: 'date', op: 'dlt' },
    { query: 'BoundOffer', type: 'number' },
    { query: 'BoundUser', type: 'number' },
    { query: 'BoundAdvertiser', type: 'number' },
    { query: 'BoundCRM', type: 'number' },
  ]);
  const controller = useList<AdminLead>(listLoader('/leads/getLeadsForAdmin'), { initialFilters: initial });

  // Status and resend answer the lead alone: the row keeps the names the list gave it. A status
  // outside the resendable ones ends Resendable; one inside keeps what the server last said.
  const replace = (l: Lead) => {
    const row = controller.list.rows.find((r) => r.ID === l.ID);
    if (row)
      controller.list.updateRow((r) => r.ID === l.ID, {
        ...row,
        ...l,
        Resendable: row.Resendable && (RESENDABLE_STATUSES as readonly number[]).includes(l.Status),
      });
  };

  // Resend is offered only where the server takes it (Resendable); a refusal still shows its reason
  // (issue 16: nothing fails silently, over public §7's silent resend failures; decision 0065).
  const resendOne = async (lead: AdminLead) => {
    const a = await api.call('/leads/resendLead', { ID: lead.ID });
    if (feedback.answer(a, `Lead #${lead.ID} queued to be sent to its CRM again`, MESSAGES.connectionError))
      replace(a.status === 'ok' ? a.data : lead);
  };

  return { controller, replace, resendOne };
}
