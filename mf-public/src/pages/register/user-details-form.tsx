import { CountrySelect } from '@leadmesh/ui';
import { Button, Checkbox, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormError, FormField } from './form-parts.tsx';
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

/** A field of this form, its name checked against UserDetails. */
const Field = FormField<UserDetails>;

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
        <Field name="username" label={t('register.username')} errors={errors}>
          <Input autoComplete="username" data-testid="signup-username" />
        </Field>
        <Field name="email" label={t('register.email')} errors={errors}>
          <Input inputMode="email" autoComplete="email" data-testid="signup-email" />
        </Field>
        <Field name="password" label={t('register.password')} errors={errors}>
          <Input.Password autoComplete="new-password" data-testid="signup-password" />
        </Field>
        <Field name="confirm" label={t('register.confirm')} errors={errors}>
          <Input.Password autoComplete="new-password" data-testid="signup-confirm" />
        </Field>
        <Field name="FirstName" label={t('register.firstName')} errors={errors}>
          <Input autoComplete="given-name" data-testid="signup-first-name" />
        </Field>
        <Field name="LastName" label={t('register.lastName')} errors={errors}>
          <Input autoComplete="family-name" data-testid="signup-last-name" />
        </Field>
        <Field name="Country" label={t('register.country')} errors={errors}>
          <CountrySelect aria-label={t('register.country')} data-testid="signup-country" />
        </Field>
        <Field name="ZIP" label={t('register.zip')} errors={errors} span={6}>
          <Input inputMode="numeric" autoComplete="postal-code" data-testid="signup-zip" />
        </Field>
        <Field name="Experience" label={t('register.experience')} errors={errors} span={6}>
          <Input inputMode="numeric" data-testid="signup-experience" />
        </Field>
        <Field name="ContactTelegram" label={t('register.telegram')} errors={errors} span={8}>
          <Input data-testid="signup-telegram" />
        </Field>
        <Field name="ContactSkype" label={t('register.skype')} errors={errors} span={8}>
          <Input data-testid="signup-skype" />
        </Field>
        <Field name="ContactWhatsApp" label={t('register.whatsapp')} errors={errors} span={8}>
          <Input data-testid="signup-whatsapp" />
        </Field>
      </Row>
      <Form.Item name="terms" valuePropName="checked" {...errors.itemProps('terms')}>
        <Checkbox data-testid="signup-terms">
          {t('register.acceptTerms')} <Link to="/terms">{t('register.termsLink')}</Link>
        </Checkbox>
      </Form.Item>
      <FormError errors={errors} />
      <Button type="primary" htmlType="submit" loading={busy} block data-testid="signup-submit">
        {submitLabel}
      </Button>
    </Form>
  );
}
