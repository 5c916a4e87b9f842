import { Alert, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';

/** The text of an error answer: the server's message and reasons, else the catalogue's (kit `refusalText`). */
export { refusalText as errorText } from '@leadmesh/ui';
export { api, listLoader, useFlags, useUrlFilters, useUserId } from './screen-data.ts';
export { Screen } from './screen-frame.tsx';

/** `''` → null (A §5: empty text fields are sent as null). */
export function textOrNull(value: string | null | undefined): string | null {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
}

/** Saves text as a file download (payout CSVs). */
export function saveText(text: string, fileName: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A small definition list for More info panels. */
export function InfoList({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl
      data-testid="info-list"
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(110px, max-content) 1fr',
        gap: '4px 12px',
        margin: 0,
      }}
    >
      {items.map(([label, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <div key={i} style={{ display: 'contents' }}>
          <dt style={{ opacity: 0.65 }}>{label}</dt>
          <dd style={{ margin: 0, wordBreak: 'break-word' }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A More info dialog: a spinner while its record loads, the message of a failed load, then the
 * record's fields (and what the screen shows under them).
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
}: {
  open: boolean;
  title: string;
  onClose(): void;
  width?: number;
  testId?: string;
  error?: string | null;
  /** The fields, or null while the record loads. */
  items: [ReactNode, ReactNode][] | null;
  children?: ReactNode;
}) {
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
