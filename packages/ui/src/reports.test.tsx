import type { LeadTimelineEntry } from '@leadmesh/schema';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDateRange } from './DateRangePicker.tsx';
import { normalizeRange, presetRange } from './date-presets.ts';
import { FormDialog } from './FormDialog.tsx';
import { LeadTimeline, sortTimeline } from './LeadTimeline.tsx';
import { useDebouncedQuery } from './use-debounced-query.ts';

describe('date presets', () => {
  const now = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, 15:30 local

  it('swaps a custom range whose start is after its end, from day start to day end', () => {
    const { start, end } = normalizeRange(new Date(2026, 10, 20, 18), new Date(2026, 10, 3, 9));
    expect(start).toEqual(new Date(2026, 10, 3, 0, 0, 0, 0));
    expect(end).toEqual(new Date(2026, 10, 20, 23, 59, 59, 999));
  });

  it('7 days is today and the 6 days before; 30 days today and the 29 before', () => {
    expect(presetRange('7d', now).start).toEqual(new Date(2026, 10, 16));
    expect(presetRange('30d', now).start).toEqual(new Date(2026, 9, 24));
    expect(presetRange('7d', now).end).toEqual(new Date(2026, 10, 22, 23, 59, 59, 999));
  });

  it('yesterday and today are whole local days; all has no bounds', () => {
    expect(presetRange('yesterday', now)).toEqual({
      start: new Date(2026, 10, 21),
      end: new Date(2026, 10, 21, 23, 59, 59, 999),
    });
    expect(presetRange('today', now).start).toEqual(new Date(2026, 10, 22));
    expect(presetRange('all', now)).toEqual({ start: null, end: null });
  });

  it('custom takes the picked dates in either order', () => {
    const r = presetRange('custom', now, [new Date(2026, 0, 9), new Date(2026, 0, 2)]);
    expect(r.start).toEqual(new Date(2026, 0, 2));
    expect(r.end).toEqual(new Date(2026, 0, 9, 23, 59, 59, 999));
  });
});

describe('useDateRange', () => {
  it('gives the picker its value and presets, and the range of the value picked', () => {
    const presets = ['all', '7d', 'custom'] as const;
    const { result } = renderHook(() => useDateRange(presets, { preset: 'all', custom: null }));
    expect(result.current.picker).toMatchObject({ preset: 'all', custom: null, presets });
    expect(result.current.range).toEqual({ start: null, end: null });

    const picked: [Date, Date] = [new Date(2026, 0, 9), new Date(2026, 0, 2)];
    act(() => result.current.picker.onChange('custom', picked));
    expect(result.current.picker).toMatchObject({ preset: 'custom', custom: picked });
    expect(result.current.range).toEqual({
      start: new Date(2026, 0, 2),
      end: new Date(2026, 0, 9, 23, 59, 59, 999),
    });
    expect(result.current.rangeNow()).toEqual(result.current.range);
  });

  it('keeps the range until the value changes, and rangeNow takes the clock when called', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(2026, 10, 22, 23, 59));
      const { result, rerender } = renderHook(() =>
        useDateRange(['today'], { preset: 'today', custom: null }),
      );
      const before = result.current.range;
      vi.setSystemTime(new Date(2026, 10, 23, 0, 1));
      rerender();
      expect(result.current.range).toBe(before);
      expect(result.current.rangeNow().start).toEqual(new Date(2026, 10, 23));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('useDebouncedQuery', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once, 1 s after the last change, and keeps only the latest answer', async () => {
    vi.useFakeTimers();
    const resolvers: Record<string, (v: string) => void> = {};
    const run = vi.fn(
      (key: string) =>
        new Promise<string | null>((resolve) => {
          resolvers[key] = resolve;
        }),
    );
    const { result, rerender } = renderHook(({ k }) => useDebouncedQuery(k, run, 1000), {
      initialProps: { k: 'a' },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    rerender({ k: 'b' }); // typed again before the second passed: 'a' is never asked
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(run).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenLastCalledWith('b');

    rerender({ k: 'c' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(run).toHaveBeenLastCalledWith('c');
    // 'c' answers first, then the stale 'b' arrives late: it must not replace 'c'.
    await act(async () => {
      resolvers.c('answer c');
    });
    await act(async () => {
      resolvers.b('answer b');
    });
    expect(result.current.data).toBe('answer c');
    expect(result.current.loading).toBe(false);
  });

  it('a failed answer sets error and keeps the previous data', async () => {
    vi.useFakeTimers();
    let answer: string | null = 'first';
    const run = vi.fn(async () => answer);
    const { result, rerender } = renderHook(({ k }) => useDebouncedQuery(k, run, 10), {
      initialProps: { k: 'a' },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(result.current.data).toBe('first');
    answer = null;
    rerender({ k: 'b' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(result.current.error).toBe(true);
    expect(result.current.data).toBe('first');
  });
});

describe('FormDialog', () => {
  it('shows the first message the submit answers, keeps the dialog open, and closes on success', async () => {
    const onClose = vi.fn();
    const onDone = vi.fn();
    let outcome: string | null = 'Amount must be a number!';
    render(
      <FormDialog
        open
        title="Create invoice"
        onSubmit={async () => outcome}
        onClose={onClose}
        onDone={onDone}
      >
        <input aria-label="Amount" />
      </FormDialog>,
    );
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Amount must be a number!')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    outcome = null;
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an error envelope shows its details message, or the fallback', async () => {
    render(
      <FormDialog
        open
        title="x"
        errorMessage="Failed to create an invoice!"
        onSubmit={async () => ({ status: 'error', data: 'SERVER_ERROR' })}
        onClose={() => {}}
      >
        <span />
      </FormDialog>,
    );
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Failed to create an invoice!')).toBeTruthy();
  });
});

describe('LeadTimeline', () => {
  const entry = (
    at: string,
    kind: LeadTimelineEntry['kind'],
    title: string,
    replay: number | null = null,
  ) => ({
    at,
    kind,
    title,
    detail: { request: { url: 'http://127.0.0.1/x' } },
    replayDeliveryID: replay,
  });

  it('orders entries by time, keeping the server order for the same moment', () => {
    const sorted = sortTimeline([
      entry('2026-01-01T10:00:02.000Z', 'status', 'b'),
      entry('2026-01-01T10:00:00.000Z', 'click', 'a'),
      entry('2026-01-01T10:00:02.000Z', 'ledger', 'c'),
    ]);
    expect(sorted.map((e) => e.title)).toEqual(['a', 'b', 'c']);
  });

  it('shows every entry with its details, and Replay only to the owner', async () => {
    const data = [
      entry('2026-01-01T10:00:05.000Z', 'postback', 'Postback delivered', 7),
      entry('2026-01-01T10:00:00.000Z', 'intake', 'Blocked: duplicate phone'),
    ];
    const load = async () => ({ status: 'ok' as const, data });
    const { unmount } = render(<LeadTimeline load={load} />);
    const items = await screen.findAllByTestId('timeline-entry');
    expect(items.map((n) => n.getAttribute('data-kind'))).toEqual(['intake', 'postback']);
    expect(screen.queryByTestId('timeline-replay')).toBeNull();
    unmount();

    const onReplay = vi.fn(async () => ({ status: 'ok' as const, data: null }));
    render(<LeadTimeline load={load} onReplay={onReplay} />);
    fireEvent.click(await screen.findByTestId('timeline-replay'));
    await waitFor(() => expect(screen.getByTestId('timeline-replay').textContent).toContain('Replay queued'));
    expect(onReplay).toHaveBeenCalledWith(7);
  });

  it('labels details for people: no raw keys, durations in ms, cents in $', async () => {
    const data = [
      {
        ...entry('2026-01-01T10:00:05.000Z', 'ledger', 'Charge'),
        detail: {
          durationMs: 12,
          responseStatus: 200,
          amountCents: 1250,
          uniqueIp: true,
          overridesCrm: false,
          device: 'phone',
        },
      },
    ];
    render(<LeadTimeline load={async () => ({ status: 'ok' as const, data })} />);
    const text = (await screen.findByTestId('timeline-entry')).textContent ?? '';
    const expected = [
      'Took12 ms',
      'HTTP status200',
      'Amount$12.50',
      'Unique IPYes',
      'Overrides crmNo',
      'DeviceMobile',
    ];
    for (const shown of expected) {
      expect(text).toContain(shown);
    }
    expect(text).not.toMatch(/durationMs|responseStatus|amountCents/);
  });

  it('after a replay looks again until its attempt shows, then offers Replay on the newest one', async () => {
    const first = [
      entry('2026-01-01T10:00:00.000Z', 'intake', 'Accepted'),
      entry('2026-01-01T10:00:05.000Z', 'postback', 'Postback "T" #1: 200', 7),
    ];
    const after = [
      { ...first[1], replayDeliveryID: null },
      first[0],
      entry('2026-01-01T10:05:00.000Z', 'postback', 'Postback "T" (replay) #1: 200', 7),
    ];
    const answers = [first, first, after];
    const load = vi.fn(async () => ({ status: 'ok' as const, data: answers.shift() ?? after }));
    const onReplay = vi.fn(async () => ({ status: 'ok' as const, data: null }));
    render(<LeadTimeline load={load} onReplay={onReplay} refresh={{ everyMs: 5, times: 5 }} />);
    fireEvent.click(await screen.findByTestId('timeline-replay'));
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(3));
    const buttons = screen.getAllByTestId('timeline-replay');
    expect(buttons).toHaveLength(1);
    expect(buttons[0].textContent).toBe('Replay');
    expect(screen.getAllByTestId('timeline-entry')[2].textContent).toContain('(replay)');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a refused replay says why and can be tried again', async () => {
    const data = [entry('2026-01-01T10:00:05.000Z', 'postback', 'Postback "T" #1: 404', 9)];
    const onReplay = vi.fn(async () => ({
      status: 'error' as const,
      data: 'FORBIDDEN' as const,
      details: { message: 'That belongs to another account' },
    }));
    render(<LeadTimeline load={async () => ({ status: 'ok' as const, data })} onReplay={onReplay} />);
    fireEvent.click(await screen.findByTestId('timeline-replay'));
    expect((await screen.findByTestId('timeline-replay-error')).textContent).toBe(
      'That belongs to another account',
    );
    expect(screen.getByTestId('timeline-replay').textContent).toBe('Try again');
  });
});

describe('RowActions', () => {
  it('shows the actions the row gets as named buttons, or folds them into one menu', async () => {
    const { RowActions } = await import('./RowActions.tsx');
    const edit = vi.fn();
    const actions = [
      { key: 'edit', label: 'Edit', onClick: edit },
      { key: 'delete', label: 'Delete', onClick: () => {}, show: false },
    ];
    const { unmount } = render(<RowActions actions={actions} compact={false} />);
    fireEvent.click(screen.getByTestId('row-edit'));
    expect(edit).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('row-delete')).toBeNull();
    unmount();
    render(<RowActions actions={actions} compact />);
    expect(screen.getByTestId('row-actions-menu').getAttribute('aria-label')).toBe('Actions');
    expect(screen.queryByTestId('row-edit')).toBeNull();
  });
});

describe('ListTable', () => {
  it("says 'Server timed out!' when the server was not reached, else the screen's own message", async () => {
    const { ListTable } = await import('./ListTable.tsx');
    const { useList } = await import('./use-list.ts');
    // biome-ignore lint/correctness/noComponentHookFactories: a throwaway screen per test, built around the imported kit
    function Screen({ code }: { code: 'SERVER_ERROR' | 'FORBIDDEN' }) {
      const controller = useList<{ ID: number }>(async () => ({ status: 'error', data: code }));
      return (
        <ListTable
          controller={controller}
          rowKey="ID"
          columns={[]}
          errorMessage="There was an error while getting users"
        />
      );
    }
    const { unmount } = render(<Screen code="SERVER_ERROR" />);
    expect((await screen.findByTestId('list-error')).textContent).toContain('Server timed out!');
    unmount();
    render(<Screen code="FORBIDDEN" />);
    expect((await screen.findByTestId('list-error')).textContent).toContain(
      'There was an error while getting users',
    );
  });

  it('says which filters are applied and clears them all at once', async () => {
    const { ListTable } = await import('./ListTable.tsx');
    const { useList } = await import('./use-list.ts');
    const seen: unknown[] = [];
    // biome-ignore lint/correctness/noComponentHookFactories: a throwaway screen per test, built around the imported kit
    function Screen() {
      const controller = useList<{ ID: number }>(
        async ({ filters }) => {
          seen.push(filters);
          return { status: 'ok', data: { DBData: [] } };
        },
        { initialFilters: [{ name: 'ID', op: 'eq', value: 7 }], debounceMs: 0 },
      );
      return (
        <ListTable
          controller={controller}
          rowKey="ID"
          columns={[]}
          filterFields={[{ name: 'ID', friendlyName: 'ID', type: 'number' }]}
        />
      );
    }
    render(<Screen />);
    expect(screen.getByTestId('filter-chip').textContent).toContain('ID equals 7');
    fireEvent.click(screen.getByTestId('filter-clear'));
    expect(await screen.findByTestId('filter-summary')).toBeTruthy();
    await waitFor(() => expect(seen.at(-1)).toEqual([]));
  });
});
