import { api } from '@leadmesh/api-client';
import { MESSAGES } from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';
import { Button, Drawer, Form, Grid, Input, Layout, Space, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Links drawn as buttons: navigation stays a link (no button nested in an anchor). */
const linkButton = (primary: boolean): CSSProperties => ({
  display: 'inline-block',
  padding: '4px 15px',
  lineHeight: '22px',
  borderRadius: 6,
  border: `1px solid ${primary ? LINK_BLUE : '#d9d9d9'}`,
  background: primary ? LINK_BLUE : '#fff',
  color: primary ? '#fff' : 'rgba(0, 0, 0, 0.88)',
  whiteSpace: 'nowrap',
});

/** antd's default link blue reaches only 4.1:1 on white; this one passes WCAG AA (6.2:1). */
const LINK_BLUE = '#0958d9';

/**
 * Public header (public §2): Home, Publishers, Advertisers, Our culture, Log in, Sign up (Dashboard
 * when logged in). Under the md breakpoint the navigation folds into a menu button.
 */
function PublicHeader() {
  const { t } = useTranslation('shell');
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const navLinks = (
    <>
      <Link to="/" data-testid="nav-home" style={{ color: LINK_BLUE }} onClick={close}>
        {t('nav.home')}
      </Link>
      <Link to="/publishers" data-testid="nav-publishers" style={{ color: LINK_BLUE }} onClick={close}>
        {t('nav.publishers')}
      </Link>
      <Link to="/advertisers" data-testid="nav-advertisers" style={{ color: LINK_BLUE }} onClick={close}>
        {t('nav.advertisers')}
      </Link>
      <Link to="/aboutus" data-testid="nav-culture" style={{ color: LINK_BLUE }} onClick={close}>
        {t('nav.culture')}
      </Link>
    </>
  );
  const accountLinks = isLoggedIn ? (
    <Link to="/dashboard" data-testid="nav-dashboard" style={linkButton(true)} onClick={close}>
      {t('nav.dashboard')}
    </Link>
  ) : (
    <Space>
      <Link to="/login" data-testid="nav-login" style={linkButton(false)} onClick={close}>
        {t('nav.login')}
      </Link>
      <Link to="/register" data-testid="nav-signup" style={linkButton(true)} onClick={close}>
        {t('nav.signup')}
      </Link>
    </Space>
  );
  return (
    <Layout.Header
      data-testid="public-header"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: wide ? 24 : 12,
        background: '#fff',
        borderBottom: '1px solid #eee',
        padding: wide ? '0 50px' : '0 16px',
      }}
    >
      <Link
        to="/"
        style={{ fontWeight: 700, fontSize: 20, marginRight: wide ? 24 : 'auto', color: LINK_BLUE }}
      >
        Leadmesh
      </Link>
      {wide ? (
        <>
          <nav aria-label={t('nav.main')} style={{ display: 'flex', gap: 20, flex: 1 }}>
            {navLinks}
          </nav>
          {accountLinks}
        </>
      ) : (
        <>
          <Button
            aria-label={t('nav.menu')}
            aria-expanded={open}
            data-testid="nav-menu"
            icon={<span aria-hidden="true">☰</span>}
            onClick={() => setOpen(true)}
          />
          <Drawer open={open} onClose={close} placement="right" size={260} title="Leadmesh">
            <nav aria-label={t('nav.main')} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
              {navLinks}
              {accountLinks}
            </nav>
          </Drawer>
        </>
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
      <Layout.Content style={{ padding: '24px 16px' }}>{children}</Layout.Content>
      <PublicFooter />
    </Layout>
  );
}
