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
type Role = 'publisher' | 'advertiser';

/**
 * The two calls of sign-up, each checked first: the account (then its login), and the advertiser's
 * company. Each answers whether it went through; a refusal is shown on its field or the form.
 */
function useSignUpCalls(errors: ReturnType<typeof useFieldError>) {
  const { t } = useTranslation('public');
  const [busy, setBusy] = useState(false);

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

  const addCompany = async (values: CompanyDetails): Promise<boolean> => {
    const problem = validateCompanyDetails(values);
    if (problem) {
      errors.show(problem);
      return false;
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
      return false;
    }
    errors.clear();
    return true;
  };

  return { busy, createAccount, addCompany };
}

/** The first step: publisher or advertiser, each with what it means. */
function ChooseRole({ onChoose }: { onChoose(role: Role): void }) {
  const { t } = useTranslation('public');
  return (
    <Row gutter={[24, 24]} data-testid="register-choose">
      {(['publisher', 'advertiser'] as const).map((option) => (
        <Col xs={24} md={12} key={option}>
          <Card>
            <Typography.Title level={2} style={{ fontSize: 22 }}>
              {t(`register.${option}.title`)}
            </Typography.Title>
            <Typography.Paragraph>{t(`register.${option}.text`)}</Typography.Paragraph>
            <Button type="primary" onClick={() => onChoose(option)} data-testid={`register-as-${option}`}>
              {t(`register.${option}.button`)}
            </Button>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The advertiser's progress: user, company, done. */
function AdvertiserProgress({ step }: { step: Step }) {
  const { t } = useTranslation('public');
  return (
    <Steps
      style={{ marginBottom: 24 }}
      current={step === 'advertiser-user' ? 0 : step === 'advertiser-company' ? 1 : 2}
      items={[
        { title: t('register.stepUser') },
        { title: t('register.stepCompany') },
        { title: t('register.stepDone') },
      ]}
    />
  );
}

/**
 * The success modal. Go to dashboard is a fresh load: the shell checks the new login from scratch.
 * Updating the store here instead raced the shell's "logged in on /register" redirect (a store
 * update renders before the router's transition), which could land an advertiser on the publisher
 * dashboard.
 */
function SignedUp({ open, role }: { open: boolean; role: Role }) {
  const { t } = useTranslation('public');
  const goToDashboard = () => {
    window.location.assign(role === 'advertiser' ? '/dashboard/advertiser' : '/dashboard/publisher');
  };
  return (
    <Modal
      open={open}
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
  );
}

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
  const { busy, createAccount, addCompany } = useSignUpCalls(errors);
  const [step, setStep] = useState<Step>('choose');
  const [role, setRole] = useState<Role>('publisher');

  const submitUser = async (values: UserDetails) => {
    if (await createAccount(values, role === 'advertiser'))
      setStep(role === 'advertiser' ? 'advertiser-company' : 'done');
  };
  const submitCompany = async (values: CompanyDetails) => {
    if (await addCompany(values)) setStep('done');
  };
  const choose = (next: Role) => {
    setRole(next);
    setStep(next === 'publisher' ? 'publisher' : 'advertiser-user');
  };

  return (
    <section data-testid="page-register" style={{ maxWidth: 880, margin: '32px auto', padding: '0 16px' }}>
      <Typography.Title level={1} data-testid="page-title">
        {t('register.title')}
      </Typography.Title>
      {step === 'choose' && <ChooseRole onChoose={choose} />}
      {role === 'advertiser' && step !== 'choose' && <AdvertiserProgress step={step} />}
      {(step === 'publisher' || step === 'advertiser-user') && (
        <Card title={t(`register.${role}.formTitle`)}>
          <UserDetailsForm
            key={step}
            errors={errors}
            busy={busy}
            submitLabel={t(step === 'publisher' ? 'register.submit' : 'register.next')}
            onSubmit={submitUser}
          />
        </Card>
      )}
      {step === 'advertiser-company' && (
        <Card title={t('register.stepCompany')}>
          <CompanyForm errors={errors} busy={busy} onSubmit={submitCompany} />
        </Card>
      )}
      <SignedUp open={step === 'done'} role={role} />
    </section>
  );
}
