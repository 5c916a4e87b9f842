/**
 * `npm run drill`: every fault drill of scripts/lib/drill.ts against DRILL_LEADS leads (default
 * 5,000); `npm run drill -- worker-kill crm-outage` runs the ones named. Prints one line per drill
 * and exits non-zero when a check failed. Only ever 127.0.0.1, with a redis-server of its own.
 */
import { DRILLS, type DrillName, type DrillResult, runDrill } from './lib/drill.ts';

const leads = Number(process.env.DRILL_LEADS ?? 5_000);
const outageMs = Number(process.env.DRILL_OUTAGE_MS ?? 30_000);
const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = named.filter((n) => !DRILLS.includes(n as DrillName));
if (unknown.length) {
  console.error(`unknown drill(s): ${unknown.join(', ')}; known: ${DRILLS.join(', ')}`);
  process.exit(2);
}
const chosen = (named.length ? named : DRILLS) as DrillName[];
const results: DrillResult[] = [];
for (const drill of chosen) {
  console.log(`\n=== ${drill}: ${leads} leads`);
  try {
    const result = await runDrill(drill, { leads, outageMs, log: console.log });
    for (const note of result.notes) console.log(`  ${note}`);
    results.push(result);
    console.log(
      `${result.ok ? 'ok    ' : 'FAILED'} ${drill}: ${result.accepted}/${result.leads} accepted; at the CRM: ${result.duplicated} twice, ${result.missing} missing, ${result.unknownAtCrm} unknown; ledger: ${result.duplicatedLedger} duplicated, ${result.drift} drifting, balances sum ${result.balanceSum}; ${result.seconds.toFixed(0)} s`,
    );
  } catch (error) {
    console.log(`FAILED ${drill}: ${(error as Error).stack}`);
    results.push({ drill, ok: false } as DrillResult);
  }
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
