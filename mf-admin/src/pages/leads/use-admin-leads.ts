import type { AdminLead, Lead } from '@leadmesh/schema';
import { RESENDABLE_STATUSES } from '@leadmesh/schema/constants';
import { type ListController, useList } from '@leadmesh/ui';
import { listLoader, useUrlFilters } from '../../lib/screen-data.ts';

/** The admin Leads list and the row update after a status change or a resend. */
export interface AdminLeads {
  controller: ListController<AdminLead>;
  /** Puts the lead a status change or a resend answered into its row. */
  replace(lead: Lead): void;
}

/**
 * The admin Leads list: its filters from the URL, its rows, and the row updates after a status
 * change or a resend. Imports no antd: the first rows are drawn from it before antd has loaded
 * (decision 0064), and the full screen takes it over.
 */
export function useAdminLeads(): AdminLeads {
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

  return { controller, replace };
}
