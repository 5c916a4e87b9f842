import type { ReactNode } from 'react';
import {
  CtaBand,
  type FeatureName,
  FeatureSection,
  Hero,
  HowItWorksSection,
  MarketingPage,
} from './marketing-ui.tsx';

/**
 * The page of one side of the market (/publishers, /advertisers): the hero, the side's benefits,
 * how it works, then the side's own sections (`children`) and the closing call to action.
 */
export function AudiencePage({
  page,
  benefits,
  steps,
  children,
}: {
  page: 'publishers' | 'advertisers';
  benefits: readonly FeatureName[];
  steps: string[];
  children: ReactNode;
}) {
  return (
    <MarketingPage name={page}>
      <Hero page={page} />

      <FeatureSection page={page} section="benefits" features={benefits} />

      <HowItWorksSection page={page} steps={steps} />

      {children}

      <CtaBand page={page} />
    </MarketingPage>
  );
}
