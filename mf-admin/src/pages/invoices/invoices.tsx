import { INVOICE_LIST, type Invoice } from '@leadmesh/schema';
import { formatUsd } from '@leadmesh/schema/constants';
import { ConfirmDialog, formatDateTime, InfoDialog, ListTable, RowActions, useList } from '@leadmesh/ui';
import { Checkbox, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, listLoader } from '../../lib/screen.tsx';

/** admin-invoices (public §2): invoices, paid or not, with Mark paid (review decision). */
export function Invoices(_: { path: string }) {
  const navigate = useNavigate();
  const controller = useList<Invoice>(listLoader('/invoices/getAllInvoices'));
  const [info, setInfo] = useState<Invoice | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [referral, setReferral] = useState(true);
  return (
    <>
      <ListTable<Invoice>
        controller={controller}
        rowKey="ID"
        list={INVOICE_LIST}
        errorMessage="There was an error while fetching invoices"
        columns={[
          { field: 'InvoiceID', render: (v: string) => <code>{v}</code> },
          { field: 'Advertiser', dataIndex: ['Advertiser', 'CompanyName'] },
          { field: 'Amount', align: 'right' },
          {
            field: 'isPaid',
            phone: true,
            render: (v: boolean) => (v ? <Tag color="green">Paid</Tag> : <Tag color="orange">Not paid</Tag>),
          },
          { field: 'createdAt' },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, inv) => (
              <RowActions
                actions={[
                  { key: 'info', label: 'More info', onClick: () => setInfo(inv) },
                  {
                    key: 'advertiser',
                    label: 'Go to advertiser account',
                    onClick: () => navigate(`/dashboard/admin-advertisers?ID=${inv.BoundAdvertiser}`),
                  },
                  {
                    key: 'paid',
                    label: 'Mark paid',
                    type: 'primary',
                    primary: true,
                    show: !inv.isPaid,
                    onClick: () => {
                      setReferral(true);
                      setPaying(inv);
                    },
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <InfoDialog
        open={info !== null}
        title={`Invoice ${info?.InvoiceID ?? ''}`}
        onClose={() => setInfo(null)}
        items={
          info && [
            ['ID', info.ID],
            ['Invoice ID', info.InvoiceID],
            ['Advertiser', `${info.Advertiser.CompanyName} (#${info.BoundAdvertiser})`],
            ['Article', info.Name],
            ['Amount', formatUsd(info.Amount)],
            ['Paid', info.isPaid ? 'Yes' : 'No'],
            ['Date', formatDateTime(info.createdAt)],
          ]
        }
      />
      <ConfirmDialog
        open={paying !== null}
        title={`Mark invoice ${paying?.InvoiceID ?? ''} paid?`}
        confirmText="Mark paid"
        errorMessage="There was an error while connecting to the server!"
        doneText={`Invoice ${paying?.InvoiceID ?? ''} marked paid: ${formatUsd(paying?.Amount ?? 0)} of credits added to ${paying?.Advertiser.CompanyName ?? ''}`}
        onConfirm={async () => {
          const a = await api.call('/invoices/markInvoicePaid', {
            ID: paying?.ID as number,
            countAsReferral: referral,
          });
          if (a.status === 'ok') controller.list.updateRow((r) => r.ID === a.data.ID, a.data);
          return a;
        }}
        onDone={() => {}}
        onClose={() => setPaying(null)}
      >
        <p>
          <strong>{paying?.Advertiser.CompanyName}</strong> gets{' '}
          <strong>{formatUsd(paying?.Amount ?? 0)}</strong> of credits, once, and the invoice is marked paid.
        </p>
        <Checkbox
          data-testid="invoice-referral"
          checked={referral}
          onChange={(e) => setReferral(e.target.checked)}
        >
          Count as referral
        </Checkbox>
      </ConfirmDialog>
    </>
  );
}
