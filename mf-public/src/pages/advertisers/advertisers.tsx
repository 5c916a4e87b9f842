import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { IconName } from '../home/icons.tsx';
import {
  CLAIM_VALUES,
  CtaBand,
  FeatureGrid,
  Hero,
  MarketingPage,
  Section,
  StepList,
} from '../home/marketing-ui.tsx';

const BENEFITS: { key: string; icon: IconName }[] = [
  { key: 'publishers', icon: 'shield' },
  { key: 'antifraud', icon: 'radar' },
  { key: 'speed', icon: 'bolt' },
  { key: 'conversion', icon: 'chart' },
  { key: 'prices', icon: 'tag' },
  { key: 'manager', icon: 'manager' },
];

const STEPS = ['account', 'balance', 'crm', 'control'];

/** Page for advertisers (public §1, §2): pay per confirmed lead from a credit balance, with control. */
export function AdvertisersPage() {
  const { t } = useTranslation('public');
  const v = CLAIM_VALUES;
  return (
    <MarketingPage name="advertisers">
      <Hero
        eyebrow={t('advertisers.hero.eyebrow')}
        title={t('advertisers.title')}
        lead={t('advertisers.hero.lead', v)}
      />

      <Section id="advertisers-benefits" heading={t('advertisers.benefits.heading')}>
        <FeatureGrid
          items={BENEFITS.map(({ key, icon }) => ({
            key,
            icon,
            title: t(`advertisers.benefits.${key}.title`, v),
            text: t(`advertisers.benefits.${key}.text`, v),
          }))}
        />
      </Section>

      <Section id="advertisers-how" heading={t('advertisers.how.heading')}>
        <StepList
          steps={STEPS.map((key) => ({
            key,
            title: t(`advertisers.how.steps.${key}.title`, v),
            text: t(`advertisers.how.steps.${key}.text`, v),
          }))}
        />
      </Section>

      <Section id="advertisers-quality" heading={t('advertisers.quality.heading')}>
        <div className="lm-card lm-band-light">
          <p>{t('advertisers.quality.text', v)}</p>
          <p>
            <Link to="/terms#advertiser-agreement" data-testid="advertiser-agreement-link">
              {t('advertisers.quality.link')}
            </Link>
          </p>
        </div>
      </Section>

      <CtaBand id="advertisers-cta" heading={t('advertisers.cta.heading')} text={t('advertisers.cta.text')} />
    </MarketingPage>
  );
}
