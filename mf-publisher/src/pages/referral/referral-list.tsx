import type { FilterFieldSpec, FilterItem } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { EndMarker, FilterBar, NotVerified, type PageLoader, useInfiniteList } from '@leadmesh/ui';
import { Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ErrorRetry } from '../../lib/ui.tsx';

/**
 * A referral table with its filters and the spec's own states (dashboards §2 Referrals): empty
 * 'There are no referalls to show', error 'There was an error while getting data' with Retry, and
 * 'Your account has not been verified' when the server refuses an unverified account.
 */
export function ReferralList<T extends object>({
  columns,
  rowKey,
  load,
  fields,
  testId,
}: {
  columns: TableColumnsType<T>;
  rowKey: (row: T) => string;
  load: PageLoader<T>;
  fields: readonly FilterFieldSpec[];
  testId: string;
}) {
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const list = useInfiniteList(load, filters);
  // The shell shows the notice before the screen for a session it knows is unverified; this is the
  // server saying so (the session changed since), shown the same way (decision 0018).
  if (list.errorCode === 'NOT_VERIFIED') return <NotVerified />;
  return (
    <div data-testid={testId}>
      <FilterBar fields={fields} value={filters} onChange={setFilters} />
      {list.error ? (
        <ErrorRetry message={MESSAGES.errorGettingData} onRetry={list.reload} testId="referral-error" />
      ) : (
        <Table<T>
          columns={columns}
          dataSource={list.rows}
          rowKey={rowKey}
          pagination={false}
          loading={list.loading && list.rows.length === 0}
          locale={{ emptyText: <Empty data-testid="referral-empty" description={MESSAGES.noReferrals} /> }}
        />
      )}
      {!list.ended && list.rows.length > 0 && <EndMarker onVisible={list.loadMore} />}
    </div>
  );
}
