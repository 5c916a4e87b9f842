import type { Envelope, FilterItem } from '@leadmesh/schema';
import { DELAYS, PAGE_SIZE } from '@leadmesh/schema/constants';
import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

/** Loads one page: an envelope of `{ DBData: rows }` (the list answers) or of a bare array. */
export type PageLoader<T> = (args: {
  offset: number;
  filters: FilterItem[];
}) => Promise<Envelope<{ DBData: T[] }> | Envelope<T[]>>;

export interface InfiniteListState<T> {
  rows: T[];
  /** Offset of the next page; -1 once paging has ended (dashboards §4 Pagination). */
  offset: number;
  loading: boolean;
  /** The first page failed. */
  error: boolean;
  /** The error code of the failed first page (`SERVER_ERROR` when the server was not reached). */
  errorCode: string | null;
  ended: boolean;
  loadMore(): void;
  reload(): void;
  /** Replaces the rows `match` picks with `next` (the record fetched again after an edit). */
  updateRow(match: (row: T) => boolean, next: T): void;
  /** Drops the rows `match` picks (after a delete), without reloading the list. */
  removeRow(match: (row: T) => boolean): void;
}

function rowsOf<T>(data: { DBData: T[] } | T[]): T[] {
  return Array.isArray(data) ? data : (data?.DBData ?? []);
}

/**
 * List state in one hook: the first page on mount; a filter change reloads from the start after a
 * 400 ms debounce (stale answers are dropped); `loadMore` asks for the next page, whose offset grows
 * by the rows received. A first page shorter than 20, or an empty or failed page, ends paging;
 * `paged: false` reads a call that answers everything at once (one request).
 */
export function useInfiniteList<T>(
  load: PageLoader<T>,
  filters: FilterItem[],
  options: { pageSize?: number; debounceMs?: number; paged?: boolean } = {},
): InfiniteListState<T> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const paged = options.paged ?? true;
  const debounceMs = options.debounceMs ?? DELAYS.filterDebounceMs;
  const [rows, setRows] = useState<T[]>([]);
  const [offset, setOffset] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const generation = useRef(0);
  const busy = useRef(false);
  const state = useRef({ offset: 0, filters });
  const loadRef = useRef(load);
  loadRef.current = load;

  const fetchPage = useCallback(
    async (from: number) => {
      const gen = generation.current;
      busy.current = true;
      setLoading(true);
      const answer = await loadRef.current({ offset: from, filters: state.current.filters });
      if (gen !== generation.current) return; // a newer reload started: drop this answer
      busy.current = false;
      setLoading(false);
      if (answer.status !== 'ok') {
        if (from === 0) {
          setError(true);
          setErrorCode(String(answer.data));
        }
        state.current.offset = -1;
        setOffset(-1);
        return;
      }
      const page = rowsOf(answer.data as { DBData: T[] } | T[]);
      setRows((previous) => (from === 0 ? page : [...previous, ...page]));
      const next = offsetAfter(from, page.length, { paged, pageSize });
      state.current.offset = next;
      setOffset(next);
    },
    [pageSize, paged],
  );

  const reload = useCallback(() => {
    generation.current += 1;
    busy.current = false;
    state.current.offset = 0;
    setError(false);
    setErrorCode(null);
    setOffset(0);
    void fetchPage(0);
  }, [fetchPage]);

  useReloadOnFilters(filters, debounceMs, reload, { state, generation });

  const loadMore = useCallback(() => {
    if (busy.current || state.current.offset <= 0) return;
    void fetchPage(state.current.offset);
  }, [fetchPage]);

  const { updateRow, removeRow } = useRowEdits(setRows);

  return {
    rows,
    offset,
    loading,
    error,
    errorCode,
    ended: offset === -1,
    loadMore,
    reload,
    updateRow,
    removeRow,
  };
}

/**
 * The offset of the page after one of `received` rows asked at `from`, or -1 when paging ends:
 * an empty page, a short first page, or a call that answers everything at once has no next page.
 */
function offsetAfter(
  from: number,
  received: number,
  { paged, pageSize }: { paged: boolean; pageSize: number },
) {
  const ended = !paged || received === 0 || (from === 0 && received < pageSize);
  return ended ? -1 : from + received;
}

/** Loads the first page on mount, and again `debounceMs` after the filters last changed. */
function useReloadOnFilters(
  filters: FilterItem[],
  debounceMs: number,
  reload: () => void,
  {
    state,
    generation,
  }: { state: RefObject<{ offset: number; filters: FilterItem[] }>; generation: RefObject<number> },
) {
  const filtersKey = JSON.stringify(filters);
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    state.current.filters = JSON.parse(filtersKey) as FilterItem[];
    if (lastKey.current === null) {
      lastKey.current = filtersKey;
      reload();
      return;
    }
    if (lastKey.current === filtersKey) return; // effect re-run without a change (StrictMode)
    lastKey.current = filtersKey;
    generation.current += 1; // answers of the old filters are stale from now on
    const timer = setTimeout(reload, debounceMs);
    return () => clearTimeout(timer);
  }, [filtersKey, debounceMs, reload, state, generation]);
}

/** Changes to the loaded rows that need no reload: one record fetched again, or rows deleted. */
function useRowEdits<T>(setRows: Dispatch<SetStateAction<T[]>>) {
  const updateRow = useCallback(
    (match: (row: T) => boolean, next: T) => {
      setRows((previous) => previous.map((row) => (match(row) ? next : row)));
    },
    [setRows],
  );
  const removeRow = useCallback(
    (match: (row: T) => boolean) => {
      setRows((previous) => previous.filter((row) => !match(row)));
    },
    [setRows],
  );
  return { updateRow, removeRow };
}
