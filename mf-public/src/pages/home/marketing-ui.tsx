import { CLAIMS, TRACKING_COOKIE_DAYS } from '@leadmesh/schema/constants';
import { BRAND } from '@leadmesh/ui';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { type IconName, LineIcon } from './icons.tsx';
import { MeshArt } from './mesh-art.tsx';

/**
 * Building blocks shared by the marketing pages (/, /publishers, /advertisers, /aboutus) and the
 * legal pages: the page frame, the hero, sections, feature cards, steps and the calls to action.
 */

/**
 * Values the texts interpolate (public §1, §9): kept in `@leadmesh/schema`, never retyped in the
 * locale files.
 */
export const CLAIM_VALUES = {
  conversionRate: CLAIMS.conversionRate,
  typicalRate: CLAIMS.typicalConversionRate,
  paymentTerms: CLAIMS.paymentTerms,
  supportHours: CLAIMS.supportHours,
  cookieDays: TRACKING_COOKIE_DAYS,
};

/*
 * The marketing pages are plain markup and CSS, not antd: the landing page is every visitor's first
 * page, and without antd it stays light (decision 0101). Headings and grids below reproduce antd's
 * typography and breakpoints (sm 576, md 768, lg 992 px), so pages with antd forms look the same.
 */
const CSS = `
.lm-page { max-width: 1120px; margin: 0 auto; color: rgba(0,0,0,0.88); overflow-wrap: anywhere; }
.lm-page a:not(.lm-cta) { color: ${BRAND.primary}; text-decoration: underline; text-underline-offset: 2px; }
.lm-page a:not(.lm-cta):hover { color: ${BRAND.primaryHover}; }
.lm-page :focus-visible { outline: 3px solid ${BRAND.primary}; outline-offset: 2px; border-radius: 4px; }
.lm-dark :focus-visible { outline-color: ${BRAND.focusOnDark}; }
.lm-page .ant-btn.ant-btn:focus-visible { outline: 3px solid ${BRAND.primary}; outline-offset: 2px; }
.lm-page p { font-size: 16px; line-height: 1.6; margin: 0 0 1em; }
.lm-page h1, .lm-page h2, .lm-page h3 { color: rgba(0,0,0,0.88); font-weight: 600; margin: 0 0 0.5em; }
.lm-page h1 { font-size: 38px; line-height: 1.21; }
.lm-page h2 { font-size: 30px; line-height: 1.27; }
.lm-page h3 { font-size: 24px; line-height: 1.33; }
.lm-grid { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 576px) { .lm-grid.lm-sm-2 { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 768px) { .lm-grid.lm-md-2 { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 992px) {
  .lm-grid.lm-lg-2 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .lm-grid.lm-lg-3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .lm-grid.lm-lg-4 { grid-template-columns: repeat(4, minmax(0, 1fr)); }
}
.lm-hero-grid { display: grid; gap: 24px 32px; align-items: center; grid-template-columns: minmax(0, 1fr); }
.lm-hero-art { display: none; }
@media (min-width: 768px) { .lm-hero-grid { grid-template-columns: minmax(0, 14fr) minmax(0, 10fr); } .lm-hero-art { display: block; } }
.lm-hero { background: linear-gradient(135deg, ${BRAND.ink} 0%, #123a6b 100%); color: #fff; border-radius: 16px; padding: 32px 20px; overflow: hidden; }
@media (min-width: 768px) { .lm-hero { padding: 56px 48px; } }
.lm-hero h1.lm-h1 { color: #fff; font-size: clamp(30px, 5vw, 46px); line-height: 1.15; margin: 8px 0 16px; }
.lm-hero p { color: #e6f0ff; font-size: 18px; max-width: 40em; }
.lm-eyebrow { display: block; text-transform: uppercase; letter-spacing: 0.08em; font-weight: 600; font-size: 13px; color: #adc6ff; }
.lm-cta-row { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 24px; align-items: center; }
.lm-cta { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: 0 24px; border-radius: 8px; font-size: 16px; font-weight: 600; text-decoration: none; border: 1px solid transparent; transition: background-color 0.2s, border-color 0.2s, color 0.2s; }
.lm-cta-primary { background: ${BRAND.primary}; color: #fff; }
.lm-cta-primary:hover { background: ${BRAND.primaryHover}; color: #fff; }
.lm-dark .lm-cta-primary { background: #fff; color: ${BRAND.ink}; }
.lm-dark .lm-cta-primary:hover { background: #e6f0ff; color: ${BRAND.ink}; }
.lm-cta-secondary { background: #fff; color: ${BRAND.ink}; border-color: #8c8c8c; }
.lm-cta-secondary:hover { border-color: ${BRAND.primary}; color: ${BRAND.primary}; }
.lm-dark .lm-cta-secondary { background: transparent; color: #fff; border-color: rgba(255,255,255,0.85); }
.lm-dark .lm-cta-secondary:hover { background: rgba(255,255,255,0.12); color: #fff; }
.lm-section { margin-top: 56px; }
.lm-page h2 { margin-top: 0; }
.lm-section > h2 { margin-bottom: 20px; }
.lm-section > h2 + .lm-section-intro { margin-top: -8px; }
.lm-section-intro { max-width: 46em; margin-bottom: 24px; }
.lm-card { background: #fff; border: 1px solid #e3e8f0; border-radius: 12px; padding: 24px; }
.lm-carousel .lm-card { height: 100%; }
.lm-card h3 { margin: 12px 0 8px; font-size: 20px; }
.lm-card p { margin-bottom: 0; }
.lm-card p + p { margin-top: 12px; }
.lm-icon { width: 44px; height: 44px; border-radius: 10px; background: #e6f0ff; color: ${BRAND.primary}; display: flex; align-items: center; justify-content: center; }
.lm-stat-value { display: block; font-size: clamp(24px, 6vw, 28px); font-weight: 700; color: ${BRAND.ink}; line-height: 1.2; margin: 12px 0 4px; }
.lm-steps { list-style: none; margin: 0; padding: 0; }
.lm-steps > li { margin: 0; }
.lm-step-no { width: 36px; height: 36px; border-radius: 50%; background: ${BRAND.primary}; color: #fff; font-weight: 700; display: flex; align-items: center; justify-content: center; }
.lm-band { margin-top: 56px; border-radius: 16px; padding: 32px 20px; text-align: center; }
@media (min-width: 768px) { .lm-band { padding: 48px; } }
.lm-band .lm-cta-row { justify-content: center; }
.lm-band.lm-dark { background: linear-gradient(135deg, ${BRAND.ink} 0%, #123a6b 100%); }
.lm-band.lm-dark h2 { color: #fff; }
.lm-band.lm-dark p { color: #e6f0ff; }
.lm-band-light { background: #e6f0ff; }
.lm-list { list-style: none; padding: 0; margin: 0; }
.lm-list li { display: flex; gap: 10px; align-items: flex-start; margin-bottom: 10px; font-size: 16px; line-height: 1.5; }
.lm-list svg { flex: none; margin-top: 1px; }
.lm-ok { color: #237804; }
.lm-no { color: #a8071a; }
.lm-carousel { margin: 0 -8px; }
.lm-page .lm-carousel .slick-track { display: flex; }
.lm-page .lm-carousel .slick-slide { height: auto; float: none; }
.lm-page .lm-carousel .slick-slide > div, .lm-page .lm-carousel .lm-member-slide { height: 100%; }
.lm-member-slide { padding: 0 8px; height: 100%; }
.lm-member { text-align: center; }
.lm-member-role { font-weight: 600; color: ${BRAND.primary}; }
.lm-carousel-controls { display: flex; justify-content: center; align-items: center; gap: 16px; margin-top: 16px; }
.lm-carousel-position { font-variant-numeric: tabular-nums; min-width: 4em; text-align: center; }
.lm-carousel-hint { text-align: center; font-size: 14px; color: rgba(0,0,0,0.65); margin-top: 8px; }
.lm-support { display: flex; gap: 16px; align-items: flex-start; }
.lm-support .lm-icon { flex: none; }
.lm-support p { align-self: center; }
.lm-conference-city { display: flex; align-items: center; gap: 12px; }
.lm-not-found { text-align: center; padding-top: 48px; padding-bottom: 48px; }
.lm-not-found p { margin-left: auto; margin-right: auto; }
.lm-not-found .lm-cta-row { justify-content: center; }
.lm-not-found-code { display: block; font-size: clamp(64px, 14vw, 112px); font-weight: 800; line-height: 1; letter-spacing: 0.04em; color: #adc6ff; }
.lm-not-found-path { overflow-wrap: anywhere; background: rgba(255,255,255,0.12); border-radius: 4px; padding: 0 6px; }
.lm-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); white-space: nowrap; border: 0; }
`;

/** Scrolls to the `#hash` target when there is one (deep links to agreements), else to the top. */
function useScrollOnArrival() {
  // Each page mounts its own frame, so this runs on arrival and whenever the hash changes.
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (!hash) window.scrollTo(0, 0);
  }, [hash]);
}

/**
 * The frame of one public page: its `data-testid="page-<name>"`, the shared styles and the
 * accessible primary colour. The shell's layout supplies header, `<main>` and footer.
 */
export function MarketingPage({
  name,
  children,
  as: Tag = 'div',
}: {
  name: string;
  children: ReactNode;
  as?: 'div' | 'article';
}) {
  useScrollOnArrival();
  return (
    <>
      <style href="leadmesh-marketing" precedence="default">
        {CSS}
      </style>
      <Tag className="lm-page" data-testid={`page-${name}`}>
        {children}
      </Tag>
    </>
  );
}

/** "Sign up" → /register and "Log in" → /login, as links styled like buttons. */
export function CtaLinks({ testIdPrefix = 'cta' }: { testIdPrefix?: string }) {
  const { t } = useTranslation('public');
  return (
    <div className="lm-cta-row">
      <Link to="/register" className="lm-cta lm-cta-primary" data-testid={`${testIdPrefix}-signup`}>
        {t('marketingCta.signUp')}
      </Link>
      <Link to="/login" className="lm-cta lm-cta-secondary" data-testid={`${testIdPrefix}-login`}>
        {t('marketingCta.logIn')}
      </Link>
    </div>
  );
}

/** The marketing pages whose texts sit under their own key in the locale (`<page>.title`, ...). */
export type MarketingPageKey = 'home' | 'publishers' | 'advertisers' | 'aboutus';

/**
 * The dark banner at the top of a marketing page, holding its one h1: `<page>.title`, with
 * `<page>.hero.eyebrow` above and `<page>.hero.lead` below.
 */
export function Hero({ page }: { page: MarketingPageKey }) {
  const { t } = useTranslation('public');
  return (
    <header className="lm-hero lm-dark" data-testid="page-hero">
      <div className="lm-hero-grid">
        <div>
          <span className="lm-eyebrow">{t(`${page}.hero.eyebrow`)}</span>
          <h1 className="lm-h1" data-testid="page-title">
            {t(`${page}.title`)}
          </h1>
          <p>{t(`${page}.hero.lead`, CLAIM_VALUES)}</p>
          <CtaLinks />
        </div>
        <div className="lm-hero-art">
          <MeshArt />
        </div>
      </div>
    </header>
  );
}

/** A titled section (`<section>` named by its h2). */
export function Section({
  id,
  heading,
  intro,
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <section className="lm-section" aria-labelledby={id} data-testid={`section-${id}`}>
      <h2 id={id}>{heading}</h2>
      {intro && <p className="lm-section-intro">{intro}</p>}
      {children}
    </section>
  );
}

interface Feature {
  key: string;
  icon: IconName;
  title: string;
  text: string;
}

/** Cards with an icon, an h3 and a sentence: 1 column on a phone, 2 on a tablet, 3 on a desktop. */
function FeatureGrid({ items, columns = 3 }: { items: Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <div className={`lm-grid lm-md-2 lm-lg-${columns}`}>
      {items.map((item) => (
        <div key={item.key} className="lm-card" data-testid={`feature-${item.key}`}>
          <span className="lm-icon">
            <LineIcon name={item.icon} />
          </span>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </div>
      ))}
    </div>
  );
}

/**
 * The icon of each claim a feature card or figure makes, whichever page it stands on: the card's
 * texts are under its key in the page's locale (`<page>.<section>.<key>.title`).
 */
export const FEATURE_ICONS = {
  prices: 'tag',
  vetted: 'shield',
  publishers: 'shield',
  advertisers: 'shield',
  quality: 'shield',
  antifraud: 'radar',
  speed: 'bolt',
  payouts: 'wallet',
  manager: 'manager',
  conversion: 'chart',
  support: 'clock',
  cookie: 'cookie',
  honesty: 'scale',
  people: 'heart',
} as const satisfies Record<string, IconName>;

/** A feature card's key in the locale, which also names its icon (`FEATURE_ICONS`). */
export type FeatureName = keyof typeof FEATURE_ICONS;

/**
 * A section of feature cards (`FeatureGrid`) whose texts follow the page's locale keys: the
 * section is `#<page>-<section>` headed by `<page>.<section>.heading`, and each card reads
 * `<page>.<section>.<key>.title` and `.text`.
 */
export function FeatureSection({
  page,
  section,
  features,
  columns,
}: {
  page: MarketingPageKey;
  section: string;
  features: readonly FeatureName[];
  columns?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('public');
  const prefix = `${page}.${section}`;
  return (
    <Section id={`${page}-${section}`} heading={t(`${prefix}.heading`)}>
      <FeatureGrid
        columns={columns}
        items={features.map((key) => ({
          key,
          icon: FEATURE_ICONS[key],
          title: t(`${prefix}.${key}.title`, CLAIM_VALUES),
          text: t(`${prefix}.${key}.text`, CLAIM_VALUES),
        }))}
      />
    </Section>
  );
}

/**
 * The "how it works" section of a page (`StepList`): `#<page>-how`, headed by `<page>.how.heading`,
 * each step reading `<page>.how.steps.<key>.title` and `.text`.
 */
export function HowItWorksSection({ page, steps }: { page: MarketingPageKey; steps: string[] }) {
  const { t } = useTranslation('public');
  return (
    <Section id={`${page}-how`} heading={t(`${page}.how.heading`)}>
      <StepList
        steps={steps.map((key) => ({
          key,
          title: t(`${page}.how.steps.${key}.title`, CLAIM_VALUES),
          text: t(`${page}.how.steps.${key}.text`, CLAIM_VALUES),
        }))}
      />
    </Section>
  );
}

/** Numbered steps, an ordered list (the numbers are drawn, so screen readers get them from the list). */
function StepList({ steps }: { steps: { key: string; title: string; text: string }[] }) {
  return (
    <ol className="lm-grid lm-md-2 lm-lg-4 lm-steps">
      {steps.map((step, index) => (
        <li key={step.key} className="lm-card">
          <span className="lm-step-no" aria-hidden="true">
            {index + 1}
          </span>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A responsive grid of cards: one column on a phone, `sm`/`md`/`lg` columns from those widths up. */
export function CardGrid({ sm, md, lg, children }: { sm?: 2; md?: 2; lg?: 2 | 3 | 4; children: ReactNode }) {
  const classes = ['lm-grid', sm && `lm-sm-${sm}`, md && `lm-md-${md}`, lg && `lm-lg-${lg}`];
  return <div className={classes.filter(Boolean).join(' ')}>{children}</div>;
}

/** The closing call to action of a page: `#<page>-cta`, `<page>.cta.heading` and `<page>.cta.text`. */
export function CtaBand({ page }: { page: MarketingPageKey }) {
  const { t } = useTranslation('public');
  const id = `${page}-cta`;
  return (
    <section className="lm-band lm-dark" aria-labelledby={id} data-testid="cta-band">
      <h2 id={id}>{t(`${page}.cta.heading`)}</h2>
      <p>{t(`${page}.cta.text`)}</p>
      <CtaLinks testIdPrefix="cta-band" />
    </section>
  );
}
