import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addPublicTexts } from '../../i18n.ts';
import { publishersTexts } from '../../locales/en/publishers.ts';
import { AudiencePage } from '../home/audience-page.tsx';
import { LineIcon } from '../home/icons.tsx';
import { CardGrid, type FeatureName, Section } from '../home/marketing-ui.tsx';

addPublicTexts(publishersTexts);

const BENEFITS: FeatureName[] = ['prices', 'conversion', 'payouts', 'cookie', 'manager', 'advertisers'];

const STEPS = ['account', 'offer', 'traffic', 'paid'];
const ACCEPTED = ['websites', 'email', 'social'];
const REFUSED = ['cloaking', 'bots', 'altering', 'sharing'];

/** Page for publishers (public §1, §2): what they earn, how to start, which traffic is allowed (§5, §6). */
export function PublishersPage() {
  const { t } = useTranslation('public');
  return (
    <AudiencePage page="publishers" benefits={BENEFITS} steps={STEPS}>
      <Section id="publishers-rules" heading={t('publishers.rules.heading')}>
        <CardGrid md={2}>
          <div className="lm-card" data-testid="traffic-accepted">
            <h3>{t('publishers.rules.accepted.title')}</h3>
            <ul className="lm-list">
              {ACCEPTED.map((key) => (
                <li key={key}>
                  <span className="lm-ok">
                    <LineIcon name="check" size={20} />
                  </span>
                  {t(`publishers.rules.accepted.items.${key}`)}
                </li>
              ))}
            </ul>
          </div>
          <div className="lm-card" data-testid="traffic-refused">
            <h3>{t('publishers.rules.refused.title')}</h3>
            <ul className="lm-list">
              {REFUSED.map((key) => (
                <li key={key}>
                  <span className="lm-no">
                    <LineIcon name="cross" size={20} />
                  </span>
                  {t(`publishers.rules.refused.items.${key}`)}
                </li>
              ))}
            </ul>
          </div>
        </CardGrid>
        <p style={{ marginTop: 16 }}>
          {t('publishers.rules.note')}{' '}
          <Link to="/terms#publisher-agreement" data-testid="publisher-agreement-link">
            {t('publishers.rules.link')}
          </Link>
        </p>
      </Section>
    </AudiencePage>
  );
}
