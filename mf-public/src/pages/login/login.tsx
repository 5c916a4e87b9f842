import { api } from '@leadmesh/api-client';
import { MESSAGES } from '@leadmesh/schema/constants';
import { dashboardHome, useSessionStore } from '@leadmesh/session';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { addPublicTexts } from '../../i18n.ts';
import { account } from '../../locales/en/account.ts';

addPublicTexts(account);

interface LoginValues {
  username: string;
  password: string;
}

/**
 * Login (public §2): on success the session timestamp is touched (the shell re-checks the login)
 * and the user goes to their home (/dashboard/publisher for a publisher, as the spec says; the
 * advertiser dashboard or the staff's overview for others: session dashboardHome); on failure
 * 'Username or password is incorrect'.
 */
export function LoginPage() {
  const { t } = useTranslation('public');
  const refresh = useSessionStore((s) => s.refresh);
  const setSession = useSessionStore((s) => s.setSession);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();

  const onFinish = async (values: LoginValues) => {
    setBusy(true);
    setError(null);
    const answer = await api.call('/auth/login', values);
    setBusy(false);
    if (answer.status !== 'ok') {
      setError(answer.data === 'SERVER_ERROR' ? MESSAGES.serverTimedOutBang : MESSAGES.loginFailed);
      return;
    }
    // The guards see the session at once; the timestamp makes the store re-check it (public §2).
    setSession(answer.data);
    refresh();
    navigate(dashboardHome(answer.data));
  };

  return (
    <Card title={t('login.title')} style={{ maxWidth: 420, margin: '48px auto' }} data-testid="login-page">
      <Form<LoginValues> layout="vertical" onFinish={onFinish} data-testid="login-form">
        {params.get('reset') === '1' && (
          <Alert
            type="success"
            title={t('login.resetDone')}
            data-testid="login-reset-done"
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, message: t('login.required') }]}
        >
          <Input autoComplete="username" data-testid="login-username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.required') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        {error && <Alert type="error" title={error} data-testid="login-error" style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={busy} block data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <div style={{ marginTop: 12 }}>
          <Link to="/resetPassword" data-testid="login-forgot">
            {t('login.forgot')}
          </Link>
        </div>
      </Form>
    </Card>
  );
}
