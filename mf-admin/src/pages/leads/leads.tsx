import type { AdminLead, Lead, LeadCrmInfo, LeadExport } from '@leadmesh/schema';
import { ADMIN_LEAD_LIST } from '@leadmesh/schema';
import {
  LEAD_STATUS_CODES,
  LEAD_STATUS_NAMES,
  MESSAGES,
  RESENDABLE_STATUSES,
} from '@leadmesh/schema/constants';
import {
  ConfirmDialog,
  CrmTypeName,
  Field,
  FormDialog,
  formatDateTime,
  LeadStatusTag,
  ListTable,
  RowActions,
  useFeedback,
  useList,
} from '@leadmesh/ui';
import { Alert, Button, Input, Modal, Progress, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api, InfoList, listLoader, useFlags, useUrlFilters } from '../../lib/screen.tsx';
import { LeadInfoDrawer } from './lead-info.tsx';

/** A number of export files: a whole number of at least 1 (public §5), else null. */
export function parseGroups(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= 1000 ? n : null;
}

/** Follows an export run by the worker until it is done or failed. */
function useExportProgress(id: number | null) {
  const [run, setRun] = useState<LeadExport | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    setRun(null);
    setError(false);
    if (id === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const a = await api.call('/leads/getLeadExport', { ID: id });
      if (!live) return;
      if (a.status !== 'ok') return setError(true);
      setRun(a.data);
      if (a.data.State === 'queued' || a.data.State === 'running') timer = setTimeout(poll, 700);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  return { run, error };
}

/** admin-leads (public §2): every lead, set status, resend, export into N files with the worker. */
export function Leads(_: { path: string }) {
  const flags = useFlags();
  const crmAllowed = !!(flags?.isAdmin || flags?.isManager || flags?.isCRMInfoAllowed);
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
  const [selected, setSelected] = useState<number[]>([]);
  const [info, setInfo] = useState<AdminLead | null>(null);
  const [statusOf, setStatusOf] = useState<Lead | null>(null);
  const [newStatus, setNewStatus] = useState<number | null>(null);
  const [resendAll, setResendAll] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [groups, setGroups] = useState('1');
  const [exportId, setExportId] = useState<number | null>(null);
  const progress = useExportProgress(exportId);
  const [crm, setCrm] = useState<{ lead: Lead; data: LeadCrmInfo | null; error: string | null } | null>(null);

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

  const startExport = async () => {
    const n = parseGroups(groups);
    if (n === null) return MESSAGES.exportGroupsInvalid;
    const a = await api.call('/leads/startLeadExport', {
      Filters: controller.query,
      ...(selected.length ? { LeadIDs: selected } : {}),
      Groups: n,
    });
    if (a.status !== 'ok') return a.details?.message ?? MESSAGES.errorFetchingLeads;
    setExportId(a.data.ID);
    return null;
  };

  const showCrm = async (lead: Lead) => {
    setCrm({ lead, data: null, error: null });
    const a = await api.call('/leads/getLeadCRMInfo', { ID: lead.ID });
    setCrm({
      lead,
      data: a.status === 'ok' ? a.data : null,
      error:
        a.status === 'ok'
          ? null
          : a.data === 'GENERIC_ERROR'
            ? MESSAGES.crmNotSupported
            : MESSAGES.errorFetchingDataBang,
    });
  };

  const run = progress.run;
  const percent =
    run && run.TotalRows > 0
      ? Math.round((run.DoneRows / run.TotalRows) * 100)
      : run?.State === 'done'
        ? 100
        : 0;

  return (
    <>
      <ListTable<AdminLead>
        controller={controller}
        rowKey="ID"
        list={ADMIN_LEAD_LIST}
        errorMessage={MESSAGES.errorGettingLeads}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        toolbar={
          <>
            <Button
              type="primary"
              data-testid="leads-export"
              onClick={() => {
                setGroups('1');
                setExporting(true);
              }}
            >
              {selected.length ? `Export selected (${selected.length})` : 'Export filtered'}
            </Button>
            <Button data-testid="leads-resend-all" onClick={() => setResendAll(true)}>
              Resend leads
            </Button>
          </>
        }
        columns={[
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
                  { key: 'info', label: 'More info', onClick: () => setInfo(lead) },
                  {
                    key: 'status',
                    label: 'Set status',
                    show: !!flags?.isAdmin,
                    onClick: () => {
                      setNewStatus(lead.Status);
                      setStatusOf(lead);
                    },
                  },
                  {
                    key: 'resend',
                    label: 'Resend',
                    show: !!flags?.isAdmin && lead.Resendable,
                    onClick: () => void resendOne(lead),
                  },
                  { key: 'crm', label: 'Get CRM info', show: crmAllowed, onClick: () => void showCrm(lead) },
                ]}
              />
            ),
          },
        ]}
      />
      <LeadInfoDrawer lead={info} onClose={() => setInfo(null)} />
      <FormDialog
        open={statusOf !== null}
        title={`Set the status of lead #${statusOf?.ID ?? ''}`}
        submitText="Set status"
        danger
        errorMessage={MESSAGES.errorSettingLeadStatus}
        doneText={`Lead #${statusOf?.ID ?? ''} is now ${newStatus === null ? '' : (LEAD_STATUS_NAMES[newStatus as keyof typeof LEAD_STATUS_NAMES] ?? '')}`}
        onSubmit={async () => {
          if (!statusOf || newStatus === null) return MESSAGES.errorSettingLeadStatus;
          const a = await api.call('/leads/setLeadStatusAdmin', {
            ID: statusOf.ID,
            newStatus: newStatus as (typeof LEAD_STATUS_CODES)[number],
          });
          if (a.status !== 'ok') return a;
          replace(a.data);
          return null;
        }}
        onClose={() => setStatusOf(null)}
        testId="lead-status-form"
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="This overrides the status the CRM gave"
          description={
            <>
              Lead #{statusOf?.ID} ({statusOf?.ProductName}) is now{' '}
              <LeadStatusTag status={statusOf?.Status ?? 0} />. Setting it by hand moves its money as the new
              status says, and a later CRM update can change it again.
            </>
          }
        />
        <Field label="New status">
          <Select
            data-testid="lead-new-status"
            value={newStatus ?? undefined}
            onChange={setNewStatus}
            options={LEAD_STATUS_CODES.map((c) => ({ value: c, label: LEAD_STATUS_NAMES[c] }))}
            style={{ width: '100%' }}
          />
        </Field>
      </FormDialog>
      <ConfirmDialog
        open={resendAll}
        title="Resend leads?"
        confirmText="Resend leads"
        onConfirm={async () => {
          const a = await api.call('/leads/resendLeads', {});
          if (a.status === 'ok') feedback.done(`${a.data.queued} leads queued to be sent again`);
          return a;
        }}
        onDone={() => controller.list.reload()}
        onClose={() => setResendAll(false)}
      >
        Every lead whose CRM delivery failed or waits for a retry is sent to its CRM again now.
      </ConfirmDialog>
      <FormDialog
        open={exporting}
        title={
          selected.length ? `Export ${selected.length} selected leads` : 'Export the leads of the filters'
        }
        submitText="Start export"
        onSubmit={startExport}
        onClose={() => setExporting(false)}
        testId="export-form"
      >
        <Field
          label="Number of files"
          hint="The leads (ID, name, phone, product) are split evenly into files named leads_group_{n}.xlsx."
        >
          <Input
            data-testid="export-groups"
            inputMode="numeric"
            value={groups}
            onChange={(e) => setGroups(e.target.value)}
          />
        </Field>
      </FormDialog>
      <Modal
        open={exportId !== null}
        title={`Export #${exportId ?? ''}`}
        onCancel={() => setExportId(null)}
        footer={<Button onClick={() => setExportId(null)}>Close</Button>}
      >
        <div data-testid="export-progress" data-state={run?.State ?? 'loading'}>
          {progress.error && <Alert type="error" title={MESSAGES.errorFetchingLeads} />}
          {!run && !progress.error && <Spin />}
          {run && (
            <>
              <Progress
                percent={percent}
                status={run.State === 'failed' ? 'exception' : run.State === 'done' ? 'success' : 'active'}
              />
              <p>
                {run.DoneRows} of {run.TotalRows} leads written into {run.Groups}{' '}
                {run.Groups === 1 ? 'file' : 'files'}.
              </p>
              {run.State === 'failed' && (
                <Alert type="error" title={run.Error ?? MESSAGES.errorFetchingLeads} />
              )}
              {run.State === 'done' && run.TotalRows === 0 && (
                <Alert type="info" title={MESSAGES.invalidResponseNoLeads} />
              )}
              {run.State === 'done' && (
                <ul data-testid="export-files" style={{ paddingLeft: 18 }}>
                  {run.Files.map((f) => (
                    <li key={f.url}>
                      <a href={api.urlOf(f.url)} download={f.name} data-testid="export-file">
                        {f.name}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </Modal>
      <Modal
        open={crm !== null}
        title={`CRM info of lead #${crm?.lead.ID ?? ''}`}
        footer={null}
        onCancel={() => setCrm(null)}
      >
        {crm?.error ? (
          <Alert type="error" title={crm.error} />
        ) : !crm?.data ? (
          <Spin />
        ) : (
          <>
            <InfoList
              items={[
                ['CRM', <CrmTypeName key="crm" type={crm.lead.CRMType} />],
                ['CRM ID', crm.data.CRMID ?? '—'],
                ['CRM status', crm.data.Status ?? '—'],
              ]}
            />
            {crm.data.Comments.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: comments have no id
              <p key={i} style={{ borderTop: '1px solid rgba(127,127,127,0.2)', paddingTop: 6 }}>
                <strong>{c.Type}</strong> {c.AgentID ? `· agent ${c.AgentID}` : ''} ·{' '}
                {formatDateTime(c.createdAt)}
                <br />
                {c.Comment}
              </p>
            ))}
          </>
        )}
      </Modal>
    </>
  );
}
