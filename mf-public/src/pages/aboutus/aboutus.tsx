import type { ConferenceCity } from '@leadmesh/schema';
import { CONFERENCES } from '@leadmesh/schema/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addPublicTexts } from '../../i18n.ts';
import { aboutUsTexts } from '../../locales/en/aboutus.ts';
import { LineIcon } from '../home/icons.tsx';
import {
  CardGrid,
  CtaBand,
  type FeatureName,
  FeatureSection,
  Hero,
  MarketingPage,
  Section,
} from '../home/marketing-ui.tsx';
import { TeamCarousel } from './team-carousel.tsx';

addPublicTexts(aboutUsTexts);

const VALUES: FeatureName[] = ['honesty', 'quality', 'people', 'speed'];

/** The four conferences of public §9, in the spec's order; each links to /conference?city=<key>. */
const CONFERENCE_CITIES = Object.keys(CONFERENCES) as ConferenceCity[];

/** About us / Our culture (public §2): values, the conferences and the team carousel. */
export function AboutUsPage() {
  const { t } = useTranslation('public');
  return (
    <MarketingPage name="aboutus">
      <Hero page="aboutus" />

      <FeatureSection page="aboutus" section="values" features={VALUES} columns={4} />

      <Section
        id="aboutus-conferences"
        heading={t('aboutus.conferences.heading')}
        intro={t('aboutus.conferences.text')}
      >
        <CardGrid sm={2} lg={4}>
          {CONFERENCE_CITIES.map((key) => {
            const conference = CONFERENCES[key];
            return (
              <div key={key} className="lm-card" data-testid={`conference-${key}`}>
                <div className="lm-conference-city">
                  <span className="lm-icon">
                    <LineIcon name="calendar" />
                  </span>
                  <h3 style={{ margin: 0 }}>{conference.city}</h3>
                </div>
                <p style={{ marginTop: 12 }}>{t('aboutus.conferences.dates', { dates: conference.dates })}</p>
                <p>
                  <Link to={`/conference?city=${key}`} data-testid={`conference-link-${key}`}>
                    {conference.meetings
                      ? t('aboutus.conferences.meeting', { city: conference.city })
                      : t('aboutus.conferences.details', { city: conference.city })}
                  </Link>
                </p>
              </div>
            );
          })}
        </CardGrid>
      </Section>

      <Section id="aboutus-team" heading={t('aboutus.team.heading')} intro={t('aboutus.team.text')}>
        <TeamCarousel />
      </Section>

      <CtaBand page="aboutus" />
    </MarketingPage>
  );
}
