import { MESSAGES } from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';

/*
 * Plain markup and CSS, no antd: the shell draws this wall inside its dashboard layout, and the
 * shell carries no antd (decision 0062). It looks like antd's `Result status="info"` the screens
 * drew before, in both themes (the dark one is `[data-theme="dark"]` on the shell's root).
 */
const CSS = `
.lm-not-verified { box-sizing: border-box; max-width: 640px; margin: 0 auto; padding: 48px 24px; text-align: center; font-size: 14px; line-height: 1.5715; }
.lm-not-verified-icon { display: block; margin: 0 auto 24px; color: #0958d9; }
[data-theme="dark"] .lm-not-verified-icon { color: #1668dc; }
.lm-not-verified h2 { margin: 0 0 8px; font-size: 24px; font-weight: 400; line-height: 1.35; }
.lm-not-verified-next { margin: 0 0 24px; color: rgba(0,0,0,0.6); }
[data-theme="dark"] .lm-not-verified-next { color: rgba(255,255,255,0.6); }
.lm-not-verified a { color: #0958d9; }
[data-theme="dark"] .lm-not-verified a { color: #4096ff; }
`;

function InfoIcon() {
  return (
    <svg
      className="lm-not-verified-icon"
      width="72"
      height="72"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <rect x="10.75" y="10" width="2.5" height="8" rx="1.25" fill="#fff" />
      <circle cx="12" cy="6.75" r="1.5" fill="#fff" />
    </svg>
  );
}

/**
 * 'Your account has not been verified' (dashboards §2 Unverified accounts), the one wall of every
 * screen an unverified account cannot use yet: it says what happens next and whom to contact (the
 * assigned manager's contacts from the session, else the Get in touch form of the public site).
 */
export function NotVerifiedNotice() {
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
    <section className="lm-not-verified" data-testid="not-verified">
      <style href="leadmesh-not-verified" precedence="default">
        {CSS}
      </style>
      <InfoIcon />
      <h2>{MESSAGES.notVerified}</h2>
      <p className="lm-not-verified-next" data-testid="not-verified-next">
        Our team checks every new {what} and verifies it, usually within one working day. This screen opens
        once yours is verified: reload the page then.
      </p>
      <div data-testid="not-verified-contact">
        {manager ? (
          <>
            Questions? Contact your manager {managerName}
            {contacts.length > 0 ? `: ${contacts.join(', ')}` : ''}.
          </>
        ) : (
          <>
            Questions? Write to us with the <a href="/#get-in-touch">Get in touch</a> form at the foot of our
            site.
          </>
        )}
      </div>
    </section>
  );
}
