import { api } from '@leadmesh/api-client';
import { ADVERTISER_REFERRAL_LIST, type AdvertiserReferral } from '@leadmesh/schema';
import { type ListColumn, Money } from '@leadmesh/ui';
import { Typography } from 'antd';
import { Panel } from '../../lib/ui.tsx';
import { ReferralList } from './referral-list.tsx';

const columns: ListColumn<AdvertiserReferral>[] = [
  { field: 'Username' },
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
    phone: true,
    render: (cents: number) => <Money cents={cents} coloured />,
  },
  { title: 'Count', dataIndex: 'Count', align: 'right', valueType: 'number' },
  { field: 'Date' },
];

/** Advertiser referrals (dashboards §2): per referred advertiser and offer, what you earned and how often. */
export function ReferralAdvertisersScreen() {
  return (
    <Panel title="Earnings from referred advertisers" testId="referral-advertisers">
      <ReferralList<AdvertiserReferral>
        testId="referral-advertisers-list"
        side="advertiser"
        columns={columns}
        rowKey={(row) => `${row.Username}-${row.OfferName ?? 'top-ups'}`}
        list={ADVERTISER_REFERRAL_LIST}
        // One answer holds every row (the call has no paging).
        paged={false}
        load={({ filters }) => api.call('/referral/getAllAdvertiserReferralsForUser', { Filters: filters })}
      />
    </Panel>
  );
}
