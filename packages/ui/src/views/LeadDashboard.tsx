import { api } from '@leadmesh/api-client';
import type { DashboardData, Envelope, FilterItem, LeadsPerDay } from '@leadmesh/schema';
import { DELAYS, MESSAGES } from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';
import { Button, Card, Empty, Skeleton, Space, Statistic, Table, Tabs, Tooltip, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { countryOptions } from '../CountrySelect.tsx';
import { FilterBar } from '../FilterBar.tsx';
import { formatDay } from '../format.ts';
import { Money } from '../Money.tsx';
import { ChartsPlaceholder } from './chart-slots.tsx';
import { isNotVerified, LoadError, NotVerified, Screen, ViewStyles } from './common.tsx';
import {
  type ChartClick,
  chartClickFilter,
  DASHBOARD_OPERATORS,
  dashboardFilterFields,
  dashboardKpis,
  formatCount,
  formatRatio,
  type LeadRole,
  recentDays,
  withFilter,
} from './dashboard-logic.ts';

// Named so the chart library stays in one chunk fetched with the first chart (decision 0101).
const DashboardCharts = lazy(() => import(/* webpackChunkName: "charts" */ './DashboardCharts.tsx'));

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

/**
 * The dashboard's data: the first load 300 ms after mount (dashboards §9), again on every filter
 * change and 60 s after user activity; a refresh keeps the old numbers on screen while it runs.
 */
export function useDashboardData(role: LeadRole, filters: FilterItem[], boundUser?: number) {
  const [data, setData] = useState<DashboardData | null>(null);
  const [phase, setPhase] = useState<Phase>('waiting');
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const generation = useRef(0);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  const load = useCallback(async () => {
    const gen = ++generation.current;
    setPhase('loading');
    let answer: Envelope<DashboardData>;
    try {
      answer = await loadDashboard(role, filtersRef.current, boundUser);
    } catch {
      answer = { status: 'error', data: 'SERVER_ERROR' };
    }
    if (gen !== generation.current) return;
    if (answer.status === 'ok') {
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

  useRefreshAfterActivity(() => void load());
  return { data, phase, updatedAt, reload: load };
}

function Kpi({
  testId,
  title,
  value,
  raw,
  hint,
  accent,
}: {
  testId: string;
  title: string;
  value: React.ReactNode;
  raw: number | null;
  hint?: string;
  accent?: string;
}) {
  return (
    <Card
      size="small"
      data-testid={testId}
      data-value={raw ?? ''}
      style={{ borderTop: `3px solid ${accent}` }}
    >
      <Statistic
        title={hint ? <Tooltip title={hint}>{title}</Tooltip> : title}
        value={0}
        formatter={() => <span data-testid={`${testId}-value`}>{value}</span>}
      />
    </Card>
  );
}

const BREAKDOWNS = [
  { key: 'domains', label: 'Domains', list: 'uniqueDomains', kind: 'domain' },
  { key: 'countries', label: 'Countries', list: 'uniqueCountryCodes', kind: 'country' },
  { key: 'cities', label: 'Cities', list: 'uniqueCities', kind: 'city' },
] as const;

function placeName(kind: 'domain' | 'country' | 'city', name: string): string {
  if (!name) return 'Unknown';
  if (kind !== 'country') return name;
  // Names only: flag emoji draw as empty boxes where the system has no emoji font (Windows, Linux).
  return countryOptions().find((o) => o.value === name)?.name ?? name;
}

function Breakdowns({ data, onPick }: { data: DashboardData; onPick(click: ChartClick): void }) {
  return (
    <Card size="small" data-testid="dashboard-breakdowns">
      <Tabs
        items={BREAKDOWNS.map((b) => ({
          key: b.key,
          label: <span data-testid={`breakdown-tab-${b.key}`}>{b.label}</span>,
          children: (
            <Table
              size="small"
              data-testid={`breakdown-${b.key}`}
              rowKey="name"
              pagination={data[b.list].length > 10 ? { pageSize: 10, size: 'small' } : false}
              dataSource={data[b.list]}
              locale={{ emptyText: <Empty description={MESSAGES.noDataToDisplay} /> }}
              columns={[
                {
                  title: b.label.replace(/ies$/, 'y').replace(/s$/, ''),
                  dataIndex: 'name',
                  render: (name: string) => placeName(b.kind, name),
                },
                {
                  title: 'Leads',
                  dataIndex: 'count',
                  align: 'right',
                  width: 90,
                  render: (n: number) => formatCount(n),
                },
                {
                  title: '',
                  key: 'filter',
                  width: 90,
                  align: 'right',
                  render: (_: unknown, row: { name: string }) =>
                    row.name ? (
                      <Button
                        size="small"
                        data-testid="breakdown-filter"
                        onClick={() => onPick({ kind: b.kind, value: row.name })}
                      >
                        Filter
                      </Button>
                    ) : null,
                },
              ]}
            />
          ),
        }))}
      />
    </Card>
  );
}

function RecentLeads({
  role,
  rows,
  onPick,
}: {
  role: LeadRole;
  rows: LeadsPerDay[];
  onPick(click: ChartClick): void;
}) {
  return (
    <Card size="small" title="Last five days" data-testid="dashboard-recent">
      <div className="lm-table-scroll">
        <Table<LeadsPerDay>
          size="small"
          rowKey="LeadDate"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={rows}
          locale={{ emptyText: <Empty description={MESSAGES.noDataToDisplay} /> }}
          columns={[
            {
              title: 'Date',
              dataIndex: 'LeadDate',
              render: (day: string) => (
                <Typography.Link onClick={() => onPick({ kind: 'date', value: day })}>
                  {formatDay(day)}
                </Typography.Link>
              ),
            },
            { title: 'Leads', dataIndex: 'LeadCount', align: 'right' },
            { title: 'Converted', dataIndex: 'ConvertedLeads', align: 'right' },
            { title: 'Waiting', dataIndex: 'LeadWaiting', align: 'right' },
            { title: 'Unique IPs', dataIndex: 'UniqueIPAddresses', align: 'right' },
            {
              title: role === 'publisher' ? 'Earned' : 'Spent',
              dataIndex: 'LeadEarnings',
              align: 'right',
              render: (cents: number) => <Money cents={cents} />,
            },
          ]}
        />
      </div>
    </Card>
  );
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

/**
 * The publisher or advertiser dashboard (dashboards §2): filter panel, KPI tiles, charts (loaded
 * lazily), the Domains / Countries / Cities tabs and the last five days. Clicking a chart point,
 * a tab's Filter button or a day adds that filter. Staff see a publisher's through `boundUser`.
 */
export function LeadDashboard({ audience: role, path, boundUser, heading }: LeadDashboardProps) {
  const userData = useSessionStore((s) => s.userData);
  const dark = useSessionStore((s) => s.theme) === 'dark';
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const { data, phase, updatedAt, reload } = useDashboardData(role, filters, boundUser);
  const staffView = boundUser !== undefined;
  const Frame = staffView ? EmbeddedFrame : Screen;
  const kpis = useMemo(() => (data ? dashboardKpis(data) : null), [data]);
  const fields = useMemo(() => dashboardFilterFields(data), [data]);
  const pick = useCallback((click: ChartClick) => {
    const item = chartClickFilter(click);
    if (item) setFilters((current) => withFilter(current, item));
  }, []);

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
        <NotVerified />
      </Frame>
    );
  }

  const moneyLabel = role === 'publisher' ? 'Total earned' : 'Total spent';
  return (
    <Frame path={path}>
      <ViewStyles />
      {heading}
      <div className="lm-toolbar">
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <FilterBar fields={fields} value={filters} onChange={setFilters} operators={DASHBOARD_OPERATORS} />
        </div>
        <Space size="small" style={{ marginBottom: 12 }}>
          {updatedAt && (
            <Typography.Text type="secondary" data-testid="dashboard-updated">
              Updated {updatedAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}
            </Typography.Text>
          )}
          <Button data-testid="dashboard-refresh" loading={phase === 'loading'} onClick={() => void reload()}>
            Refresh
          </Button>
        </Space>
      </div>
      {phase === 'error' && (
        <LoadError message={MESSAGES.cantFetchData} onRetry={() => void reload()} testId="dashboard-error" />
      )}
      {phase !== 'error' && !kpis && (
        <div data-testid="dashboard-loading" className="lm-kpis">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Card key={i} size="small">
              <Skeleton active paragraph={false} />
            </Card>
          ))}
        </div>
      )}
      {phase !== 'error' && data && kpis && (
        <div data-testid="dashboard" data-phase={phase} style={{ display: 'contents' }}>
          <div className="lm-kpis" data-testid="dashboard-kpis">
            <Kpi
              testId="kpi-money"
              title={moneyLabel}
              value={<Money cents={kpis.money} />}
              raw={kpis.money}
              accent="#13a8a8"
            />
            <Kpi
              testId="kpi-total"
              title="Total leads"
              value={formatCount(kpis.total)}
              raw={kpis.total}
              accent="#2f54eb"
            />
            <Kpi
              testId="kpi-converted"
              title="Converted leads"
              value={formatCount(kpis.converted)}
              raw={kpis.converted}
              accent="#52c41a"
            />
            <Kpi
              testId="kpi-failed"
              title="Failed leads"
              value={formatCount(kpis.failed)}
              raw={kpis.failed}
              accent="#ff4d4f"
            />
            <Kpi
              testId="kpi-ratio"
              title="Conversion ratio"
              hint="Converted ÷ (total − waiting) × 100"
              value={formatRatio(kpis.ratio)}
              raw={kpis.ratio === null ? null : Number(kpis.ratio.toFixed(2))}
              accent="#722ed1"
            />
            <Kpi
              testId="kpi-mobile"
              title="Leads from mobile"
              value={formatCount(kpis.mobile)}
              raw={kpis.mobile}
              accent="#fa8c16"
            />
            <Kpi
              testId="kpi-desktop"
              title="Leads from desktop"
              value={formatCount(kpis.desktop)}
              raw={kpis.desktop}
              accent="#1677ff"
            />
            <Kpi
              testId="kpi-active-offers"
              title="Active offers"
              value={formatCount(kpis.activeOffers)}
              raw={kpis.activeOffers}
              accent="#eb2f96"
            />
            {/* The advertiser's own credit balance beside what it spends (issue 16 item 7). */}
            {role === 'advertiser' && !staffView && userData?.AdvertiserInfo && (
              <Kpi
                testId="kpi-credits"
                title="Credit balance"
                value={
                  userData.AdvertiserInfo.isInfiniteCredits ? (
                    'Infinite'
                  ) : (
                    <Money cents={userData.AdvertiserInfo.Credits} />
                  )
                }
                raw={userData.AdvertiserInfo.isInfiniteCredits ? null : userData.AdvertiserInfo.Credits}
                accent="#faad14"
              />
            )}
          </div>
          {kpis.total === 0 && filters.length === 0 ? (
            <Card data-testid="dashboard-empty">
              <Empty
                description={
                  staffView
                    ? 'This publisher has no leads yet.'
                    : role === 'publisher'
                      ? 'No leads yet. Take an offer and send traffic to see your results here.'
                      : 'No leads yet. Leads on your offers will show here as they arrive.'
                }
              />
            </Card>
          ) : (
            <Suspense fallback={<ChartsPlaceholder />}>
              <DashboardCharts role={role} data={data} kpis={kpis} dark={dark} onPick={pick} />
            </Suspense>
          )}
          <Breakdowns data={data} onPick={pick} />
          <RecentLeads role={role} rows={recentDays(data.leads)} onPick={pick} />
        </div>
      )}
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
