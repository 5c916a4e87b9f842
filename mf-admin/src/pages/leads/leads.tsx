import type { AdminLead } from '@leadmesh/schema';
import { ADMIN_LEAD_LIST } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, ListTable, useFeedback } from '@leadmesh/ui';
import { Button } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/screen.tsx';
import {
  adminLeadColumns,
  adminLeadRowActions,
  type LeadRowActions,
  useLeadRowPermissions,
} from './lead-columns.tsx';
import { LeadCrmInfoModal } from './lead-crm-info.tsx';
import { ExportLeads } from './lead-export.tsx';
import { LeadInfoDrawer } from './lead-info.tsx';
import { LeadStatusDialog } from './lead-status-dialog.tsx';
import type { AdminLeads } from './use-admin-leads.ts';

/**
 * admin-leads (public §2): every lead, set status, resend, export into N files with the worker.
 * The list is the first screen's (`first.tsx`), which drew its first rows before antd had loaded.
 */
export function Leads({ controller, replace }: AdminLeads) {
  const feedback = useFeedback();
  const permissions = useLeadRowPermissions();
  const [selected, setSelected] = useState<number[]>([]);
  const [info, setInfo] = useState<AdminLead | null>(null);
  const [statusOf, setStatusOf] = useState<AdminLead | null>(null);
  const [crmOf, setCrmOf] = useState<AdminLead | null>(null);

  // Resend is offered only where the server takes it (Resendable); a refusal still shows its reason
  // (issue 16: nothing fails silently, over public §7's silent resend failures; decision 0065).
  const resendOne = async (lead: AdminLead) => {
    const a = await api.call('/leads/resendLead', { ID: lead.ID });
    if (feedback.answer(a, `Lead #${lead.ID} queued to be sent to its CRM again`, MESSAGES.connectionError))
      replace(a.status === 'ok' ? a.data : lead);
  };
  const actions: LeadRowActions = {
    ...permissions,
    onInfo: setInfo,
    onSetStatus: setStatusOf,
    onResend: (lead) => void resendOne(lead),
    onCrmInfo: setCrmOf,
  };

  return (
    <>
      <ListTable<AdminLead>
        controller={controller}
        list={ADMIN_LEAD_LIST}
        errorMessage={MESSAGES.errorGettingLeads}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        toolbar={
          <>
            <ExportLeads selected={selected} filters={controller.query} />
            <ResendAllLeads onDone={() => controller.list.reload()} />
          </>
        }
        rowActions={(lead) => adminLeadRowActions(lead, actions)}
        columns={adminLeadColumns()}
      />
      <LeadInfoDrawer lead={info} onClose={() => setInfo(null)} />
      <LeadStatusDialog lead={statusOf} onChanged={replace} onClose={() => setStatusOf(null)} />
      <LeadCrmInfoModal lead={crmOf} onClose={() => setCrmOf(null)} />
    </>
  );
}

/** Send every lead whose CRM delivery failed or waits for a retry again, after a confirmation. */
function ResendAllLeads({ onDone }: { onDone(): void }) {
  const feedback = useFeedback();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button data-testid="leads-resend-all" onClick={() => setAsking(true)}>
        Resend leads
      </Button>
      <ConfirmDialog
        open={asking}
        title="Resend leads?"
        confirmText="Resend leads"
        onConfirm={async () => {
          const a = await api.call('/leads/resendLeads', {});
          if (a.status === 'ok') feedback.done(`${a.data.queued} leads queued to be sent again`);
          return a;
        }}
        onDone={onDone}
        onClose={() => setAsking(false)}
      >
        Every lead whose CRM delivery failed or waits for a retry is sent to its CRM again now.
      </ConfirmDialog>
    </>
  );
}
