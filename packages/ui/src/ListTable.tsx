import type { FilterFieldSpec, FilterItem } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { Button, Empty, Grid, Result, Table, type TableColumnsType, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { EndMarker } from './DataTable.tsx';
import { FilterBar } from './FilterBar.tsx';
import { type InfiniteListState, type PageLoader, useInfiniteList } from './use-infinite-list.ts';

/** A list with its filters: what a screen holds to edit or drop rows after an action. */
export interface ListController<T> {
  filters: FilterItem[];
  setFilters(filters: FilterItem[]): void;
  list: InfiniteListState<T>;
}

/**
 * The list state of a screen: the filters (starting from `initialFilters`, e.g. the `?ID=` of the
 * URL) and the infinite list they feed. The screen keeps it, so an edit can put the record it
 * fetched again into its row (`list.updateRow`).
 */
export function useListController<T>(
  load: PageLoader<T>,
  initialFilters: FilterItem[] = [],
  options?: { pageSize?: number; debounceMs?: number },
): ListController<T> {
  const [filters, setFilters] = useState<FilterItem[]>(initialFilters);
  const list = useInfiniteList(load, filters, options);
  return { filters, setFilters, list };
}

/**
 * The row actions column (`key: 'actions'`) pinned at the right edge at every width: when the
 * columns are wider than the screen the data scrolls sideways under it, so a row's buttons are
 * always in reach (on a narrow desktop window too, not only on a phone). On a phone the buttons
 * fold into one Actions menu, and the column loses its title to stay narrow.
 */
export function pinActions<T>(columns: TableColumnsType<T>, phone: boolean): TableColumnsType<T> {
  return columns.map((c) =>
    c.key === 'actions' ? { ...c, fixed: 'right' as const, ...(phone ? { title: '' } : {}) } : c,
  );
}

export interface ListTableProps<T> {
  controller: ListController<T>;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  filterFields?: readonly FilterFieldSpec[];
  /** Buttons beside the filter bar (Add, Export...). */
  toolbar?: ReactNode;
  /** The text of a failed first page (a screen's own message of the catalogue). */
  errorMessage?: string;
  emptyText?: string;
  rowSelection?: TableProps<T>['rowSelection'];
  /** `data-testid` of the table (one screen may have several). */
  testId?: string;
  /** Width the table scrolls sideways from: its content's (default), or a fixed width so long text wraps. */
  scrollX?: number | 'max-content';
}

/**
 * The back office's list: filter bar saying what is applied, a dense table with a sticky header
 * that scrolls sideways on a phone, infinite scroll, and the catalogue's texts for empty and failed
 * lists. Row actions are a column of the screen's own.
 */
export function ListTable<T extends object>({
  controller,
  columns,
  rowKey,
  filterFields,
  toolbar,
  errorMessage = MESSAGES.errorFetchingData,
  emptyText = MESSAGES.noDataToDisplay,
  rowSelection,
  testId = 'data-table',
  scrollX = 'max-content',
}: ListTableProps<T>) {
  const { list, filters, setFilters } = controller;
  const screens = Grid.useBreakpoint();
  const shownColumns = pinActions(columns, screens.md === false);
  return (
    <div data-testid={testId}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start' }}>
        {toolbar && (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} data-testid="list-toolbar">
            {toolbar}
          </div>
        )}
        {filterFields && filterFields.length > 0 && (
          <div style={{ flex: '1 1 320px', minWidth: 0 }}>
            <FilterBar fields={filterFields} value={filters} onChange={setFilters} />
          </div>
        )}
      </div>
      {list.error ? (
        <Result
          status="warning"
          data-testid="list-error"
          // A list the server did not answer says so (admin §8: 'Server timed out!').
          title={list.errorCode === 'SERVER_ERROR' ? MESSAGES.serverTimedOutBang : errorMessage}
          extra={
            <Button data-testid="list-retry" onClick={list.reload}>
              Retry
            </Button>
          }
        />
      ) : (
        <Table<T>
          size="small"
          sticky
          columns={shownColumns}
          dataSource={list.rows}
          rowKey={rowKey}
          pagination={false}
          rowSelection={rowSelection}
          scroll={{ x: scrollX }}
          loading={list.loading && list.rows.length === 0}
          locale={{ emptyText: <Empty data-testid="list-empty" description={emptyText} /> }}
        />
      )}
      {!list.ended && list.rows.length > 0 && <EndMarker onVisible={list.loadMore} />}
    </div>
  );
}
