import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A public page whose content arrives with issue 4: its translated heading and an honest notice.
 */
export function PublicPage({ page }: { page: string }) {
  const { t } = useTranslation('public');
  return (
    <section data-testid={`page-${page}`}>
      <Typography.Title level={1} data-testid="page-title">
        {t(`${page}.title`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="coming-soon">
        This page is coming in a later release.
      </Typography.Paragraph>
    </section>
  );
}
