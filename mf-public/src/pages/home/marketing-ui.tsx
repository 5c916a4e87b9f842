import { CLAIMS, TRACKING_COOKIE_DAYS } from '@leadmesh/schema/constants';
import { Col, ConfigProvider, Row, Typography } from 'antd';
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

/**
 * antd's default blue (#1677ff) on white is 4.1:1, under the 4.5:1 WCAG AA asks of body-size text;
 * these pages use the next shade (#0958d9, 6.2:1) for links and primary buttons.
 */
const BRAND = { primary: '#0958d9', primaryHover: '#003eb3', ink: '#0b1f3a', focusOnDark: '#ffd666' };

const CSS = `
.lm-page { max-width: 1120px; margin: 0 auto; color: rgba(0,0,0,0.88); overflow-wrap: anywhere; }
.lm-page a:not(.lm-cta) { color: ${BRAND.primary}; text-decoration: underline; text-underline-offset: 2px; }
.lm-page a:not(.lm-cta):hover { color: ${BRAND.primaryHover}; }
.lm-page :focus-visible { outline: 3px solid ${BRAND.primary}; outline-offset: 2px; border-radius: 4px; }
.lm-dark :focus-visible { outline-color: ${BRAND.focusOnDark}; }
.lm-page .ant-btn.ant-btn:focus-visible { outline: 3px solid ${BRAND.primary}; outline-offset: 2px; }
.lm-page p { font-size: 16px; line-height: 1.6; }
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
.lm-page h2.ant-typography { margin-top: 0; }
.lm-section > h2.ant-typography { margin-bottom: 20px; }
.lm-section > h2.ant-typography + .lm-section-intro { margin-top: -8px; }
.lm-section-intro { max-width: 46em; margin-bottom: 24px; }
.lm-card { background: #fff; border: 1px solid #e3e8f0; border-radius: 12px; padding: 24px; height: 100%; }
.lm-card h3.ant-typography { margin: 12px 0 8px; font-size: 20px; }
.lm-card p { margin-bottom: 0; }
.lm-card p + p { margin-top: 12px; }
.lm-icon { width: 44px; height: 44px; border-radius: 10px; background: #e6f0ff; color: ${BRAND.primary}; display: flex; align-items: center; justify-content: center; }
.lm-stat-value { display: block; font-size: clamp(24px, 6vw, 28px); font-weight: 700; color: ${BRAND.ink}; line-height: 1.2; margin: 12px 0 4px; }
.lm-steps { list-style: none; margin: 0; padding: 0; }
.lm-step-no { width: 36px; height: 36px; border-radius: 50%; background: ${BRAND.primary}; color: #fff; font-weight: 700; display: flex; align-items: center; justify-content: center; }
.lm-band { margin-top: 56px; border-radius: 16px; padding: 32px 20px; text-align: center; }
@media (min-width: 768px) { .lm-band { padding: 48px; } }
.lm-band .lm-cta-row { justify-content: center; }
.lm-band.lm-dark { background: linear-gradient(135deg, ${BRAND.ink} 0%, #123a6b 100%); }
.lm-band.lm-dark h2.ant-typography { color: #fff; }
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
    <ConfigProvider theme={{ token: { colorPrimary: BRAND.primary, colorLink: BRAND.primary } }}>
      <style href="leadmesh-marketing" precedence="default">
        {CSS}
      </style>
      <Tag className="lm-page" data-testid={`page-${name}`}>
        {children}
      </Tag>
    </ConfigProvider>
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
      <Row gutter={[32, 24]} align="middle">
        <Col xs={24} md={14}>
          <span className="lm-eyebrow">{t(`${page}.hero.eyebrow`)}</span>
          <Typography.Title level={1} className="lm-h1" data-testid="page-title">
            {t(`${page}.title`)}
          </Typography.Title>
          <p>{t(`${page}.hero.lead`, CLAIM_VALUES)}</p>
          <CtaLinks />
        </Col>
        <Col xs={0} md={10}>
          <MeshArt />
        </Col>
      </Row>
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
      <Typography.Title level={2} id={id}>
        {heading}
      </Typography.Title>
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
  const lg = 24 / columns;
  return (
    <Row gutter={[24, 24]}>
      {items.map((item) => (
        <Col key={item.key} xs={24} md={12} lg={lg}>
          <div className="lm-card" data-testid={`feature-${item.key}`}>
            <span className="lm-icon">
              <LineIcon name={item.icon} />
            </span>
            <Typography.Title level={3}>{item.title}</Typography.Title>
            <p>{item.text}</p>
          </div>
        </Col>
      ))}
    </Row>
  );
}

/** A feature card's key in the locale and its icon. */
export interface FeatureKey {
  key: string;
  icon: IconName;
}

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
  features: FeatureKey[];
  columns?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('public');
  const prefix = `${page}.${section}`;
  return (
    <Section id={`${page}-${section}`} heading={t(`${prefix}.heading`)}>
      <FeatureGrid
        columns={columns}
        items={features.map(({ key, icon }) => ({
          key,
          icon,
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

/** Numbered steps, announced as a list (antd's grid renders divs, hence the roles). */
function StepList({ steps }: { steps: { key: string; title: string; text: string }[] }) {
  return (
    <Row gutter={[24, 24]} className="lm-steps" role="list">
      {steps.map((step, index) => (
        <Col key={step.key} xs={24} md={12} lg={6} role="listitem">
          <div className="lm-card">
            <span className="lm-step-no" aria-hidden="true">
              {index + 1}
            </span>
            <Typography.Title level={3}>{step.title}</Typography.Title>
            <p>{step.text}</p>
          </div>
        </Col>
      ))}
    </Row>
  );
}

/** The closing call to action of a page: `#<page>-cta`, `<page>.cta.heading` and `<page>.cta.text`. */
export function CtaBand({ page }: { page: MarketingPageKey }) {
  const { t } = useTranslation('public');
  const id = `${page}-cta`;
  return (
    <section className="lm-band lm-dark" aria-labelledby={id} data-testid="cta-band">
      <Typography.Title level={2} id={id}>
        {t(`${page}.cta.heading`)}
      </Typography.Title>
      <p>{t(`${page}.cta.text`)}</p>
      <CtaLinks testIdPrefix="cta-band" />
    </section>
  );
}
