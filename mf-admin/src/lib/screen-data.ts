import { api } from '@leadmesh/api-client';
import type { CallPath, Envelope, FilterItem, RequestOf, ResponseOf } from '@leadmesh/schema';
import { useSessionStore } from '@leadmesh/session';
import { useSearchParams } from 'react-router-dom';

// The screens' data helpers, without antd: the first lead rows use them before antd has loaded
// (decision 0064).

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
