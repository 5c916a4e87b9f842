import { createDb } from '@leadmesh/db';
import { findLedgerDrift, findLedgerOutOfRange, ledgerSumExact, recomputeLedgerTotals } from './check.ts';

/**
 * `npm run ledger:check [-- --fix]`: compares every account's running totals with the sums of its
 * transfers and the sum of all balances with zero, and flags totals outside the safe range
 * (decision 0031). Exits 1 on drift or a total out of range; `--fix` rewrites the
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
  // Totals past the safe integers, or a balance at or past the money bound (decision 0031).
  const outside = await findLedgerOutOfRange(handle.db);
  for (const o of outside) {
    console.log(
      `out of range: account ${o.accountId} (${o.kind} ${o.owner}): debits ${o.debitsPosted}, credits ${o.creditsPosted}, balance ${o.balance}`,
    );
  }
  const sum = await ledgerSumExact(handle.db);
  console.log(
    `${drift.length} account(s) drift; ${outside.length} account(s) out of range; sum of all balances ${sum} (must be 0)`,
  );
  process.exitCode = drift.length || outside.length || sum !== 0n ? 1 : 0;
} finally {
  handle.close();
}
