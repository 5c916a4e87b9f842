import type { CustomPayout } from '@leadmesh/schema';
import {
  centsToDollars,
  formatUsd,
  isWithinMoneyBound,
  MESSAGES,
  MONEY_BOUND_MESSAGE,
  moneyBoundRefusal,
} from '@leadmesh/schema/constants';
import { Field, FormDialog, type FormOutcome, MoneyInput, SearchSelect, useFeedback } from '@leadmesh/ui';
import { Switch } from 'antd';
import { useEffect, useState } from 'react';
import { payoutToSend } from '../../lib/money-preview.ts';
import { PayoutCalculator } from '../../lib/payout-calculator.tsx';
import { UserPicker, useOfferNames } from '../../lib/pickers.tsx';
import { api } from '../../lib/screen.tsx';

/** What the dialog is open for: a new custom payout, or a change to the payout of a row. */
export type CustomPayoutTask = { mode: 'add' } | { mode: 'edit'; row: CustomPayout } | null;

/** The publisher and the offer a new custom payout is for, picked into the dialog's draft. */
function PublisherAndOffer({
  draft,
  offers,
}: {
  draft: PayoutDraft;
  offers: ReturnType<typeof useOfferNames>;
}) {
  const { userId, setUserId, offerId, setOfferId } = draft;
  return (
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
  );
}

/** The dialog's fields, emptied (or set to the row's payout) each time it opens. */
function usePayoutDraft(task: CustomPayoutTask) {
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
  return { userId, setUserId, offerId, setOfferId, payout, setPayout, autoTax, setAutoTax };
}
type PayoutDraft = ReturnType<typeof usePayoutDraft>;

/** Adds (no row yet) or edits the payout; a refusal comes back for the dialog to show (decision 0065). */
async function saveCustomPayout(
  editing: CustomPayout | null,
  picked: { userId: number | null; offerId: number | null },
  cents: number,
): Promise<{ refusal: FormOutcome } | { message: string; edited?: CustomPayout }> {
  if (!editing) {
    const a = await api.call('/customOfferPayouts/addPayout', {
      UserID: picked.userId as number,
      OfferID: picked.offerId as number,
      Payout: cents,
    });
    if (a.status !== 'ok') return { refusal: moneyBoundRefusal(a) ?? a };
    return { message: `Custom payout of ${formatUsd(a.data.Payout)} saved for ${a.data.Username}` };
  }
  const a = await api.call('/customOfferPayouts/editPayout', { ID: editing.ID, Payout: cents });
  if (a.status !== 'ok') return { refusal: moneyBoundRefusal(a) ?? a };
  return {
    message: `Custom payout of ${a.data.Username} is now ${formatUsd(a.data.Payout)}`,
    edited: a.data,
  };
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
  const draft = usePayoutDraft(task);
  const { userId, offerId, payout, setPayout, autoTax, setAutoTax } = draft;

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
    const saved = await saveCustomPayout(editing, { userId, offerId }, cents);
    if ('refusal' in saved) return saved.refusal;
    feedback.done(saved.message);
    if (saved.edited) onEdited(saved.edited);
    else onAdded();
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
      {adding && <PublisherAndOffer draft={draft} offers={offers} />}
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
