import type { PaymentMethod, SessionData, User } from '@leadmesh/schema';
import { CountrySelect } from '@leadmesh/ui';
import { Button, Col, Form, Input, Row } from 'antd';
import { type ReactNode, useState } from 'react';
import {
  type AdvertiserValues,
  checkAdvertiser,
  checkGeneral,
  checkPassword,
  checkPaypal,
  checkWire,
  type GeneralValues,
  type PasswordValues,
  type PaypalValues,
  taxVatText,
  type WireValues,
} from '../../lib/profile-rules.ts';
import { FormErrorAlert } from '../../lib/ui.tsx';

interface SectionProps<V> {
  initial: V;
  /** Checks, sends and answers; the profile screen maps errors to the spec's texts. */
  onSave(values: V): Promise<string | null>;
}

/** A settings form: fields, the first failing message in a red box, and Save. */
function SettingsForm<V extends object>({
  testId,
  initial,
  onSave,
  children,
  submitText = 'Save',
}: SectionProps<V> & { testId: string; children: ReactNode; submitText?: string }) {
  const [form] = Form.useForm<V>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    const message = await onSave(form.getFieldsValue(true) as V);
    setBusy(false);
    if (message) setError(message);
  };
  return (
    <Form<V>
      form={form}
      layout="vertical"
      data-testid={testId}
      initialValues={initial}
      onFinish={() => void submit()}
      onValuesChange={() => setError(null)}
      style={{ maxWidth: 640 }}
      requiredMark={false}
    >
      <Row gutter={16}>{children}</Row>
      <FormErrorAlert message={error} testId="profile-error" />
      <Button type="primary" htmlType="submit" loading={busy} data-testid={`${testId}-submit`}>
        {submitText}
      </Button>
    </Form>
  );
}

const half = { xs: 24, sm: 12 };
const field = (name: string, label: string, input: ReactNode = <Input />, span: object = half) => (
  <Col {...span} key={name}>
    <Form.Item name={name} label={label}>
      {input}
    </Form.Item>
  </Col>
);

type GeneralForm = GeneralValues & {
  Country?: string;
  ContactSkype?: string;
  ContactTelegram?: string;
  ContactWhatsapp?: string;
};

export function GeneralSettings({
  user,
  onSave,
}: {
  user: User;
  onSave(v: GeneralForm): Promise<string | null>;
}) {
  return (
    <SettingsForm<GeneralForm>
      testId="profile-general"
      initial={{
        FirstName: user.FirstName ?? '',
        LastName: user.LastName ?? '',
        Country: user.Country ?? undefined,
        ZIP: user.ZIP == null ? '' : String(user.ZIP),
        Experience: user.Experience == null ? '' : String(user.Experience),
        ContactSkype: user.ContactSkype ?? '',
        ContactTelegram: user.ContactTelegram ?? '',
        ContactWhatsapp: user.ContactWhatsapp ?? '',
      }}
      onSave={async (v) => checkGeneral(v) ?? onSave(v)}
    >
      {field('FirstName', 'First name', <Input data-testid="general-first-name" autoComplete="given-name" />)}
      {field('LastName', 'Last name', <Input data-testid="general-last-name" autoComplete="family-name" />)}
      {field('Country', 'Country', <CountrySelect data-testid="general-country" />)}
      {field(
        'ZIP',
        'ZIP',
        <Input data-testid="general-zip" inputMode="numeric" autoComplete="postal-code" />,
      )}
      {field(
        'Experience',
        'Experience (years)',
        <Input data-testid="general-experience" inputMode="numeric" />,
      )}
      {field('ContactSkype', 'Skype', <Input data-testid="general-skype" />, { xs: 24, sm: 8 })}
      {field('ContactTelegram', 'Telegram', <Input data-testid="general-telegram" />, { xs: 24, sm: 8 })}
      {field('ContactWhatsapp', 'WhatsApp', <Input data-testid="general-whatsapp" />, { xs: 24, sm: 8 })}
    </SettingsForm>
  );
}

export function ChangePassword({ onSave }: { onSave(v: PasswordValues): Promise<string | null> }) {
  const full = { xs: 24 };
  return (
    <SettingsForm<PasswordValues>
      testId="profile-password"
      initial={{}}
      submitText="Change password"
      onSave={async (v) => checkPassword(v) ?? onSave(v)}
    >
      {field(
        'oldPassword',
        'Current password',
        <Input.Password data-testid="password-old" autoComplete="current-password" />,
        full,
      )}
      {field(
        'newPassword',
        'New password',
        <Input.Password data-testid="password-new" autoComplete="new-password" />,
      )}
      {field(
        'confirmPassword',
        'Confirm new password',
        <Input.Password data-testid="password-confirm" autoComplete="new-password" />,
      )}
    </SettingsForm>
  );
}

export function AdvertiserSettings({
  info,
  onSave,
}: {
  info: NonNullable<SessionData['AdvertiserInfo']>;
  onSave(v: AdvertiserValues & { TaxVatNumber: string | null }): Promise<string | null>;
}) {
  const taxVat = info.TaxVatNumber as { Tax?: string; Vat?: string } | null;
  return (
    <SettingsForm<AdvertiserValues>
      testId="profile-advertiser"
      initial={{
        CompanyName: info.CompanyName ?? '',
        CompanyAddress: info.CompanyAddress ?? '',
        CompanyCity: info.CompanyCity ?? '',
        CompanyZipCode: info.CompanyZipCode == null ? '' : String(info.CompanyZipCode),
        Tax: taxVat?.Tax ?? '',
        Vat: taxVat?.Vat ?? '',
      }}
      onSave={async (v) => checkAdvertiser(v) ?? onSave({ ...v, TaxVatNumber: taxVatText(v.Tax, v.Vat) })}
    >
      {field('CompanyName', 'Company name', <Input data-testid="advertiser-company" />, { xs: 24 })}
      {field('CompanyAddress', 'Address', <Input data-testid="advertiser-address" />, { xs: 24 })}
      {field('CompanyCity', 'City', <Input data-testid="advertiser-city" />)}
      {field('CompanyZipCode', 'ZIP', <Input data-testid="advertiser-zip" inputMode="numeric" />)}
      {field('Tax', 'TAX number', <Input data-testid="advertiser-tax" />)}
      {field('Vat', 'VAT number', <Input data-testid="advertiser-vat" />)}
    </SettingsForm>
  );
}

export function WireSettings({
  current,
  onSave,
}: {
  current: PaymentMethod | null;
  onSave(v: PaymentMethod): Promise<string | null>;
}) {
  const wire = current?.type === 'Wire' ? current : null;
  return (
    <SettingsForm<WireValues>
      testId="profile-wire"
      initial={{
        BankName: wire?.BankName ?? '',
        AccountHolder: wire?.AccountHolder ?? '',
        IBAN: wire?.IBAN ?? '',
        SWIFT: wire?.SWIFT ?? '',
        Country: wire?.Country,
      }}
      onSave={async (v) =>
        checkWire(v) ??
        onSave({
          type: 'Wire',
          BankName: String(v.BankName).trim(),
          AccountHolder: String(v.AccountHolder).trim(),
          IBAN: String(v.IBAN).replace(/\s+/g, '').toUpperCase(),
          SWIFT: String(v.SWIFT).trim().toUpperCase(),
          Country: String(v.Country),
        })
      }
    >
      {field('BankName', 'Bank name', <Input data-testid="wire-bank" />)}
      {field('AccountHolder', 'Account holder', <Input data-testid="wire-holder" />)}
      {field('IBAN', 'IBAN', <Input data-testid="wire-iban" />)}
      {field('SWIFT', 'SWIFT', <Input data-testid="wire-swift" />)}
      {field('Country', 'Bank country', <CountrySelect data-testid="wire-country" />)}
    </SettingsForm>
  );
}

export function PaypalSettings({
  current,
  onSave,
}: {
  current: PaymentMethod | null;
  onSave(v: PaymentMethod): Promise<string | null>;
}) {
  const paypal = current?.type === 'Paypal' ? current : null;
  return (
    <SettingsForm<PaypalValues>
      testId="profile-paypal"
      initial={{ OwnerName: paypal?.OwnerName ?? '', EMail: paypal?.EMail ?? '' }}
      onSave={async (v) =>
        checkPaypal(v) ??
        onSave({ type: 'Paypal', OwnerName: String(v.OwnerName).trim(), EMail: String(v.EMail).trim() })
      }
    >
      {field('OwnerName', 'Owner name', <Input data-testid="paypal-owner" />)}
      {field('EMail', 'E-Mail', <Input data-testid="paypal-email" inputMode="email" autoComplete="email" />)}
    </SettingsForm>
  );
}
