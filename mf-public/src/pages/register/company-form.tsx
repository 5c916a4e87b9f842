import { Button, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormError, FormField } from './form-parts.tsx';
import type { useFieldError } from './use-field-error.tsx';
import type { CompanyDetails } from './validation.ts';

const EMPTY: CompanyDetails = {
  CompanyName: '',
  CompanyAddress: '',
  CompanyCity: '',
  CompanyZipCode: '',
  TaxNumber: '',
  VatNumber: '',
};

/** A field of this form, its name checked against CompanyDetails. */
const Field = FormField<CompanyDetails>;

interface Props {
  errors: ReturnType<typeof useFieldError>;
  busy: boolean;
  onSubmit(values: CompanyDetails): void;
}

/** Step 2 of advertiser sign-up: the company (public §2, Sign-up). */
export function CompanyForm({ errors, busy, onSubmit }: Props) {
  const { t } = useTranslation('public');
  const [form] = Form.useForm<CompanyDetails>();
  return (
    <Form<CompanyDetails>
      form={form}
      layout="vertical"
      initialValues={EMPTY}
      onFinish={() => onSubmit({ ...EMPTY, ...form.getFieldsValue(true) })}
      data-testid="company-form"
      requiredMark={false}
    >
      <Row gutter={16}>
        <Field name="CompanyName" label={t('register.companyName')} errors={errors} span={24}>
          <Input data-testid="company-name" />
        </Field>
        <Field name="CompanyAddress" label={t('register.companyAddress')} errors={errors} span={24}>
          <Input data-testid="company-address" />
        </Field>
        <Field name="CompanyCity" label={t('register.companyCity')} errors={errors}>
          <Input data-testid="company-city" />
        </Field>
        <Field name="CompanyZipCode" label={t('register.companyZip')} errors={errors}>
          <Input inputMode="numeric" data-testid="company-zip" />
        </Field>
        <Field name="TaxNumber" label={t('register.taxNumber')} errors={errors}>
          <Input data-testid="company-tax" />
        </Field>
        <Field name="VatNumber" label={t('register.vatNumber')} errors={errors}>
          <Input data-testid="company-vat" />
        </Field>
      </Row>
      <FormError errors={errors} />
      <Button type="primary" htmlType="submit" loading={busy} block data-testid="company-submit">
        {t('register.finish')}
      </Button>
    </Form>
  );
}
