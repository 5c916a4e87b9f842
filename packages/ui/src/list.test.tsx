import { defineList, type FilterItem } from '@leadmesh/schema';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListTable } from './ListTable.tsx';
import { type ListColumn, phoneColumns } from './list-columns.ts';
import { RowActions } from './RowActions.tsx';
import { type RowAction, splitRowActions } from './row-actions-logic.ts';
import { type PageLoader, useInfiniteList } from './use-infinite-list.ts';
import { type ListController, type UseListOptions, useList } from './use-list.ts';

interface Row {
  ID: number;
  Name: string;
}

const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ ID: from + i, Name: `Row ${from + i}` }));

/** A loader answering page sizes in order (then empty pages); `null` answers an error. */
function loader(sizes: (number | null)[]) {
  const calls: { offset: number; filters: FilterItem[] }[] = [];
  const load: PageLoader<Row> = vi.fn(async ({ offset, filters }) => {
    calls.push({ offset, filters });
    const index = calls.length - 1;
    const size = index < sizes.length ? sizes[index] : 0;
    if (size === null) return { status: 'error' as const, data: 'SERVER_ERROR' as const };
    return { status: 'ok' as const, data: { DBData: rows(offset, size) } };
  });
  return { load, calls };
}

const flush = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useInfiniteList', () => {
  it('grows the offset by the rows received and ends on an empty page', async () => {
    const { load, calls } = loader([20, 7, 0]);
    const { result } = renderHook(() => useInfiniteList(load, []));
    await flush();
    expect(result.current.rows).toHaveLength(20);
    expect(result.current.offset).toBe(20);
    act(() => result.current.loadMore());
    await flush();
    expect(result.current.offset).toBe(27);
    act(() => result.current.loadMore());
    await flush();
    expect(result.current.ended).toBe(true);
    expect(result.current.offset).toBe(-1);
    act(() => result.current.loadMore());
    await flush();
    expect(calls.map((c) => c.offset)).toEqual([0, 20, 27]);
  });

  it('ends paging when the first page is shorter than 20', async () => {
    const { load, calls } = loader([19]);
    const { result } = renderHook(() => useInfiniteList(load, []));
    await flush();
    expect(result.current.ended).toBe(true);
    act(() => result.current.loadMore());
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('ends paging on a failed page, keeping the rows', async () => {
    const { load } = loader([20, null]);
    const { result } = renderHook(() => useInfiniteList(load, []));
    await flush();
    act(() => result.current.loadMore());
    await flush();
    expect(result.current.ended).toBe(true);
    expect(result.current.rows).toHaveLength(20);
    expect(result.current.error).toBe(false);
  });

  it('debounces filter changes by 400 ms and reloads from the start', async () => {
    const { load, calls } = loader([20, 20, 3]);
    const filterA: FilterItem[] = [{ name: 'Name', op: 'contains', value: 'a' }];
    const filterAb: FilterItem[] = [{ name: 'Name', op: 'contains', value: 'ab' }];
    const { result, rerender } = renderHook(({ filters }) => useInfiniteList(load, filters), {
      initialProps: { filters: [] as FilterItem[] },
    });
    await flush();
    act(() => result.current.loadMore());
    await flush();
    expect(result.current.rows).toHaveLength(40);
    rerender({ filters: filterA });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    rerender({ filters: filterAb });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(399);
    });
    expect(calls).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(calls).toHaveLength(3);
    expect(calls[2]).toEqual({ offset: 0, filters: filterAb });
    expect(result.current.rows).toHaveLength(3);
  });
});

/** A controllable IntersectionObserver: `show()` reports every observed node as visible. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  nodes: Element[] = [];
  constructor(private callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(node: Element) {
    this.nodes.push(node);
  }
  disconnect() {
    this.nodes = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static show(visible = true) {
    for (const observer of FakeObserver.instances) {
      if (observer.nodes.length === 0) continue;
      observer.callback(
        observer.nodes.map((target) => ({ target, isIntersecting: visible }) as IntersectionObserverEntry),
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

const NAMES = defineList({
  fields: {
    ID: { label: 'ID', type: 'number' },
    Name: { label: 'Name', type: 'string' },
    Amount: { label: 'Amount', type: 'number', valueType: 'money' },
    createdAt: { label: 'Date', type: 'date' },
  },
  search: ['ID', 'Name'],
});

type Money = Row & { Amount: number; createdAt: string; Status: number };

/** A list screen as the remotes write one: the one hook, the declaration, the kit's table. */
function Screen({
  load,
  columns = [{ field: 'Name' }],
  options,
}: {
  load: ReturnType<typeof loader>['load'];
  columns?: ListColumn<Row>[];
  options?: UseListOptions;
}) {
  const controller = useList<Row>(load, options);
  return <ListTable<Row> controller={controller} columns={columns} rowKey="ID" list={NAMES} />;
}

const AMOUNTS = defineList({ fields: { Amount: { label: 'Amount', type: 'number', valueType: 'money' } } });

function Amounts({ load }: { load: ReturnType<typeof loader>['load'] }) {
  const controller = useList<Row>(load);
  return <ListTable<Row> controller={controller} columns={[{ field: 'Name' }]} rowKey="ID" list={AMOUNTS} />;
}

function Typed({ load }: { load: PageLoader<Money> }) {
  const controller = useList<Money>(load);
  return (
    <ListTable<Money>
      controller={controller}
      rowKey="ID"
      list={NAMES}
      columns={[
        { field: 'Name' },
        { field: 'Amount' },
        { field: 'createdAt' },
        { title: 'Status', dataIndex: 'Status', valueType: 'leadStatus' },
      ]}
    />
  );
}

describe('ListTable infinite scroll', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the next page 200 ms after the end marker becomes visible', async () => {
    const { load, calls } = loader([20, 5, 0]);
    render(<Screen load={load} />);
    await flush();
    expect(screen.getAllByText(/^Row \d+$/)).toHaveLength(20);
    expect(screen.getByTestId('list-end-marker')).toBeTruthy();
    act(() => FakeObserver.show());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(199);
    });
    expect(calls).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(calls.map((c) => c.offset)).toEqual([0, 20]);
    expect(screen.getAllByText(/^Row \d+$/)).toHaveLength(25);
    act(() => FakeObserver.show());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(calls.map((c) => c.offset)).toEqual([0, 20, 25]);
    expect(screen.queryByTestId('list-end-marker')).toBeNull();
  });

  it('does not load when the marker leaves view within 200 ms', async () => {
    const { load, calls } = loader([20, 5]);
    render(<Screen load={load} />);
    await flush();
    act(() => FakeObserver.show());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    act(() => FakeObserver.show(false));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(calls).toHaveLength(1);
  });

  it('asks a call without paging once, however many rows it answers', async () => {
    const { load, calls } = loader([30]);
    render(<Screen load={load} options={{ paged: false }} />);
    await flush();
    expect(screen.getAllByText(/^Row \d+$/)).toHaveLength(30);
    expect(screen.queryByTestId('list-end-marker')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it("shows 'Currently no data to display' for an empty list, without an end marker", async () => {
    const { load } = loader([0]);
    render(<Screen load={load} />);
    await flush();
    expect(screen.getByText('Currently no data to display')).toBeTruthy();
    expect(screen.queryByTestId('list-end-marker')).toBeNull();
  });

  it('shows the error with Retry when the first page fails, and Retry reloads', async () => {
    const { load, calls } = loader([null, 2]);
    render(<Screen load={load} />);
    await flush();
    expect(screen.getByText('Server timed out!')).toBeTruthy();
    fireEvent.click(screen.getByTestId('list-retry'));
    await flush();
    expect(calls).toHaveLength(2);
    expect(screen.getAllByText(/^Row \d+$/)).toHaveLength(2);
  });

  it('reloads from the start when a filter is removed', async () => {
    const { load, calls } = loader([20, 20, 4]);
    render(<Screen load={load} options={{ initialFilters: [{ name: 'Name', op: 'eq', value: 'x' }] }} />);
    await flush();
    expect(calls[0].filters).toEqual([{ name: 'Name', op: 'eq', value: 'x' }]);
    act(() => FakeObserver.show());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(calls.map((c) => c.offset)).toEqual([0, 20]);
    fireEvent.click(screen.getByTestId('filter-chip'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(calls[2]).toEqual({ offset: 0, filters: [] });
    expect(screen.getAllByText(/^Row \d+$/)).toHaveLength(4);
  });
});

describe('ListTable filters and search from the declaration', () => {
  it('offers the declared fields in the filter bar and a search box naming what it looks in', async () => {
    const { load } = loader([3]);
    render(<Screen load={load} />);
    await flush();
    const box = screen.getByTestId('list-search').querySelector('input') as HTMLInputElement;
    expect(box.placeholder).toBe('Search by ID or name');
    fireEvent.click(screen.getByTestId('filter-add'));
    const options = screen.getByTestId('filter-panel').textContent ?? '';
    expect(options).toContain('ID');
  });

  it('sends the search 400 ms after the last key, from the first page, and only the last text', async () => {
    const { load, calls } = loader([20, 20, 2, 1]);
    render(<Screen load={load} />);
    await flush();
    act(() => FakeObserver.show());
    const box = screen.getByTestId('list-search').querySelector('input') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'ro' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.change(box, { target: { value: 'row 1' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(399);
    });
    expect(calls).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({ offset: 0, filters: [{ name: 'Search', op: 'contains', value: 'row 1' }] });
    fireEvent.change(box, { target: { value: '   ' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(calls[2]).toEqual({ offset: 0, filters: [] });
  });

  it('takes money filters in dollars and sends cents', async () => {
    const { load, calls } = loader([1, 1]);
    render(<Amounts load={load} />);
    await flush();
    expect(screen.queryByTestId('list-search')).toBeNull();
    fireEvent.click(screen.getByTestId('filter-add'));
    expect(screen.getByTestId('filter-panel').textContent).toContain('Amount ($)');
    fireEvent.change(screen.getByTestId('filter-value'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByTestId('filter-apply'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(calls[1].filters).toEqual([{ name: 'Amount', op: 'eq', value: 1250 }]);
    expect(screen.getByTestId('filter-chip').textContent).toContain('$12.50');
  });

  it('formats cells by the column’s value type: money, date and time, lead status', async () => {
    const load = vi.fn(async () => ({
      status: 'ok' as const,
      data: { DBData: [{ ID: 1, Name: 'A', Amount: 120000, createdAt: '2026-11-27T07:39:00Z', Status: 2 }] },
    }));
    render(<Typed load={load} />);
    await flush();
    const row = screen.getByText('A').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('$1,200.00');
    expect(row.textContent).toMatch(/27-11-2026 \d{2}:39/);
    expect(row.textContent).toContain('Lead confirmed');
    expect(screen.getAllByText('Amount')[0].closest('th')).toBeTruthy();
  });
});

/**
 * Checked by tsc over the repo, not at run time: a row without an ID must name its key (the
 * default 'ID' would key every row undefined).
 */
function _rowKeyOfRowsWithoutId(controller: ListController<{ Name: string }>) {
  return [
    // @ts-expect-error: the row has no ID, so the table must be told what keys it
    <ListTable<{ Name: string }> key="missing" controller={controller} columns={[]} />,
    <ListTable<{ Name: string }> key="named" controller={controller} columns={[]} rowKey="Name" />,
  ];
}

/** A list whose rows have actions and no rowKey given. */
function WithActions({ load, onEdit }: { load: PageLoader<Row>; onEdit(id: number): void }) {
  const controller = useList<Row>(load);
  return (
    <ListTable<Row>
      controller={controller}
      list={NAMES}
      rowActions={(row) => [{ key: 'edit', label: `Edit ${row.Name}`, onClick: () => onEdit(row.ID) }]}
      columns={[{ field: 'Name' }]}
    />
  );
}

describe('row actions', () => {
  const actions = (onClick = vi.fn()): RowAction[] => [
    { key: 'edit', label: 'Edit', onClick },
    { key: 'delete', label: 'Delete', danger: true, onClick },
    { key: 'info', label: 'More info', onClick },
    { key: 'verify', label: 'Verify', show: false, onClick },
  ];

  it('are one primary button beside a menu with the rest, dangerous ones last and never the button', () => {
    const { primary, menu } = splitRowActions(actions(), false);
    expect(primary?.key).toBe('edit');
    expect(menu.map((a) => a.key)).toEqual(['info', 'delete']);
    const marked = splitRowActions(
      [...actions(), { key: 'pay', label: 'Pay', primary: true, onClick() {} }],
      false,
    );
    expect(marked.primary?.key).toBe('pay');
    const onlyDanger = splitRowActions(
      [{ key: 'delete', label: 'Delete', danger: true, onClick() {} }],
      false,
    );
    expect(onlyDanger.primary).toBeNull();
    expect(splitRowActions(actions(), true).primary).toBeNull();
  });

  it('open the menu with a click and run the chosen action', async () => {
    vi.useRealTimers();
    const onClick = vi.fn();
    render(<RowActions actions={actions(onClick)} compact={false} />);
    expect(screen.getByTestId('row-edit').textContent).toBe('Edit');
    expect(screen.queryByTestId('row-delete')).toBeNull();
    fireEvent.click(screen.getByTestId('row-actions-menu'));
    const del = await screen.findByTestId('row-delete');
    expect(del.closest('.ant-dropdown-menu-item-danger')).toBeTruthy();
    fireEvent.click(del);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('row-verify')).toBeNull();
  });

  it('of a ListTable are its last column, titled Actions, on rows keyed by their ID', async () => {
    vi.useRealTimers();
    const onEdit = vi.fn();
    const { load } = loader([2]);
    render(<WithActions load={load} onEdit={onEdit} />);
    const table = await screen.findByTestId('data-table');
    await screen.findByText('Row 1');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Name', 'Actions']);
    const second = table.querySelector('tr[data-row-key="1"]') as HTMLElement;
    expect(second.textContent).toBe('Row 1Edit Row 1');
    fireEvent.click(second.querySelector('[data-testid="row-edit"]') as Element);
    expect(onEdit).toHaveBeenCalledWith(1);
  });

  it('on a phone are one menu button, the primary action inside it', async () => {
    vi.useRealTimers();
    render(<RowActions actions={actions()} compact />);
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.getByTestId('row-actions-menu').getAttribute('aria-label')).toBe('Actions');
    fireEvent.click(screen.getByTestId('row-actions-menu'));
    expect(await screen.findByTestId('row-edit')).toBeTruthy();
  });
});

describe('the responsive rule', () => {
  const columns: ListColumn<Row>[] = [
    { field: 'Name' },
    { field: 'createdAt' },
    { title: 'Status', key: 'status', phone: true },
    { title: 'Amount', key: 'amount' },
    { key: 'actions' },
  ];

  it('keeps the first column, the key columns and the actions on a phone; folds the rest', () => {
    const phone = phoneColumns(columns, true);
    expect(phone.shown.map((c) => c.key ?? c.field)).toEqual(['Name', 'status', 'actions']);
    expect(phone.folded.map((c) => c.key ?? c.field)).toEqual(['createdAt', 'amount']);
    expect(phoneColumns(columns, false)).toEqual({ shown: columns, folded: [] });
  });

  it('on a 390 px screen the table shows those columns and a row opens to the folded ones', async () => {
    vi.useRealTimers();
    (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
      width: 390,
      height: 844,
    });
    try {
      const { load } = loader([1]);
      render(<Screen load={load} columns={columns} />);
      const table = await screen.findByTestId('data-table');
      await screen.findByText('Row 0');
      expect(table.getAttribute('data-layout')).toBe('phone');
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
      expect(headers).toContain('Status');
      expect(headers).not.toContain('Amount');
      fireEvent.click(table.querySelector('.ant-table-row-expand-icon') as Element);
      const details = await screen.findByTestId('list-row-details');
      expect(details.textContent).toContain('Amount');
      expect(details.textContent).toContain('Date');
    } finally {
      (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
        width: 1024,
        height: 768,
      });
    }
  });
});
