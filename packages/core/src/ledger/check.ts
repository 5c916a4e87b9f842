import type { Db } from '@leadmesh/db';
import { MONEY_BOUND_CENTS } from '@leadmesh/schema';
import { sql } from 'drizzle-orm';

/** Totals as exact decimal text (read as text from SQLite's 64-bit integers, never as JS numbers). */
export interface LedgerDrift {
  accountId: number;
  kind: string;
  owner: number;
  debitsPosted: string;
  debitsFromTransfers: string;
  creditsPosted: string;
  creditsFromTransfers: string;
}

const driftQuery = sql`
  select a.id as accountId, a.kind as kind, a.owner_id as owner,
         cast(a.debits_posted as text) as debitsPosted, cast(coalesce(d.total, 0) as text) as debitsFromTransfers,
         cast(a.credits_posted as text) as creditsPosted, cast(coalesce(c.total, 0) as text) as creditsFromTransfers
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
    accountId: Number(r.accountId),
    owner: Number(r.owner),
    debitsPosted: String(r.debitsPosted),
    debitsFromTransfers: String(r.debitsFromTransfers),
    creditsPosted: String(r.creditsPosted),
    creditsFromTransfers: String(r.creditsFromTransfers),
  }));
}

/** An account whose totals or balance left the safe range (decision 0031); exact decimal text. */
export interface LedgerOutOfRange {
  accountId: number;
  kind: string;
  owner: number;
  debitsPosted: string;
  creditsPosted: string;
  balance: string;
}

/**
 * Accounts outside the range the ledger keeps (none, when all is well): a total past the safe
 * integers, or an advertiser's or user's balance at or past ±MONEY_BOUND_CENTS. Compared in SQLite's
 * exact 64-bit integers.
 */
export async function findLedgerOutOfRange(db: Db): Promise<LedgerOutOfRange[]> {
  const rows = await db.all<LedgerOutOfRange>(sql`
    select id as accountId, kind, owner_id as owner, cast(debits_posted as text) as debitsPosted,
           cast(credits_posted as text) as creditsPosted, cast(credits_posted - debits_posted as text) as balance
    from ledger_accounts
    where typeof(debits_posted) <> 'integer' or typeof(credits_posted) <> 'integer'
       or debits_posted > ${Number.MAX_SAFE_INTEGER} or credits_posted > ${Number.MAX_SAFE_INTEGER}
       or debits_posted < 0 or credits_posted < 0
       or (kind not in ('outside', 'platform')
           and (credits_posted - debits_posted >= ${MONEY_BOUND_CENTS} or credits_posted - debits_posted <= ${-MONEY_BOUND_CENTS}))
    order by id`);
  return rows.map((r) => ({ ...r, accountId: Number(r.accountId), owner: Number(r.owner) }));
}

/** The sum of every account's balance, exact (BigInt); double entry keeps it at zero. */
export async function ledgerSumExact(db: Db): Promise<bigint> {
  const [row] = await db.all<{ total: string | null }>(
    sql`select cast(coalesce(sum(credits_posted - debits_posted), 0) as text) as total from ledger_accounts`,
  );
  return BigInt(row?.total ?? '0');
}

/** The sum of every account's balance; double entry keeps it at zero (exact; throws past the safe integers). */
export async function ledgerSum(db: Db): Promise<number> {
  const total = await ledgerSumExact(db);
  if (total > BigInt(Number.MAX_SAFE_INTEGER) || total < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`The sum of all balances is outside the safe integers: ${total}`);
  }
  return Number(total);
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
