import type { Advertiser } from '@leadmesh/schema';
import {
  centsToDollars,
  dollarsToCents,
  formatMessage,
  isWithinMoneyBound,
  MESSAGES,
  MONEY_BOUND_MESSAGE,
} from '@leadmesh/schema/constants';
import { Field, FormDialog, MoneyInput, useFeedback } from '@leadmesh/ui';
import { useLayoutEffect, useState } from 'react';
import { api } from '../../lib/screen.tsx';

/** Create invoice (admin §2, §5): a positive amount in $ billed to the advertiser. */
export function CreateInvoiceDialog({ adv, onClose }: { adv: Advertiser | null; onClose(): void }) {
  const feedback = useFeedback();
  const [amount, setAmount] = useState('');
  // Before the dialog's first frame: it never shows the last one's values.
  useLayoutEffect(() => {
    if (adv) setAmount('');
  }, [adv]);

  const submit = async () => {
    if (!adv) return MESSAGES.failedFindAdvertiser;
    const cents = dollarsToCents(amount.trim());
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
    <FormDialog
      open={adv !== null}
      title={`Create invoice: ${adv?.CompanyName ?? ''}`}
      submitText="Create invoice"
      onSubmit={submit}
      onClose={onClose}
      errorMessage={MESSAGES.failedCreateInvoice}
      errorHint="The advertiser may be missing its TAX/VAT numbers: add them with Edit."
      testId="invoice-form"
    >
      <Field label="Amount in $">
        <MoneyInput testId="invoice-amount" value={amount} onChange={setAmount} />
      </Field>
    </FormDialog>
  );
}
