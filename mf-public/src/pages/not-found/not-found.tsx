import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { MarketingPage } from '../home/marketing-ui.tsx';

/**
 * A public address no page has: says so, shows the address, and offers the way home and the two
 * audience pages (never a blank page or a redirect).
 */
export function NotFoundPage() {
  const { t } = useTranslation('public');
  const { pathname } = useLocation();
  return (
    <MarketingPage name="notFound">
      <section className="lm-hero lm-dark lm-not-found">
        <span className="lm-not-found-code" aria-hidden="true">
          404
        </span>
        <h1 className="lm-h1" data-testid="page-title">
          {t('notFound.title')}
        </h1>
        <p>
          {t('notFound.text')} <code className="lm-not-found-path">{pathname}</code>
        </p>
        <div className="lm-cta-row">
          <Link to="/" className="lm-cta lm-cta-primary" data-testid="not-found-home">
            {t('notFound.home')}
          </Link>
          <Link to="/publishers" className="lm-cta lm-cta-secondary">
            {t('notFound.publishers')}
          </Link>
          <Link to="/advertisers" className="lm-cta lm-cta-secondary">
            {t('notFound.advertisers')}
          </Link>
        </div>
      </section>
    </MarketingPage>
  );
}
