import type { FilterFieldSpec, FilterItem } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { EndMarker, FilterBar, type PageLoader, useInfiniteList } from '@leadmesh/ui';
import { Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ErrorRetry } from '../../lib/ui.tsx';

/**
 * A referral table with its filters and the spec's own states (dashboards §2 Referrals): empty
 * 'There are no referalls to show', error 'There was an error while getting data' with Retry.
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
