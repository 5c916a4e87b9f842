import { api } from '@leadmesh/api-client';
import type { CallPath, Envelope, FilterItem, RequestOf, ResponseOf } from '@leadmesh/schema';
import { useSessionStore } from '@leadmesh/session';
import { Alert, Modal, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { canOpenScreen } from './access.ts';

export { api };

/** The logged-in user's flags (null while the session is unknown). */
export function useFlags() {
  return useSessionStore((s) => s.userData?.UserInfo.Flags ?? null);
}

/** The logged-in user's ID. */
export function useUserId(): number | null {
  return useSessionStore((s) => s.userData?.UserInfo.ID ?? null);
}

/**
 * A screen's root: `data-testid="screen"` with its route, and the refusal for a user the screen is
 * not for (the server refuses their calls anyway; this only spares them a page of errors).
 */
export function Screen({ path, children }: { path: string; children: ReactNode }) {
  const flags = useFlags();
  const allowed = canOpenScreen(path, flags);
  return (
    <section data-testid="screen" data-screen={path} style={{ minWidth: 0 }}>
      {allowed ? (
        children
      ) : (
        <Result
          status="403"
          data-testid="screen-forbidden"
          title="Not available to your account"
          subTitle="This screen is for administrators."
        />
      )}
    </section>
  );
}

/**
 * Filters from the query string (`?ID=12`, `?Username=bob`, `?Status=3,4,5`,
 * `?createdFrom=…&createdTo=…`): read once, on the first render, as the list's initial filters.
 * `numbers` takes a comma-separated list (one value: equality, more: `in`); `date` an ISO instant
 * with the operator given (a link from the overview names the exact instants it counted).
 */
export function useUrlFilters(
  params: { query: string; field?: string; type: 'number' | 'string' | 'numbers' | 'date'; op?: string }[],
) {
  const [search] = useSearchParams();
  const filters: FilterItem[] = [];
  for (const p of params) {
    const raw = search.get(p.query);
    if (raw === null || raw.trim() === '') continue;
    const name = p.field ?? p.query;
    if (p.type === 'numbers') {
      const values = raw.split(',').map(Number);
      if (values.some((v) => !Number.isFinite(v))) continue;
      filters.push(
        values.length === 1 ? { name, op: 'eq', value: values[0] } : { name, op: 'in', value: values },
      );
    } else if (p.type === 'date') {
      if (!Number.isFinite(Date.parse(raw))) continue;
      filters.push({ name, op: p.op ?? 'deq', value: new Date(raw).toISOString() });
    } else {
      const value = p.type === 'number' ? Number(raw) : raw.trim();
      if (p.type === 'number' && !Number.isFinite(value)) continue;
      filters.push({ name, op: p.op ?? 'eq', value });
    }
  }
  return filters;
}

/** A list page loader for a documented list call taking `paginationOffset` and `Filters`. */
export function listLoader<P extends CallPath>(path: P, extra: Record<string, unknown> = {}) {
  return ({ offset, filters }: { offset: number; filters: FilterItem[] }) =>
    api.call(path, {
      paginationOffset: offset,
      Filters: filters,
      ...extra,
    } as unknown as RequestOf<P>) as Promise<Envelope<ResponseOf<P>>> as never;
}

/** The text of an error answer: the server's message and reasons, else the catalogue's (kit `refusalText`). */
export { refusalText as errorText } from '@leadmesh/ui';

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
