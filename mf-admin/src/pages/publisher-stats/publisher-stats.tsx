import type { LeadStatsPerUser } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { formatCount, formatPercent, ListTable, useList } from '@leadmesh/ui';
import { useNavigate } from 'react-router-dom';
import { api } from '../../lib/screen.tsx';

/** admin-publisherStats and manager-publisherStats (public §2): totals per publisher, sortable. */
export function PublisherStats(_: { path: string }) {
  const navigate = useNavigate();
  // One answer holds every publisher's totals (no paging).
  const controller = useList<LeadStatsPerUser>(
    () => api.call('/leads/getLeadStatsPerUser', { Filters: [] }),
    {
      paged: false,
    },
  );
  return (
    <ListTable<LeadStatsPerUser>
      controller={controller}
      testId="publisher-stats"
      rowKey="BoundUser"
      errorMessage={MESSAGES.errorGettingDataBang}
      emptyText={MESSAGES.noDataToShow}
      rowActions={(r) => [
        {
          key: 'dashboard',
          label: 'View dashboard',
          onClick: () => navigate(`/dashboard/admin-dashboard?p=${r.BoundUser}`),
        },
      ]}
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
          render: (n: number) => formatCount(n),
        },
        {
          title: 'Confirmed leads',
          key: 'good',
          align: 'right',
          sorter: (a, b) => a.Good - b.Good,
          render: (_, r) => `${formatCount(r.Good)} (${formatPercent(r.PercentGood)})`,
        },
        {
          title: 'Amount for payment',
          dataIndex: 'LeadEarnings',
          align: 'right',
          phone: true,
          valueType: 'money',
          defaultSortOrder: 'descend',
          sorter: (a, b) => a.LeadEarnings - b.LeadEarnings,
        },
      ]}
    />
  );
}
