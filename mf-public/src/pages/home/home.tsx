import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type IconName, LineIcon } from './icons.tsx';
import {
  CLAIM_VALUES,
  CtaBand,
  FeatureGrid,
  Hero,
  MarketingPage,
  Section,
  StepList,
} from './marketing-ui.tsx';

const STATS: { key: string; icon: IconName }[] = [
  { key: 'conversion', icon: 'chart' },
  { key: 'payouts', icon: 'wallet' },
  { key: 'support', icon: 'clock' },
  { key: 'cookie', icon: 'cookie' },
];

const WHY: { key: string; icon: IconName }[] = [
  { key: 'prices', icon: 'tag' },
  { key: 'vetted', icon: 'shield' },
  { key: 'antifraud', icon: 'radar' },
  { key: 'speed', icon: 'bolt' },
  { key: 'payouts', icon: 'wallet' },
  { key: 'manager', icon: 'manager' },
];

const STEPS = ['join', 'connect', 'leads', 'paid'];

/** Landing page (public §1, §2): the product's claims, how it works, and the way in for each side. */
export function HomePage() {
  const { t } = useTranslation('public');
  const v = CLAIM_VALUES;
  return (
    <MarketingPage name="home">
      <Hero eyebrow={t('home.hero.eyebrow')} title={t('home.title')} lead={t('home.hero.lead')} />

      <Section id="home-stats" heading={t('home.stats.heading')}>
        <Row gutter={[24, 24]}>
          {STATS.map(({ key, icon }) => (
            <Col key={key} xs={24} sm={12} lg={6}>
              <div className="lm-card" data-testid={`stat-${key}`}>
                <span className="lm-icon">
                  <LineIcon name={icon} />
                </span>
                <span className="lm-stat-value">{t(`home.stats.${key}.value`, v)}</span>
                <p>{t(`home.stats.${key}.label`, v)}</p>
              </div>
            </Col>
          ))}
        </Row>
      </Section>

      <Section id="home-why" heading={t('home.why.heading')}>
        <FeatureGrid
          items={WHY.map(({ key, icon }) => ({
            key,
            icon,
            title: t(`home.why.${key}.title`, v),
            text: t(`home.why.${key}.text`, v),
          }))}
        />
      </Section>

      <Section id="home-how" heading={t('home.how.heading')}>
        <StepList
          steps={STEPS.map((key) => ({
            key,
            title: t(`home.how.steps.${key}.title`, v),
            text: t(`home.how.steps.${key}.text`, v),
          }))}
        />
      </Section>

      <Section id="home-audiences" heading={t('home.audiences.heading')}>
        <Row gutter={[24, 24]}>
          {(['publishers', 'advertisers'] as const).map((side) => (
            <Col key={side} xs={24} md={12}>
              <div className="lm-card lm-band-light" data-testid={`audience-${side}`}>
                <span className="lm-icon" style={{ background: '#fff' }}>
                  <LineIcon name={side === 'publishers' ? 'users' : 'chart'} />
                </span>
                <Typography.Title level={3}>{t(`home.audiences.${side}.title`)}</Typography.Title>
                <p>{t(`home.audiences.${side}.text`)}</p>
                <p>
                  <Link to={`/${side}`} data-testid={`audience-${side}-link`}>
                    {t(`home.audiences.${side}.link`)}
                  </Link>
                </p>
              </div>
            </Col>
          ))}
        </Row>
      </Section>

      <Section id="home-support" heading={t('home.support.heading')}>
        <div className="lm-card lm-support">
          <span className="lm-icon">
            <LineIcon name="clock" />
          </span>
          <p>{t('home.support.text', v)}</p>
        </div>
      </Section>

      <CtaBand id="home-cta" heading={t('home.cta.heading')} text={t('home.cta.text')} />
    </MarketingPage>
  );
}
