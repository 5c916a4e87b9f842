import { api } from '@leadmesh/api-client';
import { PUBLISHER_REFERRAL_LIST, type PublisherReferral } from '@leadmesh/schema';
import { formatDay, Money } from '@leadmesh/ui';
import { type ReferralListSpec, ReferralScreen } from './referral-list.tsx';

const PUBLISHER_REFERRALS: ReferralListSpec<PublisherReferral> = {
  side: 'publisher',
  columns: [
    { field: 'Username' },
    {
      title: 'Earned',
      dataIndex: 'EarnedAmount',
      align: 'right',
      phone: true,
      render: (cents: number) => <Money cents={cents} coloured />,
    },
    // A UTC day of earnings (YYYY-MM-DD), not a moment: shown as that day.
    { field: 'Date', render: (value: string) => formatDay(value) },
  ],
  rowKey: (row) => `${row.Date}-${row.Username}`,
  list: PUBLISHER_REFERRAL_LIST,
  load: ({ offset, filters }) =>
    api.call('/referral/getAllPublisherReferralsForUser', { paginationOffset: offset, Filters: filters }),
};

/** Publisher referrals (dashboards §2): what each referred publisher earned you, per day. */
export function ReferralPublishersScreen() {
  return <ReferralScreen spec={PUBLISHER_REFERRALS} />;
}
