import { useTranslation } from 'react-i18next';
import { CLAIM_VALUES } from '../home/marketing-ui.tsx';
import { LegalPage, type LegalPart, legalPart } from './legal-document.tsx';

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
  return <LegalPage name="terms" parts={parts} />;
}
