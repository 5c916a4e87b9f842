import { api } from '@leadmesh/api-client';
import type { AdvertiserReferral, FilterFieldSpec } from '@leadmesh/schema';
import { formatDate, Money } from '@leadmesh/ui';
import { type TableColumnsType, Typography } from 'antd';
import { Panel } from '../../lib/ui.tsx';
import { ReferralList } from './referral-list.tsx';

const FIELDS: readonly FilterFieldSpec[] = [
  { name: 'Username', friendlyName: 'Username', type: 'string' },
  { name: 'Date', friendlyName: 'Date', type: 'date' },
];

const columns: TableColumnsType<AdvertiserReferral> = [
  { title: 'Username', dataIndex: 'Username' },
  {
    title: 'Offer name',
    dataIndex: 'OfferName',
    // Earnings from an advertiser's counted top-ups have no offer (review §3).
    render: (value: string | null) =>
      value ?? <Typography.Text type="secondary">Balance top-ups</Typography.Text>,
  },
  {
    title: 'Earned',
    dataIndex: 'Earned',
    align: 'right',
    render: (cents: number) => <Money cents={cents} coloured />,
  },
  { title: 'Count', dataIndex: 'Count', align: 'right', responsive: ['sm'] },
  {
    title: 'Last earned',
    dataIndex: 'Date',
    width: 130,
    responsive: ['md'],
    render: (value: string) => formatDate(value),
  },
];

/** Advertiser referrals (dashboards §2): per referred advertiser and offer, what you earned and how often. */
export function ReferralAdvertisersScreen() {
  return (
    <Panel title="Earnings from referred advertisers" testId="referral-advertisers">
      <ReferralList<AdvertiserReferral>
        testId="referral-advertisers-list"
        columns={columns}
        rowKey={(row) => `${row.Username}-${row.OfferName ?? 'top-ups'}`}
        fields={FIELDS}
        // One answer holds every row (the call has no paging): an empty second page ends the list.
        load={async ({ offset, filters }) =>
          offset > 0
            ? { status: 'ok', data: [] }
            : api.call('/referral/getAllAdvertiserReferralsForUser', { Filters: filters })
        }
      />
    </Panel>
  );
}
