import type { Envelope } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';
import { Button, Result } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { refusalText } from '../feedback.tsx';

/**
 * The frame of a screen: `data-testid="screen"` with the route path, as the browser tests and the
 * shell's tests find it. The header already carries the title, so the screen has no heading.
 */
export function Screen({
  path,
  children,
  style,
}: {
  path: string;
  children: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <section data-testid="screen" data-screen={path} className="lm-screen" style={style}>
      {children}
    </section>
  );
}

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

/** Whether an answer refused the caller for not being verified. */
export function isNotVerified(answer: Envelope<unknown> | null | undefined): boolean {
  return answer?.status === 'error' && answer.data === 'NOT_VERIFIED';
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

/** Styles the views share; one `<style>` so the kit needs no CSS pipeline. */
export const VIEW_CSS = `
.lm-screen { display: flex; flex-direction: column; gap: 16px; min-width: 0; }
.lm-kpis { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 12px; }
.lm-charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr)); gap: 16px; }
.lm-charts .ant-card-body { padding: 12px 16px; overflow: hidden; }
.lm-charts > .ant-card { min-width: 0; }
.lm-chart-wide { grid-column: 1 / -1; }
.lm-toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; }
.lm-table-scroll { overflow-x: auto; }
.lm-dl { display: grid; grid-template-columns: minmax(110px, max-content) 1fr; gap: 6px 16px; margin: 0; }
.lm-dl dt { opacity: 0.65; }
.lm-dl dd { margin: 0; word-break: break-word; }
@media (max-width: 600px) {
  .lm-actions { max-width: 140px; }
  .lm-kpis { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
  .lm-kpis .ant-statistic-content { font-size: 20px; }
}
`;

export function ViewStyles() {
  return <style>{VIEW_CSS}</style>;
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
