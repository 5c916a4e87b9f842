import type { DashboardData, FilterFieldSpec, FilterItem, LeadsPerDay } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { Button, Card, ConfigProvider, Empty, Grid, Table, Tabs, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { countryOptions } from '../CountrySelect.tsx';
import { FilterBar } from '../FilterBar.tsx';
import { formatDay } from '../format.ts';
import { foldedRows } from '../ListTable.tsx';
import { type ListColumn, phoneColumns } from '../list-columns.ts';
import { Money } from '../Money.tsx';
import { themeConfig } from '../theme.tsx';
import { ChartsPlaceholder } from './chart-slots.tsx';
import { LoadError, NotVerified } from './common.tsx';
import {
  type ChartClick,
  DASHBOARD_OPERATORS,
  type DashboardKpis,
  domainLabel,
  formatCount,
  type LeadRole,
  recentDays,
} from './dashboard-logic.ts';

/*
 * The dashboard's parts drawn with antd (decision 0064): loaded by LeadDashboard.tsx right after
 * its first screen (the KPI tiles in plain markup), in one chunk with antd's core. Each part takes
 * the product's antd theme itself, since the tiles around them are drawn before antd has loaded.
 */

// Named so the chart library stays in one chunk fetched with the first chart (decision 0101).
const DashboardCharts = lazy(() => import(/* webpackChunkName: "charts" */ './DashboardCharts.tsx'));

function Themed({ dark, children }: { dark: boolean; children: ReactNode }) {
  return <ConfigProvider theme={themeConfig(dark)}>{children}</ConfigProvider>;
}

/** The filter bar of the dashboard (its operators are the ones the dashboard call answers). */
export function DashboardFilters({
  dark,
  fields,
  value,
  onChange,
}: {
  dark: boolean;
  fields: readonly FilterFieldSpec[];
  value: FilterItem[];
  onChange(filters: FilterItem[]): void;
}) {
  return (
    <Themed dark={dark}>
      <FilterBar fields={fields} value={value} onChange={onChange} operators={DASHBOARD_OPERATORS} />
    </Themed>
  );
}

/** Refresh, spinning while a load runs. */
export function DashboardRefresh({
  dark,
  loading,
  onRefresh,
}: {
  dark: boolean;
  loading: boolean;
  onRefresh(): void;
}) {
  return (
    <Themed dark={dark}>
      <Button data-testid="dashboard-refresh" loading={loading} onClick={onRefresh}>
        Refresh
      </Button>
    </Themed>
  );
}

/** "Can't fetch data" with Retry. */
export function DashboardError({ dark, onRetry }: { dark: boolean; onRetry(): void }) {
  return (
    <Themed dark={dark}>
      <LoadError message={MESSAGES.cantFetchData} onRetry={onRetry} testId="dashboard-error" />
    </Themed>
  );
}

/** The unverified account's notice. */
export function DashboardNotVerified({ dark }: { dark: boolean }) {
  return (
    <Themed dark={dark}>
      <NotVerified />
    </Themed>
  );
}

const BREAKDOWNS = [
  { key: 'domains', label: 'Domains', list: 'uniqueDomains', kind: 'domain' },
  { key: 'countries', label: 'Countries', list: 'uniqueCountryCodes', kind: 'country' },
  { key: 'cities', label: 'Cities', list: 'uniqueCities', kind: 'city' },
] as const;

function placeName(kind: 'domain' | 'country' | 'city', name: string): string {
  if (kind === 'domain') return domainLabel(name);
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

/** The days table's columns; on a phone the date, the leads and the money stay, the rest fold into the row. */
function recentColumns(role: LeadRole, onPick: (click: ChartClick) => void): ListColumn<LeadsPerDay>[] {
  return [
    {
      title: 'Date',
      dataIndex: 'LeadDate',
      render: (day: string) => (
        <Typography.Link onClick={() => onPick({ kind: 'date', value: day })}>
          {formatDay(day)}
        </Typography.Link>
      ),
    },
    { title: 'Leads', dataIndex: 'LeadCount', align: 'right', phone: true, render: formatCount },
    { title: 'Converted', dataIndex: 'ConvertedLeads', align: 'right', render: formatCount },
    { title: 'Waiting', dataIndex: 'LeadWaiting', align: 'right', render: formatCount },
    { title: 'Unique IPs', dataIndex: 'UniqueIPAddresses', align: 'right', render: formatCount },
    {
      title: role === 'publisher' ? 'Earned' : 'Spent',
      dataIndex: 'LeadEarnings',
      align: 'right',
      phone: true,
      render: (cents: number) => <Money cents={cents} />,
    },
  ];
}

/** The last five days, folded on a phone as the kit's lists are (decision 0056): no sideways scrolling. */
function RecentLeads({
  role,
  rows,
  onPick,
}: {
  role: LeadRole;
  rows: LeadsPerDay[];
  onPick(click: ChartClick): void;
}) {
  const phone = Grid.useBreakpoint().md === false;
  const { shown, folded } = phoneColumns(recentColumns(role, onPick), phone);
  const strip = ({ phone: _phone, ...column }: ListColumn<LeadsPerDay>) => column;
  return (
    <Card size="small" title="Last five days" data-testid="dashboard-recent">
      <Table<LeadsPerDay>
        size="small"
        rowKey="LeadDate"
        pagination={false}
        dataSource={rows}
        data-layout={phone ? 'phone' : 'desktop'}
        columns={shown.map(strip)}
        expandable={foldedRows(folded.map(strip))}
        locale={{ emptyText: <Empty description={MESSAGES.noDataToDisplay} /> }}
      />
    </Card>
  );
}

/**
 * Everything under the tiles: the charts (their own lazy chunk, their place held meanwhile), or
 * the empty state of an account without leads; the Domains / Countries / Cities tabs; the last five days.
 */
export function DashboardBody({
  dark,
  role,
  data,
  kpis,
  empty,
  onPick,
}: {
  dark: boolean;
  role: LeadRole;
  data: DashboardData;
  kpis: DashboardKpis;
  /** What the empty state says, when the account has no leads at all (no filter applied); else charts. */
  empty: string | null;
  onPick(click: ChartClick): void;
}) {
  return (
    <Themed dark={dark}>
      {empty !== null ? (
        <Card data-testid="dashboard-empty">
          <Empty description={empty} />
        </Card>
      ) : (
        <Suspense fallback={<ChartsPlaceholder />}>
          <DashboardCharts role={role} data={data} kpis={kpis} dark={dark} onPick={onPick} />
        </Suspense>
      )}
      <Breakdowns data={data} onPick={onPick} />
      <RecentLeads role={role} rows={recentDays(data.leads)} onPick={onPick} />
    </Themed>
  );
}
