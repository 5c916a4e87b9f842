import type { FilterFieldSpec, FilterItem, FilterOperator } from '@leadmesh/schema';
import { DELAYS, MESSAGES } from '@leadmesh/schema/constants';
import { Button, Empty, Result, Spin, Table, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { FilterBar } from './FilterBar.tsx';
import { type PageLoader, useInfiniteList } from './use-infinite-list.ts';

/**
 * Calls `onVisible` `delayMs` after the marker scrolls into view (dashboards §4: load-more fires
 * 200 ms after the end marker becomes visible); leaving view before that cancels it.
 */
export function EndMarker({
  onVisible,
  delayMs = DELAYS.loadMoreMs,
}: {
  onVisible(): void;
  delayMs?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      const visible = entries.some((e) => e.isIntersecting);
      clearTimeout(timer);
      if (visible) timer = setTimeout(() => callback.current(), delayMs);
    });
    observer.observe(node);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [delayMs]);
  return (
    <div ref={ref} data-testid="list-end-marker" style={{ padding: 12, textAlign: 'center' }}>
      <Spin size="small" />
    </div>
  );
}

export interface DataTableProps<T> {
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  load: PageLoader<T>;
  /** Fields of the filter bar; none hides it. */
  filterFields?: readonly FilterFieldSpec[];
  /** Filters applied from the start (e.g. `?ID=` of the URL). */
  initialFilters?: FilterItem[];
  /** Operators the filter bar offers (all of each type's by default). */
  operators?: readonly FilterOperator[];
  /** Horizontal scroll width, so narrow screens scroll the table instead of squeezing it. */
  scrollX?: number | 'max-content';
  /** Text of the empty list (the spec's 'Currently no data to display' by default). */
  emptyText?: string;
  /** Reloads the list when it changes (after an add or edit elsewhere on the screen). */
  reloadKey?: number;
}

/**
 * A list table with the filter bar and infinite scroll: the columns array declares the table,
 * the list state lives in `useInfiniteList`.
 */
export function DataTable<T extends object>({
  columns,
  rowKey,
  load,
  filterFields,
  initialFilters,
  operators,
  scrollX,
  emptyText = MESSAGES.noDataToDisplay,
  reloadKey,
}: DataTableProps<T>) {
  const [filters, setFilters] = useState<FilterItem[]>(initialFilters ?? []);
  const list = useInfiniteList(load, filters);
  const reloadRef = useRef(list.reload);
  reloadRef.current = list.reload;
  const seenKey = useRef(reloadKey);
  useEffect(() => {
    if (seenKey.current === reloadKey) return;
    seenKey.current = reloadKey;
    reloadRef.current();
  }, [reloadKey]);
  return (
    <div data-testid="data-table">
      {filterFields && filterFields.length > 0 && (
        <FilterBar fields={filterFields} value={filters} onChange={setFilters} operators={operators} />
      )}
      {list.error ? (
        <Result
          status="warning"
          data-testid="list-error"
          title={MESSAGES.errorFetchingData}
          extra={
            <Button data-testid="list-retry" onClick={list.reload}>
              Retry
            </Button>
          }
        />
      ) : (
        <Table<T>
          columns={columns}
          dataSource={list.rows}
          rowKey={rowKey}
          pagination={false}
          scroll={scrollX ? { x: scrollX } : undefined}
          loading={list.loading && list.rows.length === 0}
          locale={{
            emptyText: <Empty data-testid="list-empty" description={emptyText} />,
          }}
        />
      )}
      {!list.ended && list.rows.length > 0 && <EndMarker onVisible={list.loadMore} />}
    </div>
  );
}
