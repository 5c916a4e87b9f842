/**
 * Postback throughput on its own (scripts/bench.ts runs it with the rest):
 *
 *   npx tsx bench/postbacks-cli.ts [deliveries] [concurrency] [events per transaction]
 */
import { benchPostbacks } from './postbacks.ts';

const deliveries = Number(process.argv[2] ?? 5_000);
const concurrency = process.argv[3] ? Number(process.argv[3]) : undefined;
const perTransaction = process.argv[4] ? Number(process.argv[4]) : undefined;
const result = await benchPostbacks({
  deliveries,
  concurrency,
  perTransaction,
  log: (m) => console.log(`  ${m}`),
});
console.log(
  `${result.deliveries} postbacks delivered in ${result.seconds.toFixed(1)} s ` +
    `(${result.deliveriesPerSecond.toFixed(0)}/s; queueing took ${result.queueSeconds.toFixed(1)} s; ` +
    `receiver saw ${result.received}; concurrency ${result.concurrency})`,
);
