import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addPublicTexts } from '../../i18n.ts';
import { advertisersTexts } from '../../locales/en/advertisers.ts';
import { AudiencePage } from '../home/audience-page.tsx';
import { CLAIM_VALUES, type FeatureName, Section } from '../home/marketing-ui.tsx';

addPublicTexts(advertisersTexts);

const BENEFITS: FeatureName[] = ['publishers', 'antifraud', 'speed', 'conversion', 'prices', 'manager'];

const STEPS = ['account', 'balance', 'crm', 'control'];

/** Page for advertisers (public §1, §2): pay per confirmed lead from a credit balance, with control. */
export function AdvertisersPage() {
  const { t } = useTranslation('public');
  return (
    <AudiencePage page="advertisers" benefits={BENEFITS} steps={STEPS}>
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
    </AudiencePage>
  );
}
