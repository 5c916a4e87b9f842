import { Button, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
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

interface Props {
  errors: ReturnType<typeof useFieldError>;
  busy: boolean;
  onSubmit(values: CompanyDetails): void;
}

/** Step 2 of advertiser sign-up: the company (public §2, Sign-up). */
export function CompanyForm({ errors, busy, onSubmit }: Props) {
  const { t } = useTranslation('public');
  const [form] = Form.useForm<CompanyDetails>();
  const field = (name: keyof CompanyDetails, label: string, testId: string, span = 12, numeric = false) => (
    <Col xs={24} md={span}>
      <Form.Item name={name} label={label} {...errors.itemProps(name)}>
        <Input inputMode={numeric ? 'numeric' : undefined} data-testid={testId} />
      </Form.Item>
    </Col>
  );
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
        {field('CompanyName', t('register.companyName'), 'company-name', 24)}
        {field('CompanyAddress', t('register.companyAddress'), 'company-address', 24)}
        {field('CompanyCity', t('register.companyCity'), 'company-city')}
        {field('CompanyZipCode', t('register.companyZip'), 'company-zip', 12, true)}
        {field('TaxNumber', t('register.taxNumber'), 'company-tax')}
        {field('VatNumber', t('register.vatNumber'), 'company-vat')}
      </Row>
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
      <Button type="primary" htmlType="submit" loading={busy} block data-testid="company-submit">
        {t('register.finish')}
      </Button>
    </Form>
  );
}
