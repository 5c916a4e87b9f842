import { CountrySelect } from '@leadmesh/ui';
import { Button, Checkbox, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { useFieldError } from './use-field-error.tsx';
import type { UserDetails } from './validation.ts';

export const EMPTY_USER_DETAILS: UserDetails = {
  username: '',
  password: '',
  confirm: '',
  email: '',
  FirstName: '',
  LastName: '',
  Country: undefined,
  ZIP: '',
  Experience: '',
  ContactWhatsApp: '',
  ContactSkype: '',
  ContactTelegram: '',
  terms: false,
};

interface Props {
  errors: ReturnType<typeof useFieldError>;
  busy: boolean;
  submitLabel: string;
  onSubmit(values: UserDetails): void;
}

/** The user details of sign-up: the publisher form and step 1 of the advertiser's. */
export function UserDetailsForm({ errors, busy, submitLabel, onSubmit }: Props) {
  const { t } = useTranslation('public');
  const [form] = Form.useForm<UserDetails>();
  const field = (name: keyof UserDetails, label: string, input: React.ReactNode, span = 12) => (
    <Col xs={24} md={span}>
      <Form.Item name={name} label={label} {...errors.itemProps(name)}>
        {input}
      </Form.Item>
    </Col>
  );
  return (
    <Form<UserDetails>
      form={form}
      layout="vertical"
      initialValues={EMPTY_USER_DETAILS}
      onFinish={() => onSubmit({ ...EMPTY_USER_DETAILS, ...form.getFieldsValue(true) })}
      data-testid="user-details-form"
      requiredMark={false}
    >
      <Row gutter={16}>
        {field(
          'username',
          t('register.username'),
          <Input autoComplete="username" data-testid="signup-username" />,
        )}
        {field(
          'email',
          t('register.email'),
          <Input inputMode="email" autoComplete="email" data-testid="signup-email" />,
        )}
        {field(
          'password',
          t('register.password'),
          <Input.Password autoComplete="new-password" data-testid="signup-password" />,
        )}
        {field(
          'confirm',
          t('register.confirm'),
          <Input.Password autoComplete="new-password" data-testid="signup-confirm" />,
        )}
        {field(
          'FirstName',
          t('register.firstName'),
          <Input autoComplete="given-name" data-testid="signup-first-name" />,
        )}
        {field(
          'LastName',
          t('register.lastName'),
          <Input autoComplete="family-name" data-testid="signup-last-name" />,
        )}
        {field(
          'Country',
          t('register.country'),
          <CountrySelect aria-label={t('register.country')} data-testid="signup-country" />,
        )}
        {field(
          'ZIP',
          t('register.zip'),
          <Input inputMode="numeric" autoComplete="postal-code" data-testid="signup-zip" />,
          6,
        )}
        {field(
          'Experience',
          t('register.experience'),
          <Input inputMode="numeric" data-testid="signup-experience" />,
          6,
        )}
        {field('ContactTelegram', t('register.telegram'), <Input data-testid="signup-telegram" />, 8)}
        {field('ContactSkype', t('register.skype'), <Input data-testid="signup-skype" />, 8)}
        {field('ContactWhatsApp', t('register.whatsapp'), <Input data-testid="signup-whatsapp" />, 8)}
      </Row>
      <Form.Item name="terms" valuePropName="checked" {...errors.itemProps('terms')}>
        <Checkbox data-testid="signup-terms">
          {t('register.acceptTerms')} <Link to="/terms">{t('register.termsLink')}</Link>
        </Checkbox>
      </Form.Item>
      {errors.error?.field === 'form' && (
        <div
          role="alert"
          className="ant-form-item-explain-error"
          data-testid="error-form"
          style={{ marginBottom: 16 }}
        >
          {errors.error.message}
        </div>
      )}
      <Button type="primary" htmlType="submit" loading={busy} block data-testid="signup-submit">
        {submitLabel}
      </Button>
    </Form>
  );
}
