import type { DashboardData } from '@leadmesh/schema';
import { conversionRatioPercent, formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import { type DatePreset, DateRangePicker, KpiRow, KpiTile, presetRange, rangeFilters } from '@leadmesh/ui';
import { Alert, Button, Card, Empty, Spin, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/screen.tsx';

const PRESETS: DatePreset[] = ['all', '24h', 'today', 'yesterday', '7d', '30d', 'custom'];

/**
 * admin-dashboard?p={userId}: one publisher's dashboard data as staff see it (the figures of the
 * publisher dashboard, read with `/leads/getLeadsForPublisherDashboard` for that publisher).
 */
export function PublisherDashboard(_: { path: string }) {
  const [search] = useSearchParams();
  const p = Number(search.get('p'));
  const publisher = Number.isInteger(p) && p > 0 ? p : null;
  const [preset, setPreset] = useState<DatePreset>('30d');
  const [custom, setCustom] = useState<[Date, Date] | null>(null);
  const [data, setData] = useState<DashboardData | null>(null);
  const [error, setError] = useState(false);
  const [name, setName] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (publisher === null) return;
    setError(false);
    setData(null);
    const a = await api.call('/leads/getLeadsForPublisherDashboard', {
      BoundUser: publisher,
      Filters: rangeFilters(presetRange(preset, new Date(), custom)),
    });
    if (a.status === 'ok') setData(a.data);
    else setError(true);
  }, [publisher, preset, custom]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (publisher === null) return;
    void api
      .call('/users/getSingleUser', { ID: publisher })
      .then((a) => setName(a.status === 'ok' ? a.data.Username : null));
  }, [publisher]);

  if (publisher === null)
    return <Empty description="Pick a publisher in Publisher stats (View dashboard)." />;
  const ratio = data
    ? conversionRatioPercent(data.totalConvertedLeadsCount, data.totalLeadCount, data.totalWaitingLeadsCount)
    : null;
  return (
    <div data-testid="publisher-dashboard">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 12 }}>
        <strong data-testid="dashboard-publisher">
          Publisher {name ?? ''} (#{publisher})
        </strong>
        <DateRangePicker
          preset={preset}
          custom={custom}
          presets={PRESETS}
          onChange={(np, c) => {
            setPreset(np);
            setCustom(c);
          }}
        />
      </div>
      {error && (
        <Alert
          type="error"
          title={MESSAGES.cantFetchData}
          action={
            <Button size="small" onClick={() => void load()}>
              Retry
            </Button>
          }
        />
      )}
      {!data && !error && <Spin />}
      {data && (
        <>
          <KpiRow>
            <KpiTile title="Earned" value={formatUsd(data.totalEarned)} testId="kpi-earned" />
            <KpiTile title="Leads" value={data.totalLeadCount} testId="kpi-leads" />
            <KpiTile title="Confirmed" value={data.totalConvertedLeadsCount} />
            <KpiTile title="Failed" value={data.totalFailedLeadsCount} />
            <KpiTile title="Waiting" value={data.totalWaitingLeadsCount} />
            <KpiTile title="Conversion ratio" value={ratio === null ? '—' : `${ratio.toFixed(2)}%`} />
            <KpiTile title="Active offers" value={data.activeOffers} />
            <KpiTile title="From phones" value={data.totalPhoneCount} />
          </KpiRow>
          <Card size="small" title="Per day">
            <Table
              size="small"
              rowKey="LeadDate"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.leads}
              locale={{ emptyText: MESSAGES.noDataToDisplay }}
              columns={[
                { title: 'Date', dataIndex: 'LeadDate' },
                { title: 'Leads', dataIndex: 'LeadCount', align: 'right' },
                { title: 'Confirmed', dataIndex: 'ConvertedLeads', align: 'right' },
                { title: 'Waiting', dataIndex: 'LeadWaiting', align: 'right' },
                { title: 'Unique IPs', dataIndex: 'UniqueIPAddresses', align: 'right' },
                {
                  title: 'Earnings',
                  dataIndex: 'LeadEarnings',
                  align: 'right',
                  render: (v: number) => formatUsd(v),
                },
              ]}
            />
          </Card>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
              gap: 8,
              marginTop: 8,
            }}
          >
            {(
              [
                ['Offers', data.totalLeadOfferNames],
                ['Countries', data.uniqueCountryCodes],
                ['Cities', data.uniqueCities],
                ['Domains', data.uniqueDomains],
              ] as const
            ).map(([title, list]) => (
              <Card key={title} size="small" title={`Top ${title.toLowerCase()}`}>
                {list.length === 0 ? (
                  <span style={{ opacity: 0.6 }}>{MESSAGES.nothingToShow}</span>
                ) : (
                  <ol style={{ margin: 0, paddingLeft: 18 }}>
                    {list.slice(0, 10).map((x) => (
                      <li key={x.name}>
                        {x.name} <span style={{ opacity: 0.6 }}>({x.count})</span>
                      </li>
                    ))}
                  </ol>
                )}
              </Card>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
