import type { ListDecl } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { type ListColumn, ListTable, NotVerified, type PageLoader, useList } from '@leadmesh/ui';

/**
 * A referral table with its search, filters and the spec's own states (dashboards §2 Referrals):
 * empty 'There are no referalls to show', error 'There was an error while getting data' with
 * Retry, and 'Your account has not been verified' when the server refuses an unverified account.
 */
export function ReferralList<T extends object>({
  columns,
  rowKey,
  load,
  list,
  paged = true,
  testId,
}: {
  columns: ListColumn<T>[];
  rowKey: (row: T) => string;
  load: PageLoader<T>;
  list: ListDecl;
  /** False for a call that answers every row at once. */
  paged?: boolean;
  testId: string;
}) {
  const controller = useList(load, { paged });
  // The shell shows the notice before the screen for a session it knows is unverified; this is the
  // server saying so (the session changed since), shown the same way (decision 0018).
  if (controller.list.errorCode === 'NOT_VERIFIED') return <NotVerified />;
  return (
    <ListTable<T>
      controller={controller}
      testId={testId}
      columns={columns}
      rowKey={rowKey}
      list={list}
      errorMessage={MESSAGES.errorGettingData}
      emptyText={MESSAGES.noReferrals}
    />
  );
}
