import { USER_LIST, type User } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, type InfiniteListState, ListTable, RowActions, useList } from '@leadmesh/ui';
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

const byId = (id: number) => (row: User) => row.ID === id;

/**
 * Create payout asks first whether a payout may be made for the user: the confirm dialog when it
 * may, else the reason it may not (no payment method, or a payout still waiting).
 */
function usePayoutCheck(setDialog: (dialog: Dialog) => void) {
  const [checking, setChecking] = useState<number | null>(null);
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
  return { checking, startPayout };
}

/** A user's row actions: Delete and Create payout are the admin's; Verify only while unverified. */
function UserRowActions({
  user,
  isAdmin,
  checking,
  open,
  startPayout,
}: {
  user: User;
  isAdmin: boolean;
  checking: boolean;
  open(dialog: Dialog): void;
  startPayout(user: User): void;
}) {
  const navigate = useNavigate();
  return (
    <RowActions
      actions={[
        { key: 'edit', label: 'Edit', onClick: () => open({ kind: 'edit', user }) },
        {
          key: 'delete',
          label: 'Delete',
          danger: true,
          show: isAdmin,
          onClick: () => open({ kind: 'delete', user }),
        },
        {
          key: 'payout',
          label: checking ? 'Checking…' : 'Create payout',
          show: isAdmin,
          onClick: () => startPayout(user),
        },
        { key: 'info', label: 'More info', onClick: () => open({ kind: 'info', user }) },
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
          onClick: () => open({ kind: 'verify', user }),
        },
      ]}
    />
  );
}

/** Delete, Verify publisher and Create payout: each asks before it acts, then updates the list. */
function UserConfirmDialogs({
  dialog,
  list,
  onClose,
}: {
  dialog: Dialog;
  list: InfiniteListState<User>;
  onClose(): void;
}) {
  const name = dialog?.user.Username ?? '';
  const id = dialog?.user.ID as number;
  return (
    <>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={`Delete user ${name}?`}
        confirmText="Delete user"
        errorMessage={MESSAGES.failedDeleteUser}
        doneText={`User ${name} deleted`}
        onConfirm={() => api.call('/users/deleteUser', { ID: id })}
        onDone={() => dialog && list.removeRow(byId(dialog.user.ID))}
        onClose={onClose}
      >
        The account of <strong>{dialog?.user.Username}</strong> ({dialog?.user.Email}) is deleted with its
        sessions. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'verify'}
        title={`Verify publisher ${name}?`}
        confirmText="Verify publisher"
        errorMessage={MESSAGES.failedVerifyPublisher}
        doneText={`${name} is now a verified publisher`}
        onConfirm={async () => {
          const answer = await api.call('/users/verifyPublisher', { ID: id });
          if (answer.status === 'ok') list.updateRow(byId(answer.data.ID), answer.data);
          return answer;
        }}
        onDone={() => {}}
        onClose={onClose}
      >
        <strong>{dialog?.user.Username}</strong> becomes verified and may take offers.
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'payout'}
        title={`Create a payout for ${name}?`}
        confirmText="Create payout"
        errorMessage={MESSAGES.failedCreatePayout}
        doneText={`Payout for ${name} created: process it in Payments`}
        onConfirm={() => api.call('/payouts/createPlatformPayout', { BoundUser: id })}
        onDone={() => {}}
        onClose={onClose}
      >
        A payout of the confirmed, unpaid earnings of <strong>{dialog?.user.Username}</strong> is created. It
        is paid once processed in Payments.
      </ConfirmDialog>
    </>
  );
}

/** Why a payout cannot be made for the user (no payment method, or one still waiting). */
function PayoutRefusedDialog({ reason, onClose }: { reason: string | null; onClose(): void }) {
  return (
    <Modal
      open={reason !== null}
      title={MESSAGES.payoutCantBeCreated}
      onCancel={onClose}
      onOk={onClose}
      okText="Close"
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Alert
        type="warning"
        data-testid="payout-refused"
        title={MESSAGES.payoutCantBeCreated}
        description={reason ?? ''}
      />
    </Modal>
  );
}

/** admin-users and manager-publishers (admin §2 Admin users list). */
export function Users(_: { path: string }) {
  const isAdmin = !!useFlags()?.isAdmin;
  const initial = useUrlFilters([
    { query: 'ID', type: 'number' },
    { query: 'Username', type: 'string' },
  ]);
  const controller = useList<User>(listLoader('/users/getAllUsers'), { initialFilters: initial });
  const [dialog, setDialog] = useState<Dialog>(null);
  const { checking, startPayout } = usePayoutCheck(setDialog);
  const close = () => setDialog(null);

  return (
    <>
      <ListTable<User>
        controller={controller}
        list={USER_LIST}
        errorMessage={MESSAGES.errorGettingUserList}
        columns={[
          { field: 'Username', render: (v: string) => <strong>{v}</strong> },
          { field: 'Email' },
          { field: 'isVerified', dataIndex: ['Flags', 'isVerified'], phone: true },
          { field: 'createdAt' },
          {
            key: 'actions',
            render: (_, user) => (
              <UserRowActions
                user={user}
                isAdmin={isAdmin}
                checking={checking === user.ID}
                open={setDialog}
                startPayout={(u) => void startPayout(u)}
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
      <UserConfirmDialogs dialog={dialog} list={controller.list} onClose={close} />
      <PayoutRefusedDialog reason={dialog?.kind === 'payoutRefused' ? dialog.reason : null} onClose={close} />
    </>
  );
}
