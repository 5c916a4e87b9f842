import { api } from '@leadmesh/api-client';
import type { DashboardData, Envelope, FilterItem, SessionData } from '@leadmesh/schema';
import { DELAYS, MESSAGES } from '@leadmesh/schema/constants';
import { readScreenCache, useSessionStore, writeScreenCache } from '@leadmesh/session';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { ChartsPlaceholder } from './chart-slots.tsx';
import {
  type ChartClick,
  chartClickFilter,
  type DashboardKpis,
  dashboardFilterFields,
  dashboardKpis,
  type LeadRole,
  withFilter,
} from './dashboard-logic.ts';
import {
  type Credits,
  FilterBarPending,
  FirstScreen,
  KpiTiles,
  KpiTilesLoading,
  RefreshPending,
} from './dashboard-tiles.tsx';
import { isNotVerified, Screen, ViewStyles } from './frame.tsx';

/*
 * The dashboard's first screen (its frame, the KPI tiles and the loading states) is plain markup
 * and CSS and draws as soon as the data is there; the parts drawn with antd (filter bar, refresh
 * button, charts, tabs, tables) are one chunk loaded right after (`dashboard-rest.tsx`), each held
 * at its size meanwhile so nothing moves when it arrives (decision 0064). Nothing this file imports
 * may import antd: the unit test `first-screen.test.ts` checks it.
 */

/** The antd parts, one chunk (one request for all of them), started when the dashboard mounts. */
let rest: Promise<typeof import('./dashboard-rest.tsx')> | undefined;
const loadRest = () => {
  rest ??= import('./dashboard-rest.tsx');
  return rest;
};
const DashboardFilters = lazy(() => loadRest().then((m) => ({ default: m.DashboardFilters })));
const DashboardRefresh = lazy(() => loadRest().then((m) => ({ default: m.DashboardRefresh })));
const DashboardBody = lazy(() => loadRest().then((m) => ({ default: m.DashboardBody })));
const DashboardError = lazy(() => loadRest().then((m) => ({ default: m.DashboardError })));
const DashboardNotVerified = lazy(() => loadRest().then((m) => ({ default: m.DashboardNotVerified })));

/**
 * The dashboard call of a role: the session's own user or advertiser, or for staff the publisher
 * they name (admin-dashboard?p=; the server decides whom they may open).
 */
export function loadDashboard(
  role: LeadRole,
  filters: FilterItem[],
  boundUser?: number,
): Promise<Envelope<DashboardData>> {
  return role === 'publisher'
    ? api.call('/leads/getLeadsForPublisherDashboard', {
        Filters: filters,
        ...(boundUser === undefined ? {} : { BoundUser: boundUser }),
      })
    : api.call('/leads/getLeadsForAdvertiserDashboard', { Filters: filters });
}

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;

/**
 * Calls `refresh` `delayMs` after the user's last activity on the page (dashboards §2, §9: refresh
 * 60 s after user activity). Each new activity moves the timer; no activity, no refresh.
 */
export function useRefreshAfterActivity(refresh: () => void, delayMs: number = DELAYS.dashboardRefreshMs) {
  const callback = useRef(refresh);
  callback.current = refresh;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), delayMs);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, arm, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, arm);
    };
  }, [delayMs]);
}

type Phase = 'waiting' | 'loading' | 'ok' | 'error' | 'notVerified';

/** Where the tab keeps a dashboard's KPI figures per filter set (decision 0086). */
export function keptKpisKey(role: LeadRole, filters: FilterItem[]): string {
  return `dashboard:${role}:${JSON.stringify(filters)}`;
}

/**
 * The dashboard's data: the first load 300 ms after mount (dashboards §9), again on every filter
 * change and 60 s after user activity; a refresh keeps the old numbers on screen while it runs.
 * `kept`: until the first answer, the KPI figures this tab kept from the user's last visit to the
 * same dashboard with the same filters (their own dashboard only, not a staff view; decision 0086);
 * only screens that draw the tiles keep them (`keepKpis`: not the Statistic screen).
 */
export function useDashboardData(
  role: LeadRole,
  filters: FilterItem[],
  { boundUser, keepKpis }: { boundUser?: number; keepKpis: boolean },
) {
  const [data, setData] = useState<DashboardData | null>(null);
  const [phase, setPhase] = useState<Phase>('waiting');
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const userId = useSessionStore((s) => s.userData?.UserInfo.ID ?? null);
  const keeper = keepKpis && boundUser === undefined ? userId : null;
  // Read by the load, not a reason to load again: a logout clears the user before the screen goes,
  // and a load started by that change would reach the server after the session ended.
  const keeperRef = useRef(keeper);
  keeperRef.current = keeper;
  const generation = useRef(0);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  const load = useCallback(async () => {
    const gen = ++generation.current;
    const asked = filtersRef.current;
    setPhase('loading');
    let answer: Envelope<DashboardData>;
    try {
      answer = await loadDashboard(role, asked, boundUser);
    } catch {
      answer = { status: 'error', data: 'SERVER_ERROR' };
    }
    if (gen !== generation.current) return;
    if (answer.status === 'ok') {
      const keeperNow = keeperRef.current;
      if (keeperNow !== null)
        writeScreenCache(keeperNow, keptKpisKey(role, asked), dashboardKpis(answer.data));
      setData(answer.data);
      setUpdatedAt(new Date());
      setPhase('ok');
    } else setPhase(isNotVerified(answer) ? 'notVerified' : 'error');
  }, [role, boundUser]);

  const key = JSON.stringify(filters);
  const first = useRef(true);
  useEffect(() => {
    void key;
    const delay = first.current ? DELAYS.dashboardFirstLoadMs : 0;
    first.current = false;
    const timer = setTimeout(() => void load(), delay);
    return () => clearTimeout(timer);
  }, [key, load]);

  const kept = useMemo(
    () =>
      keeper === null ? null : readScreenCache<DashboardKpis>(keeper, keptKpisKey(role, JSON.parse(key))),
    [keeper, role, key],
  );
  useRefreshAfterActivity(() => void load());
  return { data, phase, updatedAt, reload: load, kept: data ? null : kept };
}

export interface LeadDashboardProps {
  audience: LeadRole;
  path: string;
  /**
   * Staff viewing a publisher's dashboard (admin-dashboard?p=): whose it is. The host screen
   * then frames it, so the view draws no screen frame of its own.
   */
  boundUser?: number;
  /** Shown first in the toolbar (whose dashboard staff are looking at). */
  heading?: ReactNode;
}

/** The empty dashboard's sentence, or null while there are leads or filters. */
function emptyText(role: LeadRole, staffView: boolean, kpis: DashboardKpis | null, filtered: boolean) {
  if (kpis?.total !== 0 || filtered) return null;
  if (staffView) return 'This publisher has no leads yet.';
  return role === 'publisher'
    ? 'No leads yet. Take an offer and send traffic to see your results here.'
    : 'No leads yet. Leads on your offers will show here as they arrive.';
}

/**
 * The toolbar: the filter bar, when the figures were last updated (or that kept figures are being
 * updated) and Refresh; each part's place is held until its antd chunk arrives.
 */
function DashboardToolbar({
  dark,
  fields,
  filters,
  onFilters,
  updatedAt,
  updating,
  loading,
  onRefresh,
}: {
  dark: boolean;
  fields: ReturnType<typeof dashboardFilterFields>;
  filters: FilterItem[];
  onFilters(filters: FilterItem[]): void;
  updatedAt: Date | null;
  /** Kept figures are shown while the fresh ones load (decision 0086). */
  updating: boolean;
  loading: boolean;
  onRefresh(): void;
}) {
  const updated = updatedAt ?? new Date(0);
  const shown = updatedAt !== null || updating;
  return (
    <div className="lm-toolbar">
      <div className="lm-toolbar-filters">
        <Suspense fallback={<FilterBarPending />}>
          <DashboardFilters dark={dark} fields={fields} value={filters} onChange={onFilters} />
        </Suspense>
      </div>
      <div className="lm-toolbar-actions">
        {/* Its place is kept before the first answer, so Refresh does not move when it appears. */}
        <span
          className="lm-updated"
          data-testid={updatedAt ? 'dashboard-updated' : updating ? 'dashboard-updating' : undefined}
          role={updating ? 'status' : undefined}
          style={shown ? undefined : { visibility: 'hidden' }}
          aria-hidden={shown ? undefined : true}
        >
          {updating
            ? 'Updating…'
            : `Updated ${updated.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`}
        </span>
        <Suspense fallback={<RefreshPending onRefresh={onRefresh} />}>
          <DashboardRefresh dark={dark} loading={loading} onRefresh={onRefresh} />
        </Suspense>
      </div>
    </div>
  );
}

/**
 * The advertiser's own credit balance beside what it spends (issue 16 item 7); known from the
 * session before the data, so the loading state already has its tile.
 */
function ownCredits(role: LeadRole, userData: SessionData | null): Credits {
  const advertiser = userData?.AdvertiserInfo;
  return role === 'advertiser' && advertiser
    ? { infinite: advertiser.isInfiniteCredits, cents: advertiser.Credits }
    : null;
}

/**
 * The publisher or advertiser dashboard (dashboards §2): filter panel, KPI tiles, charts (loaded
 * lazily), the Domains / Countries / Cities tabs and the last five days. Clicking a chart point,
 * a tab's Filter button or a day adds that filter. Staff see a publisher's through `boundUser`.
 * A return visit draws the tiles the tab kept at once, marked as updating, until the fresh answer
 * replaces them (decision 0086).
 */
export function LeadDashboard({ audience: role, path, boundUser, heading }: LeadDashboardProps) {
  const userData = useSessionStore((s) => s.userData);
  const dark = useSessionStore((s) => s.theme) === 'dark';
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const { data, phase, updatedAt, reload, kept } = useDashboardData(role, filters, {
    boundUser,
    keepKpis: true,
  });
  const staffView = boundUser !== undefined;
  const Frame = staffView ? EmbeddedFrame : Screen;
  const kpis = useMemo(() => (data ? dashboardKpis(data) : null), [data]);
  const fields = useMemo(() => dashboardFilterFields(data), [data]);
  const pick = useCallback((click: ChartClick) => {
    const item = chartClickFilter(click);
    if (item) setFilters((current) => withFilter(current, item));
  }, []);
  const refresh = useCallback(() => void reload(), [reload]);
  const credits = staffView ? null : ownCredits(role, userData);

  // The advertiser dashboard needs an advertiser profile (dashboards §2); without one, /dashboard
  // decides (the sign-up when the publisher role is hidden, or the publisher dashboard loops back here).
  if (role === 'advertiser' && !staffView && userData && !userData.AdvertiserInfo) {
    return (
      <Navigate
        to={userData.UserInfo.Flags.isPublisherHidden ? '/dashboard/registeradvertiser' : '/dashboard'}
        replace
      />
    );
  }
  if (phase === 'notVerified') {
    return (
      <Frame path={path}>
        <Suspense fallback={null}>
          <DashboardNotVerified dark={dark} />
        </Suspense>
      </Frame>
    );
  }

  const empty = emptyText(role, staffView, kpis, filters.length > 0);
  const showKept = phase !== 'error' && !kpis && kept !== null;
  return (
    <Frame path={path}>
      <ViewStyles />
      <FirstScreen dark={dark}>
        {heading}
        <DashboardToolbar
          dark={dark}
          fields={fields}
          filters={filters}
          onFilters={setFilters}
          updatedAt={updatedAt}
          updating={showKept}
          loading={phase === 'loading'}
          onRefresh={refresh}
        />
        {phase === 'error' && (
          <Suspense fallback={<p role="alert">{MESSAGES.cantFetchData}</p>}>
            <DashboardError dark={dark} onRetry={refresh} />
          </Suspense>
        )}
        {showKept && (
          <>
            <KpiTiles role={role} kpis={kept} credits={credits} kept />
            <ChartsPlaceholder />
          </>
        )}
        {phase !== 'error' && !kpis && !showKept && <KpiTilesLoading count={credits ? 9 : 8} />}
        {phase !== 'error' && data && kpis && (
          <div data-testid="dashboard" data-phase={phase} style={{ display: 'contents' }}>
            <KpiTiles role={role} kpis={kpis} credits={credits} />
            <Suspense fallback={empty === null ? <ChartsPlaceholder /> : null}>
              <DashboardBody dark={dark} role={role} data={data} kpis={kpis} empty={empty} onPick={pick} />
            </Suspense>
          </div>
        )}
      </FirstScreen>
    </Frame>
  );
}

/** The view's layout inside a screen another app frames (mf-admin's `data-testid="screen"`). */
function EmbeddedFrame({ children }: { path: string; children: ReactNode }) {
  return (
    <div className="lm-screen" data-testid="lead-dashboard">
      {children}
    </div>
  );
}
