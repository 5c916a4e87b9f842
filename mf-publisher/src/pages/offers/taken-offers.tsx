import { api } from '@leadmesh/api-client';
import { type FilterItem, TAKEN_OFFER_LIST, type TakenOffer } from '@leadmesh/schema';
import { ConfirmDialog, type ListColumn, ListTable, useFeedback, useList } from '@leadmesh/ui';
import { Alert, Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { failureText } from '../../lib/answers.ts';

type LinkState =
  | { phase: 'closed' }
  | { phase: 'loading'; offer: TakenOffer }
  | { phase: 'error'; offer: TakenOffer; message: string }
  | { phase: 'ready'; offer: TakenOffer; link: string };

/** Custom name, offer name, date taken. */
const TAKEN_COLUMNS: ListColumn<TakenOffer>[] = [
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
  { field: 'TakenOfferName', dataIndex: 'TakenOfferName' },
  { field: 'createdAt' },
];

/** The tracking link of one taken offer: loading, the refusal, or the link to copy and open. */
function TrackingLinkDialog({
  link,
  copied,
  onCopy,
  onClose,
}: {
  link: LinkState;
  copied: boolean;
  onCopy(text: string): void;
  onClose(): void;
}) {
  return (
    <Modal
      open={link.phase !== 'closed'}
      title={
        link.phase === 'closed'
          ? ''
          : `Tracking link · ${link.offer.FriendlyName ?? link.offer.TakenOfferName}`
      }
      onCancel={onClose}
      footer={
        <Button data-testid="link-close" onClick={onClose}>
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
              <Button type="primary" data-testid="link-copy" onClick={() => onCopy(link.link)}>
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
  );
}

/**
 * The taken offers table (dashboards §2): Custom name, Offer name, Date taken; Generate link shows
 * the tracking link to copy; Delete asks first (the link stops working).
 */
export function TakenOffers() {
  const [deleting, setDeleting] = useState<TakenOffer | null>(null);
  const [link, setLink] = useState<LinkState>({ phase: 'closed' });
  const [copied, setCopied] = useState(false);
  const feedback = useFeedback();

  // The call answers every taken offer at once (dashboards §7: BoundUser, Filters).
  const controller = useList<TakenOffer>(
    ({ filters }: { filters: FilterItem[] }) =>
      api.call('/takenOffers/getAllTakenOffers', { Filters: filters }),
    { paged: false },
  );

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

  const copy = async (text: string) => setCopied(await feedback.copy(text, 'Tracking link'));

  return (
    <div data-testid="taken-offers">
      <ListTable<TakenOffer>
        controller={controller}
        testId="taken-table"
        columns={TAKEN_COLUMNS}
        rowActions={(row) => [
          {
            key: 'generate',
            testId: 'taken-generate',
            label: 'Generate link',
            type: 'primary',
            onClick: () => void generate(row),
          },
          {
            key: 'delete',
            testId: 'taken-delete',
            label: 'Delete',
            danger: true,
            onClick: () => setDeleting(row),
          },
        ]}
        list={TAKEN_OFFER_LIST}
        emptyText="You have not taken any offers yet. Pick one in the catalogue to get your tracking link."
      />
      <TrackingLinkDialog
        link={link}
        copied={copied}
        onCopy={(text) => void copy(text)}
        onClose={() => setLink({ phase: 'closed' })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete taken offer"
        confirmText="Delete"
        errorMessage="Failed to delete the taken offer"
        doneText={`Offer “${deleting?.FriendlyName ?? deleting?.TakenOfferName ?? ''}” removed from your offers`}
        onConfirm={() => api.call('/takenOffers/deleteTakenOffer', { ID: deleting?.ID ?? 0 })}
        onDone={controller.list.reload}
        onClose={() => setDeleting(null)}
      >
        Delete <strong>{deleting?.FriendlyName ?? deleting?.TakenOfferName}</strong>? Its tracking link stops
        working at once.
      </ConfirmDialog>
    </div>
  );
}
