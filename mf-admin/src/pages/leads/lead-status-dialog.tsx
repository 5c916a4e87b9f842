import type { Lead } from '@leadmesh/schema';
import { LEAD_STATUS_CODES, LEAD_STATUS_NAMES, MESSAGES } from '@leadmesh/schema/constants';
import { Field, FormDialog, LeadStatusTag } from '@leadmesh/ui';
import { Alert, Select } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/screen.tsx';

/** Set a lead's status by hand (admins), over what the CRM said; `onChanged` gets the lead answered. */
export function LeadStatusDialog({
  lead,
  onChanged,
  onClose,
}: {
  lead: Lead | null;
  onChanged(lead: Lead): void;
  onClose(): void;
}) {
  // A choice belongs to the lead it was made for: another lead opens on its own status.
  const [choice, setChoice] = useState<{ lead: Lead | null; status: number | null }>({
    lead: null,
    status: null,
  });
  const newStatus = choice.lead === lead ? choice.status : (lead?.Status ?? null);
  return (
    <FormDialog
      open={lead !== null}
      title={`Set the status of lead #${lead?.ID ?? ''}`}
      submitText="Set status"
      danger
      errorMessage={MESSAGES.errorSettingLeadStatus}
      doneText={`Lead #${lead?.ID ?? ''} is now ${newStatus === null ? '' : (LEAD_STATUS_NAMES[newStatus as keyof typeof LEAD_STATUS_NAMES] ?? '')}`}
      onSubmit={async () => {
        if (!lead || newStatus === null) return MESSAGES.errorSettingLeadStatus;
        const a = await api.call('/leads/setLeadStatusAdmin', {
          ID: lead.ID,
          newStatus: newStatus as (typeof LEAD_STATUS_CODES)[number],
        });
        if (a.status !== 'ok') return a;
        onChanged(a.data);
        return null;
      }}
      onClose={onClose}
      testId="lead-status-form"
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="This overrides the status the CRM gave"
        description={
          <>
            Lead #{lead?.ID} ({lead?.ProductName}) is now <LeadStatusTag status={lead?.Status ?? 0} />.
            Setting it by hand moves its money as the new status says, and a later CRM update can change it
            again.
          </>
        }
      />
      <Field label="New status">
        <Select
          data-testid="lead-new-status"
          value={newStatus ?? undefined}
          onChange={(status) => setChoice({ lead, status })}
          options={LEAD_STATUS_CODES.map((c) => ({ value: c, label: LEAD_STATUS_NAMES[c] }))}
          style={{ width: '100%' }}
        />
      </Field>
    </FormDialog>
  );
}
