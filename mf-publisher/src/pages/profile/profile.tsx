import { api } from '@leadmesh/api-client';
import type { PaymentMethod, RequestOf, User } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';
import { LoadError, useFeedback } from '@leadmesh/ui';
import { Card, Col, ConfigProvider, Empty, Menu, type MenuProps, Row, Skeleton, Typography } from 'antd';
import { type ComponentProps, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '../../lib/answers.ts';
import { PaymentHoldNotice } from '../../lib/payment-hold.tsx';
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

/** The settings menu: the advertiser's entry only for a user with an advertiser profile. */
function profileMenu(withAdvertiser: boolean): MenuProps['items'] {
  return [
    { key: 'general', label: 'General settings' },
    { key: 'email', label: 'E-mail' },
    { key: 'password', label: 'Change password' },
    ...(withAdvertiser ? [{ key: 'advertiser', label: 'Advertiser settings' }] : []),
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
}

/**
 * The user with their payment method, loaded by id. The first answer opens the section of the
 * method the user has (a PayPal user sees PayPal), Wire when none (issue 16 item 7).
 */
function useOwnUser(userId: number | undefined, openSection: (section: Section) => void) {
  const [user, setUser] = useState<User | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const opened = useRef(false);
  const load = useCallback(async () => {
    if (!userId) return;
    setLoadError(null);
    const answer = await api.call('/users/getSingleUser', { ID: userId, showPayment: true });
    if (answer.status === 'ok') {
      setUser(answer.data);
      if (!opened.current) {
        opened.current = true;
        if (answer.data.PaymentMethod?.type === 'Paypal') openSection('paypal');
      }
    } else setLoadError(failureText(answer, MESSAGES.errorGettingData));
  }, [userId, openSection]);
  useEffect(() => {
    void load();
  }, [load]);
  return { user, setUser, loadError, load };
}

type AdvertiserInfo = NonNullable<ComponentProps<typeof AdvertiserSettings>['info']>;

/**
 * What each section's save sends. Each answers null once saved (after `done`) or the refusal to
 * show in the form.
 */
function profileSaves(userId: number, done: (what: string) => Promise<null>) {
  const editUser = async (body: Omit<RequestOf<'/users/editUser'>, 'id'>, fallback: string, what: string) => {
    const answer = await api.call('/users/editUser', { id: userId, ...body });
    if (answer.status === 'ok') return done(what);
    // A hold (decision 0030) says why and until when, in the server's words.
    return answer.data === 'CONFLICT' && answer.details?.message
      ? answer.details.message
      : failureText(answer, fallback);
  };
  const general: ComponentProps<typeof GeneralSettings>['onSave'] = (v) =>
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
    );
  const password: ComponentProps<typeof ChangePassword>['onSave'] = async (v) => {
    const answer = await api.call('/users/changePassword', {
      id: userId,
      oldPassword: v.oldPassword ?? '',
      newPassword: v.newPassword ?? '',
    });
    if (answer.status === 'ok') return done('Your password was changed.');
    return answer.status === 'error' && answer.data === 'OLD_PASSWORD_INCORRECT'
      ? MESSAGES.oldPasswordIncorrect
      : failureText(answer, MESSAGES.errorEditingUser);
  };
  const advertiser =
    (advertiserId: number): ComponentProps<typeof AdvertiserSettings>['onSave'] =>
    async (v) => {
      // The owner's save sends no balances: only staff change them (review §14).
      const answer = await api.call('/partners/editAdvertiser', {
        ID: advertiserId,
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
    };
  const payment = (method: PaymentMethod) =>
    editUser({ PaymentMethod: method }, MESSAGES.failedChangePaymentMethod, 'Your payment method was saved.');
  return { general, password, advertiser, payment };
}

/** The open section's form, or the placeholder once a save is done. */
function SectionForm({
  section,
  user,
  advertiser,
  saves,
  onEmailChanged,
}: {
  section: Section | null;
  user: User;
  advertiser: AdvertiserInfo | null;
  saves: ReturnType<typeof profileSaves>;
  onEmailChanged(user: User): void;
}): ReactNode {
  switch (section) {
    case 'general':
      return <GeneralSettings user={user} onSave={saves.general} />;
    case 'email':
      return <ChangeEmail user={user} onChanged={onEmailChanged} />;
    case 'password':
      return <ChangePassword onSave={saves.password} />;
    case 'advertiser':
      return advertiser && <AdvertiserSettings info={advertiser} onSave={saves.advertiser(advertiser.ID)} />;
    case 'wire':
      return <WireSettings current={user.PaymentMethod} onSave={saves.payment} />;
    case 'paypal':
      return <PaypalSettings current={user.PaymentMethod} onSave={saves.payment} />;
    default:
      return (
        <div data-testid="profile-placeholder" style={{ paddingBlock: 24 }}>
          <Empty description={MESSAGES.selectSetting} />
        </div>
      );
  }
}

/** Where payouts go, under the menu. */
function PaymentMethodNote({ method }: { method: User['PaymentMethod'] }) {
  return (
    <Typography.Paragraph type="secondary" style={{ margin: '12px 8px 0' }} data-testid="profile-method">
      {method
        ? `Payouts go to ${method.type === 'Wire' ? `your bank account (${method.BankName})` : `PayPal (${method.EMail})`}.`
        : 'No payment method yet: add one to receive payouts.'}
    </Typography.Paragraph>
  );
}

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
  const feedback = useFeedback();
  const userId = session?.UserInfo.ID;
  const advertiser = session?.AdvertiserInfo ?? null;
  const { user, setUser, loadError, load } = useOwnUser(userId, setSection);

  if (loadError)
    return <LoadError message={loadError} onRetry={() => void load()} testId="profile-load-error" />;
  if (!user || !userId) return <Skeleton active paragraph={{ rows: 8 }} />;

  /** After a save: fresh data here and in the header, and back to the placeholder. */
  const done = async (what: string) => {
    feedback.done(what);
    setSection(null);
    refresh();
    await load();
    return null;
  };

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
              items={profileMenu(advertiser !== null)}
              onClick={({ key }) => setSection(key as Section)}
              style={{ borderInlineEnd: 'none' }}
            />
          </ConfigProvider>
        </Card>
        <PaymentMethodNote method={user.PaymentMethod} />
      </Col>
      <Col xs={24} md={17} lg={18}>
        <Card
          title={section ? TITLES[section] : 'Settings'}
          data-testid="profile-section"
          data-section={section ?? 'none'}
        >
          <PaymentHoldNotice hold={user.PaymentHold} />
          <SectionForm
            section={section}
            user={user}
            advertiser={advertiser}
            saves={profileSaves(userId, done)}
            onEmailChanged={(changed) => {
              setUser(changed);
              void done(`Your e-mail is now ${changed.Email}.`);
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}
