import { api } from '@leadmesh/api-client';
import type { FilterFieldSpec, FilterItem, PayoutLine } from '@leadmesh/schema';
import { dollarsToCents } from '@leadmesh/schema/constants';
import { DataTable, formatPayoutDate, Money } from '@leadmesh/ui';
import { Grid, type TableColumnsType, Typography } from 'antd';
import { Panel } from '../../lib/ui.tsx';

/** The payment history's filters: the fields the API lists for payout lines. */
const PAYMENT_FILTER_FIELDS: readonly FilterFieldSpec[] = [
  { name: 'Date', friendlyName: 'Date', type: 'date' },
  { name: 'Amount', friendlyName: 'Amount ($)', type: 'number' },
  { name: 'Description', friendlyName: 'Description', type: 'string' },
  { name: 'Comment', friendlyName: 'Comment', type: 'string' },
];

/** The filter is typed in dollars; the API compares cents (decision 0002). */
function amountInCents(filter: FilterItem): FilterItem {
  if (filter.name !== 'Amount' || typeof filter.value !== 'number') return filter;
  return { ...filter, value: dollarsToCents(filter.value) ?? 0 };
}

/** The columns; on a phone the date moves under the description instead of its own column. */
function columnsFor(narrow: boolean): TableColumnsType<PayoutLine> {
  return [
    {
      title: 'Date',
      dataIndex: 'Date',
      width: 180,
      hidden: narrow,
      render: (value: string) => (
        <span data-testid="payment-date" style={{ whiteSpace: 'nowrap' }}>
          {formatPayoutDate(value)} UTC
        </span>
      ),
    },
    {
      title: 'Amount',
      dataIndex: 'Amount',
      align: 'right',
      width: 120,
      render: (cents: number) => <Money cents={cents} coloured />,
    },
    {
      title: 'Description',
      dataIndex: 'Description',
      render: (text: string, row) => (
        <div>
          {narrow && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatPayoutDate(row.Date)} UTC
            </Typography.Text>
          )}
          <div>{text}</div>
          {row.Comment && (
            <Typography.Text type="secondary" data-testid="payment-comment">
              {row.Comment}
            </Typography.Text>
          )}
        </div>
      ),
    },
  ];
}

/**
 * Payment history (dashboards §2 Payment histories): Date, Amount (grey zero, green positive, red
 * negative), Description and the optional Comment; infinite scroll with filters.
 */
export function PaymentsScreen() {
  const narrow = !Grid.useBreakpoint().sm;
  return (
    <Panel title="Payment history" testId="payments-panel">
      <DataTable<PayoutLine>
        columns={columnsFor(narrow)}
        rowKey="ID"
        filterFields={PAYMENT_FILTER_FIELDS}
        load={({ offset, filters }) =>
          api.call('/payouts/getPayoutsPublisher', {
            paginationOffset: offset,
            Filters: filters.map(amountInCents),
          })
        }
      />
    </Panel>
  );
}
