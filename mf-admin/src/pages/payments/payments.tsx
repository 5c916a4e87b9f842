import { type PayoutProcessResult, PLATFORM_PAYOUT_LIST, type PlatformPayout } from '@leadmesh/schema';
import { formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, formatDateTimeUtc, ListTable, RowActions, useFeedback, useList } from '@leadmesh/ui';
import { Alert, Button, Modal, Progress, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api, errorText, listLoader, saveText } from '../../lib/screen.tsx';

const FILES = [
  { key: 'leads', path: '/payouts/getLeadsPayoutFile', label: 'Leads CSV' },
  { key: 'users', path: '/payouts/getUsersPayoutFile', label: 'Users CSV' },
  { key: 'referrals', path: '/payouts/getReferralsPayoutFile', label: 'Referrals CSV' },
] as const;

/** The file name of a payout CSV: `leads-`, `users-` or `referrals-` plus the creation date (public §7). */
export function payoutFileName(kind: string, createdAt: string): string {
  return `${kind}-${createdAt.slice(0, 10)}.csv`;
}

type Processing =
  | { phase: 'confirm' | 'busy'; payout: PlatformPayout }
  | { phase: 'done'; payout: PlatformPayout; result: PayoutProcessResult }
  | { phase: 'error'; payout: PlatformPayout; message: string }
  | null;

/** admin-payments (public §2, §4): platform payouts, created, processed once, with their CSV files. */
export function Payments(_: { path: string }) {
  const controller = useList<PlatformPayout>(listLoader('/payouts/getAllPlatformPayouts'));
  const [canCreate, setCanCreate] = useState(false);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PlatformPayout | null>(null);
  const [processing, setProcessing] = useState<Processing>(null);
  const feedback = useFeedback();

  const check = useCallback(async () => {
    // Asked as data: a payout waiting to be processed is a normal state, not a failed request.
    const a = await api.call('/payouts/getPayoutAvailability', {});
    setCanCreate(a.status === 'ok' && a.data.canCreate);
  }, []);
  useEffect(() => {
    void check();
  }, [check]);
  const refresh = () => {
    controller.list.reload();
    void check();
  };

  const process = async (payout: PlatformPayout) => {
    setProcessing({ phase: 'busy', payout });
    const a = await api.call('/payouts/performPayoutProcess', { ID: payout.ID });
    if (a.status === 'ok') {
      setProcessing({ phase: 'done', payout, result: a.data });
      refresh();
    } else {
      setProcessing({
        phase: 'error',
        payout,
        message:
          a.data === 'SERVER_ERROR' ? MESSAGES.connectionError : errorText(a, MESSAGES.failedProcessPayouts),
      });
    }
  };

  const download = async (p: PlatformPayout, file: (typeof FILES)[number]) => {
    const a = await api.call(file.path, { ID: p.ID });
    if (!feedback.answer(a, null, MESSAGES.connectionError) || a.status !== 'ok') return;
    const name = payoutFileName(file.key, p.createdAt);
    saveText(a.data, name);
    feedback.done(`${file.label} of payout #${p.ID} saved as ${name}`);
  };

  return (
    <>
      <ListTable<PlatformPayout>
        controller={controller}
        rowKey="ID"
        list={PLATFORM_PAYOUT_LIST}
        errorMessage={MESSAGES.errorGettingLeads}
        toolbar={
          canCreate ? (
            <Button type="primary" data-testid="payout-create" onClick={() => setCreating(true)}>
              Create payout
            </Button>
          ) : (
            <Tag data-testid="payout-create-blocked" style={{ lineHeight: '30px' }}>
              A payout waits to be processed
            </Tag>
          )
        }
        columns={[
          { field: 'createdAt' },
          { title: 'Total paid out', field: 'TotalPaidOut', align: 'right', phone: true },
          {
            field: 'Processed',
            phone: true,
            render: (v: boolean, p) =>
              v ? (
                <Tag color="green">
                  Processed{p.processedAt ? ' ' : ''}
                  {p.processedAt ? formatDateTimeUtc(p.processedAt) : ''}
                </Tag>
              ) : (
                <Tag color="orange">Not processed</Tag>
              ),
          },
          {
            title: 'For',
            field: 'BoundUser',
            render: (v: number | null) => (v ? `User #${v}` : 'Everyone'),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, p) => (
              <RowActions
                actions={[
                  {
                    key: 'process',
                    label: 'Process',
                    type: 'primary',
                    show: !p.Processed,
                    onClick: () => setProcessing({ phase: 'confirm', payout: p }),
                  },
                  {
                    key: 'delete',
                    label: 'Delete',
                    danger: true,
                    show: !p.Processed,
                    onClick: () => setDeleting(p),
                  },
                  ...FILES.map((f) => ({
                    key: `file-${f.key}`,
                    label: f.label,
                    onClick: () => void download(p, f),
                  })),
                ]}
              />
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={creating}
        title="Create a payout for everyone?"
        confirmText="Create payout"
        errorMessage={MESSAGES.failedCreatePayout}
        doneText="Payout created: process it to mark its leads paid"
        onConfirm={() => api.call('/payouts/createPlatformPayout', {})}
        onDone={refresh}
        onClose={() => setCreating(false)}
      >
        A payout of every publisher's confirmed, unpaid earnings and referral earnings is created. Nothing is
        paid until you process it.
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete payout #${deleting?.ID ?? ''}?`}
        confirmText="Delete payout"
        errorMessage="There was an error while connecting to the server!"
        doneText={`Payout #${deleting?.ID ?? ''} deleted`}
        onConfirm={() => api.call('/payouts/deletePlatformPayout', { ID: deleting?.ID as number })}
        onDone={refresh}
        onClose={() => setDeleting(null)}
      >
        The unprocessed payout #{deleting?.ID} of {formatUsd(deleting?.TotalPaidOut ?? 0)} is deleted; its
        leads stay unpaid.
      </ConfirmDialog>
      <Modal
        open={processing !== null}
        title={`Process payout #${processing?.payout.ID ?? ''}`}
        closable={processing?.phase !== 'busy'}
        mask={{ closable: false }}
        onCancel={() => processing?.phase !== 'busy' && setProcessing(null)}
        footer={
          processing?.phase === 'confirm'
            ? [
                <Button key="c" onClick={() => setProcessing(null)}>
                  Cancel
                </Button>,
                <Button
                  key="ok"
                  type="primary"
                  danger
                  data-testid="process-confirm"
                  onClick={() => void process(processing.payout)}
                >
                  Process payout
                </Button>,
              ]
            : processing?.phase === 'busy'
              ? null
              : [
                  <Button key="close" data-testid="process-close" onClick={() => setProcessing(null)}>
                    Close
                  </Button>,
                ]
        }
      >
        <div data-testid="process-dialog" data-phase={processing?.phase}>
          {processing?.phase === 'confirm' && (
            <p>
              Payout #{processing.payout.ID} of <strong>{formatUsd(processing.payout.TotalPaidOut)}</strong>{' '}
              marks its leads and referral earnings paid. It runs once and cannot be undone.
            </p>
          )}
          {processing?.phase === 'busy' && (
            <div style={{ textAlign: 'center' }}>
              <Progress type="circle" percent={99} status="active" format={() => '…'} size={64} />
              <p>Processing the payout: marking leads and referrals paid…</p>
            </div>
          )}
          {processing?.phase === 'done' && (
            <div
              data-testid="process-result"
              style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 4 }}
            >
              <span>Processed leads</span>
              <strong data-testid="processed-leads">{processing.result.processedLeads}</strong>
              <span>Skipped leads</span>
              <strong>{processing.result.skippedLeads}</strong>
              <span>Processed referrals</span>
              <strong>{processing.result.processedReferrals}</strong>
              <span>Skipped referrals</span>
              <strong>{processing.result.skippedReferrals}</strong>
            </div>
          )}
          {processing?.phase === 'error' && (
            <Alert type="error" data-testid="process-error" title={processing.message} />
          )}
        </div>
      </Modal>
    </>
  );
}
