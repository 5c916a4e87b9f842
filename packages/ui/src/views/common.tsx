import { MESSAGES } from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { refusalText } from '../feedback.tsx';

// Kept apart so the dashboard's first screen draws them without antd (decision 0064).
export { isNotVerified, Screen, VIEW_CSS, ViewStyles } from './frame.tsx';

/**
 * 'Your account has not been verified' (dashboards §2 Unverified accounts), the one wall of every
 * screen an unverified account cannot use yet: it says what happens next and whom to contact (the
 * assigned manager's contacts from the session, else the Get in touch form of the public site).
 */
export function NotVerified() {
  const session = useSessionStore((s) => s.userData);
  const manager = session?.AssignedManager;
  const advertiser = session?.AdvertiserInfo;
  const what = advertiser && !advertiser.Flags.isVerified ? 'advertiser account' : 'account';
  const contacts = manager
    ? [
        manager.Email && `e-mail ${manager.Email}`,
        manager.ContactSkype && `Skype ${manager.ContactSkype}`,
        manager.ContactTelegram && `Telegram ${manager.ContactTelegram}`,
        manager.ContactWhatsapp && `WhatsApp ${manager.ContactWhatsapp}`,
      ].filter(Boolean)
    : [];
  const managerName = manager ? [manager.FirstName, manager.LastName].filter(Boolean).join(' ') : '';
  return (
    <Result
      data-testid="not-verified"
      status="info"
      title={MESSAGES.notVerified}
      subTitle={
        <span data-testid="not-verified-next">
          Our team checks every new {what} and verifies it, usually within one working day. This screen opens
          once yours is verified: reload the page then.
        </span>
      }
      extra={
        <div data-testid="not-verified-contact">
          {manager ? (
            <>
              Questions? Contact your manager {managerName}
              {contacts.length > 0 ? `: ${contacts.join(', ')}` : ''}.
            </>
          ) : (
            <>
              Questions? Write to us with the <a href="/#get-in-touch">Get in touch</a> form at the foot of
              our site.
            </>
          )}
        </div>
      }
    />
  );
}

/** The message of an error answer with the server's reasons (the kit's `refusalText`). */
export const errorText = refusalText;

/** A load that failed: the spec's message and a Retry button. */
export function LoadError({
  message = MESSAGES.errorFetchingData,
  onRetry,
  testId = 'load-error',
}: {
  message?: string;
  onRetry(): void;
  testId?: string;
}) {
  return (
    <Result
      status="warning"
      data-testid={testId}
      title={<span style={{ whiteSpace: 'pre-line' }}>{message}</span>}
      extra={
        <Button type="primary" data-testid={`${testId}-retry`} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}

/** A definition list of label / value pairs (More info dialogs). */
export function Details({ items, testId }: { items: [label: string, value: ReactNode][]; testId?: string }) {
  return (
    <dl className="lm-dl" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
