import { api } from '@leadmesh/api-client';
import { MESSAGES } from '@leadmesh/schema/constants';
import { readRefId } from '@leadmesh/session';
import { Button, Card, Col, Modal, Row, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addPublicTexts } from '../../i18n.ts';
import { account } from '../../locales/en/account.ts';
import { CompanyForm } from './company-form.tsx';
import { useFieldError } from './use-field-error.tsx';
import { UserDetailsForm } from './user-details-form.tsx';
import {
  type CompanyDetails,
  signUpServerError,
  taxVatText,
  type UserDetails,
  validateCompanyDetails,
  validateUserDetails,
} from './validation.ts';

addPublicTexts(account);

type Step = 'choose' | 'publisher' | 'advertiser-user' | 'advertiser-company' | 'done';

/**
 * Sign-up (public §2, §4): choose publisher or advertiser; the publisher form, or the advertiser's
 * user step then company step; then the success modal. The user is logged in (session cookie) right
 * after the account is created; Go to dashboard loads the dashboard, where the shell reads the login.
 * The session store is not told earlier, or the shell would take the person off /register in the
 * middle of the advertiser's company step.
 */
export function RegisterPage() {
  const { t } = useTranslation('public');
  const errors = useFieldError();
  const [step, setStep] = useState<Step>('choose');
  const [busy, setBusy] = useState(false);
  const [role, setRole] = useState<'publisher' | 'advertiser'>('publisher');

  const createAccount = async (values: UserDetails, asAdvertiser: boolean): Promise<boolean> => {
    const problem = validateUserDetails(values, asAdvertiser ? 'advertiser' : 'publisher');
    if (problem) {
      errors.show(problem);
      return false;
    }
    setBusy(true);
    try {
      const created = await api.call('/users/createUser', {
        username: values.username.trim(),
        password: values.password,
        email: values.email.trim(),
        FirstName: values.FirstName,
        LastName: values.LastName,
        Country: values.Country,
        ZIP: values.ZIP,
        Experience: values.Experience,
        ContactWhatsApp: values.ContactWhatsApp,
        ContactSkype: values.ContactSkype,
        ContactTelegram: values.ContactTelegram,
        refID: readRefId(),
        ...(asAdvertiser ? { Flags: { isPublisherVisible: false } } : {}),
      });
      if (created.status !== 'ok') {
        errors.show(signUpServerError(created.data, created.details));
        return false;
      }
      const login = await api.call('/auth/login', {
        username: values.username.trim(),
        password: values.password,
      });
      if (login.status !== 'ok') {
        errors.show({ field: 'form', message: MESSAGES.serverTimedOut });
        return false;
      }
      errors.clear();
      return true;
    } finally {
      setBusy(false);
    }
  };

  const submitPublisher = async (values: UserDetails) => {
    if (await createAccount(values, false)) setStep('done');
  };

  const submitAdvertiserUser = async (values: UserDetails) => {
    if (await createAccount(values, true)) setStep('advertiser-company');
  };

  const submitCompany = async (values: CompanyDetails) => {
    const problem = validateCompanyDetails(values);
    if (problem) {
      errors.show(problem);
      return;
    }
    setBusy(true);
    const answer = await api.call('/partners/addAdvertiser', {
      CompanyName: values.CompanyName.trim(),
      CompanyAddress: values.CompanyAddress.trim(),
      CompanyCity: values.CompanyCity.trim(),
      CompanyZipCode: values.CompanyZipCode.trim(),
      TaxVatNumber: taxVatText(values.TaxNumber, values.VatNumber),
    });
    setBusy(false);
    if (answer.status !== 'ok') {
      errors.show(
        answer.data === 'VALIDATION_ERROR' && answer.details?.field
          ? { field: answer.details.field, message: answer.details.message.replace(/^[\w.]+: /, '') }
          : {
              field: 'form',
              message: answer.data === 'SERVER_ERROR' ? MESSAGES.serverTimedOut : t('register.companyFailed'),
            },
      );
      return;
    }
    errors.clear();
    setStep('done');
  };

  /**
   * A fresh load of the dashboard: the shell checks the new login from scratch. Updating the store
   * here instead raced the shell's "logged in on /register" redirect (a store update renders before
   * the router's transition), which could land an advertiser on the publisher dashboard.
   */
  const goToDashboard = () => {
    window.location.assign(role === 'advertiser' ? '/dashboard/advertiser' : '/dashboard/publisher');
  };

  const choose = (next: 'publisher' | 'advertiser') => {
    setRole(next);
    setStep(next === 'publisher' ? 'publisher' : 'advertiser-user');
  };

  return (
    <section data-testid="page-register" style={{ maxWidth: 880, margin: '32px auto', padding: '0 16px' }}>
      <Typography.Title level={1} data-testid="page-title">
        {t('register.title')}
      </Typography.Title>
      {step === 'choose' && (
        <Row gutter={[24, 24]} data-testid="register-choose">
          {(['publisher', 'advertiser'] as const).map((option) => (
            <Col xs={24} md={12} key={option}>
              <Card>
                <Typography.Title level={2} style={{ fontSize: 22 }}>
                  {t(`register.${option}.title`)}
                </Typography.Title>
                <Typography.Paragraph>{t(`register.${option}.text`)}</Typography.Paragraph>
                <Button type="primary" onClick={() => choose(option)} data-testid={`register-as-${option}`}>
                  {t(`register.${option}.button`)}
                </Button>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {(step === 'advertiser-user' ||
        step === 'advertiser-company' ||
        (step === 'done' && role === 'advertiser')) && (
        <Steps
          style={{ marginBottom: 24 }}
          current={step === 'advertiser-user' ? 0 : step === 'advertiser-company' ? 1 : 2}
          items={[
            { title: t('register.stepUser') },
            { title: t('register.stepCompany') },
            { title: t('register.stepDone') },
          ]}
        />
      )}
      {step === 'publisher' && (
        <Card title={t('register.publisher.formTitle')}>
          <UserDetailsForm
            errors={errors}
            busy={busy}
            submitLabel={t('register.submit')}
            onSubmit={submitPublisher}
          />
        </Card>
      )}
      {step === 'advertiser-user' && (
        <Card title={t('register.advertiser.formTitle')}>
          <UserDetailsForm
            errors={errors}
            busy={busy}
            submitLabel={t('register.next')}
            onSubmit={submitAdvertiserUser}
          />
        </Card>
      )}
      {step === 'advertiser-company' && (
        <Card title={t('register.stepCompany')}>
          <CompanyForm errors={errors} busy={busy} onSubmit={submitCompany} />
        </Card>
      )}
      <Modal
        open={step === 'done'}
        title={t('register.successTitle')}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={goToDashboard} data-testid="signup-go-dashboard">
            {t('register.goToDashboard')}
          </Button>
        }
      >
        <Typography.Paragraph data-testid="signup-success">
          {role === 'advertiser' ? t('register.successAdvertiser') : t('register.successPublisher')}
        </Typography.Paragraph>
      </Modal>
    </section>
  );
}
