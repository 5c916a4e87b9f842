import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLAIM_VALUES, MarketingPage } from '../home/marketing-ui.tsx';
import {
  DocumentArt,
  type LegalPart,
  LegalPartView,
  LegalStyles,
  LegalToc,
  legalPart,
  paragraphs,
} from '../terms/legal-document.tsx';

/** /privacy (public §2, §9): the Privacy Policy effective 1 June 2022, with a table of contents. */
export function PrivacyPage() {
  const { t } = useTranslation('public');
  const policy: LegalPart = { id: 'privacy', text: legalPart(t, 'privacy', CLAIM_VALUES) };
  // The page's own title and intro are rendered above; the part keeps only its sections.
  const parts: LegalPart[] = [{ id: 'privacy', text: { sections: policy.text.sections } }];
  return (
    <MarketingPage name="privacy" as="article">
      <LegalStyles />
      <div className="lm-legal">
        <header>
          <Row gutter={[32, 16]} align="middle">
            <Col xs={24} md={18}>
              <Typography.Title level={1} data-testid="page-title">
                {t('privacy.title')}
              </Typography.Title>
              <span className="lm-updated" data-testid="privacy-effective">
                {t('privacy.effective')}
              </span>
              {paragraphs(t, 'privacy.intro').map((paragraph) => (
                <p key={paragraph} style={{ maxWidth: '46em' }}>
                  {paragraph}
                </p>
              ))}
            </Col>
            <Col xs={0} md={6}>
              <DocumentArt />
            </Col>
          </Row>
        </header>
        <Row gutter={[32, 24]} className="lm-legal-layout">
          <Col xs={24} lg={7}>
            <LegalToc title={t('legalUi.contents')} parts={parts} />
          </Col>
          <Col xs={24} lg={17}>
            <div className="lm-legal-doc">
              {parts.map((part) => (
                <LegalPartView key={part.id} part={part} backLabel={t('legalUi.backToContents')} />
              ))}
            </div>
          </Col>
        </Row>
      </div>
    </MarketingPage>
  );
}
