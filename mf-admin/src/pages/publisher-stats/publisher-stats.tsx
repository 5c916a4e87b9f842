import type { LeadStatsPerUser } from '@leadmesh/schema';
import { formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import { Alert, Button, Empty, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../lib/screen.tsx';

/** admin-publisherStats and manager-publisherStats (public §2): totals per publisher. */
export function PublisherStats(_: { path: string }) {
  const navigate = useNavigate();
  const [rows, setRows] = useState<LeadStatsPerUser[] | null>(null);
  const [error, setError] = useState(false);
  const load = useCallback(async () => {
    setError(false);
    setRows(null);
    const a = await api.call('/leads/getLeadStatsPerUser', { Filters: [] });
    if (a.status === 'ok') setRows(a.data);
    else setError(true);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  if (error)
    return (
      <Alert
        type="error"
        title={MESSAGES.errorGettingDataBang}
        action={
          <Button size="small" onClick={() => void load()}>
            Retry
          </Button>
        }
      />
    );
  return (
    <div data-testid="publisher-stats">
      <Table<LeadStatsPerUser>
        size="small"
        sticky
        scroll={{ x: 'max-content' }}
        loading={rows === null}
        rowKey="BoundUser"
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={MESSAGES.noDataToShow} /> }}
        columns={[
          {
            title: 'Username',
            dataIndex: ['User', 'Username'],
            sorter: (a, b) => a.User.Username.localeCompare(b.User.Username),
          },
          {
            title: 'Total leads',
            dataIndex: 'Total',
            align: 'right',
            sorter: (a, b) => a.Total - b.Total,
            render: (n: number) => n.toLocaleString('en-US'),
          },
          {
            title: 'Confirmed leads',
            key: 'good',
            align: 'right',
            sorter: (a, b) => a.Good - b.Good,
            render: (_, r) => `${r.Good.toLocaleString('en-US')} (${r.PercentGood.toFixed(2)}%)`,
          },
          {
            title: 'Amount for payment',
            dataIndex: 'LeadEarnings',
            align: 'right',
            defaultSortOrder: 'descend',
            sorter: (a, b) => a.LeadEarnings - b.LeadEarnings,
            render: (v: number) => formatUsd(v),
          },
          {
            title: '',
            key: 'view',
            // Pinned like the lists' actions, so View dashboard stays in reach on a phone.
            fixed: 'right',
            render: (_, r) => (
              <Button
                size="small"
                data-testid="row-dashboard"
                onClick={() => navigate(`/dashboard/admin-dashboard?p=${r.BoundUser}`)}
              >
                View dashboard
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
