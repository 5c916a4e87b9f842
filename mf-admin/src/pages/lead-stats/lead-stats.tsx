import type { FilterItem, LeadStatsPerDate, LeadStatsPerOffer } from '@leadmesh/schema';
import { DELAYS, LEAD_STATUS_CODES, LEAD_STATUS_NAMES, MESSAGES } from '@leadmesh/schema/constants';
import {
  type DatePreset,
  DateRangePicker,
  formatDay,
  localUtcOffset,
  presetRange,
  useDebouncedQuery,
} from '@leadmesh/ui';
import { Alert, Button, Card, Empty, Select, Spin, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/screen.tsx';
import { countByIp } from './ip-counts.ts';

/** The lead report has no All and no 24h preset (public §2). */
const PRESETS: DatePreset[] = ['today', 'yesterday', '7d', '30d', 'custom'];

interface Report {
  allLeads: LeadStatsPerDate[];
  allOffers: LeadStatsPerOffer[];
}

/** admin-leadStats (public §2, §4): the lead report, debounced by 1 s, stale answers dropped. */
export function LeadStats(_: { path: string }) {
  const [preset, setPreset] = useState<DatePreset>('7d');
  const [custom, setCustom] = useState<[Date, Date] | null>(null);
  const [publisher, setPublisher] = useState<number | 'all'>('all');
  const [statuses, setStatuses] = useState<number[]>([]);
  const [publishers, setPublishers] = useState<{ value: number | 'all'; label: string }[]>([
    { value: 'all', label: 'All publishers' },
  ]);
  const [day, setDay] = useState<string | null>(null);

  useEffect(() => {
    void api
      .call('/users/getAllUsers', {
        paginationOffset: 0,
        limit: 500,
        Filters: [{ name: 'isAdvertiser', op: 'eq', value: false }],
      })
      .then((a) => {
        if (a.status === 'ok')
          setPublishers([
            { value: 'all', label: 'All publishers' },
            ...a.data.DBData.map((u) => ({ value: u.ID, label: u.Username })),
          ]);
      });
  }, []);

  const query = useMemo(() => {
    const range = presetRange(preset, new Date(), custom);
    const filters: FilterItem[] = [];
    if (publisher !== 'all') filters.push({ name: 'BoundUser', op: 'eq', value: publisher });
    if (statuses.length) filters.push({ name: 'Status', op: 'in', value: statuses });
    return JSON.stringify({
      filters,
      start: range.start?.toISOString() ?? null,
      end: range.end?.toISOString() ?? null,
    });
  }, [preset, custom, publisher, statuses]);

  const report = useDebouncedQuery<Report>(
    query,
    async (key) => {
      const q = JSON.parse(key) as { filters: FilterItem[]; start: string | null; end: string | null };
      const a = await api.call('/leads/getLeadStatsForFrontendAdminDashboard', {
        Filters: q.filters,
        startDate: q.start,
        endDate: q.end,
        utcOffset: localUtcOffset(),
      });
      return a.status === 'ok' ? a.data : null;
    },
    DELAYS.leadReportDebounceMs,
  );

  const data = report.data;
  const days = useMemo(
    () => [
      ...new Set(
        (data?.allOffers ?? []).map((o) => o.LeadDate).concat((data?.allLeads ?? []).map((d) => d.LeadDate)),
      ),
    ],
    [data],
  );
  const selectedDay = day && days.includes(day) ? day : (days[0] ?? null);
  const offersOfDay = (data?.allOffers ?? []).filter((o) => o.LeadDate === selectedDay);
  const ips = countByIp((data?.allLeads ?? []).find((d) => d.LeadDate === selectedDay)?.LeadInfo ?? []);

  return (
    <div data-testid="lead-stats">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <DateRangePicker
          preset={preset}
          custom={custom}
          presets={PRESETS}
          onChange={(p, c) => {
            setPreset(p);
            setCustom(c);
          }}
        />
        <Select
          data-testid="stats-publisher"
          aria-label="Publisher"
          showSearch
          optionFilterProp="label"
          listHeight={200}
          value={publisher}
          onChange={setPublisher}
          options={publishers}
          style={{ minWidth: 180 }}
        />
        <Select
          data-testid="stats-status"
          aria-label="Statuses"
          mode="multiple"
          allowClear
          placeholder="All statuses"
          value={statuses}
          onChange={setStatuses}
          options={LEAD_STATUS_CODES.map((c) => ({ value: c, label: LEAD_STATUS_NAMES[c] }))}
          style={{ minWidth: 220, maxWidth: '100%' }}
        />
        {report.loading && <Spin size="small" data-testid="stats-loading" />}
      </div>
      {report.error && (
        <Alert
          type="error"
          title={MESSAGES.errorFetchingDataBang}
          style={{ marginBottom: 8 }}
          action={
            <Button size="small" onClick={report.retry}>
              Retry
            </Button>
          }
        />
      )}
      {!data && !report.error && <Spin />}
      {data && (
        // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page.
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
          <Card size="small" title="Leads per day">
            <Table<LeadStatsPerDate>
              data-testid="stats-daily"
              size="small"
              rowKey="LeadDate"
              pagination={false}
              sticky
              scroll={{ x: 'max-content' }}
              dataSource={data.allLeads}
              locale={{ emptyText: <Empty description={MESSAGES.noDataToShow} /> }}
              columns={[
                { title: 'Date', dataIndex: 'LeadDate', render: (d: string) => formatDay(d) },
                { title: 'Leads', dataIndex: 'LeadCount', align: 'right' },
                { title: 'Unique', dataIndex: 'UniqueLeads', align: 'right' },
                { title: 'Converted', dataIndex: 'ConvertedLeads', align: 'right' },
                { title: 'Bad', dataIndex: 'BadLeads', align: 'right' },
              ]}
            />
          </Card>
          <Card
            size="small"
            title="Per offer"
            extra={
              <Select
                data-testid="stats-day"
                aria-label="Day"
                size="small"
                value={selectedDay ?? undefined}
                placeholder="No days"
                onChange={setDay}
                options={days.map((d) => ({ value: d, label: formatDay(d) }))}
                style={{ width: 130 }}
              />
            }
          >
            <Table<LeadStatsPerOffer>
              data-testid="stats-offers"
              size="small"
              rowKey="OfferName"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={offersOfDay}
              locale={{ emptyText: <Empty description={MESSAGES.noDataToShow} /> }}
              columns={[
                { title: 'Offer', dataIndex: 'OfferName' },
                { title: 'Leads', dataIndex: 'LeadCount', align: 'right' },
                { title: 'Unique', dataIndex: 'UniqueLeads', align: 'right' },
                { title: 'Converted', dataIndex: 'ConvertedLeads', align: 'right' },
                { title: 'Bad', dataIndex: 'BadLeads', align: 'right' },
              ]}
            />
          </Card>
          <Card size="small" title={`Leads per IP${selectedDay ? ` on ${formatDay(selectedDay)}` : ''}`}>
            <Table
              data-testid="stats-ips"
              size="small"
              rowKey="ip"
              pagination={ips.length > 50 ? { pageSize: 50, size: 'small' } : false}
              scroll={{ x: 'max-content' }}
              dataSource={ips}
              locale={{ emptyText: <Empty description={MESSAGES.noDataToShow} /> }}
              columns={[
                { title: 'IP', dataIndex: 'ip', render: (v: string) => <code>{v}</code> },
                { title: 'Leads', dataIndex: 'total', align: 'right' },
                { title: 'Approved', dataIndex: 'approved', align: 'right' },
                { title: 'Rejected', dataIndex: 'rejected', align: 'right' },
              ]}
            />
          </Card>
        </div>
      )}
    </div>
  );
}
