import { api } from '@leadmesh/api-client';
import type { FilterFieldSpec, FilterItem, TakenOffer } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, FilterBar, formatDate } from '@leadmesh/ui';
import {
  Alert,
  Button,
  Empty,
  Input,
  Modal,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { failureText } from '../../lib/answers.ts';
import { ErrorRetry } from '../../lib/ui.tsx';

const TAKEN_FILTER_FIELDS: readonly FilterFieldSpec[] = [
  { name: 'FriendlyName', friendlyName: 'Custom name', type: 'string' },
  { name: 'OfferName', friendlyName: 'Offer name', type: 'string' },
  { name: 'createdAt', friendlyName: 'Date taken', type: 'date' },
];

type LinkState =
  | { phase: 'closed' }
  | { phase: 'loading'; offer: TakenOffer }
  | { phase: 'error'; offer: TakenOffer; message: string }
  | { phase: 'ready'; offer: TakenOffer; link: string };

/**
 * The taken offers table (dashboards §2): Custom name, Offer name, Date taken; Generate link shows
 * the tracking link to copy; Delete asks first (the link stops working).
 */
export function TakenOffers() {
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [rows, setRows] = useState<TakenOffer[] | null>(null);
  const [error, setError] = useState(false);
  const [deleting, setDeleting] = useState<TakenOffer | null>(null);
  const [link, setLink] = useState<LinkState>({ phase: 'closed' });
  const [copied, setCopied] = useState(false);

  const load = useCallback(async (current: FilterItem[]) => {
    setError(false);
    setRows(null);
    const answer = await api.call('/takenOffers/getAllTakenOffers', { Filters: current });
    if (answer.status === 'ok') setRows(answer.data);
    else setError(true);
  }, []);
  useEffect(() => {
    void load(filters);
  }, [filters, load]);

  const generate = async (offer: TakenOffer) => {
    setCopied(false);
    setLink({ phase: 'loading', offer });
    const answer = await api.call('/takenOffers/generateOfferLink', { ID: offer.ID });
    setLink(
      answer.status === 'ok'
        ? { phase: 'ready', offer, link: answer.data }
        : { phase: 'error', offer, message: failureText(answer, 'Failed to generate the tracking link') },
    );
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const columns: TableColumnsType<TakenOffer> = [
    {
      title: 'Custom name',
      dataIndex: 'FriendlyName',
      render: (value: string | null) =>
        value ? (
          <span data-testid="taken-name">{value}</span>
        ) : (
          <Typography.Text type="secondary" data-testid="taken-name">
            No custom name
          </Typography.Text>
        ),
    },
    { title: 'Offer name', dataIndex: 'TakenOfferName', responsive: ['sm'] },
    {
      title: 'Date taken',
      dataIndex: 'createdAt',
      width: 120,
      responsive: ['md'],
      render: (value: string) => formatDate(value),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button size="small" type="primary" data-testid="taken-generate" onClick={() => void generate(row)}>
            Generate link
          </Button>
          <Button size="small" data-testid="taken-delete" onClick={() => setDeleting(row)}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="taken-offers">
      <FilterBar fields={TAKEN_FILTER_FIELDS} value={filters} onChange={setFilters} />
      {error ? (
        <ErrorRetry
          message={MESSAGES.errorFetchingData}
          onRetry={() => void load(filters)}
          testId="taken-error"
        />
      ) : (
        <Table<TakenOffer>
          data-testid="taken-table"
          columns={columns}
          dataSource={rows ?? []}
          rowKey="ID"
          pagination={false}
          loading={rows === null}
          locale={{
            emptyText: (
              <Empty
                data-testid="taken-empty"
                description="You have not taken any offers yet. Pick one in the catalogue to get your tracking link."
              />
            ),
          }}
        />
      )}
      <Modal
        open={link.phase !== 'closed'}
        title={
          link.phase === 'closed'
            ? ''
            : `Tracking link · ${link.offer.FriendlyName ?? link.offer.TakenOfferName}`
        }
        onCancel={() => setLink({ phase: 'closed' })}
        footer={
          <Button data-testid="link-close" onClick={() => setLink({ phase: 'closed' })}>
            Close
          </Button>
        }
        destroyOnHidden
      >
        <div data-testid="link-dialog" data-phase={link.phase}>
          {link.phase === 'loading' && (
            <div style={{ textAlign: 'center', padding: 16 }}>
              <Spin />
            </div>
          )}
          {link.phase === 'error' && (
            <Alert type="error" showIcon data-testid="link-error" title={link.message} />
          )}
          {link.phase === 'ready' && (
            <>
              <Typography.Paragraph type="secondary">
                Send your traffic to this link. Clicks are counted and visitors land on the offer's pages.
              </Typography.Paragraph>
              <Space.Compact style={{ width: '100%' }}>
                <Input readOnly value={link.link} data-testid="tracking-link" aria-label="Tracking link" />
                <Button type="primary" data-testid="link-copy" onClick={() => void copy(link.link)}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </Space.Compact>
              <Typography.Link
                href={link.link}
                target="_blank"
                rel="noreferrer"
                data-testid="link-open"
                style={{ display: 'inline-block', marginTop: 8 }}
              >
                Open in a new tab
              </Typography.Link>
            </>
          )}
        </div>
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete taken offer"
        confirmText="Delete"
        errorMessage="Failed to delete the taken offer"
        onConfirm={() => api.call('/takenOffers/deleteTakenOffer', { ID: deleting?.ID ?? 0 })}
        onDone={() => void load(filters)}
        onClose={() => setDeleting(null)}
      >
        Delete <strong>{deleting?.FriendlyName ?? deleting?.TakenOfferName}</strong>? Its tracking link stops
        working at once.
      </ConfirmDialog>
    </div>
  );
}
