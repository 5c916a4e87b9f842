/**
 * Scale-out on one machine (issue 12): two API processes and two worker processes sharing one
 * database file and one Redis, the APIs behind HAProxy from Debian's packages with the
 * configuration of docs/operations.md (decision 0032; their sites servers behind a small Node
 * balancer), under mixed load plus a burst of leads from a partner's server. Nothing
 * may be lost or doubled: every accepted lead at the CRM once, the ledger clean, every click
 * answered written once. Sessions made through one process work on the other (the APIs are
 * stateless).
 */
import { clicks } from '@leadmesh/schema/tables';
import { count } from 'drizzle-orm';
import { type Balancer, startBalancer } from './balancer.ts';
import {
  ADMIN_LOGIN,
  buildDrillWorld,
  confirmAll,
  drillChecks,
  PUBLISHER_LOGIN,
  sendLeads,
  signIn,
  waitDelivered,
} from './drill.ts';
import { type Haproxy, startHaproxy } from './haproxy.ts';
import { mixedLoad, percentile } from './mixed-load.ts';
import { apiProcess, freePort, workerProcess } from './processes.ts';

export interface ScaleOptions {
  /** Leads of the burst (besides the ones of the mixed load). */
  leads: number;
  /** Mixed load: requests per second and for how long. */
  perSecond: number;
  seconds: number;
  log?: (line: string) => void;
}

export interface ScaleResult {
  accepted: number;
  duplicated: number;
  missing: number;
  unknownAtCrm: number;
  duplicatedLedger: number;
  drift: number;
  balanceSum: number;
  errors: number;
  errorSamples: string[];
  /** Requests not sent because too many were still waiting (the machine was saturated); not an error. */
  skipped: number;
  clicksAnswered: number;
  clicksWritten: number;
  /** Requests each API process answered through the balancer. */
  served: number[];
  p99Ms: number;
  ok: boolean;
}

export async function runScaleOut(options: ScaleOptions): Promise<ScaleResult> {
  const log = options.log ?? (() => {});
  const sites = [await freePort(), await freePort()];
  const world = await buildDrillWorld('scale', {}, { SITES_PORT: String(sites[0]) });
  const balancers: Balancer[] = [];
  let apiLb: Haproxy | null = null;
  const api2 = await apiProcess({ ...world.env, SITES_PORT: String(sites[1]) }, 'api2');
  const worker2 = workerProcess(world.env, 'worker2');
  try {
    await Promise.all([api2.start(), worker2.start()]);
    apiLb = await startHaproxy([world.api.url, api2.url]);
    const sitesLb = await startBalancer(sites.map((p) => `http://127.0.0.1:${p}`));
    balancers.push(sitesLb);
    const lbUrl = apiLb.url;
    const headers = {
      admin: await signIn(lbUrl, ADMIN_LOGIN),
      publisher: await signIn(lbUrl, PUBLISHER_LOGIN),
    };
    log(`2 APIs (${world.api.url}, ${api2.url}) behind HAProxy ${lbUrl}, 2 workers, one DB, one Redis`);
    // The partner's leads spread over the mixed load's window, not a burst that starves the rest.
    const burst = sendLeads(world, options.leads, {
      urls: () => lbUrl,
      concurrency: 8,
      perSecond: options.leads / options.seconds,
    });
    const mixed = await mixedLoad({
      apiUrl: () => lbUrl,
      sitesUrl: () => sitesLb.url,
      trackingCode: world.trackingCode,
      takenId: world.takenId,
      headers,
      perSecond: options.perSecond,
      seconds: options.seconds,
    });
    await burst.done;
    const accepted = new Set([...burst.accepted, ...mixed.accepted]);
    log(`${accepted.size} leads accepted, ${mixed.errors} errors; waiting for the deliveries`);
    await waitDelivered(world, accepted, 600_000, log);
    await confirmAll(world);
    const checks = await drillChecks(world.handle, world.fake, accepted);
    const served = await apiLb.served();
    // SIGTERM: each API writes the clicks it still buffers before it exits.
    await Promise.all([world.api.kill('SIGTERM'), api2.kill('SIGTERM')]);
    const [written] = await world.handle.db.select({ n: count() }).from(clicks);
    const clicksAnswered = mixed.sent.click ?? 0;
    const crashes = world.api.crashes() + api2.crashes() + world.worker.crashes() + worker2.crashes();
    const ok =
      checks.duplicated === 0 &&
      checks.missing === 0 &&
      checks.unknownAtCrm === 0 &&
      checks.duplicatedLedger === 0 &&
      checks.drift === 0 &&
      checks.balanceSum === 0 &&
      mixed.errors === 0 &&
      crashes === 0 &&
      written.n === clicksAnswered &&
      served.every((n) => n > 0.25 * (served[0] + served[1]));
    return {
      accepted: accepted.size,
      ...checks,
      errors: mixed.errors,
      errorSamples: mixed.errorSamples,
      skipped: mixed.skipped,
      clicksAnswered,
      clicksWritten: written.n,
      served,
      p99Ms: percentile(mixed.latencies, 0.99),
      ok,
    };
  } finally {
    for (const b of balancers) await b.close();
    await apiLb?.close();
    await Promise.all([api2.kill('SIGKILL'), worker2.kill('SIGKILL')]);
    await world.close();
  }
}
