import type { Db } from '@leadmesh/db';
import { sql } from 'drizzle-orm';

export interface LedgerDrift {
  accountId: number;
  kind: string;
  owner: number;
  debitsPosted: number;
  debitsFromTransfers: number;
  creditsPosted: number;
  creditsFromTransfers: number;
}

const driftQuery = sql`
  select a.id as accountId, a.kind as kind, a.owner_id as owner,
         a.debits_posted as debitsPosted, coalesce(d.total, 0) as debitsFromTransfers,
         a.credits_posted as creditsPosted, coalesce(c.total, 0) as creditsFromTransfers
  from ledger_accounts a
  left join (select debit_account_id as id, sum(amount_cents) as total from ledger_transfers group by debit_account_id) d on d.id = a.id
  left join (select credit_account_id as id, sum(amount_cents) as total from ledger_transfers group by credit_account_id) c on c.id = a.id
  where a.debits_posted <> coalesce(d.total, 0) or a.credits_posted <> coalesce(c.total, 0)
  order by a.id`;

/** Accounts whose running totals differ from the sums of their transfers (none, when all is well). */
export async function findLedgerDrift(db: Db): Promise<LedgerDrift[]> {
  const rows = await db.all<LedgerDrift>(driftQuery);
  return rows.map((r) => ({
    ...r,
    debitsPosted: Number(r.debitsPosted),
    debitsFromTransfers: Number(r.debitsFromTransfers),
    creditsPosted: Number(r.creditsPosted),
    creditsFromTransfers: Number(r.creditsFromTransfers),
  }));
}

/** The sum of every account's balance; double entry keeps it at zero. */
export async function ledgerSum(db: Db): Promise<number> {
  const [row] = await db.all<{ total: number | null }>(
    sql`select sum(credits_posted - debits_posted) as total from ledger_accounts`,
  );
  return Number(row?.total ?? 0);
}

/**
 * Rewrites every account's totals from its transfers, in one transaction. The bulk seed uses it
 * after writing transfers directly; `npm run ledger:check -- --fix` after reporting drift.
 */
export async function recomputeLedgerTotals(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(sql`update ledger_accounts set
      debits_posted = coalesce((select sum(amount_cents) from ledger_transfers where debit_account_id = ledger_accounts.id), 0),
      credits_posted = coalesce((select sum(amount_cents) from ledger_transfers where credit_account_id = ledger_accounts.id), 0)`);
  });
}
