import { api } from '@leadmesh/api-client';
import { PAYOUT_LINE_LIST, type PayoutLine } from '@leadmesh/schema';
import { ListTable, Money, useList } from '@leadmesh/ui';
import { Typography } from 'antd';
import { PaymentHoldBanner } from '../../lib/payment-hold.tsx';
import { Panel } from '../../lib/ui.tsx';

/**
 * Payment history (dashboards §2 Payment histories): Date (UTC), Amount (grey zero, green
 * positive, red negative), Description and the optional Comment; newest first, with search,
 * filters and infinite scroll.
 */
export function PaymentsScreen() {
  const controller = useList<PayoutLine>(({ offset, filters }) =>
    api.call('/payouts/getPayoutsPublisher', { paginationOffset: offset, Filters: filters }),
  );
  return (
    <Panel title="Payment history" testId="payments-panel">
      <PaymentHoldBanner />
      <ListTable<PayoutLine>
        controller={controller}
        list={PAYOUT_LINE_LIST}
        columns={[
          { field: 'Date', onCell: () => ({ 'data-testid': 'payment-date' }) as object },
          {
            field: 'Description',
            phone: true,
            render: (text: string, row) => (
              <div>
                <div>{text}</div>
                {row.Comment && (
                  <Typography.Text type="secondary" data-testid="payment-comment">
                    {row.Comment}
                  </Typography.Text>
                )}
              </div>
            ),
          },
          {
            field: 'Amount',
            align: 'right',
            phone: true,
            render: (cents: number) => <Money cents={cents} coloured />,
          },
        ]}
      />
    </Panel>
  );
}
