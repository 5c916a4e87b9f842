import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LineIcon } from './icons.tsx';
import {
  CardGrid,
  CLAIM_VALUES,
  CtaBand,
  FEATURE_ICONS,
  type FeatureName,
  FeatureSection,
  Hero,
  HowItWorksSection,
  MarketingPage,
  Section,
} from './marketing-ui.tsx';

const STATS: FeatureName[] = ['conversion', 'payouts', 'support', 'cookie'];

const WHY: FeatureName[] = ['prices', 'vetted', 'antifraud', 'speed', 'payouts', 'manager'];

const STEPS = ['join', 'connect', 'leads', 'paid'];

/** Landing page (public §1, §2): the product's claims, how it works, and the way in for each side. */
export function HomePage() {
  const { t } = useTranslation('public');
  const v = CLAIM_VALUES;
  return (
    <MarketingPage name="home">
      <Hero page="home" />

      <Section id="home-stats" heading={t('home.stats.heading')}>
        <CardGrid sm={2} lg={4}>
          {STATS.map((key) => (
            <div key={key} className="lm-card" data-testid={`stat-${key}`}>
              <span className="lm-icon">
                <LineIcon name={FEATURE_ICONS[key]} />
              </span>
              <span className="lm-stat-value">{t(`home.stats.${key}.value`, v)}</span>
              <p>{t(`home.stats.${key}.label`, v)}</p>
            </div>
          ))}
        </CardGrid>
      </Section>

      <FeatureSection page="home" section="why" features={WHY} />

      <HowItWorksSection page="home" steps={STEPS} />

      <Section id="home-audiences" heading={t('home.audiences.heading')}>
        <CardGrid md={2}>
          {(['publishers', 'advertisers'] as const).map((side) => (
            <div key={side} className="lm-card lm-band-light" data-testid={`audience-${side}`}>
              <span className="lm-icon" style={{ background: '#fff' }}>
                <LineIcon name={side === 'publishers' ? 'users' : 'chart'} />
              </span>
              <h3>{t(`home.audiences.${side}.title`)}</h3>
              <p>{t(`home.audiences.${side}.text`)}</p>
              <p>
                <Link to={`/${side}`} data-testid={`audience-${side}-link`}>
                  {t(`home.audiences.${side}.link`)}
                </Link>
              </p>
            </div>
          ))}
        </CardGrid>
      </Section>

      <Section id="home-support" heading={t('home.support.heading')}>
        <div className="lm-card lm-support">
          <span className="lm-icon">
            <LineIcon name="clock" />
          </span>
          <p>{t('home.support.text', v)}</p>
        </div>
      </Section>

      <CtaBand page="home" />
    </MarketingPage>
  );
}
