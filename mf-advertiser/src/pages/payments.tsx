import { api } from '@leadmesh/api-client';
import type { FilterFieldSpec, FilterItem, PayoutLine } from '@leadmesh/schema';
import { DataTable, formatPayoutDate, Money, Screen, ViewStyles } from '@leadmesh/ui';
import { Typography } from 'antd';
import { useCallback } from 'react';

/** Filterable fields of a payment history (the API's payout-line fields). */
const PAYMENT_FILTER_FIELDS: readonly FilterFieldSpec[] = [
  { name: 'Date', friendlyName: 'Date', type: 'date' },
  { name: 'Description', friendlyName: 'Description', type: 'string' },
  { name: 'Comment', friendlyName: 'Comment', type: 'string' },
];

/**
 * The advertiser's payment history (dashboards §2 Payment histories): Date, Amount (grey zero,
 * green positive, red negative), Description and Comment, with filters and infinite scroll.
 */
export function AdvertiserPayments({ path }: { path: string }) {
  const load = useCallback(
    ({ offset, filters }: { offset: number; filters: FilterItem[] }) =>
      api.call('/payouts/getPayoutsAdvertiser', { paginationOffset: offset, Filters: filters }),
    [],
  );
  return (
    <Screen path={path}>
      <ViewStyles />
      <DataTable<PayoutLine>
        rowKey="ID"
        load={load}
        filterFields={PAYMENT_FILTER_FIELDS}
        scrollX="max-content"
        emptyText="No payments yet. Top-ups and lead charges show here."
        columns={[
          {
            title: 'Date (UTC)',
            dataIndex: 'Date',
            render: (d: string) => <span data-testid="payment-date">{formatPayoutDate(d)}</span>,
          },
          {
            title: 'Amount',
            dataIndex: 'Amount',
            align: 'right',
            render: (cents: number) => <Money cents={cents} coloured />,
          },
          { title: 'Description', dataIndex: 'Description' },
          {
            title: 'Comment',
            dataIndex: 'Comment',
            render: (c: string | null) => (c ? c : <Typography.Text type="secondary">—</Typography.Text>),
          },
        ]}
      />
    </Screen>
  );
}
