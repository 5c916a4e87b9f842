import { api } from '@leadmesh/api-client';
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@leadmesh/schema/constants';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { addPublicTexts } from '../../i18n.ts';
import { account } from '../../locales/en/account.ts';
import { EmailFormItem } from '../form-items.tsx';

addPublicTexts(account);

interface CodeValues {
  Token: string;
  NewPassword: string;
  confirm: string;
}

/** The refusal of the last step, above its button. */
function ResetError({ error }: { error: string | null }) {
  if (!error) return null;
  return <Alert type="error" title={error} style={{ marginBottom: 16 }} data-testid="reset-error" />;
}

/** The first step: the address to mail a code to. */
function EmailStep({
  busy,
  error,
  onSend,
}: {
  busy: boolean;
  error: string | null;
  onSend(values: { Email: string }): void;
}) {
  const { t } = useTranslation('public');
  return (
    <Form<{ Email: string }> layout="vertical" onFinish={onSend} data-testid="reset-email-form">
      <Typography.Paragraph>{t('resetPassword.emailIntro')}</Typography.Paragraph>
      <EmailFormItem name="Email" label={t('resetPassword.email')} testId="reset-email" />
      <ResetError error={error} />
      <Button type="primary" htmlType="submit" loading={busy} block data-testid="reset-send">
        {t('resetPassword.send')}
      </Button>
    </Form>
  );
}

/** The second step: the mailed code, the new password twice; or back to another address. */
function CodeStep({
  email,
  busy,
  error,
  onReset,
  onAgain,
}: {
  email: string;
  busy: boolean;
  error: string | null;
  onReset(values: CodeValues): void;
  onAgain(): void;
}) {
  const { t } = useTranslation('public');
  return (
    <Form<CodeValues> layout="vertical" onFinish={onReset} data-testid="reset-code-form">
      <Alert
        type="info"
        title={t('resetPassword.codeSent', { email })}
        style={{ marginBottom: 16 }}
        data-testid="reset-sent"
      />
      <Form.Item
        name="Token"
        label={t('resetPassword.code')}
        rules={[{ required: true, message: t('resetPassword.codeRequired') }]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" data-testid="reset-code" />
      </Form.Item>
      <Form.Item
        name="NewPassword"
        label={t('resetPassword.newPassword')}
        rules={[{ required: true, min: PASSWORD_MIN, max: PASSWORD_MAX, message: MESSAGES.passwordRange }]}
      >
        <Input.Password autoComplete="new-password" data-testid="reset-new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('resetPassword.confirm')}
        rules={[{ required: true, message: MESSAGES.twoSamePasswords }]}
      >
        <Input.Password autoComplete="new-password" data-testid="reset-confirm" />
      </Form.Item>
      <ResetError error={error} />
      <Button type="primary" htmlType="submit" loading={busy} block data-testid="reset-submit">
        {t('resetPassword.submit')}
      </Button>
      <Button type="link" onClick={onAgain} style={{ marginTop: 8 }} data-testid="reset-again">
        {t('resetPassword.again')}
      </Button>
    </Form>
  );
}

/**
 * Password reset (public §2): the e-mail step mails a code (the answer is the same whether or not
 * the address has an account), then code + new password + confirmation, then back to /login.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('public');
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendCode = async ({ Email }: { Email: string }) => {
    setBusy(true);
    setError(null);
    const answer = await api.call('/auth/sendUniqueToken', { Email });
    setBusy(false);
    if (answer.status === 'ok') setEmail(Email);
    else setError(answer.data === 'RATE_LIMITED' ? t('resetPassword.tooMany') : MESSAGES.serverTimedOut);
  };

  const reset = async (values: CodeValues) => {
    if (values.NewPassword !== values.confirm) {
      setError(MESSAGES.twoSamePasswords);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await api.call('/auth/resetPassword', {
      Email: email ?? '',
      Token: values.Token.trim(),
      NewPassword: values.NewPassword,
    });
    setBusy(false);
    if (answer.status === 'ok') {
      navigate('/login?reset=1');
      return;
    }
    setError(
      answer.data === 'INVALID_RESET_CODE'
        ? t('resetPassword.badCode')
        : answer.data === 'RATE_LIMITED'
          ? t('resetPassword.tooMany')
          : answer.data === 'VALIDATION_ERROR'
            ? MESSAGES.passwordRange
            : MESSAGES.serverTimedOut,
    );
  };

  return (
    <section
      data-testid="page-resetPassword"
      style={{ maxWidth: 460, margin: '48px auto', padding: '0 16px' }}
    >
      <Card>
        <Typography.Title level={1} data-testid="page-title" style={{ fontSize: 28 }}>
          {t('resetPassword.title')}
        </Typography.Title>
        {email === null ? (
          <EmailStep busy={busy} error={error} onSend={sendCode} />
        ) : (
          <CodeStep email={email} busy={busy} error={error} onReset={reset} onAgain={() => setEmail(null)} />
        )}
        <Typography.Paragraph style={{ marginTop: 16 }}>
          <Link to="/login">{t('resetPassword.back')}</Link>
        </Typography.Paragraph>
      </Card>
    </section>
  );
}
