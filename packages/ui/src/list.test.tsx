import type { FilterItem } from '@leadmesh/schema';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable.tsx';
import { pinActions } from './ListTable.tsx';
import { type PageLoader, useInfiniteList } from './use-infinite-list.ts';

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

describe('DataTable infinite scroll', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const columns = [{ title: 'Name', dataIndex: 'Name', key: 'Name' }];

  it('loads the next page 200 ms after the end marker becomes visible', async () => {
    const { load, calls } = loader([20, 5, 0]);
    render(<DataTable<Row> columns={columns} rowKey="ID" load={load} />);
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
    render(<DataTable<Row> columns={columns} rowKey="ID" load={load} />);
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

  it("shows 'Currently no data to display' for an empty list, without an end marker", async () => {
    const { load } = loader([0]);
    render(<DataTable<Row> columns={columns} rowKey="ID" load={load} />);
    await flush();
    expect(screen.getByText('Currently no data to display')).toBeTruthy();
    expect(screen.queryByTestId('list-end-marker')).toBeNull();
  });

  it('shows the error with Retry when the first page fails, and Retry reloads', async () => {
    const { load, calls } = loader([null, 2]);
    render(<DataTable<Row> columns={columns} rowKey="ID" load={load} />);
    await flush();
    expect(screen.getByText('There was an error while fetching data')).toBeTruthy();
    fireEvent.click(screen.getByTestId('list-retry'));
    await flush();
    expect(calls).toHaveLength(2);
    expect(screen.getAllByText(/^Row \d+$/)).toHaveLength(2);
  });

  it('reloads from the start when a filter is removed', async () => {
    const { load, calls } = loader([20, 20, 4]);
    render(
      <DataTable<Row>
        columns={columns}
        rowKey="ID"
        load={load}
        filterFields={[{ name: 'Name', friendlyName: 'Name', type: 'string' }]}
        initialFilters={[{ name: 'Name', op: 'eq', value: 'x' }]}
      />,
    );
    await flush();
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

describe('pinActions', () => {
  const columns = [
    { title: 'Name', dataIndex: 'Name' },
    { title: 'Actions', key: 'actions' },
  ];
  it('pins the actions column at the right edge at every width, and drops its title on a phone', () => {
    expect(pinActions(columns, false)).toEqual([
      { title: 'Name', dataIndex: 'Name' },
      { title: 'Actions', key: 'actions', fixed: 'right' },
    ]);
    expect(pinActions(columns, true)[1]).toEqual({ title: '', key: 'actions', fixed: 'right' });
    expect(pinActions(columns, true)[0]).toBe(columns[0]);
  });
});
