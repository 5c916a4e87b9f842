import type { NetworkOverview, OverviewPeriod } from '@leadmesh/schema';
import { DELAYS, formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import {
  type DatePreset,
  type DateRange,
  DateRangePicker,
  formatCount,
  formatDate,
  KpiTile,
  localUtcOffset,
  useDateRange,
  useRefreshAfterActivity,
} from '@leadmesh/ui';
import { Alert, Button, Card, Empty, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { canOpenScreen } from '../../lib/access.ts';
import { api, useFlags } from '../../lib/screen.tsx';
import { Delivery } from './overview-delivery.tsx';
import {
  dateOfDay,
  delta,
  FIGURE_LABELS,
  FIGURE_STATUSES,
  FIGURES,
  type FigureKey,
  figureText,
  leadReportLink,
  leadsListLink,
  localDay,
} from './overview-logic.ts';

const PRESETS: DatePreset[] = ['7d', '30d', 'custom'];

/** Four tiles a row (three for a side manager's six), two on a phone. */
const STYLES = `
.lm-overview-tiles { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px; margin-bottom: 12px; }
.lm-overview-tiles[data-count="6"] { grid-template-columns: repeat(3, minmax(0, 1fr)); }
@media (max-width: 760px) { .lm-overview-tiles, .lm-overview-tiles[data-count="6"] { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
`;
const SIDE_LABELS = { all: null, publisher: 'Publisher side', advertiser: 'Advertiser side' } as const;

type Flags = ReturnType<typeof useFlags>;

/** Where a figure of a period links: the list of the leads it counts, on a screen the user can open. */
function figureLink(flags: Flags, period: OverviewPeriod, key: FigureKey): string | null {
  if (key === 'clicks') return null;
  if (canOpenScreen('admin-leads', flags)) return leadsListLink(period, FIGURE_STATUSES[key]);
  if (canOpenScreen('admin-leadStats', flags)) return leadReportLink(period, FIGURE_STATUSES[key]);
  return null;
}

const TONE = { good: 'success', bad: 'danger', flat: 'secondary' } as const;

function PeriodTiles({
  name,
  title,
  compared,
  period,
  flags,
}: {
  name: 'today' | 'range';
  title: ReactNode;
  compared: string;
  period: OverviewPeriod;
  flags: Flags;
}) {
  return (
    <Card
      size="small"
      data-testid={`overview-${name}`}
      title={title}
      extra={<Typography.Text type="secondary">{compared}</Typography.Text>}
      styles={{ body: { paddingBottom: 0 } }}
    >
      <div
        className="lm-overview-tiles"
        data-count={FIGURES.filter((key) => period.figures[key] !== null).length}
      >
        {FIGURES.filter((key) => period.figures[key] !== null).map((key) => {
          const change = delta(key, period.figures[key], period.previous[key]);
          const tile = (
            <KpiTile
              key={key}
              testId={`overview-${name}-${key}`}
              title={FIGURE_LABELS[key]}
              value={figureText(key, period.figures[key])}
              footer={
                <span data-testid={`overview-${name}-${key}-delta`}>
                  {change ? (
                    <Typography.Text type={TONE[change.tone]}>{change.text}</Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">no rate before</Typography.Text>
                  )}
                  <Typography.Text type="secondary">
                    {' '}
                    · was {figureText(key, period.previous[key])}
                  </Typography.Text>
                </span>
              }
            />
          );
          const to = figureLink(flags, period, key);
          return to ? (
            <Link
              key={key}
              to={to}
              data-testid={`overview-${name}-${key}-link`}
              aria-label={`${FIGURE_LABELS[key]}: open the list`}
              style={{ color: 'inherit', display: 'block', minWidth: 0 }}
            >
              {tile}
            </Link>
          ) : (
            <div key={key} style={{ minWidth: 0 }}>
              {tile}
            </div>
          );
        })}
      </div>
    </Card>
  );
}

const rangeText = (p: OverviewPeriod) =>
  p.startDay === p.endDay
    ? formatDate(dateOfDay(p.startDay))
    : `${formatDate(dateOfDay(p.startDay))} – ${formatDate(dateOfDay(p.endDay))}`;

const moneyCell = (v: number | null) => (v === null ? '–' : formatUsd(v));
const rateCell = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)}%`);

type TopFigures = Pick<TopRow, 'leads' | 'confirmed' | 'approveRate' | 'spend' | 'payouts'>;

/** A row of a top table: its figures, its name and where it links. */
const topRow = (r: TopFigures, key: number, name: string, to: string | null): TopRow => ({
  key,
  name,
  to,
  leads: r.leads,
  confirmed: r.confirmed,
  approveRate: r.approveRate,
  spend: r.spend,
  payouts: r.payouts,
});

interface TopRow {
  key: number;
  name: string;
  to: string | null;
  leads: number;
  confirmed: number;
  approveRate: number | null;
  spend: number | null;
  payouts: number | null;
}

function TopTable({
  title,
  rows,
  testId,
  nameTitle,
}: {
  title: string;
  rows: TopRow[];
  testId: string;
  nameTitle: string;
}) {
  const money = rows.some((r) => r.spend !== null) ? 'spend' : 'payouts';
  const columns: ColumnsType<TopRow> = [
    {
      title: nameTitle,
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, r) =>
        r.to ? (
          <Link to={r.to} data-testid={`${testId}-link`}>
            {name}
          </Link>
        ) : (
          name
        ),
    },
    { title: 'Leads', dataIndex: 'leads', align: 'right', width: 72, render: formatCount },
    // On a phone: the name, the leads and the money; the rest from a tablet up.
    {
      title: 'Confirmed',
      dataIndex: 'confirmed',
      align: 'right',
      width: 88,
      render: formatCount,
      responsive: ['sm'],
    },
    {
      title: 'Rate',
      dataIndex: 'approveRate',
      align: 'right',
      width: 76,
      render: rateCell,
      responsive: ['md'],
    },
    {
      title: money === 'spend' ? 'Spend' : 'Payouts',
      dataIndex: money,
      align: 'right',
      width: 104,
      render: moneyCell,
    },
  ];
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Table<TopRow>
        size="small"
        rowKey="key"
        pagination={false}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: <Empty description={MESSAGES.noDataToShow} /> }}
      />
    </Card>
  );
}

/**
 * The overview of the range the clock gives now (`rangeNow`): a newer load wins over a slower older
 * one; the first load waits 300 ms and each later one runs 60 s after activity (public §9).
 */
function useOverview(rangeNow: () => DateRange) {
  const [data, setData] = useState<NetworkOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const ticket = useRef(0);

  const load = useCallback(async () => {
    const range = rangeNow();
    const mine = ++ticket.current;
    setLoading(true);
    const a = await api.call('/leads/getNetworkOverview', {
      startDate: localDay(range.start ?? new Date()),
      endDate: localDay(range.end ?? new Date()),
      utcOffset: localUtcOffset(),
    });
    if (mine !== ticket.current) return;
    setLoading(false);
    if (a.status === 'ok') {
      setData(a.data);
      setError(null);
    } else setError(a.details?.message ?? MESSAGES.errorFetchingDataBang);
  }, [rangeNow]);

  const first = useRef(true);
  useEffect(() => {
    const timer = setTimeout(load, first.current ? DELAYS.dashboardFirstLoadMs : 0);
    first.current = false;
    return () => clearTimeout(timer);
  }, [load]);
  useRefreshAfterActivity(load);
  return { data, error, loading, load };
}

/** Top offers, publishers and advertisers of the range, each name linking to what the user may open. */
function TopTables({ data, flags }: { data: NetworkOverview; flags: Flags }) {
  const leadsOpen = canOpenScreen('admin-leads', flags);
  const period = data.range;
  // Without admin-leads, a publisher's figures are on their dashboard (admin-dashboard?p=).
  const publisherLink = (id: number) =>
    leadsOpen
      ? leadsListLink(period, null, { BoundUser: id })
      : flags?.isManager || flags?.isPublisherManager
        ? `/dashboard/admin-dashboard?p=${id}`
        : null;
  const advertiserLink = (id: number) =>
    leadsOpen
      ? leadsListLink(period, null, { BoundAdvertiser: id })
      : canOpenScreen('manager-advertisers', flags)
        ? `/dashboard/manager-advertisers?ID=${id}`
        : null;
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 460px), 1fr))',
        gap: 12,
      }}
    >
      <TopTable
        title="Top offers"
        nameTitle="Offer"
        testId="overview-top-offers"
        rows={data.topOffers.map((r) =>
          topRow(
            r,
            r.OfferID,
            r.OfferName,
            leadsOpen ? leadsListLink(period, null, { BoundOffer: r.OfferID }) : null,
          ),
        )}
      />
      {data.topPublishers && (
        <TopTable
          title="Top publishers"
          nameTitle="Publisher"
          testId="overview-top-publishers"
          rows={data.topPublishers.map((r) => topRow(r, r.UserID, r.Username, publisherLink(r.UserID)))}
        />
      )}
      {data.topAdvertisers && (
        <TopTable
          title="Top advertisers"
          nameTitle="Advertiser"
          testId="overview-top-advertisers"
          rows={data.topAdvertisers.map((r) =>
            topRow(r, r.AdvertiserID, r.CompanyName, advertiserLink(r.AdvertiserID)),
          )}
        />
      )}
    </div>
  );
}

/**
 * The staff's home, admin-dashboard without ?p= (decision 0051): today and a range beside the
 * periods before them, top offers and partners, delivery health. Tiles and tables only: nothing
 * here waits for a chart. First load after 300 ms and again 60 s after activity (public §9).
 */
export function Overview(_: { path: string }) {
  const flags = useFlags();
  const dates = useDateRange(PRESETS, { preset: '7d', custom: null });
  const { data, error, loading, load } = useOverview(dates.rangeNow);
  const side = data ? SIDE_LABELS[data.side] : null;

  return (
    <div data-testid="overview" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
      <style>{STYLES}</style>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        {/* The header's title is the menu's ("Dashboard"): no second title here, only whose side it counts. */}
        <div style={{ marginRight: 'auto' }}>{side && <Tag data-testid="overview-side">{side}</Tag>}</div>
        {loading && <Spin size="small" data-testid="overview-loading" />}
        <DateRangePicker testId="overview-range-preset" {...dates.picker} />
      </div>
      {error && (
        <Alert
          type="error"
          data-testid="overview-error"
          title={error}
          action={
            <Button size="small" onClick={() => void load()}>
              Retry
            </Button>
          }
        />
      )}
      {!data && !error && <Spin data-testid="overview-pending" style={{ justifySelf: 'start' }} />}
      {data && (
        <>
          <PeriodTiles
            name="today"
            title={`Today · ${rangeText(data.today)}`}
            compared="vs yesterday by this time"
            period={data.today}
            flags={flags}
          />
          <PeriodTiles
            name="range"
            title={rangeText(data.range)}
            compared="vs the days before"
            period={data.range}
            flags={flags}
          />
          <TopTables data={data} flags={flags} />
          <Delivery data={data.delivery} flags={flags} onChanged={() => void load()} />
        </>
      )}
    </div>
  );
}
