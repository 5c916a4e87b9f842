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
} from './legal-document.tsx';

/**
 * /terms (public §2): the General terms, the Advertiser agreement and the Publisher agreement on one
 * page, with a table of contents and an anchor per part and per section (`#advertiser-agreement`,
 * `#publisher-agreement-fraud`, ...). The figures are the spec's contractual constants (§5, §6, §9).
 */
export function TermsPage() {
  const { t } = useTranslation('public');
  const parts: LegalPart[] = [
    { id: 'general-terms', text: legalPart(t, 'terms.general', CLAIM_VALUES) },
    { id: 'advertiser-agreement', text: legalPart(t, 'terms.advertiser', CLAIM_VALUES) },
    { id: 'publisher-agreement', text: legalPart(t, 'terms.publisher', CLAIM_VALUES) },
  ];
  return (
    <MarketingPage name="terms" as="article">
      <LegalStyles />
      <div className="lm-legal">
        <header>
          <Row gutter={[32, 16]} align="middle">
            <Col xs={24} md={18}>
              <Typography.Title level={1} data-testid="page-title">
                {t('terms.title')}
              </Typography.Title>
              {paragraphs(t, 'terms.intro').map((paragraph) => (
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
