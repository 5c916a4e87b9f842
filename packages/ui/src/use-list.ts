import type { FilterItem } from '@leadmesh/schema';
import { SEARCH_FILTER } from '@leadmesh/schema/constants';
import { useMemo, useState } from 'react';
import { type InfiniteListState, type PageLoader, useInfiniteList } from './use-infinite-list.ts';

// The list's data alone, without antd: a first screen drawn before antd (decision 0064) holds it
// and hands it to the ListTable that takes over, so the rows are not fetched twice.

/** A list with its filters and search: what a screen holds to edit or drop rows after an action. */
export interface ListController<T> {
  /** The filters the user applied (the chips). */
  filters: FilterItem[];
  setFilters(filters: FilterItem[]): void;
  /** The search box's text. */
  search: string;
  setSearch(text: string): void;
  /** What the list is asked for: the filters plus the search (an export of "the list" sends this). */
  query: FilterItem[];
  list: InfiniteListState<T>;
}

export interface UseListOptions {
  /** Filters applied from the start (e.g. the `?ID=` of the URL). */
  initialFilters?: FilterItem[];
  pageSize?: number;
  debounceMs?: number;
  /** The call answers everything at once (no offset): one request, no paging. */
  paged?: boolean;
}

/**
 * The one data hook of every list: the filters (from `initialFilters`), the search box's text
 * and the infinite list they feed. A filter change or a search reloads from the start after the
 * 400 ms debounce; stale answers are dropped. The screen keeps it, so an edit can put the record it
 * fetched again into its row (`list.updateRow`).
 */
export function useList<T>(load: PageLoader<T>, options: UseListOptions = {}): ListController<T> {
  const [filters, setFilters] = useState<FilterItem[]>(options.initialFilters ?? []);
  const [search, setSearch] = useState('');
  const query = useMemo(() => {
    const text = search.trim();
    return text ? [...filters, { name: SEARCH_FILTER, op: 'contains', value: text }] : filters;
  }, [filters, search]);
  const list = useInfiniteList(load, query, options);
  return { filters, setFilters, search, setSearch, query, list };
}

/** @deprecated `useList(load, { initialFilters })`; kept for screens not yet moved. */
export function useListController<T>(
  load: PageLoader<T>,
  initialFilters: FilterItem[] = [],
  options?: Omit<UseListOptions, 'initialFilters'>,
): ListController<T> {
  return useList(load, { ...options, initialFilters });
}
