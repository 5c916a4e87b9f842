import { api } from '@leadmesh/api-client';
import { replayFirstAction } from '@leadmesh/federation/first-interaction';
import { isEmailAddress, MESSAGES } from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';
import { type FormEvent, type ReactNode, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MenuIcon } from '../icons.tsx';

/*
 * The public layout is plain markup and CSS (shell/src/styles.tsx), not antd: it is on every
 * visitor's first page, and the shell's startup code stays free of antd (decision 0101).
 */

const NAV_LINKS = [
  ['/', 'home', 'nav.home'],
  ['/publishers', 'publishers', 'nav.publishers'],
  ['/advertisers', 'advertisers', 'nav.advertisers'],
  ['/aboutus', 'culture', 'nav.culture'],
] as const;

/** The main navigation; `suffix` tells the header's copy from the menu panel's in test ids. */
function NavLinks({ suffix }: { suffix: string }) {
  const { t } = useTranslation('shell');
  return (
    <nav aria-label={t('nav.main')} className="lm-nav">
      {NAV_LINKS.map(([to, id, label]) => (
        <Link key={id} to={to} className="lm-shell-link" data-testid={`nav-${id}${suffix}`}>
          {t(label)}
        </Link>
      ))}
    </nav>
  );
}

/** Log in and Sign up, or Dashboard when logged in. */
function AccountLinks({ suffix }: { suffix: string }) {
  const { t } = useTranslation('shell');
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  return (
    <div className="lm-account">
      {isLoggedIn ? (
        <Link to="/dashboard" className="lm-button lm-button-primary" data-testid={`nav-dashboard${suffix}`}>
          {t('nav.dashboard')}
        </Link>
      ) : (
        <>
          <Link to="/login" className="lm-button" data-testid={`nav-login${suffix}`}>
            {t('nav.login')}
          </Link>
          <Link to="/register" className="lm-button lm-button-primary" data-testid={`nav-signup${suffix}`}>
            {t('nav.signup')}
          </Link>
        </>
      )}
    </div>
  );
}

/** The phone's menu: its button and the panel it opens, closed by following a link or by Escape. */
function HeaderMenu() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button
        type="button"
        className="lm-button lm-icon-button lm-menu-toggle"
        aria-label={t('nav.menu')}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="nav-menu"
        onClick={() => setOpen((v) => !v)}
      >
        <MenuIcon />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only notices a link being followed; the links themselves are the controls */}
      <div
        id={panelId}
        className="lm-menu-panel"
        data-open={open}
        data-testid="nav-menu-panel"
        onClick={(event) => (event.target as HTMLElement).closest('a') && setOpen(false)}
      >
        {open && (
          <>
            <NavLinks suffix="-menu" />
            <AccountLinks suffix="-menu" />
          </>
        )}
      </div>
    </>
  );
}

/**
 * Public header (public §2): Home, Publishers, Advertisers, Our culture, Log in, Sign up (Dashboard
 * when logged in). Under 768 px the navigation folds into a menu button.
 */
function PublicHeader() {
  return (
    <header className="lm-header" data-testid="public-header">
      <Link to="/" className="lm-brand lm-shell-link">
        Leadmesh
      </Link>
      <NavLinks suffix="" />
      <AccountLinks suffix="" />
      <HeaderMenu />
    </header>
  );
}

interface ContactValues {
  Name: string;
  EMail: string;
  Message: string;
}

const subscribeToNothing = () => () => undefined;
const isInBrowser = () => true;
const isOnServer = () => false;

type ContactErrors = Partial<Record<keyof ContactValues, string>>;

const CONTACT_FIELDS = [
  ['Name', 'footer.name'],
  ['EMail', 'footer.email'],
  ['Message', 'footer.message'],
] as const;

function validateContact(values: ContactValues, required: string): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.Name.trim()) errors.Name = required;
  if (!isEmailAddress(values.EMail.trim())) errors.EMail = required;
  if (!values.Message.trim()) errors.Message = required;
  return errors;
}

/** One labelled input of the contact form with its error under it. */
function Field({
  name,
  label,
  error,
  multiline,
  value,
  onChange,
}: {
  name: keyof ContactValues;
  label: string;
  error?: string;
  multiline?: boolean;
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  const props = {
    id,
    name,
    value,
    className: 'lm-input',
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': true,
    'data-testid': `contact-${name === 'EMail' ? 'email' : name.toLowerCase()}`,
  };
  return (
    <div className="lm-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea rows={3} {...props} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          type={name === 'EMail' ? 'email' : 'text'}
          autoComplete={name === 'EMail' ? 'email' : 'name'}
          {...props}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error && (
        <div id={`${id}-error`} className="lm-field-error" data-testid={`contact-error-${name}`}>
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * Get in touch form (public §2 Footer contact form): success shows the message, failure is silent.
 * A prerendered page (decision 0061) carries this form before any script runs; it is drawn disabled
 * there (decision 0068), so nobody types into a form that cannot send yet, and comes alive with the
 * shell's first commit. No script-free post: the API wants JSON with a CSRF token from another origin.
 */
function GetInTouchForm() {
  const { t } = useTranslation('shell');
  // Rendering to HTML reads the server's answer (disabled); the browser's first commit is live, so a
  // field the visitor tapped before the scripts ran can take the focus at once (decision 0085).
  const live = useSyncExternalStore(subscribeToNothing, isInBrowser, isOnServer);
  const [values, setValues] = useState<ContactValues>({ Name: '', EMail: '', Message: '' });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof ContactValues) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values, t('footer.required'));
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const answer = await api.call('/email/contact', {
      Name: values.Name.trim(),
      EMail: values.EMail.trim(),
      Message: values.Message.trim(),
    });
    setBusy(false);
    if (answer.status === 'ok') setSent(true);
  };
  if (sent) return <p data-testid="contact-success">{MESSAGES.contactSubmitted}</p>;
  return (
    <form className="lm-form" noValidate onSubmit={onSubmit} data-testid="contact-form">
      <fieldset disabled={!live} className="lm-fieldset">
        {CONTACT_FIELDS.map(([name, label]) => (
          <Field
            key={name}
            name={name}
            label={t(label)}
            error={errors[name]}
            multiline={name === 'Message'}
            value={values[name]}
            onChange={set(name)}
          />
        ))}
        <button type="submit" className="lm-button" disabled={busy} data-testid="contact-send">
          {t('footer.send')}
        </button>
      </fieldset>
    </form>
  );
}

function PublicFooter() {
  const { t } = useTranslation('shell');
  return (
    <footer className="lm-footer" data-testid="public-footer">
      <div>
        <h2>{t('footer.contact')}</h2>
        <p>{t('footer.company')}</p>
        <p>{t('footer.support')}</p>
      </div>
      <div className="lm-footer-form" id="get-in-touch">
        <h2>{t('footer.getInTouch')}</h2>
        <GetInTouchForm />
      </div>
    </footer>
  );
}

/** The layout of every public page: header, the page, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  // A prerendered page was plain HTML until the visitor's first interaction: what they pressed or
  // focused then is done again on React's elements (decision 0085).
  useEffect(() => replayFirstAction(), []);
  return (
    <div className="lm-public lm-shell" data-testid="public-layout">
      <PublicHeader />
      <main className="lm-public-main">{children}</main>
      <PublicFooter />
    </div>
  );
}
