import type { ListDecl } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { formatDay, type ListColumn, ListTable, NotVerified, type PageLoader, useList } from '@leadmesh/ui';
import { Alert } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { periodFilters, periodLink } from '../../lib/answers.ts';

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
  side,
}: {
  columns: ListColumn<T>[];
  rowKey: (row: T) => string;
  load: PageLoader<T>;
  list: ListDecl;
  /** False for a call that answers every row at once. */
  paged?: boolean;
  testId: string;
  /** Which referrals the list shows: the period note links to the other side's. */
  side: 'publisher' | 'advertiser';
}) {
  // A bar of the overview's earnings chart opens the list on its period (`?from=…&to=…`).
  const [search] = useSearchParams();
  const period = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  const initialFilters = periodFilters(period.from, period.to);
  const controller = useList(load, { paged, initialFilters });
  // The shell shows the notice before the screen for a session it knows is unverified; this is the
  // server saying so (the session changed since), shown the same way (decision 0018).
  if (controller.list.errorCode === 'NOT_VERIFIED') return <NotVerified />;
  return (
    <>
      {initialFilters.length > 0 && (
        <PeriodNote period={period} other={side === 'publisher' ? 'advertiser' : 'publisher'} />
      )}
      <ListTable<T>
        controller={controller}
        testId={testId}
        columns={columns}
        rowKey={rowKey}
        list={list}
        errorMessage={MESSAGES.errorGettingData}
        emptyText={MESSAGES.noReferrals}
      />
    </>
  );
}

/**
 * The period a chart bar opened the list on. The overview's bar sums both sides' earnings, so the
 * note links to the other side's list for the same days.
 */
function PeriodNote({
  period,
  other,
}: {
  period: { from: string; to: string };
  other: 'publisher' | 'advertiser';
}) {
  const days =
    period.from === period.to
      ? formatDay(period.from)
      : `${formatDay(period.from)} – ${formatDay(period.to)}`;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="referral-period"
      style={{ marginBottom: 12 }}
      title={`Earned ${period.from === period.to ? 'on' : 'from'} ${days} (UTC), as the overview's chart counts it.`}
      description={
        <Link to={periodLink(other, period)} data-testid="referral-period-other">
          {other === 'advertiser'
            ? 'Earnings from referred advertisers'
            : 'Earnings from referred publishers'}{' '}
          in the same days
        </Link>
      }
    />
  );
}
