import type { Db } from '@leadmesh/db';
import { sql } from 'drizzle-orm';

/** Raw clicks older than this many days are rolled up and deleted (a landing's click lives 45). */
export const DEFAULT_CLICK_RETENTION_DAYS = 90;
/** Clicks folded per transaction: short write locks, so intake and tracking keep going. */
export const CLICK_RETENTION_BATCH = 5_000;
const DAY_MS = 86_400_000;

/**
 * Clicks retention: raw clicks older than `days` are added to `click_daily_stats` (per UTC day,
 * taken offer and country: clicks, unique IPs, phone clicks) and deleted, a batch per transaction,
 * so a crash in between never counts a click twice or loses it. Oldest first by id (ids follow
 * insertion, so the scan stops at the first young click instead of reading the whole table).
 * Answers how many clicks were folded.
 */
export async function foldOldClicks(
  db: Db,
  options: { now: number; days?: number; batch?: number },
): Promise<number> {
  const days = options.days ?? DEFAULT_CLICK_RETENTION_DAYS;
  if (days < 46) throw new Error('clicks must be kept longer than a landing click lives (45 days)');
  const cutoff = options.now - days * DAY_MS;
  const batch = options.batch ?? CLICK_RETENTION_BATCH;
  // Inlined, so SQLite divides integers (a bound number may arrive as a real).
  const DAY = sql.raw(String(DAY_MS));
  let folded = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx.all<{ id: number; created_at: number }>(
        sql`select id, created_at from clicks order by id limit ${batch}`,
      );
      let last = 0;
      for (const row of rows) {
        if (Number(row.created_at) >= cutoff) break;
        last = Number(row.id);
      }
      if (last === 0) return 0;
      await tx.run(sql`insert into click_daily_stats
          (day, taken_offer_id, user_id, offer_id, country_code, clicks, unique_ips, phone_clicks)
        select (created_at / ${DAY}) * ${DAY}, taken_offer_id, max(user_id), max(offer_id),
          coalesce(country_code, ''), count(*), sum(is_unique_ip), sum(is_phone)
        from clicks where id <= ${last} and created_at < ${cutoff}
        group by 1, 2, 5
        on conflict (day, taken_offer_id, country_code) do update set
          clicks = clicks + excluded.clicks,
          unique_ips = unique_ips + excluded.unique_ips,
          phone_clicks = phone_clicks + excluded.phone_clicks`);
      const deleted = await tx.run(sql`delete from clicks where id <= ${last} and created_at < ${cutoff}`);
      return Number(deleted.rowsAffected ?? 0);
    });
    folded += done;
    if (done < batch) return folded;
  }
}
