import type { DbOrTx } from '@leadmesh/db';
import { balanceChanges } from '@leadmesh/schema/tables';
import { eq, sql } from 'drizzle-orm';

/** An advertiser's credit balance in cents: the sum of its append-only ledger (balance_changes_total_idx covers it). */
export async function advertiserCreditCents(db: DbOrTx, advertiserId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${balanceChanges.Amount}), 0)` })
    .from(balanceChanges)
    .where(eq(balanceChanges.BoundAdvertiser, advertiserId));
  return Number(row?.total ?? 0);
}
