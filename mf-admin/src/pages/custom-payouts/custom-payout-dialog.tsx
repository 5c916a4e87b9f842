import type { CustomPayout } from '@leadmesh/schema';
import {
  centsToDollars,
  formatUsd,
  isWithinMoneyBound,
  MESSAGES,
  MONEY_BOUND_MESSAGE,
  moneyBoundRefusal,
} from '@leadmesh/schema/constants';
import { Field, FormDialog, MoneyInput, SearchSelect, useFeedback } from '@leadmesh/ui';
import { Switch } from 'antd';
import { useEffect, useState } from 'react';
import { payoutToSend } from '../../lib/money-preview.ts';
import { PayoutCalculator } from '../../lib/payout-calculator.tsx';
import { UserPicker, useOfferNames } from '../../lib/pickers.tsx';
import { api } from '../../lib/screen.tsx';

/** What the dialog is open for: a new custom payout, or a change to the payout of a row. */
export type CustomPayoutTask = { mode: 'add' } | { mode: 'edit'; row: CustomPayout } | null;

function PublisherAndOffer({
  userId,
  onUser,
  offerId,
  onOffer,
  offers,
}: {
  userId: number | null;
  onUser(id: number | null): void;
  offerId: number | null;
  onOffer(id: number | null): void;
  offers: ReturnType<typeof useOfferNames>;
}) {
  return (
    <>
      <Field label="Publisher">
        <UserPicker value={userId} onChange={onUser} testId="custom-payout-user" />
      </Field>
      <Field label="Offer">
        <SearchSelect
          data-testid="custom-payout-offer"
          value={offerId ?? undefined}
          placeholder="Pick an offer"
          loading={offers === null}
          onChange={(v) => onOffer(v === undefined ? null : Number(v))}
          options={(offers ?? []).map((o) => ({
            value: o.ID,
            label: `${o.OfferName} (${o.OfferProductName})`,
          }))}
          style={{ width: '100%' }}
        />
      </Field>
    </>
  );
}

/**
 * Add or edit a custom payout (public §2, §5) with the calculator: the payout is typed before the
 * platform tax, or (automatic tax) as what the publisher should get.
 */
export function CustomPayoutDialog({
  task,
  onClose,
  onAdded,
  onEdited,
}: {
  task: CustomPayoutTask;
  onClose(): void;
  onAdded(): void;
  onEdited(row: CustomPayout): void;
}) {
  const offers = useOfferNames();
  const feedback = useFeedback();
  const [userId, setUserId] = useState<number | null>(null);
  const [offerId, setOfferId] = useState<number | null>(null);
  const [payout, setPayout] = useState('');
  const [autoTax, setAutoTax] = useState(false);
  useEffect(() => {
    if (!task) return;
    setUserId(null);
    setOfferId(null);
    setPayout(task.mode === 'edit' ? centsToDollars(task.row.Payout).toFixed(2) : '');
    setAutoTax(false);
  }, [task]);

  const adding = task?.mode === 'add';
  const editing = task?.mode === 'edit' ? task.row : null;
  const offer = editing ? { ...editing.offer } : offers?.find((o) => o.ID === offerId);
  const tax = offer?.PlatformTax ?? 0;

  const submit = async () => {
    if (adding) {
      if (userId === null) return MESSAGES.customPayoutSelectUser;
      if (offerId === null) return MESSAGES.customPayoutSelectOffer;
    }
    const cents = payoutToSend(payout, tax, autoTax);
    if (cents === null || cents < 0)
      return adding ? MESSAGES.customPayoutNotNumber : MESSAGES.customPayoutEditNotNumber;
    // The API's own bound (decision 0031), checked here first with the same text.
    if (!isWithinMoneyBound(cents)) return MONEY_BOUND_MESSAGE;
    if (adding) {
      const a = await api.call('/customOfferPayouts/addPayout', {
        UserID: userId as number,
        OfferID: offerId as number,
        Payout: cents,
      });
      // A refusal shows the server's reason (the dialog's refusalText, decision 0065).
      if (a.status !== 'ok') return moneyBoundRefusal(a) ?? a;
      feedback.done(`Custom payout of ${formatUsd(a.data.Payout)} saved for ${a.data.Username}`);
      onAdded();
      return null;
    }
    const a = await api.call('/customOfferPayouts/editPayout', { ID: editing?.ID as number, Payout: cents });
    if (a.status !== 'ok') return moneyBoundRefusal(a) ?? a;
    feedback.done(`Custom payout of ${a.data.Username} is now ${formatUsd(a.data.Payout)}`);
    onEdited(a.data);
    return null;
  };

  return (
    <FormDialog
      open={task !== null}
      title={
        adding ? 'Add custom payout' : `Edit custom payout of ${editing?.Username} for ${editing?.OfferName}`
      }
      onSubmit={submit}
      onClose={onClose}
      errorMessage={adding ? MESSAGES.errorCreatingCustomPayout : MESSAGES.errorEditingCustomPayout}
      testId="custom-payout-form"
    >
      {adding && (
        <PublisherAndOffer
          userId={userId}
          onUser={setUserId}
          offerId={offerId}
          onOffer={setOfferId}
          offers={offers}
        />
      )}
      <Field
        label={autoTax ? 'What the publisher should get, in $' : 'Payout in $ (before the platform tax)'}
      >
        <MoneyInput testId="custom-payout-amount" value={payout} onChange={setPayout} />
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
  );
}
