import type { FilterItem, LeadsPerDay } from '@leadmesh/schema';
import { conversionRatioPercent, MESSAGES } from '@leadmesh/schema/constants';
import { Card, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { FilterBar } from '../FilterBar.tsx';
import { formatDay } from '../format.ts';
import { Money } from '../Money.tsx';
import { LoadError, ViewScreen } from './common.tsx';
import {
  DASHBOARD_OPERATORS,
  dashboardFilterFields,
  formatCount,
  formatRatio,
  type LeadRole,
  leadDateToIso,
} from './dashboard-logic.ts';
import { useDashboardData } from './LeadDashboard.tsx';

/** Per-day rows newest first, with their sums (the table's summary row). */
export function statisticRows(leads: readonly LeadsPerDay[]) {
  const rows = [...leads].sort((a, b) =>
    (leadDateToIso(b.LeadDate) ?? '').localeCompare(leadDateToIso(a.LeadDate) ?? ''),
  );
  const sum = (pick: (r: LeadsPerDay) => number) => rows.reduce((n, r) => n + pick(r), 0);
  return {
    rows,
    totals: {
      LeadCount: sum((r) => r.LeadCount),
      ConvertedLeads: sum((r) => r.ConvertedLeads),
      LeadWaiting: sum((r) => r.LeadWaiting),
      LeadEarnings: sum((r) => r.LeadEarnings),
    },
  };
}

/**
 * The statistics screen (dashboards §2 Statistics): one row per day with LeadDate, LeadCount,
 * ConvertedLeads, LeadWaiting and LeadEarnings, under the dashboard's filters.
 */
export function StatisticView({ audience: role, path }: { audience: LeadRole; path: string }) {
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const { data, phase, reload } = useDashboardData(role, filters, { keepKpis: false });
  const fields = useMemo(() => dashboardFilterFields(data), [data]);
  const { rows, totals } = useMemo(() => statisticRows(data?.leads ?? []), [data]);
  return (
    <ViewScreen path={path} notVerified={phase === 'notVerified'}>
      <FilterBar fields={fields} value={filters} onChange={setFilters} operators={DASHBOARD_OPERATORS} />
      {phase === 'error' ? (
        <LoadError message={MESSAGES.cantFetchData} onRetry={() => void reload()} testId="statistic-error" />
      ) : (
        <Card size="small">
          <Table<LeadsPerDay>
            data-testid="statistic-table"
            rowKey="LeadDate"
            size="middle"
            loading={!data}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
            locale={{
              emptyText: <Empty data-testid="statistic-empty" description={MESSAGES.noDataToDisplay} />,
            }}
            columns={statisticColumns(role === 'publisher' ? 'Earnings' : 'Spendings')}
            summary={() => (rows.length > 0 ? <StatisticTotals totals={totals} /> : null)}
          />
        </Card>
      )}
    </ViewScreen>
  );
}

/** The per-day columns; the money column is the publisher's earnings or the advertiser's spendings. */
function statisticColumns(money: string): TableColumnsType<LeadsPerDay> {
  return [
    { title: 'Date', dataIndex: 'LeadDate', render: (d: string) => formatDay(d) },
    { title: 'Leads', dataIndex: 'LeadCount', align: 'right', render: formatCount },
    { title: 'Converted', dataIndex: 'ConvertedLeads', align: 'right', render: formatCount },
    { title: 'Waiting', dataIndex: 'LeadWaiting', align: 'right', render: formatCount },
    {
      title: 'Conversion',
      key: 'ratio',
      align: 'right',
      render: (_: unknown, r) =>
        formatRatio(conversionRatioPercent(r.ConvertedLeads, r.LeadCount, r.LeadWaiting)),
    },
    {
      title: money,
      dataIndex: 'LeadEarnings',
      align: 'right',
      render: (cents: number) => <Money cents={cents} />,
    },
  ];
}

/** The summary row: the sums of the days shown, and the conversion of those sums. */
function StatisticTotals({ totals }: { totals: ReturnType<typeof statisticRows>['totals'] }) {
  return (
    <Table.Summary.Row data-testid="statistic-totals">
      <Table.Summary.Cell index={0}>
        <Typography.Text strong>Total</Typography.Text>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={1} align="right">
        <strong data-testid="statistic-total-leads">{formatCount(totals.LeadCount)}</strong>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={2} align="right">
        <strong>{formatCount(totals.ConvertedLeads)}</strong>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={3} align="right">
        <strong>{formatCount(totals.LeadWaiting)}</strong>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={4} align="right">
        <strong>
          {formatRatio(conversionRatioPercent(totals.ConvertedLeads, totals.LeadCount, totals.LeadWaiting))}
        </strong>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={5} align="right">
        <strong data-testid="statistic-total-money">
          <Money cents={totals.LeadEarnings} />
        </strong>
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}
