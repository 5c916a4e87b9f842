import { api } from '@leadmesh/api-client';
import { type FilterItem, PAYOUT_LINE_LIST, type PayoutLine } from '@leadmesh/schema';
import { ListTable, Money, Screen, useList, ViewStyles } from '@leadmesh/ui';
import { Typography } from 'antd';
import { useCallback } from 'react';

/**
 * The advertiser's payment history (dashboards §2 Payment histories): Date (UTC), Amount (grey
 * zero, green positive, red negative), Description and Comment, newest first, with search,
 * filters and infinite scroll.
 */
export function AdvertiserPayments({ path }: { path: string }) {
  const load = useCallback(
    ({ offset, filters }: { offset: number; filters: FilterItem[] }) =>
      api.call('/payouts/getPayoutsAdvertiser', { paginationOffset: offset, Filters: filters }),
    [],
  );
  const controller = useList<PayoutLine>(load);
  return (
    <Screen path={path}>
      <ViewStyles />
      <ListTable<PayoutLine>
        controller={controller}
        list={PAYOUT_LINE_LIST}
        emptyText="No payments yet. Top-ups and lead charges show here."
        columns={[
          { field: 'Date', onCell: () => ({ 'data-testid': 'payment-date' }) as object },
          {
            field: 'Amount',
            align: 'right',
            phone: true,
            render: (cents: number) => <Money cents={cents} coloured />,
          },
          { field: 'Description', phone: true },
          {
            field: 'Comment',
            render: (c: string | null) => (c ? c : <Typography.Text type="secondary">—</Typography.Text>),
          },
        ]}
      />
    </Screen>
  );
}
