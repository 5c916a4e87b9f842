import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addPublicTexts } from '../../i18n.ts';
import { advertisersTexts } from '../../locales/en/advertisers.ts';
import {
  CLAIM_VALUES,
  CtaBand,
  type FeatureKey,
  FeatureSection,
  Hero,
  HowItWorksSection,
  MarketingPage,
  Section,
} from '../home/marketing-ui.tsx';

addPublicTexts(advertisersTexts);

const BENEFITS: FeatureKey[] = [
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
  return (
    <MarketingPage name="advertisers">
      <Hero page="advertisers" />

      <FeatureSection page="advertisers" section="benefits" features={BENEFITS} />

      <HowItWorksSection page="advertisers" steps={STEPS} />

      <Section id="advertisers-quality" heading={t('advertisers.quality.heading')}>
        <div className="lm-card lm-band-light">
          <p>{t('advertisers.quality.text', CLAIM_VALUES)}</p>
          <p>
            <Link to="/terms#advertiser-agreement" data-testid="advertiser-agreement-link">
              {t('advertisers.quality.link')}
            </Link>
          </p>
        </div>
      </Section>

      <CtaBand page="advertisers" />
    </MarketingPage>
  );
}
