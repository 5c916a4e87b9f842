import { api } from '@leadmesh/api-client';
import type { RequestOf, User } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';
import { useFeedback } from '@leadmesh/ui';
import { Card, Col, ConfigProvider, Empty, Menu, type MenuProps, Row, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '../../lib/answers.ts';
import { PaymentHoldNotice } from '../../lib/payment-hold.tsx';
import { ErrorRetry } from '../../lib/ui.tsx';
import { ChangeEmail } from './change-email.tsx';
import {
  AdvertiserSettings,
  ChangePassword,
  GeneralSettings,
  PaypalSettings,
  WireSettings,
} from './forms.tsx';

type Section = 'general' | 'email' | 'password' | 'advertiser' | 'wire' | 'paypal';

const TITLES: Record<Section, string> = {
  general: 'General settings',
  email: 'E-mail',
  password: 'Change password',
  advertiser: 'Advertiser settings',
  wire: 'Payment · Wire transfer',
  paypal: 'Payment · PayPal',
};

/**
 * Profile (dashboards §2 Profile): General settings, Change password, Advertiser settings (with an
 * advertiser profile only) and Payment with Wire and Paypal. It opens on the user's payment method
 * (Payment / Wire when none); after a
 * successful save the area returns to 'Select a setting to get started' and the kit's toast says what
 * was saved; a refusal stays in the form with the server's reason (decision 0065).
 */
export function ProfileScreen() {
  const session = useSessionStore((s) => s.userData);
  const refresh = useSessionStore((s) => s.refresh);
  const dark = useSessionStore((s) => s.theme) === 'dark';
  const [section, setSection] = useState<Section | null>('wire');
  const [user, setUser] = useState<User | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const feedback = useFeedback();
  const opened = useRef(false);
  const userId = session?.UserInfo.ID;
  const advertiser = session?.AdvertiserInfo ?? null;

  const load = useCallback(async () => {
    if (!userId) return;
    setLoadError(null);
    const answer = await api.call('/users/getSingleUser', { ID: userId, showPayment: true });
    if (answer.status === 'ok') {
      setUser(answer.data);
      // It opens on the method the user has (a PayPal user sees PayPal), Wire when none (issue 16 item 7).
      if (!opened.current) {
        opened.current = true;
        if (answer.data.PaymentMethod?.type === 'Paypal') setSection('paypal');
      }
    } else setLoadError(failureText(answer, MESSAGES.errorGettingData));
  }, [userId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (loadError)
    return <ErrorRetry message={loadError} onRetry={() => void load()} testId="profile-load-error" />;
  if (!user || !userId) return <Skeleton active paragraph={{ rows: 8 }} />;

  /** After a save: fresh data here and in the header, and back to the placeholder. */
  const done = async (what: string) => {
    feedback.done(what);
    setSection(null);
    refresh();
    await load();
    return null;
  };

  const editUser = async (body: Omit<RequestOf<'/users/editUser'>, 'id'>, fallback: string, what: string) => {
    const answer = await api.call('/users/editUser', { id: userId, ...body });
    if (answer.status === 'ok') return done(what);
    // A hold (decision 0030) says why and until when, in the server's words.
    return answer.data === 'CONFLICT' && answer.details?.message
      ? answer.details.message
      : failureText(answer, fallback);
  };

  const items: MenuProps['items'] = [
    { key: 'general', label: 'General settings' },
    { key: 'email', label: 'E-mail' },
    { key: 'password', label: 'Change password' },
    ...(advertiser ? [{ key: 'advertiser', label: 'Advertiser settings' }] : []),
    {
      key: 'payment',
      label: 'Payment',
      type: 'group' as const,
      children: [
        { key: 'wire', label: 'Wire' },
        { key: 'paypal', label: 'Paypal' },
      ],
    },
  ];

  let body: React.ReactNode;
  switch (section) {
    case 'general':
      body = (
        <GeneralSettings
          user={user}
          onSave={(v) =>
            editUser(
              {
                FirstName: String(v.FirstName).trim(),
                LastName: String(v.LastName).trim(),
                ZIP: Number(String(v.ZIP).trim()),
                ...(String(v.Experience ?? '').trim() === ''
                  ? {}
                  : { Experience: Number(String(v.Experience).trim()) }),
                Country: v.Country ?? null,
                ContactSkype: v.ContactSkype?.trim() || null,
                ContactTelegram: v.ContactTelegram?.trim() || null,
                ContactWhatsapp: v.ContactWhatsapp?.trim() || null,
              },
              MESSAGES.errorEditingUser,
              'Your general settings were saved.',
            )
          }
        />
      );
      break;
    case 'email':
      body = (
        <ChangeEmail
          user={user}
          onChanged={(changed) => {
            setUser(changed);
            void done(`Your e-mail is now ${changed.Email}.`);
          }}
        />
      );
      break;
    case 'password':
      body = (
        <ChangePassword
          onSave={async (v) => {
            const answer = await api.call('/users/changePassword', {
              id: userId,
              oldPassword: v.oldPassword ?? '',
              newPassword: v.newPassword ?? '',
            });
            if (answer.status === 'ok') return done('Your password was changed.');
            return answer.status === 'error' && answer.data === 'OLD_PASSWORD_INCORRECT'
              ? MESSAGES.oldPasswordIncorrect
              : failureText(answer, MESSAGES.errorEditingUser);
          }}
        />
      );
      break;
    case 'advertiser':
      body = advertiser && (
        <AdvertiserSettings
          info={advertiser}
          onSave={async (v) => {
            // The owner's save sends no balances: only staff change them (review §14).
            const answer = await api.call('/partners/editAdvertiser', {
              ID: advertiser.ID,
              CompanyName: String(v.CompanyName).trim(),
              CompanyAddress: String(v.CompanyAddress).trim(),
              CompanyCity: String(v.CompanyCity).trim(),
              CompanyZipCode: Number(String(v.CompanyZipCode).trim()),
              TaxVatNumber: v.TaxVatNumber,
              minBalance: null,
              creditBalance: null,
            });
            return answer.status === 'ok'
              ? done('Your advertiser settings were saved.')
              : failureText(answer, MESSAGES.failedEditAdvertiserCheck);
          }}
        />
      );
      break;
    case 'wire':
    case 'paypal': {
      const Settings = section === 'wire' ? WireSettings : PaypalSettings;
      body = (
        <Settings
          current={user.PaymentMethod}
          onSave={(method) =>
            editUser(
              { PaymentMethod: method },
              MESSAGES.failedChangePaymentMethod,
              'Your payment method was saved.',
            )
          }
        />
      );
      break;
    }
    default:
      body = (
        <div data-testid="profile-placeholder" style={{ paddingBlock: 24 }}>
          <Empty description={MESSAGES.selectSetting} />
        </div>
      );
  }

  const method = user.PaymentMethod;
  return (
    <Row gutter={[16, 16]} data-testid="profile">
      <Col xs={24} md={7} lg={6}>
        <Card styles={{ body: { padding: 8 } }}>
          <ConfigProvider
            // The selected entry's blue on dark blue is under 4.5:1 in the dark theme.
            theme={{ components: { Menu: { itemSelectedColor: dark ? '#ffffff' : undefined } } }}
          >
            <Menu
              data-testid="profile-menu"
              mode="inline"
              selectedKeys={section ? [section] : []}
              items={items}
              onClick={({ key }) => setSection(key as Section)}
              style={{ borderInlineEnd: 'none' }}
            />
          </ConfigProvider>
        </Card>
        <Typography.Paragraph type="secondary" style={{ margin: '12px 8px 0' }} data-testid="profile-method">
          {method
            ? `Payouts go to ${method.type === 'Wire' ? `your bank account (${method.BankName})` : `PayPal (${method.EMail})`}.`
            : 'No payment method yet: add one to receive payouts.'}
        </Typography.Paragraph>
      </Col>
      <Col xs={24} md={17} lg={18}>
        <Card
          title={section ? TITLES[section] : 'Settings'}
          data-testid="profile-section"
          data-section={section ?? 'none'}
        >
          <PaymentHoldNotice hold={user.PaymentHold} />
          {body}
        </Card>
      </Col>
    </Row>
  );
}
