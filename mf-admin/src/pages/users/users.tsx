import { USER_LIST, type User } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, ListTable, RowActions, useList } from '@leadmesh/ui';
import { Alert, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, errorText, listLoader, useFlags, useUrlFilters } from '../../lib/screen.tsx';
import { UserEditDialog } from './user-edit.tsx';
import { UserInfoDialog } from './user-info.tsx';

type Dialog =
  | { kind: 'edit' | 'info' | 'delete' | 'verify' | 'payout'; user: User }
  | { kind: 'payoutRefused'; user: User; reason: string }
  | null;

/** admin-users and manager-publishers (admin §2 Admin users list). */
export function Users(_: { path: string }) {
  const flags = useFlags();
  const isAdmin = !!flags?.isAdmin;
  const navigate = useNavigate();
  const initial = useUrlFilters([
    { query: 'ID', type: 'number' },
    { query: 'Username', type: 'string' },
  ]);
  const controller = useList<User>(listLoader('/users/getAllUsers'), { initialFilters: initial });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [checking, setChecking] = useState<number | null>(null);
  const close = () => setDialog(null);
  const byId = (id: number) => (row: User) => row.ID === id;

  const startPayout = async (user: User) => {
    setChecking(user.ID);
    const check = await api.call('/payouts/getPayoutAvailability', { BoundUser: user.ID });
    setChecking(null);
    if (check.status === 'ok' && check.data.canCreate) return setDialog({ kind: 'payout', user });
    const reason =
      check.status !== 'ok'
        ? errorText(check, MESSAGES.connectionError)
        : check.data.code === 'PAYMENT_METHOD_MISSING'
          ? MESSAGES.payoutNeedsPaymentMethod
          : MESSAGES.payoutsPending;
    setDialog({ kind: 'payoutRefused', user, reason });
  };

  return (
    <>
      <ListTable<User>
        controller={controller}
        rowKey="ID"
        list={USER_LIST}
        errorMessage="There was an error while getting users"
        columns={[
          { field: 'Username', render: (v: string) => <strong>{v}</strong> },
          { field: 'Email' },
          { field: 'isVerified', dataIndex: ['Flags', 'isVerified'], phone: true },
          { field: 'createdAt' },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, user) => (
              <RowActions
                actions={[
                  { key: 'edit', label: 'Edit', onClick: () => setDialog({ kind: 'edit', user }) },
                  {
                    key: 'delete',
                    label: 'Delete',
                    danger: true,
                    show: isAdmin,
                    onClick: () => setDialog({ kind: 'delete', user }),
                  },
                  {
                    key: 'payout',
                    label: checking === user.ID ? 'Checking…' : 'Create payout',
                    show: isAdmin,
                    onClick: () => void startPayout(user),
                  },
                  { key: 'info', label: 'More info', onClick: () => setDialog({ kind: 'info', user }) },
                  {
                    key: 'advertiser',
                    label: 'Go to advertiser account',
                    show: user.AdvertiserID !== null,
                    onClick: () => navigate(`/dashboard/admin-advertisers?ID=${user.AdvertiserID}`),
                  },
                  {
                    key: 'verify',
                    label: 'Verify publisher',
                    type: 'primary',
                    primary: true,
                    show: !user.Flags.isVerified,
                    onClick: () => setDialog({ kind: 'verify', user }),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <UserEditDialog
        user={dialog?.kind === 'edit' ? dialog.user : null}
        isAdmin={isAdmin}
        onClose={close}
        onSaved={(u) => controller.list.updateRow(byId(u.ID), u)}
      />
      <UserInfoDialog user={dialog?.kind === 'info' ? dialog.user : null} onClose={close} />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={`Delete user ${dialog?.user.Username ?? ''}?`}
        confirmText="Delete user"
        errorMessage={MESSAGES.failedDeleteUser}
        doneText={`User ${dialog?.user.Username ?? ''} deleted`}
        onConfirm={() => api.call('/users/deleteUser', { ID: dialog?.user.ID as number })}
        onDone={() => dialog && controller.list.removeRow(byId(dialog.user.ID))}
        onClose={close}
      >
        The account of <strong>{dialog?.user.Username}</strong> ({dialog?.user.Email}) is deleted with its
        sessions. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'verify'}
        title={`Verify publisher ${dialog?.user.Username ?? ''}?`}
        confirmText="Verify publisher"
        errorMessage={MESSAGES.failedVerifyPublisher}
        doneText={`${dialog?.user.Username ?? ''} is now a verified publisher`}
        onConfirm={async () => {
          const answer = await api.call('/users/verifyPublisher', { ID: dialog?.user.ID as number });
          if (answer.status === 'ok') controller.list.updateRow(byId(answer.data.ID), answer.data);
          return answer;
        }}
        onDone={() => {}}
        onClose={close}
      >
        <strong>{dialog?.user.Username}</strong> becomes verified and may take offers.
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'payout'}
        title={`Create a payout for ${dialog?.user.Username ?? ''}?`}
        confirmText="Create payout"
        errorMessage={MESSAGES.failedCreatePayout}
        doneText={`Payout for ${dialog?.user.Username ?? ''} created: process it in Payments`}
        onConfirm={() => api.call('/payouts/createPlatformPayout', { BoundUser: dialog?.user.ID as number })}
        onDone={() => {}}
        onClose={close}
      >
        A payout of the confirmed, unpaid earnings of <strong>{dialog?.user.Username}</strong> is created. It
        is paid once processed in Payments.
      </ConfirmDialog>
      <Modal
        open={dialog?.kind === 'payoutRefused'}
        title={MESSAGES.payoutCantBeCreated}
        onCancel={close}
        onOk={close}
        okText="Close"
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert
          type="warning"
          data-testid="payout-refused"
          title={MESSAGES.payoutCantBeCreated}
          description={dialog?.kind === 'payoutRefused' ? dialog.reason : ''}
        />
      </Modal>
    </>
  );
}
