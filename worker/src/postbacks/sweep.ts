import type { DbOrTx } from '@leadmesh/db';
import { POSTBACK_RETRY_DELAYS_MS } from '@leadmesh/net';
import { sql } from 'drizzle-orm';

/**
 * The wait before the next attempt of a delivery that has made `attempts` attempts, in SQL: the
 * schedule of `nextDelay` (0 before the first, 5 s before the second, ...). Past the schedule 0, so
 * the handler sees the row and marks it failed.
 */
const scheduledWait = sql.raw(
  `case d.attempts ${POSTBACK_RETRY_DELAYS_MS.map((ms, n) => `when ${n} then ${ms}`).join(' ')} else 0 end`,
);

/**
 * Pending deliveries whose next attempt should have started before `cutoffMs`: the last attempt's
 * time (or the row's creation) plus the scheduled wait. Their job was lost (Redis was away when it
 * was asked for, or lost it). Oldest first, at most `limit`; a receiver's longer Retry-After is not
 * known here, so such a retry may come early, never late. Delivered and failed rows are final and
 * never returned, nor rows of a disabled postback (they wait for its re-enable, decision 0037). Re-enqueuing a job that still exists is a no-op (same business key). `afterId`
 * pages on: deliveries parked in their receiver's lane (decision 0035) look overdue too, and
 * would otherwise fill every page. The URL and event name the lane, so a parked one stays parked
 * (one Lua call) instead of cycling through the queue.
 */
export async function duePostbackDeliveries(
  db: DbOrTx,
  cutoffMs: number,
  limit: number,
  afterId = 0,
): Promise<{ ID: number; Attempts: number; URL: string; Event: string }[]> {
  return db.all<{ ID: number; Attempts: number; URL: string; Event: string }>(sql`
    select d.id as "ID", d.attempts as "Attempts", d.url as "URL", d.event as "Event"
    from postback_deliveries d
    where d.state = 'pending'
      and d.id > ${afterId}
      and not exists (select 1 from postbacks p where p.id = d.postback_id and p.disabled_at is not null)
      and coalesce(
            (select max(a.created_at) from postback_attempts a where a.delivery_id = d.id),
            d.created_at
          ) + (${scheduledWait}) < ${cutoffMs}
    order by d.id
    limit ${limit}`);
}
