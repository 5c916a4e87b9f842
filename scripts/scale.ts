/**
 * `npm run scale`: two API and two worker processes on one database and one Redis behind
 * HAProxy (Debian's package, the configuration of docs/operations.md), under mixed load (SCALE_RATE requests/s for SCALE_SECONDS, default 100 and 60)
 * plus SCALE_LEADS leads (default 5,000) from a partner's server. Exits non-zero when anything was
 * lost or doubled.
 */
import { runScaleOut } from './lib/scale.ts';

const result = await runScaleOut({
  leads: Number(process.env.SCALE_LEADS ?? 5_000),
  perSecond: Number(process.env.SCALE_RATE ?? 100),
  seconds: Number(process.env.SCALE_SECONDS ?? 60),
  log: console.log,
});
console.log(
  `${result.ok ? 'ok' : 'FAILED'}: ${result.accepted} leads accepted; at the CRM ${result.duplicated} twice, ${result.missing} missing, ${result.unknownAtCrm} unknown; ledger ${result.duplicatedLedger} duplicated, ${result.drift} drifting, sum ${result.balanceSum}; clicks answered ${result.clicksAnswered}, written ${result.clicksWritten}; API processes served ${result.served.join(' / ')}; errors ${result.errors}, not sent for backlog ${result.skipped}${result.errorSamples.length ? ` (${result.errorSamples.join('; ')})` : ''}; p99 ${result.p99Ms.toFixed(1)} ms`,
);
process.exit(result.ok ? 0 : 1);
