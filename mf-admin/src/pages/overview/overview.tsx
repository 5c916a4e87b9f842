import { defaultApiUrl } from '@leadmesh/api-client';
import type { FailingEndpoint, NetworkOverview, OverviewPeriod } from '@leadmesh/schema';
import { DELAYS, formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import {
  type DatePreset,
  DateRangePicker,
  EndpointReenableButton,
  EndpointStateTag,
  failingText,
  formatDate,
  formatDateTimeUtc,
  KpiTile,
  localUtcOffset,
  presetRange,
  useRefreshAfterActivity,
} from '@leadmesh/ui';
import { Alert, Button, Card, Empty, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { canOpenScreen } from '../../lib/access.ts';
import { api, useFlags } from '../../lib/screen.tsx';
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

/** The worker's queues (packages/jobs QUEUES) in words; an unknown one shows as named. */
const QUEUE_LABELS: Record<string, string> = {
  mail: 'Mail',
  crm: 'CRM delivery',
  postbacks: 'Postbacks',
  payouts: 'Payouts',
  exports: 'Exports',
  maintenance: 'Maintenance',
};

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
    { title: 'Leads', dataIndex: 'leads', align: 'right', width: 64 },
    // On a phone: the name, the leads and the money; the rest from a tablet up.
    { title: 'Confirmed', dataIndex: 'confirmed', align: 'right', width: 88, responsive: ['sm'] },
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
 * Whether this user may re-enable another user's disabled endpoint: /postback/enablePostback and
 * /partners/enableCRM let the owner or an admin name it (their ownership bypass is `admin`,
 * decision 0037); a manager is refused, so is not offered the button.
 */
const mayReenable = (flags: Flags) => flags?.isAdmin === true;

/** The re-enable call of a disabled endpoint (its owner's rows, named by an admin). */
function reenable(endpoint: FailingEndpoint) {
  return endpoint.source === 'crm'
    ? api.call('/partners/enableCRM', { ID: endpoint.ID, advertiserID: endpoint.advertiserID ?? 0 })
    : api.call('/postback/enablePostback', { postbackID: endpoint.ID });
}

function Delivery({
  data,
  flags,
  onChanged,
}: {
  data: NetworkOverview['delivery'];
  flags: Flags;
  onChanged(): void;
}) {
  const leadsOpen = canOpenScreen('admin-leads', flags);
  const usersOpen = canOpenScreen('admin-users', flags);
  const when = (iso: string | null) => (iso ? formatDateTimeUtc(iso) : '–');
  const count = (n: number, to: string | null, testId: string) =>
    n > 0 && to ? (
      <Link to={to} data-testid={testId}>
        {n.toLocaleString('en-US')}
      </Link>
    ) : (
      n.toLocaleString('en-US')
    );
  const crmLink = (crm: number, statuses: number[]) =>
    leadsOpen
      ? `/dashboard/admin-leads?${new URLSearchParams({ BoundCRM: String(crm), Status: statuses.join(',') })}`
      : null;
  const empty = (text: string) => ({
    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />,
  });
  return (
    <Card
      size="small"
      title="Delivery health"
      extra={<Typography.Text type="secondary">last 24 hours</Typography.Text>}
      data-testid="overview-delivery"
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
        {data.crms && (
          <Table
            data-testid="overview-crms"
            size="small"
            rowKey="CRMID"
            pagination={false}
            title={() => <Typography.Text strong>CRMs</Typography.Text>}
            dataSource={data.crms}
            locale={empty('Every CRM took its leads')}
            columns={[
              {
                title: 'CRM',
                dataIndex: 'name',
                render: (name: string, r) => (
                  <span>
                    {name} <Typography.Text type="secondary">{r.advertiser.CompanyName}</Typography.Text>
                  </span>
                ),
              },
              {
                title: 'Waiting',
                dataIndex: 'waiting',
                align: 'right',
                render: (n: number, r) => count(n, crmLink(r.CRMID, [-1, 6]), 'overview-crm-waiting'),
              },
              {
                title: 'Retrying',
                dataIndex: 'retrying',
                align: 'right',
                render: (n: number, r) => count(n, crmLink(r.CRMID, [-2]), 'overview-crm-retrying'),
              },
              { title: 'Failed calls', dataIndex: 'failedAttempts', align: 'right', responsive: ['sm'] },
              {
                title: 'Last error',
                dataIndex: 'lastError',
                ellipsis: true,
                responsive: ['md'],
                render: (e: string | null, r) => (e ? `${e} (${when(r.lastAt)})` : '–'),
              },
            ]}
          />
        )}
        <Table
          data-testid="overview-endpoints"
          size="small"
          rowKey={(r) => `${r.source}-${r.ID}`}
          pagination={false}
          title={() => <Typography.Text strong>Failing and disabled endpoints</Typography.Text>}
          dataSource={data.failingEndpoints}
          locale={empty('No endpoint is failing')}
          columns={[
            {
              title: 'Endpoint',
              dataIndex: 'name',
              render: (name: string, r) => (
                <span>
                  <Tag>{r.source === 'crm' ? 'CRM' : 'Postback'}</Tag>
                  {name}
                  <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {r.host}
                  </Typography.Text>
                </span>
              ),
            },
            {
              title: 'Owner',
              dataIndex: ['owner', 'Username'],
              responsive: ['sm'],
              render: (username: string, r) =>
                usersOpen ? (
                  <Link to={`/dashboard/admin-users?ID=${r.owner.UserID}`}>{username}</Link>
                ) : (
                  username
                ),
            },
            {
              title: 'State',
              key: 'state',
              render: (_: unknown, r) =>
                r.health.state === 'ok' ? (
                  '–'
                ) : r.health.state === 'disabled' ? (
                  // A narrow cell: tag, since when, why, and the button under them (an Alert here
                  // squeezed its text to a letter a line).
                  <div data-testid="endpoint-disabled" style={{ minWidth: 150, overflowWrap: 'anywhere' }}>
                    <EndpointStateTag health={r.health} />
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      since {formatDateTimeUtc(r.health.disabledAt)}
                    </Typography.Text>
                    {r.health.disabledReason && (
                      <Typography.Text style={{ display: 'block', fontSize: 12 }}>
                        {r.health.disabledReason}
                      </Typography.Text>
                    )}
                    {mayReenable(flags) && (
                      <div style={{ marginTop: 4 }}>
                        <EndpointReenableButton
                          what={`${r.source === 'crm' ? 'CRM' : 'postback'} “${r.name}” of ${r.owner.Username}`}
                          onReenable={() => reenable(r)}
                          onDone={onChanged}
                        />
                      </div>
                    )}
                  </div>
                ) : (
                  <span data-testid="overview-endpoint-state">
                    <EndpointStateTag health={r.health} />
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {failingText(r.health)}
                    </Typography.Text>
                  </span>
                ),
            },
            // A phone keeps the endpoint and its state; the counts from a tablet on.
            { title: 'Failed', dataIndex: 'failed', align: 'right', width: 80, responsive: ['sm'] },
            { title: 'Retrying', dataIndex: 'retrying', align: 'right', width: 90, responsive: ['sm'] },
            {
              title: 'Last error',
              dataIndex: 'lastError',
              ellipsis: true,
              responsive: ['md'],
              render: (e: string | null) => e ?? '–',
            },
          ]}
        />
        <Table
          data-testid="overview-queues"
          size="small"
          rowKey="name"
          pagination={false}
          title={() => (
            <span>
              <Typography.Text strong>Queues</Typography.Text>
              {flags?.isAdmin && (
                <a
                  href={`${defaultApiUrl()}/admin/queues`}
                  target="_blank"
                  rel="noreferrer"
                  style={{ marginLeft: 8 }}
                  data-testid="overview-queues-open"
                >
                  Open the queue dashboard
                </a>
              )}
            </span>
          )}
          dataSource={data.queues ?? []}
          locale={empty(data.queues ? 'No queue' : 'Redis did not answer: queue depths unknown')}
          columns={[
            { title: 'Queue', dataIndex: 'name', render: (name: string) => QUEUE_LABELS[name] ?? name },
            { title: 'Waiting', dataIndex: 'waiting', align: 'right' },
            { title: 'Active', dataIndex: 'active', align: 'right', responsive: ['sm'] },
            { title: 'Delayed', dataIndex: 'delayed', align: 'right', responsive: ['sm'] },
            { title: 'Failed', dataIndex: 'failed', align: 'right' },
          ]}
        />
        <Table
          data-testid="overview-errors"
          size="small"
          rowKey={(r) => `${r.source}-${r.at}-${r.LeadID}`}
          pagination={false}
          title={() => <Typography.Text strong>Last errors</Typography.Text>}
          dataSource={data.lastErrors}
          locale={empty('No errors')}
          columns={[
            // A phone gets one column: when and where above, the error under them, whole.
            {
              title: 'Error',
              key: 'phone',
              responsive: ['xs'],
              render: (_: unknown, r) => (
                <div>
                  <Typography.Text type="secondary">{when(r.at)}</Typography.Text>{' '}
                  <Tag>{r.source === 'crm' ? 'CRM' : 'Postback'}</Tag>
                  {r.target}{' '}
                  {leadsOpen ? (
                    <Link to={`/dashboard/admin-leads?ID=${r.LeadID}`}>#{r.LeadID}</Link>
                  ) : (
                    `#${r.LeadID}`
                  )}
                  <div style={{ overflowWrap: 'anywhere' }}>{r.message}</div>
                </div>
              ),
            },
            {
              title: 'When',
              dataIndex: 'at',
              width: 180,
              responsive: ['sm'],
              render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{when(at)}</span>,
            },
            {
              title: 'Where',
              dataIndex: 'target',
              responsive: ['sm'],
              render: (t: string, r) => (
                <span>
                  <Tag>{r.source === 'crm' ? 'CRM' : 'Postback'}</Tag>
                  {t}
                </span>
              ),
            },
            {
              title: 'Lead',
              dataIndex: 'LeadID',
              responsive: ['md'],
              render: (id: number) =>
                leadsOpen ? <Link to={`/dashboard/admin-leads?ID=${id}`}>#{id}</Link> : `#${id}`,
            },
            { title: 'Error', dataIndex: 'message', ellipsis: true, responsive: ['sm'] },
          ]}
        />
      </div>
    </Card>
  );
}

/**
 * The staff's home, admin-dashboard without ?p= (decision 0051): today and a range beside the
 * periods before them, top offers and partners, delivery health. Tiles and tables only: nothing
 * here waits for a chart. First load after 300 ms and again 60 s after activity (public §9).
 */
export function Overview(_: { path: string }) {
  const flags = useFlags();
  const [preset, setPreset] = useState<DatePreset>('7d');
  const [custom, setCustom] = useState<[Date, Date] | null>(null);
  const [data, setData] = useState<NetworkOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const ticket = useRef(0);

  const load = useCallback(async () => {
    const range = presetRange(preset, new Date(), custom);
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
  }, [preset, custom]);

  const first = useRef(true);
  useEffect(() => {
    const timer = setTimeout(load, first.current ? DELAYS.dashboardFirstLoadMs : 0);
    first.current = false;
    return () => clearTimeout(timer);
  }, [load]);
  useRefreshAfterActivity(load);

  const side = data ? SIDE_LABELS[data.side] : null;
  const leadsOpen = canOpenScreen('admin-leads', flags);
  // Without admin-leads, a publisher's figures are on their dashboard (admin-dashboard?p=).
  const publisherLink = (period: OverviewPeriod, id: number) =>
    leadsOpen
      ? leadsListLink(period, null, { BoundUser: id })
      : flags?.isManager || flags?.isPublisherManager
        ? `/dashboard/admin-dashboard?p=${id}`
        : null;
  const advertiserLink = (period: OverviewPeriod, id: number) =>
    leadsOpen
      ? leadsListLink(period, null, { BoundAdvertiser: id })
      : canOpenScreen('manager-advertisers', flags)
        ? `/dashboard/manager-advertisers?ID=${id}`
        : null;

  return (
    <div data-testid="overview" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
      <style>{STYLES}</style>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        {/* The header's title is the menu's ("Dashboard"): no second title here, only whose side it counts. */}
        <div style={{ marginRight: 'auto' }}>{side && <Tag data-testid="overview-side">{side}</Tag>}</div>
        {loading && <Spin size="small" data-testid="overview-loading" />}
        <DateRangePicker
          testId="overview-range-preset"
          preset={preset}
          custom={custom}
          presets={PRESETS}
          onChange={(p, c) => {
            setPreset(p);
            setCustom(c);
          }}
        />
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
                  leadsOpen ? leadsListLink(data.range, null, { BoundOffer: r.OfferID }) : null,
                ),
              )}
            />
            {data.topPublishers && (
              <TopTable
                title="Top publishers"
                nameTitle="Publisher"
                testId="overview-top-publishers"
                rows={data.topPublishers.map((r) =>
                  topRow(r, r.UserID, r.Username, publisherLink(data.range, r.UserID)),
                )}
              />
            )}
            {data.topAdvertisers && (
              <TopTable
                title="Top advertisers"
                nameTitle="Advertiser"
                testId="overview-top-advertisers"
                rows={data.topAdvertisers.map((r) =>
                  topRow(r, r.AdvertiserID, r.CompanyName, advertiserLink(data.range, r.AdvertiserID)),
                )}
              />
            )}
          </div>
          <Delivery data={data.delivery} flags={flags} onChanged={() => void load()} />
        </>
      )}
    </div>
  );
}
