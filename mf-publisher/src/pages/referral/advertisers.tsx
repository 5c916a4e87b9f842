import { api } from '@leadmesh/api-client';
import { ADVERTISER_REFERRAL_LIST, type AdvertiserReferral } from '@leadmesh/schema';
import { Money } from '@leadmesh/ui';
import { Typography } from 'antd';
import { type ReferralListSpec, ReferralScreen } from './referral-list.tsx';

const ADVERTISER_REFERRALS: ReferralListSpec<AdvertiserReferral> = {
  side: 'advertiser',
  columns: [
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
  ],
  rowKey: (row) => `${row.Username}-${row.OfferName ?? 'top-ups'}`,
  list: ADVERTISER_REFERRAL_LIST,
  // One answer holds every row (the call has no paging).
  paged: false,
  load: ({ filters }) => api.call('/referral/getAllAdvertiserReferralsForUser', { Filters: filters }),
};

/** Advertiser referrals (dashboards §2): per referred advertiser and offer, what you earned and how often. */
export function ReferralAdvertisersScreen() {
  return <ReferralScreen spec={ADVERTISER_REFERRALS} />;
}
