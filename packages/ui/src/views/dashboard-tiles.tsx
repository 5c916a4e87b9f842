import { formatUsd } from '@leadmesh/schema/constants';
import type { ReactNode } from 'react';
import { BRAND } from '../brand.ts';
import { PLAIN_PALETTE, paletteCss } from '../plain-palette.ts';
import { CHART_SLOTS_CSS } from './chart-slots.tsx';
import { type DashboardKpis, formatCount, formatRatio, type LeadRole } from './dashboard-logic.ts';

/*
 * The dashboard's first screen in plain markup and CSS (decision 0064): the KPI tiles, their
 * loading state and the toolbar's place, drawn before antd has loaded. Nothing here may import
 * antd; the filter bar, the refresh button, the charts and the tables arrive in their own chunk.
 */

/** The plain parts' styles, both themes (`data-lm-theme` on `.lm-first`). */
export const FIRST_SCREEN_CSS = `
${paletteCss('.lm-first[data-lm-theme="light"]', PLAIN_PALETTE.light)}
${paletteCss('.lm-first[data-lm-theme="dark"]', PLAIN_PALETTE.dark)}
.lm-first { display: contents; }
${CHART_SLOTS_CSS}
.lm-tile { position: relative; min-width: 0; padding: 12px; box-sizing: border-box; background: var(--lm-surface);
  border: 1px solid var(--lm-border); border-top: 3px solid var(--lm-accent, var(--lm-border)); border-radius: 8px;
  color: var(--lm-text); font-family: ${BRAND.font}; }
.lm-tile-title { display: block; font-size: 14px; line-height: 22px; margin-bottom: 4px; color: var(--lm-text-description); }
.lm-tile-value { display: block; font-size: 24px; line-height: 32px; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; font-variant-numeric: tabular-nums; color: var(--lm-text); }
.lm-hint { padding: 0; border: 0; background: none; color: inherit; font: inherit; text-decoration: underline dotted;
  text-underline-offset: 3px; cursor: help; outline-offset: 2px; }
.lm-hint:hover::after, .lm-hint:focus-visible::after { content: attr(data-hint); position: absolute; left: 8px;
  right: 8px; top: 36px; z-index: 10; padding: 6px 8px; border-radius: 6px; font-size: 14px; line-height: 22px;
  background: rgba(0, 0, 0, 0.85); color: #fff; box-shadow: 0 6px 16px rgba(0, 0, 0, 0.2); }
.lm-bar { display: block; height: 14px; margin: 4px 0; border-radius: 4px; background: var(--lm-fill); }
.lm-bar-value { height: 20px; margin: 6px 0; width: 45%; }
.lm-bar-title { width: 60%; }
.lm-busy .lm-bar { background: linear-gradient(90deg, var(--lm-fill) 25%, transparent 37%, var(--lm-fill) 63%);
  background-size: 400% 100%; animation: lm-shimmer 1.4s ease infinite; }
@keyframes lm-shimmer { from { background-position: 100% 50%; } to { background-position: 0 50%; } }
@media (prefers-reduced-motion: reduce) { .lm-busy .lm-bar { animation: none; } }
.lm-toolbar-filters { flex: 1 1 320px; min-width: 0; min-height: 44px; }
.lm-toolbar-actions { display: flex; align-items: center; gap: 8px; margin-bottom: 12px; }
.lm-updated { color: var(--lm-text-secondary); font-size: 14px; line-height: 22px; }
.lm-plain-row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-bottom: 12px; }
.lm-plain-button { height: 32px; padding: 0 15px; border: 1px solid var(--lm-control-border); border-radius: 6px;
  background: var(--lm-surface); color: var(--lm-text); font: 14px/1 ${BRAND.font}; cursor: pointer; }
.lm-plain-button:disabled { cursor: progress; }
.lm-plain-button:focus-visible { outline: 2px solid var(--lm-primary); outline-offset: 1px; }
.lm-plain-note { color: var(--lm-text-secondary); font-size: 14px; line-height: 22px; }
@media (max-width: 600px) {
  .lm-tile-value { font-size: 20px; line-height: 28px; }
  .lm-bar-value { height: 18px; margin: 5px 0; }
}
`;

/** The first screen's theme and styles around `children` (the session's theme). */
export function FirstScreen({ dark, children }: { dark: boolean; children: ReactNode }) {
  return (
    <div className="lm-first" data-lm-theme={dark ? 'dark' : 'light'}>
      <style>{FIRST_SCREEN_CSS}</style>
      {children}
    </div>
  );
}

function Tile({
  testId,
  title,
  value,
  raw,
  hint,
  accent,
}: {
  testId: string;
  title: string;
  value: string;
  raw: number | null;
  hint?: string;
  accent: string;
}) {
  return (
    <div
      className="lm-tile"
      data-testid={testId}
      data-value={raw ?? ''}
      style={{ '--lm-accent': accent } as React.CSSProperties}
    >
      <span className="lm-tile-title">
        {hint ? (
          // A button, so the hint shows on hover and on keyboard focus (a title attribute shows on
          // neither a phone nor a keyboard), and a screen reader reads it with the title.
          <button type="button" className="lm-hint" data-hint={hint} aria-label={`${title}: ${hint}`}>
            {title}
          </button>
        ) : (
          title
        )}
      </span>
      <span className="lm-tile-value" title={value}>
        <span data-testid={`${testId}-value`}>{value}</span>
      </span>
    </div>
  );
}

/** The advertiser's own credit balance (issue 16 item 7): `null` when it has no advertiser profile. */
export type Credits = { infinite: boolean; cents: number } | null;

interface TileSpec {
  key: keyof DashboardKpis;
  testId: string;
  title: (role: LeadRole) => string;
  hint?: string;
  accent: string;
}

/** The eight tiles every dashboard shows, in order (dashboards §2). */
const KPI_TILES: readonly TileSpec[] = [
  {
    key: 'money',
    testId: 'kpi-money',
    title: (role) => (role === 'publisher' ? 'Total earned' : 'Total spent'),
    accent: '#13a8a8',
  },
  { key: 'total', testId: 'kpi-total', title: () => 'Total leads', accent: '#2f54eb' },
  { key: 'converted', testId: 'kpi-converted', title: () => 'Converted leads', accent: '#52c41a' },
  { key: 'failed', testId: 'kpi-failed', title: () => 'Failed leads', accent: '#ff4d4f' },
  {
    key: 'ratio',
    testId: 'kpi-ratio',
    title: () => 'Conversion ratio',
    hint: 'Converted ÷ (total − waiting) × 100',
    accent: '#722ed1',
  },
  { key: 'mobile', testId: 'kpi-mobile', title: () => 'Leads from mobile', accent: '#fa8c16' },
  { key: 'desktop', testId: 'kpi-desktop', title: () => 'Leads from desktop', accent: '#1677ff' },
  { key: 'activeOffers', testId: 'kpi-active-offers', title: () => 'Active offers', accent: '#eb2f96' },
];

/** A tile's shown text and its `data-value`: money in dollars, the ratio with two decimals, counts. */
function tileFigure(key: keyof DashboardKpis, kpis: DashboardKpis): { value: string; raw: number | null } {
  if (key === 'money') return { value: formatUsd(kpis.money), raw: kpis.money };
  if (key === 'ratio')
    return {
      value: formatRatio(kpis.ratio),
      raw: kpis.ratio === null ? null : Number(kpis.ratio.toFixed(2)),
    };
  const count = kpis[key] as number;
  return { value: formatCount(count), raw: count };
}

/**
 * The KPI tiles (dashboards §2): earned or spent, total, converted, failed, ratio, mobile, desktop,
 * active offers, and for an advertiser its credit balance. `kept`: the figures this tab kept from
 * its last visit (decision 0086), drawn while the fresh ones load: their own test ids (`kept-…`),
 * so nothing reads them as this load's answer, and marked busy for screen readers.
 */
export function KpiTiles({
  role,
  kpis,
  credits,
  kept = false,
}: {
  role: LeadRole;
  kpis: DashboardKpis;
  credits: Credits;
  kept?: boolean;
}) {
  const prefix = kept ? 'kept-' : '';
  return (
    <div
      className="lm-kpis"
      data-testid={kept ? 'dashboard-kpis-kept' : 'dashboard-kpis'}
      aria-busy={kept ? true : undefined}
    >
      {KPI_TILES.map((tile) => (
        <Tile
          key={tile.key}
          testId={prefix + tile.testId}
          title={tile.title(role)}
          hint={tile.hint}
          accent={tile.accent}
          {...tileFigure(tile.key, kpis)}
        />
      ))}
      {credits && (
        <Tile
          testId={`${prefix}kpi-credits`}
          title="Credit balance"
          value={credits.infinite ? 'Infinite' : formatUsd(credits.cents)}
          raw={credits.infinite ? null : credits.cents}
          accent="#faad14"
        />
      )}
    </div>
  );
}

/** The tiles' place while the data loads: as many tiles of the same size, so nothing moves when they fill. */
export function KpiTilesLoading({ count }: { count: number }) {
  return (
    <div
      data-testid="dashboard-loading"
      className="lm-kpis lm-busy"
      role="status"
      aria-busy="true"
      aria-label="Loading"
    >
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="lm-tile">
          <span className="lm-bar lm-bar-title" />
          <span className="lm-bar lm-bar-value" />
        </div>
      ))}
    </div>
  );
}

/**
 * The filter bar's place until it has loaded: its Add filter button (not usable yet) and its note,
 * at the bar's size.
 */
export function FilterBarPending() {
  return (
    <div className="lm-plain-row" data-testid="filter-bar-pending">
      <button type="button" className="lm-plain-button" disabled>
        Add filter
      </button>
      <span className="lm-plain-note">No filters applied: showing everything</span>
    </div>
  );
}

/** The refresh button until antd's has loaded: it already refreshes. */
export function RefreshPending({ onRefresh }: { onRefresh(): void }) {
  return (
    <button type="button" className="lm-plain-button" data-testid="dashboard-refresh" onClick={onRefresh}>
      Refresh
    </button>
  );
}
