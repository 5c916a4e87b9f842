import type { DbOrTx } from '@leadmesh/db';
import { LEAD_STATUS } from '@leadmesh/schema';
import { type LeadRow, leadDailyStats } from '@leadmesh/schema/tables';
import { sql } from 'drizzle-orm';

/** The rollup property of each lead status (see `STATUS_COLUMNS` for the SQL names). */
const STATUS_FIELDS = {
  [-2]: 'SRetrying',
  [-1]: 'SProcessing',
  0: 'SWaiting',
  1: 'SInProgress',
  2: 'SConfirmed',
  3: 'SRejected',
  4: 'SBad',
  5: 'SCrmError',
  6: 'SHandover',
} as const satisfies Record<number, keyof typeof leadDailyStats.$inferInsert>;
type StatusField = (typeof STATUS_FIELDS)[keyof typeof STATUS_FIELDS];

/** The columns of a rollup row's unique key: one row per day, publisher, advertiser, offer, place and device. */
const ROLLUP_KEY_COLUMNS = [
  leadDailyStats.Day,
  leadDailyStats.UserID,
  leadDailyStats.AdvertiserID,
  leadDailyStats.OfferID,
  leadDailyStats.CountryCode,
  leadDailyStats.City,
  leadDailyStats.Domain,
  leadDailyStats.IsPhone,
];

/** SQL of the dashboards' buckets over rollup rows: converted (2), failed (3, 4, 5), waiting (the rest). */
export const BUCKET_SQL = {
  converted: sql<number>`sum(s_confirmed)`,
  failed: sql<number>`sum(s_rejected + s_bad + s_crm_error)`,
  waiting: sql<number>`sum(s_retrying + s_processing + s_waiting + s_in_progress + s_handover)`,
};

/** The UTC day a lead counts on. */
export const statsDay = (at: Date) => at.toISOString().slice(0, 10);

type Counted = Pick<
  LeadRow,
  | 'Status'
  | 'createdAt'
  | 'BoundUser'
  | 'BoundAdvertiser'
  | 'BoundOffer'
  | 'CountryCode'
  | 'City'
  | 'PurchaseDomain'
  | 'PurchaseIsPhone'
  | 'FirstFromIP'
  | 'EarnedAmount'
  | 'LeadPrice'
>;

/**
 * Adds a lead's contribution to its day's rollup row (sign 1), or takes it away (sign -1), in the
 * caller's transaction. A status change takes the old contribution away and adds the new one.
 */
export async function countLead(tx: DbOrTx, lead: Counted, sign: 1 | -1): Promise<void> {
  const converted = lead.Status === LEAD_STATUS.CONFIRMED;
  const field: StatusField | undefined = STATUS_FIELDS[lead.Status as keyof typeof STATUS_FIELDS];
  if (!field) throw new Error(`Lead ${lead.Status} is not a status the rollups count`);
  const row = {
    ...rollupKey(lead),
    Total: sign,
    [field]: sign,
    UniqueIPs: lead.FirstFromIP ? sign : 0,
    Earned: converted ? sign * lead.EarnedAmount : 0,
    Spent: converted ? sign * lead.LeadPrice : 0,
  };
  await tx
    .insert(leadDailyStats)
    .values(row)
    .onConflictDoUpdate({
      target: ROLLUP_KEY_COLUMNS,
      set: {
        Total: sql`${leadDailyStats.Total} + excluded.total`,
        [field]: sql`${leadDailyStats[field]} + ${sign}`,
        UniqueIPs: sql`${leadDailyStats.UniqueIPs} + excluded.unique_ips`,
        Earned: sql`${leadDailyStats.Earned} + excluded.earned_cents`,
        Spent: sql`${leadDailyStats.Spent} + excluded.spent_cents`,
      },
    });
}

/** The rollup key of a lead: its day, publisher, advertiser, offer, country, city, domain and device. */
function rollupKey(lead: Counted) {
  return {
    Day: statsDay(lead.createdAt),
    UserID: lead.BoundUser,
    AdvertiserID: lead.BoundAdvertiser,
    OfferID: lead.BoundOffer,
    CountryCode: lead.CountryCode ?? '',
    City: lead.City ?? '',
    Domain: lead.PurchaseDomain ?? '',
    IsPhone: lead.PurchaseIsPhone ? 1 : 0,
  };
}

/**
 * `countLead(-1)` then `countLead(+1)` for many status moves at once: a lead keeps its rollup
 * row (its day, publisher, offer... do not change), so only the status columns, and the money
 * of a move in or out of confirmed, change. The moves are summed per rollup row and written in
 * one statement (status changes, docs/decisions/0073-one-status-path.md).
 */
export async function moveLeadCounts(
  tx: DbOrTx,
  moves: readonly { lead: Counted; to: number }[],
): Promise<void> {
  type Delta = ReturnType<typeof rollupKey> & Partial<Record<StatusField | 'Earned' | 'Spent', number>>;
  const rows = new Map<string, Delta>();
  for (const { lead, to } of moves) {
    if (lead.Status === to) continue;
    const from = STATUS_FIELDS[lead.Status as keyof typeof STATUS_FIELDS];
    const into = STATUS_FIELDS[to as keyof typeof STATUS_FIELDS];
    if (!from || !into) throw new Error(`Lead ${lead.Status} → ${to} is not a move the rollups count`);
    const key = rollupKey(lead);
    const id = JSON.stringify(key);
    const row: Delta = rows.get(id) ?? key;
    row[from] = (row[from] ?? 0) - 1;
    row[into] = (row[into] ?? 0) + 1;
    const confirmed =
      (to === LEAD_STATUS.CONFIRMED ? 1 : 0) - (lead.Status === LEAD_STATUS.CONFIRMED ? 1 : 0);
    if (confirmed !== 0) {
      row.Earned = (row.Earned ?? 0) + confirmed * lead.EarnedAmount;
      row.Spent = (row.Spent ?? 0) + confirmed * lead.LeadPrice;
    }
    rows.set(id, row);
  }
  if (rows.size === 0) return;
  const fields = [...Object.values(STATUS_FIELDS), 'Earned', 'Spent'] as const;
  const values = [...rows.values()].map((row) => ({
    ...row,
    ...Object.fromEntries(fields.map((f) => [f, row[f] ?? 0])),
  }));
  await tx
    .insert(leadDailyStats)
    .values(values)
    .onConflictDoUpdate({
      target: ROLLUP_KEY_COLUMNS,
      set: Object.fromEntries(
        fields.map((f) => [f, sql.raw(`${leadDailyStats[f].name} + excluded.${leadDailyStats[f].name}`)]),
      ),
    });
}

/**
 * Rebuilds every rollup row from the leads, set-wise (the bulk seed; a repair after a bug). The
 * same buckets as `countLead`.
 */
export async function rebuildDailyStats(tx: DbOrTx): Promise<void> {
  await tx.run(sql`delete from lead_daily_stats`);
  await tx.run(sql`insert into lead_daily_stats
    (day, user_id, advertiser_id, offer_id, country_code, city, domain, is_phone, total,
     s_retrying, s_processing, s_waiting, s_in_progress, s_confirmed, s_rejected, s_bad, s_crm_error, s_handover,
     unique_ips, earned_cents, spent_cents)
    select strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), user_id, advertiser_id, offer_id,
      coalesce(country_code, ''), coalesce(city, ''), coalesce(purchase_domain, ''), purchase_is_phone, count(*),
      sum(status = -2), sum(status = -1), sum(status = 0), sum(status = 1), sum(status = 2), sum(status = 3),
      sum(status = 4), sum(status = 5), sum(status = 6), sum(first_from_ip),
      sum(case when status = 2 then earned_cents else 0 end), sum(case when status = 2 then price_cents else 0 end)
    from leads group by 1, 2, 3, 4, 5, 6, 7, 8`);
}
