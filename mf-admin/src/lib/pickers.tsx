import type { FilterItem, OfferSummary } from '@leadmesh/schema';
import { SearchSelect } from '@leadmesh/ui';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { api } from './screen.tsx';

/**
 * A user picker that searches the users list by username as one types (the list has thousands of
 * users, so the options come from the server, not from a full download).
 */
export function UserPicker({
  value,
  onChange,
  testId = 'user-picker',
  placeholder = 'Search a username',
  filters = [],
  style,
}: {
  value: number | null;
  onChange(id: number | null): void;
  testId?: string;
  placeholder?: string;
  /** Narrows the users offered (e.g. publishers only), beside the typed name. */
  filters?: FilterItem[];
  style?: CSSProperties;
}) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [search, setSearch] = useState('');
  const ticket = useRef(0);
  // The same filters as a stable value, so a new array each render does not search again.
  const key = JSON.stringify(filters);
  const narrowing = useMemo(() => JSON.parse(key) as FilterItem[], [key]);
  useEffect(() => {
    const mine = ++ticket.current;
    const timer = setTimeout(async () => {
      const a = await api.call('/users/getAllUsers', {
        paginationOffset: 0,
        limit: 50,
        Filters: [
          ...(search.trim() ? [{ name: 'Username', op: 'contains', value: search.trim() }] : []),
          ...narrowing,
        ],
      });
      if (mine !== ticket.current || a.status !== 'ok') return;
      setOptions(a.data.DBData.map((u) => ({ value: u.ID, label: `${u.Username} (#${u.ID})` })));
    }, 250);
    return () => clearTimeout(timer);
  }, [search, narrowing]);
  return (
    <SearchSelect
      data-testid={testId}
      value={value ?? undefined}
      placeholder={placeholder}
      allowClear
      onSearch={setSearch}
      onChange={(v) => onChange(v === undefined || v === null ? null : Number(v))}
      options={options}
      style={style ?? { width: '100%' }}
    />
  );
}

/** Every offer's name, product, tax and payout (`/offers/getAllOfferNames`), loaded once per mount. */
export function useOfferNames(): OfferSummary[] | null {
  const [offers, setOffers] = useState<OfferSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    void api.call('/offers/getAllOfferNames', {}).then((a) => {
      if (live) setOffers(a.status === 'ok' ? a.data : []);
    });
    return () => {
      live = false;
    };
  }, []);
  return offers;
}
