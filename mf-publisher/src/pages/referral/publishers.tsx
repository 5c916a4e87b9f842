import { api } from '@leadmesh/api-client';
import { PUBLISHER_REFERRAL_LIST, type PublisherReferral } from '@leadmesh/schema';
import { formatDay, type ListColumn, Money } from '@leadmesh/ui';
import { Panel } from '../../lib/ui.tsx';
import { ReferralList } from './referral-list.tsx';

const columns: ListColumn<PublisherReferral>[] = [
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
];

/** Publisher referrals (dashboards §2): what each referred publisher earned you, per day. */
export function ReferralPublishersScreen() {
  return (
    <Panel title="Earnings from referred publishers" testId="referral-publishers">
      <ReferralList<PublisherReferral>
        testId="referral-publishers-list"
        side="publisher"
        columns={columns}
        rowKey={(row) => `${row.Date}-${row.Username}`}
        list={PUBLISHER_REFERRAL_LIST}
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
