import { Alert, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';

/** One row of an {@link InfoList}: its label and its value. */
export type InfoItem = [label: ReactNode, value: ReactNode];

/**
 * A definition list of label / value pairs, the body of every More info dialog and drawer.
 * Styled inline so it draws the same inside a portaled modal and on screens without the views' CSS.
 *
 * @example <InfoList items={[['ID', offer.ID], ['Payout', <Money key="p" cents={offer.OfferPayout} />]]} />
 */
export function InfoList({ items, testId = 'info-list' }: { items: InfoItem[]; testId?: string }) {
  return (
    <dl
      data-testid={testId}
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(110px, max-content) 1fr',
        gap: '6px 16px',
        margin: 0,
      }}
    >
      {items.map(([label, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed list drawn in one order
        <div key={i} style={{ display: 'contents' }}>
          <dt style={{ opacity: 0.65 }}>{label}</dt>
          <dd style={{ margin: 0, wordBreak: 'break-word' }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface InfoDialogProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  width?: number;
  /** `data-testid` of the dialog body. */
  testId?: string;
  /** The message of a failed load, shown instead of the spinner. */
  error?: string | null;
  /** The record's fields, or null while it loads. */
  items: InfoItem[] | null;
  /** What the screen shows under the fields, once they are there. */
  children?: ReactNode;
}

/**
 * A More info dialog: a spinner while its record loads, the message of a failed load, then the
 * record's fields (and what the screen shows under them). No buttons: it only shows.
 *
 * @example <InfoDialog open={info !== null} title="Website" onClose={close} items={info && [['ID', info.ID]]} />
 */
export function InfoDialog({
  open,
  title,
  onClose,
  width,
  testId,
  error = null,
  items,
  children,
}: InfoDialogProps) {
  return (
    <Modal open={open} title={title} footer={null} onCancel={onClose} width={width}>
      <div data-testid={testId}>
        {error && <Alert type="error" title={error} />}
        {open && !items && !error && <Spin />}
        {items && <InfoList items={items} />}
        {items && children}
      </div>
    </Modal>
  );
}
