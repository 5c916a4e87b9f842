import { ADVERTISER_LIST, type Advertiser } from '@leadmesh/schema';
import {
  centsToDollars,
  dollarsToCents,
  formatMessage,
  formatUsd,
  isWithinMoneyBound,
  MESSAGES,
  MONEY_BOUND_MESSAGE,
} from '@leadmesh/schema/constants';
import { ConfirmDialog, Field, FormDialog, ListTable, RowActions, useFeedback, useList } from '@leadmesh/ui';
import { Checkbox, Input, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, listLoader, useFlags, useUrlFilters } from '../../lib/screen.tsx';
import { AdvertiserEditDialog } from './advertiser-edit.tsx';
import { AdvertiserInfoDialog } from './advertiser-info.tsx';

type Kind = 'edit' | 'info' | 'delete' | 'verify' | 'balance' | 'invoice';
type Dialog = { kind: Kind; adv: Advertiser } | null;

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
  const adv = dialog?.adv;
  const replace = (a: Advertiser) => controller.list.updateRow((r) => r.ID === a.ID, a);

  /** After a change the advertiser is fetched again (admin §4); `done` says what the change did. */
  const refetch = async (id: number, done?: (a: Advertiser) => string): Promise<string | null> => {
    const again = await api.call('/partners/getAdvertiserByID', { ID: id });
    if (again.status !== 'ok') return 'There was an error while getting the new advertiser!';
    replace(again.data);
    if (done) feedback.done(done(again.data));
    return null;
  };
  const balanceText = (a: Advertiser) =>
    `Credit balance of ${a.CompanyName} is now ${a.isInfiniteCredits ? 'infinite' : formatUsd(a.creditBalance)}`;

  // Add balance (admin §2, §4, §5)
  const [amount, setAmount] = useState('');
  const [comment, setComment] = useState('');
  const [infinite, setInfinite] = useState(false);
  const [referral, setReferral] = useState(true);
  const openBalance = (a: Advertiser) => {
    setAmount('');
    setComment('');
    setInfinite(a.isInfiniteCredits);
    setReferral(true);
    setDialog({ kind: 'balance', adv: a });
  };
  const submitBalance = async () => {
    if (!adv) return MESSAGES.failedFindAdvertiser;
    const common = { advertiserID: adv.ID, countAsReferral: referral, Comment: comment.trim() || null };
    let answer: Awaited<ReturnType<typeof api.call<'/partners/setCreditBalance'>>>;
    if (infinite) {
      answer = await api.call('/partners/setCreditBalance', { ...common, balance: 'infinite' });
    } else {
      const cents = dollarsToCents(amount);
      if (cents === null) return MESSAGES.balanceNotNumber;
      // The API's own bound (decision 0031), checked here first with the same text.
      if (!isWithinMoneyBound(cents)) return MONEY_BOUND_MESSAGE;
      answer = await api.call('/partners/setCreditBalanceDynamic', { ...common, balance: cents });
    }
    if (answer.status !== 'ok') return answer.data === 'NOT_FOUND' ? MESSAGES.failedFindAdvertiser : answer;
    return refetch(adv.ID, balanceText);
  };

  // Create invoice (admin §2, §5)
  const [invoiceAmount, setInvoiceAmount] = useState('');
  const submitInvoice = async () => {
    if (!adv) return MESSAGES.failedFindAdvertiser;
    const text = invoiceAmount.trim();
    const cents = dollarsToCents(text);
    if (cents === null) return MESSAGES.invoiceAmountNotNumber;
    if (cents <= 0) return MESSAGES.invoiceAmountNotPositive;
    if (!isWithinMoneyBound(cents)) return MONEY_BOUND_MESSAGE;
    const answer = await api.call('/invoices/createInvoice', { BoundAdvertiser: adv.ID, Amount: cents });
    if (answer.status !== 'ok') return answer;
    feedback.done(
      formatMessage(MESSAGES.invoiceCreated, { amount: centsToDollars(answer.data.Amount).toFixed(2) }),
    );
    return null;
  };

  return (
    <>
      <ListTable<Advertiser>
        controller={controller}
        rowKey="ID"
        list={ADVERTISER_LIST}
        errorMessage="There was an error while getting advertisers"
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
          {
            title: 'Actions',
            key: 'actions',
            render: (_, a) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: 'Edit',
                    show: isAdmin,
                    onClick: () => setDialog({ kind: 'edit', adv: a }),
                  },
                  {
                    key: 'delete',
                    label: 'Delete',
                    danger: true,
                    show: isAdmin,
                    onClick: () => setDialog({ kind: 'delete', adv: a }),
                  },
                  { key: 'balance', label: 'Add balance', show: isAdmin, onClick: () => openBalance(a) },
                  { key: 'info', label: 'More info', onClick: () => setDialog({ kind: 'info', adv: a }) },
                  {
                    key: 'user',
                    label: 'Go to user account',
                    onClick: () =>
                      navigate(`/dashboard/admin-users?Username=${encodeURIComponent(a.Username)}`),
                  },
                  {
                    key: 'verify',
                    label: 'Verify advertiser',
                    type: 'primary',
                    primary: true,
                    show: !a.Flags.isVerified,
                    onClick: () => setDialog({ kind: 'verify', adv: a }),
                  },
                  {
                    key: 'invoice',
                    label: 'Create invoice',
                    show: isAdmin,
                    onClick: () => {
                      setInvoiceAmount('');
                      setDialog({ kind: 'invoice', adv: a });
                    },
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <AdvertiserEditDialog
        adv={dialog?.kind === 'edit' ? (adv ?? null) : null}
        onClose={close}
        refetch={refetch}
      />
      <AdvertiserInfoDialog adv={dialog?.kind === 'info' ? (adv ?? null) : null} onClose={close} />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={`Delete advertiser ${adv?.CompanyName ?? ''}?`}
        confirmText="Delete advertiser"
        errorMessage={MESSAGES.failedDeleteAdvertiser}
        doneText={`Advertiser ${adv?.CompanyName ?? ''} deleted`}
        onConfirm={() => api.call('/partners/deleteAdvertiser', { ID: adv?.ID as number })}
        onDone={() => adv && controller.list.removeRow((r) => r.ID === adv.ID)}
        onClose={close}
      >
        The advertiser profile of <strong>{adv?.CompanyName}</strong> ({adv?.Username}) is deleted. An
        advertiser with offers or money history is kept.
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'verify'}
        title={`Verify advertiser ${adv?.CompanyName ?? ''}?`}
        confirmText="Verify advertiser"
        errorMessage={MESSAGES.failedVerifyAdvertiser}
        doneText={`${adv?.CompanyName ?? ''} is now a verified advertiser`}
        onConfirm={async () => {
          const a = await api.call('/partners/verifyAdvertiser', {
            ID: adv?.ID as number,
            verifyStatus: true,
          });
          if (a.status === 'ok') replace(a.data);
          return a;
        }}
        onDone={() => {}}
        onClose={close}
      >
        <strong>{adv?.CompanyName}</strong> becomes a verified advertiser: its offers, CRMs and postbacks
        open.
      </ConfirmDialog>
      <FormDialog
        open={dialog?.kind === 'balance'}
        title={`Add balance: ${adv?.CompanyName ?? ''}`}
        submitText={infinite ? 'Set infinite credits' : 'Change balance'}
        onSubmit={submitBalance}
        onClose={close}
        errorMessage={MESSAGES.failedSetBalance}
        testId="balance-form"
      >
        <p style={{ marginTop: 0 }}>
          Now:{' '}
          <strong data-testid="balance-now">
            {adv?.isInfiniteCredits ? 'infinite credits' : formatUsd(adv?.creditBalance ?? 0)}
          </strong>
        </p>
        <Field label="Infinite credits">
          <Switch
            data-testid="balance-infinite"
            checked={infinite}
            onChange={setInfinite}
            checkedChildren="Infinite"
            unCheckedChildren="Finite"
          />
        </Field>
        {!infinite && (
          <Field label="Amount in $ (negative removes credits)">
            <Input
              data-testid="balance-amount"
              inputMode="decimal"
              prefix="$"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </Field>
        )}
        <Field label="Comment (optional)">
          <Input
            data-testid="balance-comment"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={500}
          />
        </Field>
        <Checkbox
          data-testid="balance-referral"
          checked={referral}
          onChange={(e) => setReferral(e.target.checked)}
        >
          Count as referral
        </Checkbox>
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'invoice'}
        title={`Create invoice: ${adv?.CompanyName ?? ''}`}
        submitText="Create invoice"
        onSubmit={submitInvoice}
        onClose={close}
        errorMessage={MESSAGES.failedCreateInvoice}
        errorHint="The advertiser may be missing its TAX/VAT numbers: add them with Edit."
        testId="invoice-form"
      >
        <Field label="Amount in $">
          <Input
            data-testid="invoice-amount"
            inputMode="decimal"
            prefix="$"
            value={invoiceAmount}
            onChange={(e) => setInvoiceAmount(e.target.value)}
          />
        </Field>
      </FormDialog>
    </>
  );
}
