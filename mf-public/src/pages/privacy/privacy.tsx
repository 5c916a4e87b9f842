import { useTranslation } from 'react-i18next';
import { CLAIM_VALUES } from '../home/marketing-ui.tsx';
import { LegalPage, type LegalPart, legalPart } from '../terms/legal-document.tsx';

/** /privacy (public §2, §9): the Privacy Policy effective 1 June 2022, with a table of contents. */
export function PrivacyPage() {
  const { t } = useTranslation('public');
  const policy = legalPart(t, 'privacy', CLAIM_VALUES);
  // The page's own title and intro are rendered above the document; the part keeps only its sections.
  const parts: LegalPart[] = [{ id: 'privacy', text: { sections: policy.sections } }];
  return <LegalPage name="privacy" parts={parts} effective={t('privacy.effective')} />;
}
