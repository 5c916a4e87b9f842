import type { FilterItem, LeadStatsPerDate, LeadStatsPerIp, LeadStatsPerOffer } from '@leadmesh/schema';
import { DELAYS, LEAD_STATUS_CODES, LEAD_STATUS_NAMES, MESSAGES } from '@leadmesh/schema/constants';
import {
  type DatePreset,
  DateRangePicker,
  type DateRangeValue,
  formatCount,
  formatDay,
  localUtcOffset,
  useDateRange,
  useDebouncedQuery,
} from '@leadmesh/ui';
import { Alert, Button, Card, Empty, Select, Spin, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { UserPicker } from '../../lib/pickers.tsx';
import { api } from '../../lib/screen.tsx';

/** The picker offers publishers: users whose publisher role shows. */
const PUBLISHERS: FilterItem[] = [{ name: 'isPublisherHidden', op: 'eq', value: false }];

/** The lead report has no All and no 24h preset (public §2). */
const PRESETS: DatePreset[] = ['today', 'yesterday', '7d', '30d', 'custom'];

interface Report {
  allLeads: LeadStatsPerDate[];
  allOffers: LeadStatsPerOffer[];
}

/** The report's days and statuses from the URL (the overview's figures link here, decision 0051). */
function initialFromUrl(search: URLSearchParams): DateRangeValue & { statuses: number[] } {
  const day = (v: string | null) => {
    if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
    const [y, m, d] = v.split('-').map(Number);
    return new Date(y, m - 1, d);
  };
  const start = day(search.get('start'));
  const end = day(search.get('end'));
  const statuses = (search.get('statuses') ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((n) => (LEAD_STATUS_CODES as readonly number[]).includes(n));
  return start && end
    ? { preset: 'custom', custom: [start, end], statuses }
    : { preset: '7d', custom: null, statuses };
}

/** `DD.MM.YYYY` (the report's LeadDate) as `YYYY-MM-DD`. */
const isoOfLeadDate = (d: string) => `${d.slice(6, 10)}-${d.slice(3, 5)}-${d.slice(0, 2)}`;

const IP_PAGE = 50;

/**
 * The per-IP list of one day, a page at a time from the server (decision 0052), for any range.
 * The report's publisher and statuses apply.
 */
function IpList({ day, filters }: { day: string | null; filters: FilterItem[] }) {
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<{ total: number; rows: LeadStatsPerIp[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const key = JSON.stringify({ day, filters });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new day or filter starts from page 1
  useEffect(() => setPage(1), [key]);
  useEffect(() => {
    if (!day) return setAnswer({ total: 0, rows: [] });
    let live = true;
    setFailed(null);
    void api
      .call('/leads/getLeadStatsPerIP', {
        day,
        utcOffset: localUtcOffset(),
        Filters: filters,
        paginationOffset: (page - 1) * IP_PAGE,
        limit: IP_PAGE,
      })
      .then((a) => {
        if (!live) return;
        if (a.status === 'ok') setAnswer({ total: a.data.total, rows: a.data.DBData });
        else setFailed(a.details?.message ?? MESSAGES.errorFetchingDataBang);
      });
    return () => {
      live = false;
    };
  }, [day, filters, page]);
  if (failed) return <Alert type="error" title={failed} data-testid="stats-ips-error" />;
  return (
    <Table<LeadStatsPerIp>
      data-testid="stats-ips"
      size="small"
      rowKey={(r) => r.IP ?? 'unknown'}
      loading={!answer}
      scroll={{ x: 'max-content' }}
      dataSource={answer?.rows ?? []}
      pagination={
        (answer?.total ?? 0) > IP_PAGE
          ? {
              current: page,
              pageSize: IP_PAGE,
              total: answer?.total,
              size: 'small',
              showSizeChanger: false,
              showTotal: (total) => `${formatCount(total)} IPs`,
              onChange: setPage,
            }
          : false
      }
      locale={{ emptyText: <Empty description={MESSAGES.noDataToShow} /> }}
      columns={[
        { title: 'IP', dataIndex: 'IP', render: (v: string | null) => <code>{v ?? 'unknown'}</code> },
        { title: 'Leads', dataIndex: 'Leads', align: 'right' },
        { title: 'Approved', dataIndex: 'Approved', align: 'right' },
        { title: 'Rejected', dataIndex: 'Rejected', align: 'right' },
      ]}
    />
  );
}

/** The report's query as JSON (the debounce key): the publisher, the statuses and the range's instants. */
interface ReportQuery {
  filters: FilterItem[];
  start: string | null;
  end: string | null;
}

/** The report of a query key, debounced by 1 s with stale answers dropped (public §4). */
function useLeadReport(query: string) {
  return useDebouncedQuery<Report>(
    query,
    async (key) => {
      const q = JSON.parse(key) as ReportQuery;
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
}

const COUNT_COLUMNS = [
  { title: 'Leads', dataIndex: 'LeadCount', align: 'right' },
  { title: 'Unique', dataIndex: 'UniqueLeads', align: 'right' },
  { title: 'Converted', dataIndex: 'ConvertedLeads', align: 'right' },
  { title: 'Bad', dataIndex: 'BadLeads', align: 'right' },
] as const;

/** The report's three cards: leads per day, per offer of a picked day, per IP of that day. */
function ReportTables({ data, filters }: { data: Report; filters: FilterItem[] }) {
  const [day, setDay] = useState<string | null>(null);
  const days = useMemo(
    () => [...new Set(data.allOffers.map((o) => o.LeadDate).concat(data.allLeads.map((d) => d.LeadDate)))],
    [data],
  );
  const selectedDay = day && days.includes(day) ? day : (days[0] ?? null);
  const offersOfDay = data.allOffers.filter((o) => o.LeadDate === selectedDay);
  return (
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
            ...COUNT_COLUMNS,
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
          columns={[{ title: 'Offer', dataIndex: 'OfferName' }, ...COUNT_COLUMNS]}
        />
      </Card>
      <Card size="small" title={`Leads per IP${selectedDay ? ` on ${formatDay(selectedDay)}` : ''}`}>
        <IpList day={selectedDay ? isoOfLeadDate(selectedDay) : null} filters={filters} />
      </Card>
    </div>
  );
}

/**
 * admin-leadStats (public §2, §4): the lead report by the user's days (their UTC offset), debounced
 * by 1 s, stale answers dropped; the publisher picked by a search on the server; the per-IP list
 * of the chosen day paged by the server.
 */
export function LeadStats(_: { path: string }) {
  const [search] = useSearchParams();
  const [initial] = useState(() => initialFromUrl(search));
  const dates = useDateRange(PRESETS, initial);
  const [publisher, setPublisher] = useState<number | null>(null);
  const [statuses, setStatuses] = useState<number[]>(initial.statuses);
  const { rangeNow } = dates;

  const query = useMemo(() => {
    const range = rangeNow();
    const filters: FilterItem[] = [];
    if (publisher !== null) filters.push({ name: 'BoundUser', op: 'eq', value: publisher });
    if (statuses.length) filters.push({ name: 'Status', op: 'in', value: statuses });
    const q: ReportQuery = {
      filters,
      start: range.start?.toISOString() ?? null,
      end: range.end?.toISOString() ?? null,
    };
    return JSON.stringify(q);
  }, [rangeNow, publisher, statuses]);
  const report = useLeadReport(query);
  const filters = useMemo(() => (JSON.parse(query) as ReportQuery).filters, [query]);

  return (
    <div data-testid="lead-stats">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <DateRangePicker {...dates.picker} />
        <UserPicker
          testId="stats-publisher"
          value={publisher}
          onChange={setPublisher}
          placeholder="All publishers"
          filters={PUBLISHERS}
          style={{ minWidth: 200 }}
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
      {!report.data && !report.error && <Spin />}
      {report.data && <ReportTables data={report.data} filters={filters} />}
    </div>
  );
}
