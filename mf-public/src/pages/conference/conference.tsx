import { api } from '@leadmesh/api-client';
import type { ConferenceCity } from '@leadmesh/schema';
import { CONFERENCES, MESSAGES } from '@leadmesh/schema/constants';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { addPublicTexts } from '../../i18n.ts';
import { account } from '../../locales/en/account.ts';
import { EmailFormItem } from '../form-items.tsx';

addPublicTexts(account);

interface MeetingValues {
  Name: string;
  EMail: string;
  date: string;
}

const isCity = (city: string | null): city is ConferenceCity => city !== null && city in CONFERENCES;

/** Meeting request for the Barcelona and Bangkok events: name, e-mail and time, all required. */
function MeetingForm({ city }: { city: ConferenceCity }) {
  const { t } = useTranslation('public');
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');
  const onFinish = async (values: MeetingValues) => {
    setState('busy');
    const answer = await api.call('/email/contact', {
      Name: values.Name,
      EMail: values.EMail,
      City: city,
      date: values.date,
    });
    setState(answer.status === 'ok' ? 'sent' : 'failed');
  };
  if (state === 'sent') {
    return <Alert type="success" title={MESSAGES.contactSubmitted} data-testid="meeting-success" />;
  }
  return (
    <Form<MeetingValues> layout="vertical" onFinish={onFinish} data-testid="meeting-form">
      <Form.Item
        name="Name"
        label={t('conference.form.name')}
        rules={[{ required: true, message: t('conference.form.nameRequired') }]}
      >
        <Input autoComplete="name" data-testid="meeting-name" />
      </Form.Item>
      <EmailFormItem name="EMail" label={t('conference.form.email')} testId="meeting-email" />
      <Form.Item
        name="date"
        label={t('conference.form.time')}
        rules={[{ required: true, message: t('conference.form.timeRequired') }]}
      >
        <Input placeholder={t('conference.form.timePlaceholder')} data-testid="meeting-time" />
      </Form.Item>
      {state === 'failed' && (
        <Alert
          type="error"
          title={MESSAGES.serverTimedOut}
          style={{ marginBottom: 16 }}
          data-testid="meeting-error"
        />
      )}
      <Button type="primary" htmlType="submit" loading={state === 'busy'} data-testid="meeting-submit">
        {t('conference.form.submit')}
      </Button>
    </Form>
  );
}

/** /conference?city=barcelona|bangkok|dubai|moscow (public §2, Conference page). */
export function ConferencePage() {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  const city = params.get('city')?.toLowerCase() ?? null;

  if (!isCity(city)) {
    return (
      <section
        data-testid="page-conference"
        style={{ maxWidth: 880, margin: '48px auto', padding: '0 16px' }}
      >
        <Typography.Title level={1} data-testid="page-title">
          {t('conference.unknownTitle')}
        </Typography.Title>
        <Typography.Paragraph data-testid="conference-unknown">
          {t('conference.unknownText')}
        </Typography.Paragraph>
        <ul>
          {(Object.keys(CONFERENCES) as ConferenceCity[]).map((key) => (
            <li key={key}>
              <Link to={`/conference?city=${key}`}>
                {CONFERENCES[key].city}, {CONFERENCES[key].dates}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const event = CONFERENCES[city];
  return (
    <section data-testid="page-conference" style={{ maxWidth: 1080, margin: '48px auto', padding: '0 16px' }}>
      <Typography.Title level={1} data-testid="page-title">
        {t('conference.title', { city: event.city })}
      </Typography.Title>
      <Typography.Paragraph data-testid="conference-dates" strong>
        {event.dates}
      </Typography.Paragraph>
      <Row gutter={[32, 32]}>
        <Col xs={24} md={event.meetings ? 12 : 24}>
          <Typography.Title level={2} style={{ fontSize: 22 }}>
            {t('conference.aboutTitle')}
          </Typography.Title>
          <Typography.Paragraph>{t(`conference.cities.${city}`)}</Typography.Paragraph>
          <Typography.Paragraph>{t('conference.whatWeBring')}</Typography.Paragraph>
        </Col>
        {event.meetings && (
          <Col xs={24} md={12}>
            <Card
              title={
                <h2 style={{ fontSize: 18, margin: 0 }}>
                  {t('conference.form.title', { city: event.city })}
                </h2>
              }
            >
              <MeetingForm city={city} />
            </Card>
          </Col>
        )}
      </Row>
    </section>
  );
}
