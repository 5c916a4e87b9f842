import { createDb } from '@leadmesh/db';
import { findLedgerDrift, ledgerSum, recomputeLedgerTotals } from './check.ts';

/**
 * `npm run ledger:check [-- --fix]`: compares every account's running totals with the sums of its
 * transfers and the sum of all balances with zero. Exits 1 on drift; `--fix` rewrites the
 * totals from the transfers (the transfers are the truth) and checks again.
 */
const fix = process.argv.includes('--fix');
const handle = await createDb({
  url: process.env.DATABASE_URL ?? 'file:data/leadmesh.db',
  authToken: process.env.DATABASE_AUTH_TOKEN,
});
try {
  let drift = await findLedgerDrift(handle.db);
  for (const d of drift) {
    console.log(
      `drift: account ${d.accountId} (${d.kind} ${d.owner}): debits ${d.debitsPosted} vs ${d.debitsFromTransfers}, credits ${d.creditsPosted} vs ${d.creditsFromTransfers}`,
    );
  }
  if (drift.length && fix) {
    await recomputeLedgerTotals(handle.db);
    drift = await findLedgerDrift(handle.db);
    console.log(`totals rewritten from the transfers; ${drift.length} account(s) still drift`);
  }
  const sum = await ledgerSum(handle.db);
  console.log(`${drift.length} account(s) drift; sum of all balances ${sum} (must be 0)`);
  process.exitCode = drift.length || sum !== 0 ? 1 : 0;
} finally {
  handle.close();
}
