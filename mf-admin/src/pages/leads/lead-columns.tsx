import type { AdminLead } from '@leadmesh/schema';
import { type ListColumn, RowActions } from '@leadmesh/ui';
import { Link } from 'react-router-dom';

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

/** The admin Leads table: the lead's fields, its publisher and advertiser by name, its actions. */
export function adminLeadColumns(actions: LeadRowActions): ListColumn<AdminLead>[] {
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
    {
      title: 'Actions',
      key: 'actions',
      render: (_, lead) => (
        <RowActions
          actions={[
            { key: 'info', label: 'More info', onClick: () => actions.onInfo(lead) },
            {
              key: 'status',
              label: 'Set status',
              show: actions.isAdmin,
              onClick: () => actions.onSetStatus(lead),
            },
            {
              key: 'resend',
              label: 'Resend',
              show: actions.isAdmin && lead.Resendable,
              onClick: () => actions.onResend(lead),
            },
            {
              key: 'crm',
              label: 'Get CRM info',
              show: actions.crmAllowed,
              onClick: () => actions.onCrmInfo(lead),
            },
          ]}
        />
      ),
    },
  ];
}
