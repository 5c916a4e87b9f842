import { api } from '@leadmesh/api-client';
import type { User } from '@leadmesh/schema';
import { useSessionStore } from '@leadmesh/session';
import { formatDateTimeUtc } from '@leadmesh/ui';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';

type Hold = NonNullable<User['PaymentHold']>;

/**
 * Decision 0030: after someone else changed the account's e-mail, payouts and payment-method
 * changes wait; the owner sees why and until when.
 */
export function PaymentHoldNotice({ hold }: { hold: Hold | null | undefined }) {
  if (!hold) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="payment-hold"
      style={{ marginBottom: 16 }}
      title={`Payouts and payment-method changes are on hold until ${formatDateTimeUtc(hold.until)}`}
      description={`Why: ${hold.reason} Your earnings stay in your account and are paid in the first payout after the hold. If you did not ask for this change, contact your manager at once.`}
    />
  );
}

/** The notice for screens that do not load the user themselves (Payments). */
export function PaymentHoldBanner() {
  const userId = useSessionStore((s) => s.userData?.UserInfo.ID);
  const [hold, setHold] = useState<Hold | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void api.call('/users/getSingleUser', { ID: userId }).then((answer) => {
      if (live && answer.status === 'ok') setHold(answer.data.PaymentHold ?? null);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  return <PaymentHoldNotice hold={hold} />;
}
