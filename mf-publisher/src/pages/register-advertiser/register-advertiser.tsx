import { api } from '@leadmesh/api-client';
import { useSessionStore } from '@leadmesh/session';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { failureText } from '../../lib/answers.ts';
import { type AdvertiserValues, checkAdvertiserSignUp, taxVatText } from '../../lib/profile-rules.ts';
import { FormErrorAlert } from '../../lib/ui.tsx';

/** How long a sign-up error stays on screen (dashboards §5, §9). */
export const SIGN_UP_ERROR_MS = 3000;

/** An error that clears itself after `SIGN_UP_ERROR_MS`; a new one restarts the clock. */
function useFleetingError(): [string | null, (message: string) => void] {
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (message: string) => {
    setError(message);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setError(null), SIGN_UP_ERROR_MS);
  };
  return [error, show];
}

/** The company's fields: name and address on their own lines, the rest in pairs from a tablet up. */
function CompanyFields() {
  const half = { xs: 24, sm: 12 };
  return (
    <Row gutter={16}>
      <Col xs={24}>
        <Form.Item name="CompanyName" label="Company name">
          <Input data-testid="register-company" autoComplete="organization" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="CompanyAddress" label="Address">
          <Input data-testid="register-address" autoComplete="street-address" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="CompanyCity" label="City">
          <Input data-testid="register-city" autoComplete="address-level2" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="CompanyZipCode" label="ZIP">
          <Input data-testid="register-zip" inputMode="numeric" autoComplete="postal-code" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="Tax" label="TAX number">
          <Input data-testid="register-tax" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="Vat" label="VAT number">
          <Input data-testid="register-vat" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * Advertiser sign-up (dashboards §2): company name, address, city, ZIP (a number), tax and VAT
 * numbers, sent as 'Tax: {x}, VAT: {y}' (§3). Errors clear after 3 seconds. On success the session
 * is re-read; with an advertiser profile the shell sends the user to the advertiser dashboard.
 */
export function RegisterAdvertiserScreen() {
  const refresh = useSessionStore((s) => s.refresh);
  const userId = useSessionStore((s) => s.userData?.UserInfo.ID);
  const [form] = Form.useForm<AdvertiserValues>();
  const [error, show] = useFleetingError();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async () => {
    const v = form.getFieldsValue(true) as AdvertiserValues;
    const problem = checkAdvertiserSignUp(v);
    if (problem) return show(problem);
    setBusy(true);
    const zip = String(v.CompanyZipCode ?? '').trim();
    const answer = await api.call('/partners/addAdvertiser', {
      id: userId,
      CompanyName: String(v.CompanyName).trim(),
      CompanyAddress: String(v.CompanyAddress).trim(),
      CompanyCity: String(v.CompanyCity ?? '').trim() || null,
      CompanyZipCode: zip === '' ? null : Number(zip),
      TaxVatNumber: taxVatText(v.Tax, v.Vat),
    });
    setBusy(false);
    if (answer.status === 'ok') {
      setDone(true);
      refresh();
    } else {
      show(
        failureText(answer, answer.details?.message ?? 'Registration failed, check your info and try again.'),
      );
    }
  };

  return (
    <Card data-testid="register-advertiser" style={{ maxWidth: 720 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Become an advertiser
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Tell us about your company. Once our team verifies it you can connect your CRM, publish offers and
        receive leads.
      </Typography.Paragraph>
      {done ? (
        <Alert
          type="success"
          showIcon
          data-testid="register-advertiser-done"
          title="Your advertiser profile was created. It will be verified by our team shortly."
        />
      ) : (
        <Form<AdvertiserValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={() => void submit()}
        >
          <CompanyFields />
          <FormErrorAlert message={error} testId="register-error" />
          <Button type="primary" htmlType="submit" loading={busy} data-testid="register-submit">
            Register as advertiser
          </Button>
        </Form>
      )}
    </Card>
  );
}
