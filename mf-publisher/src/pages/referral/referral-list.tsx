import type { ListDecl } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { formatDay, type ListColumn, ListTable, NotVerified, type PageLoader, useList } from '@leadmesh/ui';
import { Alert } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { periodFilters, periodLink } from '../../lib/answers.ts';
import { Panel } from '../../lib/ui.tsx';

type Side = 'publisher' | 'advertiser';

/** Each side's referral list, by its title (also the period note's link to it). */
const EARNINGS_FROM: Record<Side, string> = {
  publisher: 'Earnings from referred publishers',
  advertiser: 'Earnings from referred advertisers',
};

/** What one side's referral list shows and how it loads. */
export interface ReferralListSpec<T extends object> {
  /** Which referrals the list shows: the period note links to the other side's. */
  side: Side;
  columns: ListColumn<T>[];
  rowKey: (row: T) => string;
  load: PageLoader<T>;
  list: ListDecl;
  /** False for a call that answers every row at once. */
  paged?: boolean;
}

/** A referral screen: one side's list in its panel (`referral-<side>s`, list `referral-<side>s-list`). */
export function ReferralScreen<T extends object>({ spec }: { spec: ReferralListSpec<T> }) {
  return (
    <Panel title={EARNINGS_FROM[spec.side]} testId={`referral-${spec.side}s`}>
      <ReferralList<T> {...spec} testId={`referral-${spec.side}s-list`} />
    </Panel>
  );
}

/**
 * A referral table with its search, filters and the spec's own states (dashboards §2 Referrals):
 * empty 'There are no referalls to show', error 'There was an error while getting data' with
 * Retry, and 'Your account has not been verified' when the server refuses an unverified account.
 */
function ReferralList<T extends object>({
  columns,
  rowKey,
  load,
  list,
  paged = true,
  testId,
  side,
}: ReferralListSpec<T> & { testId: string }) {
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
function PeriodNote({ period, other }: { period: { from: string; to: string }; other: Side }) {
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
          {EARNINGS_FROM[other]} in the same days
        </Link>
      }
    />
  );
}
