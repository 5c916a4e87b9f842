/**
 * The phone-profile rows alone (issue 19), without the large world of `npm run bench`:
 *
 *   npx tsx bench/phone-cli.ts                              # builds, starts a seeded world, measures
 *   npx tsx bench/phone-cli.ts --url http://localhost:3000  # measures a running shell (npm start)
 *   PHONE_ONLY=visitor npx tsx bench/phone-cli.ts           # one audience's rows alone
 *
 * Prints the rows as `npm run bench` does; exits 1 when a target is missed.
 */
import { startWorld, type World } from '../scripts/lib/world.ts';
import { busyMeter } from './machine.ts';
import { benchPhoneRows } from './phone-rows.ts';

const urlFlag = process.argv.indexOf('--url');
let world: World | undefined;
let shellUrl = urlFlag > 0 ? process.argv[urlFlag + 1] : undefined;
if (!shellUrl) {
  world = await startWorld({ label: 'phone' });
  shellUrl = world.urls.shell;
}
const meter = busyMeter();
let rows: Awaited<ReturnType<typeof benchPhoneRows>> = [];
try {
  rows = await benchPhoneRows({
    shellUrl,
    stamp: () => meter.reading(),
    log: (l) => console.log(l),
    only: process.env.PHONE_ONLY,
  });
} finally {
  await world?.stop();
}
console.log('\n| | measured | baseline, same run | ratio | target | | machine while measured |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.ok ? 'ok' : 'MISSED'} | ${r.busy ?? ''} |`,
  );
process.exit(rows.every((r) => r.ok) ? 0 : 1);
