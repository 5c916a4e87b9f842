import { ADVERTISER_LIST, type Advertiser } from '@leadmesh/schema';
import { formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, ListTable, type RowAction, useFeedback, useList } from '@leadmesh/ui';
import { Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, listLoader, useFlags, useUrlFilters } from '../../lib/screen.tsx';
import { BalanceDialog, type RefetchAdvertiser } from './advertiser-balance.tsx';
import { AdvertiserEditDialog } from './advertiser-edit.tsx';
import { AdvertiserInfoDialog } from './advertiser-info.tsx';
import { CreateInvoiceDialog } from './advertiser-invoice.tsx';

type Kind = 'edit' | 'info' | 'delete' | 'verify' | 'balance' | 'invoice';
type Dialog = { kind: Kind; adv: Advertiser } | null;

/** A row's actions: the changes are the admin's; More info, the user account and Verify are the manager's too. */
function advertiserActions(
  a: Advertiser,
  isAdmin: boolean,
  open: (kind: Kind) => void,
  goToUser: () => void,
): RowAction[] {
  return [
    { key: 'edit', label: 'Edit', show: isAdmin, onClick: () => open('edit') },
    { key: 'delete', label: 'Delete', danger: true, show: isAdmin, onClick: () => open('delete') },
    { key: 'balance', label: 'Add balance', show: isAdmin, onClick: () => open('balance') },
    { key: 'info', label: 'More info', onClick: () => open('info') },
    { key: 'user', label: 'Go to user account', onClick: goToUser },
    {
      key: 'verify',
      label: 'Verify advertiser',
      type: 'primary',
      primary: true,
      show: !a.Flags.isVerified,
      onClick: () => open('verify'),
    },
    { key: 'invoice', label: 'Create invoice', show: isAdmin, onClick: () => open('invoice') },
  ];
}

function DeleteAdvertiserDialog({
  adv,
  onDone,
  onClose,
}: {
  adv: Advertiser | null;
  onDone(a: Advertiser): void;
  onClose(): void;
}) {
  return (
    <ConfirmDialog
      open={adv !== null}
      title={`Delete advertiser ${adv?.CompanyName ?? ''}?`}
      confirmText="Delete advertiser"
      errorMessage={MESSAGES.failedDeleteAdvertiser}
      doneText={`Advertiser ${adv?.CompanyName ?? ''} deleted`}
      onConfirm={() => api.call('/partners/deleteAdvertiser', { ID: adv?.ID as number })}
      onDone={() => adv && onDone(adv)}
      onClose={onClose}
    >
      The advertiser profile of <strong>{adv?.CompanyName}</strong> ({adv?.Username}) is deleted. An
      advertiser with offers or money history is kept.
    </ConfirmDialog>
  );
}

function VerifyAdvertiserDialog({
  adv,
  onVerified,
  onClose,
}: {
  adv: Advertiser | null;
  onVerified(a: Advertiser): void;
  onClose(): void;
}) {
  return (
    <ConfirmDialog
      open={adv !== null}
      title={`Verify advertiser ${adv?.CompanyName ?? ''}?`}
      confirmText="Verify advertiser"
      errorMessage={MESSAGES.failedVerifyAdvertiser}
      doneText={`${adv?.CompanyName ?? ''} is now a verified advertiser`}
      onConfirm={async () => {
        const a = await api.call('/partners/verifyAdvertiser', { ID: adv?.ID as number, verifyStatus: true });
        if (a.status === 'ok') onVerified(a.data);
        return a;
      }}
      onDone={() => {}}
      onClose={onClose}
    >
      <strong>{adv?.CompanyName}</strong> becomes a verified advertiser: its offers, CRMs and postbacks open.
    </ConfirmDialog>
  );
}

/** admin-advertisers and manager-advertisers (admin §2 Admin advertisers list). */
export function Advertisers(_: { path: string }) {
  const isAdmin = !!useFlags()?.isAdmin;
  const navigate = useNavigate();
  const feedback = useFeedback();
  const initial = useUrlFilters([{ query: 'ID', type: 'number' }]);
  const controller = useList<Advertiser>(listLoader('/partners/getAllAdvertisers'), {
    initialFilters: initial,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const shown = (kind: Kind) => (dialog?.kind === kind ? dialog.adv : null);
  const replace = (a: Advertiser) => controller.list.updateRow((r) => r.ID === a.ID, a);

  const refetch: RefetchAdvertiser = async (id, done) => {
    const again = await api.call('/partners/getAdvertiserByID', { ID: id });
    if (again.status !== 'ok') return 'There was an error while getting the new advertiser!';
    replace(again.data);
    if (done) feedback.done(done(again.data));
    return null;
  };

  return (
    <>
      <ListTable<Advertiser>
        controller={controller}
        list={ADVERTISER_LIST}
        errorMessage={MESSAGES.errorGettingAdvertiserList}
        rowActions={(a) =>
          advertiserActions(
            a,
            isAdmin,
            (kind) => setDialog({ kind, adv: a }),
            () => navigate(`/dashboard/admin-users?Username=${encodeURIComponent(a.Username)}`),
          )
        }
        columns={[
          { field: 'CompanyName', render: (v: string) => <strong>{v}</strong> },
          { field: 'Username' },
          {
            title: 'Credits',
            key: 'credits',
            align: 'right',
            phone: true,
            render: (_, a) =>
              a.isInfiniteCredits ? (
                <Tag color="blue">Infinite</Tag>
              ) : (
                <span data-testid="adv-credits">{formatUsd(a.creditBalance)}</span>
              ),
          },
          { field: 'isVerified', dataIndex: ['Flags', 'isVerified'] },
        ]}
      />
      <AdvertiserEditDialog adv={shown('edit')} onClose={close} refetch={refetch} />
      <AdvertiserInfoDialog adv={shown('info')} onClose={close} />
      <DeleteAdvertiserDialog
        adv={shown('delete')}
        onDone={(a) => controller.list.removeRow((r) => r.ID === a.ID)}
        onClose={close}
      />
      <VerifyAdvertiserDialog adv={shown('verify')} onVerified={replace} onClose={close} />
      <BalanceDialog adv={shown('balance')} onClose={close} refetch={refetch} />
      <CreateInvoiceDialog adv={shown('invoice')} onClose={close} />
    </>
  );
}
