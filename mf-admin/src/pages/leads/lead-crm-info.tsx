import type { Lead, LeadCrmInfo } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { CrmTypeName, formatDateTime, InfoDialog } from '@leadmesh/ui';
import { useEffect, useState } from 'react';
import { api } from '../../lib/screen.tsx';

/** What the lead's CRM says of it (its ID there, its status, the agents' comments), fetched on open. */
export function LeadCrmInfoModal({ lead, onClose }: { lead: Lead | null; onClose(): void }) {
  const [answer, setAnswer] = useState<{ lead: Lead; data: LeadCrmInfo | null; error: string | null } | null>(
    null,
  );
  useEffect(() => {
    setAnswer(null);
    if (lead === null) return;
    let live = true;
    void api.call('/leads/getLeadCRMInfo', { ID: lead.ID }).then((a) => {
      if (!live) return;
      setAnswer({
        lead,
        data: a.status === 'ok' ? a.data : null,
        error:
          a.status === 'ok'
            ? null
            : a.data === 'GENERIC_ERROR'
              ? MESSAGES.crmNotSupported
              : MESSAGES.errorFetchingDataBang,
      });
    });
    return () => {
      live = false;
    };
  }, [lead]);
  // An answer shows only for the lead it was fetched for; until it comes, a spinner.
  const shown = answer && answer.lead === lead ? answer : null;
  return (
    <InfoDialog
      open={lead !== null}
      title={`CRM info of lead #${lead?.ID ?? ''}`}
      onClose={onClose}
      error={shown?.error}
      items={
        shown?.data
          ? [
              ['CRM', <CrmTypeName key="crm" type={shown.lead.CRMType} />],
              ['CRM ID', shown.data.CRMID ?? '—'],
              ['CRM status', shown.data.Status ?? '—'],
            ]
          : null
      }
    >
      {shown?.data?.Comments.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: comments have no id
        <p key={i} style={{ borderTop: '1px solid rgba(127,127,127,0.2)', paddingTop: 6 }}>
          <strong>{c.Type}</strong> {c.AgentID ? `· agent ${c.AgentID}` : ''} · {formatDateTime(c.createdAt)}
          <br />
          {c.Comment}
        </p>
      ))}
    </InfoDialog>
  );
}
