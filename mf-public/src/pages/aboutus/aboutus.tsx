import type { ConferenceCity } from '@leadmesh/schema';
import { CONFERENCES } from '@leadmesh/schema/constants';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { IconName } from '../home/icons.tsx';
import { LineIcon } from '../home/icons.tsx';
import { CLAIM_VALUES, CtaBand, FeatureGrid, Hero, MarketingPage, Section } from '../home/marketing-ui.tsx';
import { TeamCarousel } from './team-carousel.tsx';

const VALUES: { key: string; icon: IconName }[] = [
  { key: 'honesty', icon: 'scale' },
  { key: 'quality', icon: 'shield' },
  { key: 'people', icon: 'heart' },
  { key: 'speed', icon: 'bolt' },
];

/** The four conferences of public §9, in the spec's order; each links to /conference?city=<key>. */
const CONFERENCE_CITIES = Object.keys(CONFERENCES) as ConferenceCity[];

/** About us / Our culture (public §2): values, the conferences and the team carousel. */
export function AboutUsPage() {
  const { t } = useTranslation('public');
  const v = CLAIM_VALUES;
  return (
    <MarketingPage name="aboutus">
      <Hero eyebrow={t('aboutus.hero.eyebrow')} title={t('aboutus.title')} lead={t('aboutus.hero.lead')} />

      <Section id="aboutus-values" heading={t('aboutus.values.heading')}>
        <FeatureGrid
          columns={4}
          items={VALUES.map(({ key, icon }) => ({
            key,
            icon,
            title: t(`aboutus.values.${key}.title`, v),
            text: t(`aboutus.values.${key}.text`, v),
          }))}
        />
      </Section>

      <Section
        id="aboutus-conferences"
        heading={t('aboutus.conferences.heading')}
        intro={t('aboutus.conferences.text')}
      >
        <Row gutter={[24, 24]}>
          {CONFERENCE_CITIES.map((key) => {
            const conference = CONFERENCES[key];
            return (
              <Col key={key} xs={24} sm={12} lg={6}>
                <div className="lm-card" data-testid={`conference-${key}`}>
                  <div className="lm-conference-city">
                    <span className="lm-icon">
                      <LineIcon name="calendar" />
                    </span>
                    <Typography.Title level={3} style={{ margin: 0 }}>
                      {conference.city}
                    </Typography.Title>
                  </div>
                  <p style={{ marginTop: 12 }}>
                    {t('aboutus.conferences.dates', { dates: conference.dates })}
                  </p>
                  <p>
                    <Link to={`/conference?city=${key}`} data-testid={`conference-link-${key}`}>
                      {conference.meetings
                        ? t('aboutus.conferences.meeting', { city: conference.city })
                        : t('aboutus.conferences.details', { city: conference.city })}
                    </Link>
                  </p>
                </div>
              </Col>
            );
          })}
        </Row>
      </Section>

      <Section id="aboutus-team" heading={t('aboutus.team.heading')} intro={t('aboutus.team.text')}>
        <TeamCarousel />
      </Section>

      <CtaBand id="aboutus-cta" heading={t('aboutus.cta.heading')} text={t('aboutus.cta.text')} />
    </MarketingPage>
  );
}
