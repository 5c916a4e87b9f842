import { INVOICE_LIST, type Invoice } from '@leadmesh/schema';
import { formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, formatDateTime, InfoDialog, ListTable, useList } from '@leadmesh/ui';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ReferralCheckbox } from '../../lib/referral-checkbox.tsx';
import { api, listLoader } from '../../lib/screen.tsx';

function InvoiceInfoDialog({ invoice, onClose }: { invoice: Invoice | null; onClose(): void }) {
  return (
    <InfoDialog
      open={invoice !== null}
      title={`Invoice ${invoice?.InvoiceID ?? ''}`}
      onClose={onClose}
      items={
        invoice && [
          ['ID', invoice.ID],
          ['Invoice ID', invoice.InvoiceID],
          ['Advertiser', `${invoice.Advertiser.CompanyName} (#${invoice.BoundAdvertiser})`],
          ['Article', invoice.Name],
          ['Amount', formatUsd(invoice.Amount)],
          ['Paid', invoice.isPaid ? 'Yes' : 'No'],
          ['Date', formatDateTime(invoice.createdAt)],
        ]
      }
    />
  );
}

/** Mark paid: the advertiser gets the invoice's amount of credits, once (review decision). */
function MarkPaidDialog({
  invoice,
  onPaid,
  onClose,
}: {
  invoice: Invoice | null;
  onPaid(paid: Invoice): void;
  onClose(): void;
}) {
  const [referral, setReferral] = useState(true);
  useEffect(() => {
    if (invoice) setReferral(true);
  }, [invoice]);
  return (
    <ConfirmDialog
      open={invoice !== null}
      title={`Mark invoice ${invoice?.InvoiceID ?? ''} paid?`}
      confirmText="Mark paid"
      errorMessage="There was an error while connecting to the server!"
      doneText={`Invoice ${invoice?.InvoiceID ?? ''} marked paid: ${formatUsd(invoice?.Amount ?? 0)} of credits added to ${invoice?.Advertiser.CompanyName ?? ''}`}
      onConfirm={async () => {
        const a = await api.call('/invoices/markInvoicePaid', {
          ID: invoice?.ID as number,
          countAsReferral: referral,
        });
        if (a.status === 'ok') onPaid(a.data);
        return a;
      }}
      onDone={() => {}}
      onClose={onClose}
    >
      <p>
        <strong>{invoice?.Advertiser.CompanyName}</strong> gets{' '}
        <strong>{formatUsd(invoice?.Amount ?? 0)}</strong> of credits, once, and the invoice is marked paid.
      </p>
      <ReferralCheckbox testId="invoice-referral" checked={referral} onChange={setReferral} />
    </ConfirmDialog>
  );
}

/** admin-invoices (public §2): invoices, paid or not, with Mark paid (review decision). */
export function Invoices(_: { path: string }) {
  const navigate = useNavigate();
  const controller = useList<Invoice>(listLoader('/invoices/getAllInvoices'));
  const [info, setInfo] = useState<Invoice | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  return (
    <>
      <ListTable<Invoice>
        controller={controller}
        list={INVOICE_LIST}
        errorMessage={MESSAGES.errorFetchingInvoices}
        rowActions={(inv) => [
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
            onClick: () => setPaying(inv),
          },
        ]}
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
        ]}
      />
      <InvoiceInfoDialog invoice={info} onClose={() => setInfo(null)} />
      <MarkPaidDialog
        invoice={paying}
        onPaid={(paid) => controller.list.updateRow((r) => r.ID === paid.ID, paid)}
        onClose={() => setPaying(null)}
      />
    </>
  );
}
