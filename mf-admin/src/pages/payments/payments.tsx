import { type PayoutProcessResult, PLATFORM_PAYOUT_LIST, type PlatformPayout } from '@leadmesh/schema';
import { formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import {
  ConfirmDialog,
  formatDateTimeUtc,
  type ListColumn,
  ListTable,
  type RowAction,
  useFeedback,
  useList,
} from '@leadmesh/ui';
import { Alert, Button, Modal, Progress, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api, errorText, listLoader, saveText } from '../../lib/screen.tsx';

const FILES = [
  { key: 'leads', path: '/payouts/getLeadsPayoutFile', label: 'Leads CSV' },
  { key: 'users', path: '/payouts/getUsersPayoutFile', label: 'Users CSV' },
  { key: 'referrals', path: '/payouts/getReferralsPayoutFile', label: 'Referrals CSV' },
] as const;

type PayoutFile = (typeof FILES)[number];

/** The file name of a payout CSV: `leads-`, `users-` or `referrals-` plus the creation date (public §7). */
export function payoutFileName(kind: string, createdAt: string): string {
  return `${kind}-${createdAt.slice(0, 10)}.csv`;
}

type Processing =
  | { phase: 'confirm' | 'busy'; payout: PlatformPayout }
  | { phase: 'done'; payout: PlatformPayout; result: PayoutProcessResult }
  | { phase: 'error'; payout: PlatformPayout; message: string }
  | null;

/** Whether a payout for everyone may be created now, asked again after every change. */
function usePayoutAvailability() {
  const [canCreate, setCanCreate] = useState(false);
  const check = useCallback(async () => {
    // Asked as data: a payout waiting to be processed is a normal state, not a failed request.
    const a = await api.call('/payouts/getPayoutAvailability', {});
    setCanCreate(a.status === 'ok' && a.data.canCreate);
  }, []);
  useEffect(() => {
    void check();
  }, [check]);
  return { canCreate, check };
}

/** Saves one of a payout's CSV files, named after its kind and date. */
function usePayoutFileDownload() {
  const feedback = useFeedback();
  return async (p: PlatformPayout, file: PayoutFile) => {
    const a = await api.call(file.path, { ID: p.ID });
    if (!feedback.answer(a, null, MESSAGES.connectionError) || a.status !== 'ok') return;
    const name = payoutFileName(file.key, p.createdAt);
    saveText(a.data, name);
    feedback.done(`${file.label} of payout #${p.ID} saved as ${name}`);
  };
}

/** The list's columns. */
const PAYOUT_COLUMNS: ListColumn<PlatformPayout>[] = [
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
  { title: 'For', field: 'BoundUser', render: (v: number | null) => (v ? `User #${v}` : 'Everyone') },
];

/** A payout is processed or deleted only while unprocessed; its files are downloaded at any time. */
function payoutRowActions(actions: {
  process(p: PlatformPayout): void;
  remove(p: PlatformPayout): void;
  download(p: PlatformPayout, file: PayoutFile): void;
}): (p: PlatformPayout) => RowAction[] {
  return (p) => [
    {
      key: 'process',
      label: 'Process',
      type: 'primary',
      show: !p.Processed,
      onClick: () => actions.process(p),
    },
    {
      key: 'delete',
      label: 'Delete',
      danger: true,
      show: !p.Processed,
      onClick: () => actions.remove(p),
    },
    ...FILES.map((f) => ({
      key: `file-${f.key}`,
      label: f.label,
      onClick: () => actions.download(p, f),
    })),
  ];
}

/** Processing a payout: asked first, runs once with a spinner, then its counts or its error. */
function useProcessing(onProcessed: () => void) {
  const [processing, setProcessing] = useState<Processing>(null);
  const process = async (payout: PlatformPayout) => {
    setProcessing({ phase: 'busy', payout });
    const a = await api.call('/payouts/performPayoutProcess', { ID: payout.ID });
    if (a.status === 'ok') {
      setProcessing({ phase: 'done', payout, result: a.data });
      onProcessed();
      return;
    }
    const message =
      a.data === 'SERVER_ERROR' ? MESSAGES.connectionError : errorText(a, MESSAGES.failedProcessPayouts);
    setProcessing({ phase: 'error', payout, message });
  };
  return { processing, setProcessing, process };
}

/** The counts of a processed payout. */
function ProcessResult({ result }: { result: PayoutProcessResult }) {
  return (
    <div data-testid="process-result" style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 4 }}>
      <span>Processed leads</span>
      <strong data-testid="processed-leads">{result.processedLeads}</strong>
      <span>Skipped leads</span>
      <strong>{result.skippedLeads}</strong>
      <span>Processed referrals</span>
      <strong>{result.processedReferrals}</strong>
      <span>Skipped referrals</span>
      <strong>{result.skippedReferrals}</strong>
    </div>
  );
}

/** The buttons of the process dialog: Cancel and Process to ask, none while busy, Close after. */
function processFooter(processing: Processing, onClose: () => void, onProcess: (p: PlatformPayout) => void) {
  if (processing?.phase === 'busy') return null;
  if (processing?.phase === 'confirm')
    return [
      <Button key="c" onClick={onClose}>
        Cancel
      </Button>,
      <Button
        key="ok"
        type="primary"
        danger
        data-testid="process-confirm"
        onClick={() => onProcess(processing.payout)}
      >
        Process payout
      </Button>,
    ];
  return [
    <Button key="close" data-testid="process-close" onClick={onClose}>
      Close
    </Button>,
  ];
}

/** Process payout (public §4): it cannot be closed while the payout runs. */
function ProcessDialog({
  processing,
  onClose,
  onProcess,
}: {
  processing: Processing;
  onClose(): void;
  onProcess(p: PlatformPayout): void;
}) {
  return (
    <Modal
      open={processing !== null}
      title={`Process payout #${processing?.payout.ID ?? ''}`}
      closable={processing?.phase !== 'busy'}
      mask={{ closable: false }}
      onCancel={() => processing?.phase !== 'busy' && onClose()}
      footer={processFooter(processing, onClose, onProcess)}
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
        {processing?.phase === 'done' && <ProcessResult result={processing.result} />}
        {processing?.phase === 'error' && (
          <Alert type="error" data-testid="process-error" title={processing.message} />
        )}
      </div>
    </Modal>
  );
}

/** Create a payout for everyone, and delete an unprocessed one: each asks first, then refreshes. */
function PayoutConfirmDialogs({
  creating,
  deleting,
  onCloseCreate,
  onCloseDelete,
  onDone,
}: {
  creating: boolean;
  deleting: PlatformPayout | null;
  onCloseCreate(): void;
  onCloseDelete(): void;
  onDone(): void;
}) {
  return (
    <>
      <ConfirmDialog
        open={creating}
        title="Create a payout for everyone?"
        confirmText="Create payout"
        errorMessage={MESSAGES.failedCreatePayout}
        doneText="Payout created: process it to mark its leads paid"
        onConfirm={() => api.call('/payouts/createPlatformPayout', {})}
        onDone={onDone}
        onClose={onCloseCreate}
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
        onDone={onDone}
        onClose={onCloseDelete}
      >
        The unprocessed payout #{deleting?.ID} of {formatUsd(deleting?.TotalPaidOut ?? 0)} is deleted; its
        leads stay unpaid.
      </ConfirmDialog>
    </>
  );
}

/** Create payout, or why not: only one unprocessed payout may wait at a time. */
function CreatePayoutButton({ canCreate, onCreate }: { canCreate: boolean; onCreate(): void }) {
  if (!canCreate)
    return (
      <Tag data-testid="payout-create-blocked" style={{ lineHeight: '30px' }}>
        A payout waits to be processed
      </Tag>
    );
  return (
    <Button type="primary" data-testid="payout-create" onClick={onCreate}>
      Create payout
    </Button>
  );
}

/** admin-payments (public §2, §4): platform payouts, created, processed once, with their CSV files. */
export function Payments(_: { path: string }) {
  const controller = useList<PlatformPayout>(listLoader('/payouts/getAllPlatformPayouts'));
  const { canCreate, check } = usePayoutAvailability();
  // After a create, delete or process: the list again, and whether a payout may be created now.
  const refresh = () => {
    controller.list.reload();
    void check();
  };
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PlatformPayout | null>(null);
  const { processing, setProcessing, process } = useProcessing(refresh);
  const download = usePayoutFileDownload();
  const rowActions = payoutRowActions({
    process: (payout) => setProcessing({ phase: 'confirm', payout }),
    remove: setDeleting,
    download: (p, file) => void download(p, file),
  });

  return (
    <>
      <ListTable<PlatformPayout>
        controller={controller}
        list={PLATFORM_PAYOUT_LIST}
        errorMessage={MESSAGES.errorGettingLeads}
        toolbar={<CreatePayoutButton canCreate={canCreate} onCreate={() => setCreating(true)} />}
        rowActions={rowActions}
        columns={PAYOUT_COLUMNS}
      />
      <PayoutConfirmDialogs
        creating={creating}
        deleting={deleting}
        onCloseCreate={() => setCreating(false)}
        onCloseDelete={() => setDeleting(null)}
        onDone={refresh}
      />
      <ProcessDialog
        processing={processing}
        onClose={() => setProcessing(null)}
        onProcess={(p) => void process(p)}
      />
    </>
  );
}
