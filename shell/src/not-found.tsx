import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * The dashboard's not-found page: a path no route of the table has (`remoteForPath` is null), so
 * no remote is loaded. The header already shows the title; this says what happened and the way back.
 */
export function DashboardNotFound() {
  const { t } = useTranslation('shell');
  return (
    <section className="lm-notice" data-testid="not-found">
      <div className="lm-notice-code" aria-hidden="true">
        404
      </div>
      <h2>{t('notFound.heading')}</h2>
      <p>{t('notFound.text')}</p>
      <Link to="/dashboard" className="lm-button lm-button-primary" data-testid="not-found-home">
        {t('notFound.dashboardLink')}
      </Link>
    </section>
  );
}
