/**
 * The isolation rows on their own (scripts/bench.ts runs them as the `isolation` part):
 *
 *   npx tsx bench/isolation-cli.ts [postbacks|crm|both]
 *
 * BENCH_ISOLATION_POSTBACKS (per receiver, default 1,000) and BENCH_ISOLATION_CRM_LEADS (per CRM,
 * default 500) size them.
 */
import { benchCrmIsolation, benchPostbackIsolation, type IsolationResult } from './isolation.ts';

const which = process.argv[2] ?? 'both';
const log = (m: string) => console.log(`  ${m}`);
const show = (name: string, r: IsolationResult) =>
  console.log(
    `${name}: healthy endpoints ${r.faulty.perSecond.toFixed(0)}/s with ${r.dead} of ${r.endpoints} dead, ` +
      `${r.healthy.perSecond.toFixed(0)}/s all healthy (${(r.ratio * 100).toFixed(0)}%); ` +
      `twice ${r.healthy.duplicates + r.faulty.duplicates}, missing ${r.healthy.missing + r.faulty.missing}`,
  );
if (which !== 'crm') {
  const perReceiver = Number(process.env.BENCH_ISOLATION_POSTBACKS ?? 1_000);
  show('postbacks', await benchPostbackIsolation({ perReceiver, log }));
}
if (which !== 'postbacks') {
  const perCrm = Number(process.env.BENCH_ISOLATION_CRM_LEADS ?? 500);
  show('CRM delivery', await benchCrmIsolation({ perCrm, log }));
}
