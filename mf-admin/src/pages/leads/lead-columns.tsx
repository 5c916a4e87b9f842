import type { AdminLead } from '@leadmesh/schema';
import type { ListColumn, RowAction } from '@leadmesh/ui';
import { Link } from 'react-router-dom';
import { useFlags } from '../../lib/screen-data.ts';

/** What the admin Leads table offers on a row, and who may use it. */
export interface LeadRowActions {
  /** Set status and Resend (admins only). */
  isAdmin: boolean;
  /** Get CRM info (admins, managers and users with the CRM-info flag). */
  crmAllowed: boolean;
  onInfo(lead: AdminLead): void;
  onSetStatus(lead: AdminLead): void;
  onResend(lead: AdminLead): void;
  onCrmInfo(lead: AdminLead): void;
}

/*
 * Imports no antd: the first lead rows draw these columns before antd has loaded (decision 0064);
 * leads.tsx adds the actions column with the kit's RowActions.
 */

/** The admin Leads table's data columns: the lead's fields, its publisher and advertiser by name. */
export function adminLeadColumns(): ListColumn<AdminLead>[] {
  return [
    { field: 'ProductName' },
    { field: 'Status', phone: true },
    { field: 'createdAt' },
    { field: 'ID' },
    {
      title: 'Publisher',
      key: 'publisher',
      render: (_, lead) => (
        <Link
          to={`/dashboard/admin-users?Username=${encodeURIComponent(lead.User.Username)}`}
          data-testid="lead-publisher"
          title={`Publisher #${lead.BoundUser}`}
        >
          {lead.User.Username || `#${lead.BoundUser}`}
        </Link>
      ),
    },
    {
      title: 'Advertiser',
      key: 'advertiser',
      render: (_, lead) => (
        <Link
          to={`/dashboard/admin-advertisers?ID=${lead.BoundAdvertiser}`}
          data-testid="lead-advertiser"
          title={`Advertiser #${lead.BoundAdvertiser}`}
        >
          {lead.Advertiser.CompanyName || `#${lead.BoundAdvertiser}`}
        </Link>
      ),
    },
  ];
}

/** A row's actions, and who may use them. */
export function adminLeadRowActions(lead: AdminLead, actions: LeadRowActions): RowAction[] {
  return [
    { key: 'info', label: 'More info', onClick: () => actions.onInfo(lead) },
    { key: 'status', label: 'Set status', show: actions.isAdmin, onClick: () => actions.onSetStatus(lead) },
    {
      key: 'resend',
      label: 'Resend',
      show: actions.isAdmin && lead.Resendable,
      onClick: () => actions.onResend(lead),
    },
    { key: 'crm', label: 'Get CRM info', show: actions.crmAllowed, onClick: () => actions.onCrmInfo(lead) },
  ];
}

/** Who may use which of a row's actions. */
export function useLeadRowPermissions(): Pick<LeadRowActions, 'isAdmin' | 'crmAllowed'> {
  const flags = useFlags();
  return {
    isAdmin: !!flags?.isAdmin,
    crmAllowed: !!(flags?.isAdmin || flags?.isManager || flags?.isCRMInfoAllowed),
  };
}

/** The toolbar's buttons by label (leads.tsx's, none selected), for the first rows. */
export const LEADS_TOOLBAR = ['Export filtered', 'Resend leads'];
