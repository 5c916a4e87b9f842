import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addPublicTexts } from '../../i18n.ts';
import { legal } from '../../locales/en/legal.ts';
import { MarketingPage } from '../home/marketing-ui.tsx';
import { DecorativeSvg } from '../home/mesh-art.tsx';

addPublicTexts(legal);

/**
 * Rendering of the legal texts (/terms, /privacy). The structure comes from the locale resources
 * (see locales/en/legal.ts): a part has sections, a section has clauses. Numbers and anchors are
 * computed here, so the texts never carry them.
 */

/** One clause: plain text, a text with a list, or a text followed by a link. */
export type LegalClause = string | { text: string; items?: string[]; link?: string; to?: string };

export interface LegalSectionText {
  heading: string;
  clauses: LegalClause[];
}

export interface LegalPartText {
  heading?: string;
  updated?: string;
  intro?: string[];
  sections: Record<string, LegalSectionText>;
}

/** A part as the page uses it: its anchor and its (interpolated) texts. */
export interface LegalPart {
  id: string;
  text: LegalPartText;
}

/** Reads a part of a legal text with its values interpolated (i18next `returnObjects`). */
export function legalPart(t: TFunction, key: string, values: Record<string, unknown>): LegalPartText {
  const text = t(key, { ...values, returnObjects: true }) as unknown as LegalPartText;
  return { ...text, sections: text.sections ?? {} };
}

/** Reads a list of paragraphs (a string array in the resources). */
function paragraphs(t: TFunction, key: string, values: Record<string, unknown> = {}): string[] {
  const value = t(key, { ...values, returnObjects: true }) as unknown;
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

const sectionAnchor = (partId: string, sectionId: string) => `${partId}-${sectionId}`;

const LEGAL_CSS = `
.lm-legal-layout { margin-top: 32px; display: grid; gap: 24px 32px; grid-template-columns: minmax(0, 1fr); align-items: start; }
@media (min-width: 992px) { .lm-legal-layout { grid-template-columns: minmax(0, 7fr) minmax(0, 17fr); } }
.lm-legal-head { display: grid; gap: 16px 32px; align-items: center; grid-template-columns: minmax(0, 1fr); }
.lm-legal-art { display: none; }
@media (min-width: 768px) { .lm-legal-head { grid-template-columns: minmax(0, 18fr) minmax(0, 6fr); } .lm-legal-art { display: block; } }
.lm-legal h2, .lm-legal h3, .lm-legal [id] { scroll-margin-top: 16px; }
.lm-legal-doc { background: #fff; border: 1px solid #e3e8f0; border-radius: 12px; padding: 24px 16px; }
@media (min-width: 768px) { .lm-legal-doc { padding: 40px 48px; } }
.lm-legal-part + .lm-legal-part { margin-top: 48px; padding-top: 32px; border-top: 1px solid #e3e8f0; }
.lm-legal-doc h3 { font-size: 18px; margin-top: 28px; }
.lm-legal-doc .lm-legal-flat h2 { font-size: 22px; margin: 32px 0 12px; }
.lm-legal-doc .lm-legal-flat > div:first-child h2 { margin-top: 0; }
.lm-legal-doc p, .lm-legal-doc li { font-size: 16px; line-height: 1.65; }
.lm-clause { display: flex; gap: 8px; margin-bottom: 12px; }
@media (min-width: 768px) { .lm-clause { gap: 12px; } }
.lm-clause-no { flex: none; min-width: 2.2em; font-size: 16px; line-height: 1.65; font-weight: 600; font-variant-numeric: tabular-nums; }
.lm-clause-body > p { margin: 0; }
.lm-clause-body ul { margin: 8px 0 0; padding-left: 20px; }
.lm-updated { display: inline-block; font-weight: 600; background: #e6f0ff; color: #0b1f3a; border-radius: 6px; padding: 2px 10px; margin-bottom: 12px; }
.lm-toc { background: #fff; border: 1px solid #e3e8f0; border-radius: 12px; padding: 20px; }
@media (min-width: 992px) { .lm-toc { position: sticky; top: 16px; max-height: calc(100vh - 32px); overflow-y: auto; } }
.lm-toc h2 { font-size: 18px; margin: 0 0 12px; }
.lm-toc ol { margin: 0; padding-left: 20px; }
.lm-toc li { margin: 6px 0; line-height: 1.4; }
.lm-toc ol ol { margin-top: 4px; font-size: 14px; display: none; }
@media (min-width: 992px) { .lm-toc ol ol { display: block; } }
.lm-back { font-size: 14px; margin-top: 16px; }
`;

/** The decorative illustration beside a legal page's title (a signed document). */
function DocumentArt() {
  return (
    <DecorativeSvg viewBox="0 0 160 140" maxWidth={200} align="end">
      <circle cx="92" cy="70" r="62" fill="#e6f0ff" />
      <rect x="44" y="18" width="78" height="102" rx="8" fill="#fff" stroke="#0b1f3a" strokeWidth="3" />
      <path d="M58 40h50M58 54h50M58 68h36M58 82h44" stroke="#91caff" strokeWidth="5" strokeLinecap="round" />
      <path
        d="M58 103c6-8 10-8 12 0s8 6 12-2 8-6 10 2"
        fill="none"
        stroke="#0958d9"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="124" cy="104" r="18" fill="#0958d9" />
      <path d="m116 104 6 6 10-12" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
    </DecorativeSvg>
  );
}

/** Styles of the legal pages (hoisted once by React). */
function LegalStyles() {
  return (
    <style href="leadmesh-legal" precedence="default">
      {LEGAL_CSS}
    </style>
  );
}

/**
 * The table of contents: the parts, and on a desktop their sections too (on a phone the list of
 * 30-odd sections would push the text a screen down; each part has a "Back to contents" link).
 */
function LegalToc({ title, parts }: { title: string; parts: LegalPart[] }) {
  const sectionsOnly = parts.length === 1 && !parts[0].text.heading;
  return (
    <nav className="lm-toc" aria-labelledby="contents" data-testid="legal-toc">
      <h2 id="contents">{title}</h2>
      {sectionsOnly ? (
        <SectionLinks part={parts[0]} />
      ) : (
        <ol>
          {parts.map((part) => (
            <li key={part.id}>
              <a href={`#${part.id}`} data-testid={`toc-${part.id}`}>
                {part.text.heading}
              </a>
              <SectionLinks part={part} />
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}

function SectionLinks({ part }: { part: LegalPart }) {
  return (
    <ol>
      {Object.entries(part.text.sections).map(([id, section]) => (
        <li key={id}>
          <a href={`#${sectionAnchor(part.id, id)}`}>{section.heading}</a>
        </li>
      ))}
    </ol>
  );
}

function Clause({ number, clause }: { number: string; clause: LegalClause }) {
  const text = typeof clause === 'string' ? clause : clause.text;
  return (
    <div className="lm-clause">
      <span className="lm-clause-no">{number}</span>
      <div className="lm-clause-body">
        <p>
          {text}
          {typeof clause !== 'string' && clause.link && clause.to && (
            <>
              {' '}
              <Link to={clause.to}>{clause.link}</Link>
            </>
          )}
        </p>
        {typeof clause !== 'string' && clause.items && (
          <ul>
            {clause.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * One part of a legal text. A part with a heading (an agreement) is a `<section>` with an h2 and
 * h3 sections; a part without one (the Privacy Policy) puts its sections at h2 directly.
 */
function LegalPartView({ part, backLabel }: { part: LegalPart; backLabel: string }) {
  const { id, text } = part;
  const Heading = text.heading ? 'h3' : 'h2';
  const body = (
    <>
      {text.updated && <span className="lm-updated">{text.updated}</span>}
      {text.intro?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {Object.entries(text.sections).map(([sectionId, section], sectionIndex) => (
        <div key={sectionId} data-testid={`legal-${sectionAnchor(id, sectionId)}`}>
          <Heading id={sectionAnchor(id, sectionId)}>{`${sectionIndex + 1}. ${section.heading}`}</Heading>
          {section.clauses.map((clause, clauseIndex) => (
            <Clause
              key={typeof clause === 'string' ? clause : clause.text}
              number={`${sectionIndex + 1}.${clauseIndex + 1}`}
              clause={clause}
            />
          ))}
        </div>
      ))}
      <p className="lm-back">
        <a href="#contents">{backLabel}</a>
      </p>
    </>
  );
  if (!text.heading) return <div className="lm-legal-part lm-legal-flat">{body}</div>;
  return (
    <section className="lm-legal-part" aria-labelledby={id} data-testid={`legal-${id}`}>
      <h2 id={id}>{text.heading}</h2>
      {body}
    </section>
  );
}

/**
 * A whole legal page (/terms, /privacy) as an `<article>`: the h1 `<name>.title`, the optional
 * effective date (`data-testid="<name>-effective"`), the intro paragraphs `<name>.intro`, then the
 * table of contents beside the parts.
 */
export function LegalPage({
  name,
  parts,
  effective,
}: {
  name: 'terms' | 'privacy';
  parts: LegalPart[];
  effective?: string;
}) {
  const { t } = useTranslation('public');
  return (
    <MarketingPage name={name} as="article">
      <LegalStyles />
      <div className="lm-legal">
        <header>
          <div className="lm-legal-head">
            <div>
              <h1 data-testid="page-title">{t(`${name}.title`)}</h1>
              {effective && (
                <span className="lm-updated" data-testid={`${name}-effective`}>
                  {effective}
                </span>
              )}
              {paragraphs(t, `${name}.intro`).map((paragraph) => (
                <p key={paragraph} style={{ maxWidth: '46em' }}>
                  {paragraph}
                </p>
              ))}
            </div>
            <div className="lm-legal-art">
              <DocumentArt />
            </div>
          </div>
        </header>
        <div className="lm-legal-layout">
          <LegalToc title={t('legalUi.contents')} parts={parts} />
          <div>
            <div className="lm-legal-doc">
              {parts.map((part) => (
                <LegalPartView key={part.id} part={part} backLabel={t('legalUi.backToContents')} />
              ))}
            </div>
          </div>
        </div>
      </div>
    </MarketingPage>
  );
}
