import type { Advertiser } from '@leadmesh/schema';
import {
  dollarsToCents,
  formatUsd,
  isWithinMoneyBound,
  MESSAGES,
  MONEY_BOUND_MESSAGE,
} from '@leadmesh/schema/constants';
import { Field, FormDialog, MoneyInput, TextField } from '@leadmesh/ui';
import { Switch } from 'antd';
import { useLayoutEffect, useState } from 'react';
import { ReferralCheckbox } from '../../lib/referral-checkbox.tsx';
import { api } from '../../lib/screen.tsx';

/** Fetches the advertiser again after a change (admin §4); `done` says what the change did. */
export type RefetchAdvertiser = (id: number, done?: (a: Advertiser) => string) => Promise<string | null>;

/** A dialog that changes one advertiser (null: closed) and shows the advertiser fetched again. */
export interface AdvertiserChangeProps {
  adv: Advertiser | null;
  onClose(): void;
  refetch: RefetchAdvertiser;
}

const balanceText = (a: Advertiser) =>
  `Credit balance of ${a.CompanyName} is now ${a.isInfiniteCredits ? 'infinite' : formatUsd(a.creditBalance)}`;

/** Add balance (admin §2, §4, §5): an amount in $ added (or removed), or infinite credits. */
export function BalanceDialog({ adv, onClose, refetch }: AdvertiserChangeProps) {
  const [amount, setAmount] = useState('');
  const [comment, setComment] = useState('');
  const [infinite, setInfinite] = useState(false);
  const [referral, setReferral] = useState(true);
  // Before the dialog's first frame: it never shows the last one's values.
  useLayoutEffect(() => {
    if (!adv) return;
    setAmount('');
    setComment('');
    setInfinite(adv.isInfiniteCredits);
    setReferral(true);
  }, [adv]);

  const submit = async () => {
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

  return (
    <FormDialog
      open={adv !== null}
      title={`Add balance: ${adv?.CompanyName ?? ''}`}
      submitText={infinite ? 'Set infinite credits' : 'Change balance'}
      onSubmit={submit}
      onClose={onClose}
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
          <MoneyInput testId="balance-amount" value={amount} onChange={setAmount} />
        </Field>
      )}
      <TextField
        label="Comment (optional)"
        testId="balance-comment"
        value={comment}
        onChange={setComment}
        maxLength={500}
      />
      <ReferralCheckbox testId="balance-referral" checked={referral} onChange={setReferral} />
    </FormDialog>
  );
}
