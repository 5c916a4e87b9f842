import { CUSTOM_PAYOUT_LIST, type CustomPayout } from '@leadmesh/schema';
import {
  centsToDollars,
  formatUsd,
  isWithinMoneyBound,
  MESSAGES,
  MONEY_BOUND_MESSAGE,
  moneyBoundRefusal,
} from '@leadmesh/schema/constants';
import {
  ConfirmDialog,
  Field,
  FormDialog,
  ListTable,
  RowActions,
  SearchSelect,
  useFeedback,
  useList,
} from '@leadmesh/ui';
import { Button, Input, Switch } from 'antd';
import { useState } from 'react';
import { payoutToSend } from '../../lib/money-preview.ts';
import { PayoutCalculator } from '../../lib/payout-calculator.tsx';
import { UserPicker, useOfferNames } from '../../lib/pickers.tsx';
import { api, listLoader } from '../../lib/screen.tsx';

/** admin-customPayouts (public §2, §5): a publisher's own payout for an offer, with the calculator. */
export function CustomPayouts(_: { path: string }) {
  const controller = useList<CustomPayout>(listLoader('/customOfferPayouts/getAllPayouts'));
  const offers = useOfferNames();
  const [mode, setMode] = useState<'add' | 'edit' | null>(null);
  const [editing, setEditing] = useState<CustomPayout | null>(null);
  const [removing, setRemoving] = useState<CustomPayout | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [offerId, setOfferId] = useState<number | null>(null);
  const [payout, setPayout] = useState('');
  const [autoTax, setAutoTax] = useState(false);
  const feedback = useFeedback();

  const offer = mode === 'edit' && editing ? { ...editing.offer } : offers?.find((o) => o.ID === offerId);
  const tax = offer?.PlatformTax ?? 0;

  const submit = async () => {
    if (mode === 'add') {
      if (userId === null) return MESSAGES.customPayoutSelectUser;
      if (offerId === null) return MESSAGES.customPayoutSelectOffer;
    }
    const cents = payoutToSend(payout, tax, autoTax);
    if (cents === null || cents < 0)
      return mode === 'add' ? MESSAGES.customPayoutNotNumber : MESSAGES.customPayoutEditNotNumber;
    // The API's own bound (decision 0031), checked here first with the same text.
    if (!isWithinMoneyBound(cents)) return MONEY_BOUND_MESSAGE;
    if (mode === 'add') {
      const a = await api.call('/customOfferPayouts/addPayout', {
        UserID: userId as number,
        OfferID: offerId as number,
        Payout: cents,
      });
      // A refusal shows the server's reason (the dialog's refusalText, decision 0065).
      if (a.status !== 'ok') return moneyBoundRefusal(a) ?? a;
      feedback.done(`Custom payout of ${formatUsd(a.data.Payout)} saved for ${a.data.Username}`);
      controller.list.reload();
      return null;
    }
    const a = await api.call('/customOfferPayouts/editPayout', { ID: editing?.ID as number, Payout: cents });
    if (a.status !== 'ok') return moneyBoundRefusal(a) ?? a;
    feedback.done(`Custom payout of ${a.data.Username} is now ${formatUsd(a.data.Payout)}`);
    controller.list.updateRow((r) => r.ID === a.data.ID, a.data);
    return null;
  };

  return (
    <>
      <ListTable<CustomPayout>
        controller={controller}
        rowKey="ID"
        list={CUSTOM_PAYOUT_LIST}
        toolbar={
          <Button
            type="primary"
            data-testid="custom-payout-add"
            onClick={() => {
              setUserId(null);
              setOfferId(null);
              setPayout('');
              setAutoTax(false);
              setMode('add');
            }}
          >
            Add custom payout
          </Button>
        }
        columns={[
          { field: 'Username' },
          { field: 'OfferName' },
          { title: 'Payout', field: 'Payout', align: 'right', phone: true },
          { title: 'Publisher gets', dataIndex: 'PublisherGets', align: 'right', valueType: 'money' },
          { field: 'ID' },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, row) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: 'Edit',
                    onClick: () => {
                      setEditing(row);
                      setPayout(centsToDollars(row.Payout).toFixed(2));
                      setAutoTax(false);
                      setMode('edit');
                    },
                  },
                  { key: 'remove', label: 'Remove', danger: true, onClick: () => setRemoving(row) },
                ]}
              />
            ),
          },
        ]}
      />
      <FormDialog
        open={mode !== null}
        title={
          mode === 'add'
            ? 'Add custom payout'
            : `Edit custom payout of ${editing?.Username} for ${editing?.OfferName}`
        }
        onSubmit={submit}
        onClose={() => setMode(null)}
        errorMessage={mode === 'add' ? MESSAGES.errorCreatingCustomPayout : MESSAGES.errorEditingCustomPayout}
        testId="custom-payout-form"
      >
        {mode === 'add' && (
          <>
            <Field label="Publisher">
              <UserPicker value={userId} onChange={setUserId} testId="custom-payout-user" />
            </Field>
            <Field label="Offer">
              <SearchSelect
                data-testid="custom-payout-offer"
                value={offerId ?? undefined}
                placeholder="Pick an offer"
                loading={offers === null}
                onChange={(v) => setOfferId(v === undefined ? null : Number(v))}
                options={(offers ?? []).map((o) => ({
                  value: o.ID,
                  label: `${o.OfferName} (${o.OfferProductName})`,
                }))}
                style={{ width: '100%' }}
              />
            </Field>
          </>
        )}
        <Field
          label={autoTax ? 'What the publisher should get, in $' : 'Payout in $ (before the platform tax)'}
        >
          <Input
            data-testid="custom-payout-amount"
            inputMode="decimal"
            prefix="$"
            value={payout}
            onChange={(e) => setPayout(e.target.value)}
          />
        </Field>
        <Field label="Automatic tax (gross the payout up by the offer's tax)">
          <Switch data-testid="custom-payout-autotax" checked={autoTax} onChange={setAutoTax} />
        </Field>
        {offer && (
          <PayoutCalculator
            payout={payout}
            tax={tax}
            automaticTax={autoTax}
            advertiserPaysCents={offer.OfferPayout}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the custom payout of ${removing?.Username ?? ''}?`}
        confirmText="Remove"
        errorMessage={MESSAGES.errorRemovingCustomPayout}
        doneText={`Custom payout of ${removing?.Username ?? ''} for ${removing?.OfferName ?? ''} removed`}
        onConfirm={() => api.call('/customOfferPayouts/removePayout', { ID: removing?.ID as number })}
        onDone={() => removing && controller.list.removeRow((r) => r.ID === removing.ID)}
        onClose={() => setRemoving(null)}
      >
        {removing?.Username} gets the offer's own payout for <strong>{removing?.OfferName}</strong> again.
      </ConfirmDialog>
    </>
  );
}
