import { api } from '@leadmesh/api-client';
import type { FilterFieldSpec, PublisherReferral } from '@leadmesh/schema';
import { formatDate, Money } from '@leadmesh/ui';
import type { TableColumnsType } from 'antd';
import { Panel } from '../../lib/ui.tsx';
import { ReferralList } from './referral-list.tsx';

const FIELDS: readonly FilterFieldSpec[] = [
  { name: 'Username', friendlyName: 'Username', type: 'string' },
  { name: 'Date', friendlyName: 'Date', type: 'date' },
];

const columns: TableColumnsType<PublisherReferral> = [
  {
    title: 'Date',
    dataIndex: 'Date',
    width: 130,
    render: (value: string) => formatDate(`${value}T00:00:00Z`),
  },
  { title: 'Username', dataIndex: 'Username' },
  {
    title: 'Earned',
    dataIndex: 'EarnedAmount',
    align: 'right',
    render: (cents: number) => <Money cents={cents} coloured />,
  },
];

/** Publisher referrals (dashboards §2): what each referred publisher earned you, per day. */
export function ReferralPublishersScreen() {
  return (
    <Panel title="Earnings from referred publishers" testId="referral-publishers">
      <ReferralList<PublisherReferral>
        testId="referral-publishers-list"
        columns={columns}
        rowKey={(row) => `${row.Date}-${row.Username}`}
        fields={FIELDS}
        load={({ offset, filters }) =>
          api.call('/referral/getAllPublisherReferralsForUser', {
            paginationOffset: offset,
            Filters: filters,
          })
        }
      />
    </Panel>
  );
}
