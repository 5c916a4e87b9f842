import { Alert, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { type InfoItem, InfoList } from './InfoList.tsx';

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
