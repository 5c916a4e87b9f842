import type { FilterFieldSpec, FilterOperator, ListDecl } from '@leadmesh/schema';
import { listFilterFields, MESSAGES, searchPlaceholder } from '@leadmesh/schema/constants';
import { Button, Empty, Grid, Input, Result, Spin, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { countryOptions } from './CountrySelect.tsx';
import { FilterBar } from './FilterBar.tsx';
import { type InfoItem, InfoList } from './InfoList.tsx';
import { formatValue } from './list-cells.tsx';
import { declaredFormat, type ListColumn, phoneColumns } from './list-columns.ts';
import { RowActions } from './RowActions.tsx';
import type { RowAction } from './row-actions-logic.ts';
import type { PageLoader } from './use-infinite-list.ts';
import type { ListController } from './use-list.ts';

/**
 * Calls `onVisible` `delayMs` after the marker scrolls into view (dashboards §4: load-more fires
 * 200 ms after the end marker becomes visible); leaving view before that cancels it.
 */
export function EndMarker({ onVisible, delayMs = 200 }: { onVisible(): void; delayMs?: number }) {
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

/** Read by screen readers, not drawn (a phone's actions column has no room for its title). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const NO_FIELDS: readonly string[] = [];

/**
 * A tag longer than its column wraps between words instead of widening the table past a phone's
 * screen (a blocked reason, a trigger); a short one stays on one line.
 */
const LIST_CSS = `
.lm-list .ant-table-cell .ant-tag { white-space: normal; height: auto; max-width: 100%; margin-inline-end: 0; }
.lm-list-bar .lm-list-search { flex: 1 1 240px; max-width: 420px; }
`;

function valueAt(row: object, dataIndex: ColumnType<object>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = row;
  for (const part of path) value = (value as Record<string | number, unknown> | null)?.[part as string];
  return value;
}

/** The antd column of a list column: title and format from the declaration, wrapping text, uncut tags. */
function toAntColumn<T extends object>(column: ListColumn<T>, list: ListDecl | undefined, phone: boolean) {
  const { field, valueType: _valueType, phone: _phone, ...rest } = column;
  const { label, type } = declaredFormat(column, list);
  const isActions = column.key === 'actions';
  const out: ColumnType<T> = {
    ...rest,
    key: column.key ?? field ?? (typeof column.dataIndex === 'string' ? column.dataIndex : undefined),
    title: isActions ? (
      phone ? (
        <span style={VISUALLY_HIDDEN}>Actions</span>
      ) : (
        (column.title ?? 'Actions')
      )
    ) : (
      (column.title ?? label)
    ),
    dataIndex: column.dataIndex ?? field,
    ...(isActions ? { align: 'right' as const, width: 1 } : {}),
    onCell: (row, index) => ({
      ...(column.onCell?.(row, index) ?? {}),
      // Long e-mails and URLs break anywhere rather than widen the table past the screen.
      style: { overflowWrap: 'anywhere', ...(isActions ? { whiteSpace: 'nowrap' } : {}) },
    }),
  };
  if (!column.render && type) out.render = (value: unknown) => formatValue(type, value);
  return out;
}

/** What a folded column shows in the row's details: its title and its cell. */
function Details<T extends object>({
  row,
  index,
  columns,
}: {
  row: T;
  index: number;
  columns: ColumnType<T>[];
}) {
  const items = columns.map((c): InfoItem => {
    const value = valueAt(row, c.dataIndex as ColumnType<object>['dataIndex']);
    return [c.title as ReactNode, (c.render ? c.render(value, row, index) : value) as ReactNode];
  });
  // Styled inline by InfoList: a table folded outside ListTable (the dashboard's) draws the same.
  return <InfoList items={items} testId="list-row-details" />;
}

/**
 * The `expandable` of a table whose columns fold on a phone (`phoneColumns`): a row opens to its
 * folded columns, each titled; nothing when no column is folded.
 */
export function foldedRows<T extends object>(folded: ColumnType<T>[]): TableProps<T>['expandable'] {
  if (folded.length === 0) return undefined;
  return {
    expandedRowRender: (row, index) => <Details row={row} index={index} columns={folded} />,
    columnWidth: 32,
  };
}

/** The search box: what it looks in is its placeholder; a change reaches the list through the debounce. */
function SearchBox({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string;
  onChange(v: string): void;
}) {
  return (
    <Input.Search
      data-testid="list-search"
      aria-label={placeholder}
      placeholder={placeholder}
      allowClear
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onSearch={onChange}
      className="lm-list-search"
    />
  );
}

/** The bar above a list: what it filters and searches, and the screen's own buttons. */
export interface ListToolbarProps<T> {
  controller: ListController<T>;
  /** The list's declaration (packages/schema `lists.ts`): the filter bar's fields and the search box. */
  list?: ListDecl;
  /** Filter fields of a list without a declaration (a dashboard's); `list` wins when both are given. */
  filterFields?: readonly FilterFieldSpec[];
  /** Only these operators are offered (a call that answers fewer than its value type allows). */
  operators?: readonly FilterOperator[];
  /** Fields of the declaration the filter bar leaves out (the screen filters them in its own way). */
  hideFilters?: readonly string[];
  /** Labels a screen gives some fields instead of the declaration's (the spec's own words for a link's filter). */
  filterLabels?: Readonly<Record<string, string>>;
  /** Buttons beside the filter bar (Add, Export...). */
  toolbar?: ReactNode;
}

/** What keys a row: a field of it or a function of it. */
export type ListRowKey<T> = (keyof T & string) | ((row: T) => string);

/**
 * A row with an `ID` is keyed by it unless the screen says otherwise; any other row needs its
 * `rowKey` (a union, so a screen generic over its rows that names its key is accepted as it is).
 */
type RowKeyProp<T> =
  | { rowKey: ListRowKey<T> }
  | (T extends { ID: string | number } ? { rowKey?: ListRowKey<T> } : never);

export type ListTableProps<T> = ListToolbarProps<T> &
  RowKeyProp<T> & {
    columns: ListColumn<T>[];
    /**
     * The row's actions (one button beside a "More" menu, `RowActions`), drawn as the last column,
     * keyed `actions`; a screen whose actions are its own component gives that column itself.
     */
    rowActions?: (row: T) => RowAction[];
    /** The text of a failed first page (a screen's own message of the catalogue). */
    errorMessage?: string;
    emptyText?: string;
    rowSelection?: TableProps<T>['rowSelection'];
    /** `data-testid` of the table (one screen may have several). */
    testId?: string;
  };

/**
 * The bar above a list: the screen's buttons, the search box (when the declaration names search
 * fields) and the filter bar of the declaration's fields. `ListTable` draws it; a list drawn as
 * cards (the offer catalogue) uses it alone.
 */
export function ListToolbar<T>({
  controller,
  list: declaration,
  filterFields,
  operators,
  hideFilters = NO_FIELDS,
  filterLabels,
  toolbar,
}: ListToolbarProps<T>) {
  const { filters, setFilters } = controller;

  const fields = useMemo(
    () =>
      declaration
        ? listFilterFields(
            declaration,
            countryOptions().map(({ value, label }) => ({ value: String(value), label: String(label) })),
          )
            .filter((f) => !hideFilters.includes(f.name))
            .map((f) => (filterLabels?.[f.name] ? { ...f, friendlyName: filterLabels[f.name] } : f))
        : (filterFields ?? []),
    [declaration, filterFields, hideFilters, filterLabels],
  );
  const placeholder = declaration ? searchPlaceholder(declaration) : null;
  return (
    <div
      className="lm-list-bar"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start', marginBottom: 4 }}
    >
      <style href="leadmesh-list" precedence="default">
        {LIST_CSS}
      </style>
      {toolbar && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} data-testid="list-toolbar">
          {toolbar}
        </div>
      )}
      {placeholder && (
        <SearchBox placeholder={placeholder} value={controller.search} onChange={controller.setSearch} />
      )}
      {fields.length > 0 && (
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <FilterBar fields={fields} value={filters} onChange={setFilters} operators={operators} />
        </div>
      )}
    </div>
  );
}

/**
 * The one list of the product: search box and filter bar from the list's declaration, a dense
 * table with a sticky header whose cells are formatted by their column's `valueType`, infinite
 * scroll, the catalogue's texts for empty and failed lists, and on a phone the responsive rule
 * (`phoneColumns`). The row's actions are `rowActions`, or a column keyed `actions` the screen draws.
 */
export function ListTable<T extends object>({
  columns: dataColumns,
  rowActions,
  rowKey,
  errorMessage = MESSAGES.errorFetchingData,
  emptyText = MESSAGES.noDataToDisplay,
  rowSelection,
  testId = 'data-table',
  ...toolbarProps
}: ListTableProps<T>) {
  const { controller, list: declaration } = toolbarProps;
  const { list } = controller;
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const columns: ListColumn<T>[] = rowActions
    ? [...dataColumns, { key: 'actions', render: (_, row) => <RowActions actions={rowActions(row)} /> }]
    : dataColumns;
  const { shown, folded } = phoneColumns(columns, phone);
  const antColumns = shown.map((c) => toAntColumn(c, declaration, phone));
  const foldedColumns = folded.map((c) => toAntColumn(c, declaration, phone));
  return (
    <div data-testid={testId} className="lm-list" data-layout={phone ? 'phone' : 'desktop'}>
      <ListToolbar {...toolbarProps} />
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
        // Auto layout: text wraps and the table fits its column; only a table whose narrowest
        // form is wider than the screen scrolls, inside this box (never the page).
        <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table<T>
            size="small"
            sticky
            // antd turns a sticky table's layout fixed, where the actions column's content-wide
            // width would overflow into its neighbour: auto sizes every column to what it holds.
            tableLayout="auto"
            columns={antColumns}
            dataSource={list.rows}
            rowKey={(rowKey ?? 'ID') as ListRowKey<T>}
            pagination={false}
            rowSelection={rowSelection}
            loading={list.loading && list.rows.length === 0}
            expandable={foldedRows(foldedColumns)}
            locale={{ emptyText: <Empty data-testid="list-empty" description={emptyText} /> }}
          />
        </div>
      )}
      {!list.ended && list.rows.length > 0 && <EndMarker onVisible={list.loadMore} />}
    </div>
  );
}

export type { PageLoader };
