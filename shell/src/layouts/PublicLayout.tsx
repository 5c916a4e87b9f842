import { api } from '@leadmesh/api-client';
import { MESSAGES } from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';
import { Button, Form, Input, Layout, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Public header (public §2): Home, Publishers, Advertisers, Our culture, Log in, Sign up / Dashboard. */
function PublicHeader() {
  const { t } = useTranslation('shell');
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  return (
    <Layout.Header
      data-testid="public-header"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 24,
        background: '#fff',
        borderBottom: '1px solid #eee',
      }}
    >
      <Link to="/" style={{ fontWeight: 700, fontSize: 20, marginRight: 24 }}>
        Leadmesh
      </Link>
      <nav style={{ display: 'flex', gap: 20, flex: 1 }}>
        <Link to="/" data-testid="nav-home">
          {t('nav.home')}
        </Link>
        <Link to="/publishers" data-testid="nav-publishers">
          {t('nav.publishers')}
        </Link>
        <Link to="/advertisers" data-testid="nav-advertisers">
          {t('nav.advertisers')}
        </Link>
        <Link to="/aboutus" data-testid="nav-culture">
          {t('nav.culture')}
        </Link>
      </nav>
      {isLoggedIn ? (
        <Link to="/dashboard" data-testid="nav-dashboard">
          <Button type="primary">{t('nav.dashboard')}</Button>
        </Link>
      ) : (
        <Space>
          <Link to="/login" data-testid="nav-login">
            <Button>{t('nav.login')}</Button>
          </Link>
          <Link to="/register" data-testid="nav-signup">
            <Button type="primary">{t('nav.signup')}</Button>
          </Link>
        </Space>
      )}
    </Layout.Header>
  );
}

interface ContactValues {
  Name: string;
  EMail: string;
  Message: string;
}

/** Get in touch form (public §2 Footer contact form): success shows the message, failure is silent. */
function GetInTouchForm() {
  const { t } = useTranslation('shell');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const onFinish = async (values: ContactValues) => {
    setBusy(true);
    const answer = await api.call('/email/contact', values);
    setBusy(false);
    if (answer.status === 'ok') setSent(true);
  };
  if (sent)
    return <Typography.Text data-testid="contact-success">{MESSAGES.contactSubmitted}</Typography.Text>;
  return (
    <Form<ContactValues>
      layout="vertical"
      onFinish={onFinish}
      data-testid="contact-form"
      style={{ maxWidth: 420 }}
    >
      <Form.Item
        name="Name"
        label={t('footer.name')}
        rules={[{ required: true, message: t('footer.required') }]}
      >
        <Input data-testid="contact-name" />
      </Form.Item>
      <Form.Item
        name="EMail"
        label={t('footer.email')}
        rules={[{ required: true, type: 'email', message: t('footer.required') }]}
      >
        <Input data-testid="contact-email" />
      </Form.Item>
      <Form.Item
        name="Message"
        label={t('footer.message')}
        rules={[{ required: true, message: t('footer.required') }]}
      >
        <Input.TextArea rows={3} data-testid="contact-message" />
      </Form.Item>
      <Button htmlType="submit" loading={busy} data-testid="contact-send">
        {t('footer.send')}
      </Button>
    </Form>
  );
}

function PublicFooter() {
  const { t } = useTranslation('shell');
  return (
    <Layout.Footer data-testid="public-footer" style={{ display: 'flex', gap: 64, flexWrap: 'wrap' }}>
      <div>
        <Typography.Title level={4}>{t('footer.contact')}</Typography.Title>
        <p>{t('footer.company')}</p>
        <p>{t('footer.support')}</p>
      </div>
      <div style={{ flex: 1 }}>
        <Typography.Title level={4}>{t('footer.getInTouch')}</Typography.Title>
        <GetInTouchForm />
      </div>
    </Layout.Footer>
  );
}

/** The layout of every public page: header, the page, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Layout data-testid="public-layout" style={{ minHeight: '100vh' }}>
      <PublicHeader />
      <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
      <PublicFooter />
    </Layout>
  );
}
