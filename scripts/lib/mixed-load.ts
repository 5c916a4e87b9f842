/**
 * Mixed traffic at a fixed rate, for the soak and the scale-out run: tracking clicks, leads from a
 * partner's server, dashboard reads of the publisher and admin lists, in the proportions a working
 * day has (clicks far ahead). Only ever 127.0.0.1. Every answer that is not the expected one counts
 * as an error; nothing is retried.
 */
import { DRILL_TOKEN } from './drill.ts';

export interface MixedLoadOptions {
  apiUrl: () => string;
  /** The sites server (clicks); without it the clicks' share goes to the other kinds. */
  sitesUrl?: () => string;
  trackingCode: string;
  takenId: number;
  headers: { admin: Record<string, string>; publisher: Record<string, string> };
  perSecond: number;
  seconds: number;
  /** Numbers leads from here (phones and idempotency keys stay unique across runs on one world). */
  firstLead?: number;
  /** At most this many requests in flight; beyond it a due request is skipped and counted. */
  maxInFlight?: number;
  /** Called every `everyMs` with the running totals (memory sampling, progress). */
  onTick?: (stats: MixedLoadStats) => void;
  everyMs?: number;
}

export interface MixedLoadStats {
  sent: Record<string, number>;
  errors: number;
  /** The first few errors, for the report. */
  errorSamples: string[];
  /** Requests not sent because too many were still waiting (the rate is not sustainable). */
  skipped: number;
  accepted: Set<number>;
  elapsedSeconds: number;
  latencies: number[];
}

const DAY_MS = 86_400_000;

export async function mixedLoad(options: MixedLoadOptions): Promise<MixedLoadStats> {
  if (!/^http:\/\/127\.0\.0\.1:/.test(options.apiUrl())) throw new Error('load only ever targets 127.0.0.1');
  const stats: MixedLoadStats = {
    sent: {},
    errors: 0,
    errorSamples: [],
    skipped: 0,
    accepted: new Set(),
    elapsedSeconds: 0,
    latencies: [],
  };
  const maxInFlight = options.maxInFlight ?? 128;
  let inFlight = 0;
  let leadNumber = options.firstLead ?? 1_000_000;
  const now = Date.now();
  const range = [
    { name: 'createdAt', op: 'dgeq', value: new Date(now - 30 * DAY_MS).toISOString() },
    { name: 'createdAt', op: 'dleq', value: new Date(now + DAY_MS).toISOString() },
  ];
  const kinds: { name: string; weight: number; run: () => Promise<void> }[] = [
    {
      name: 'click',
      weight: options.sitesUrl ? 50 : 0,
      run: async () => {
        const r = await fetch(`${options.sitesUrl?.()}/t/${options.trackingCode}`, { redirect: 'manual' });
        await r.arrayBuffer();
        if (r.status !== 302) throw new Error(`click answered ${r.status}`);
      },
    },
    {
      name: 'lead',
      weight: 15,
      run: async () => {
        const n = leadNumber++;
        const r = await fetch(`${options.apiUrl()}/intake/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${DRILL_TOKEN}` },
          body: JSON.stringify({
            BoundTakenOffer: options.takenId,
            name: `Buyer ${n}`,
            phone: `+38161${1_000_000 + (n % 9_000_000)}`,
            IdempotencyKey: `mixed-${n}`,
          }),
        });
        const body = (await r.json()) as { status: string; data?: { ID: number; BlockedReason?: string } };
        if (body.status !== 'ok' || !body.data || body.data.BlockedReason)
          throw new Error(`lead answered ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
        stats.accepted.add(body.data.ID);
      },
    },
    ...(
      [
        ['dashboard', 'publisher', '/leads/getLeadsForPublisherDashboard', { Filters: range }],
        ['publisher leads', 'publisher', '/leads/getLeadsForPublisher', { paginationOffset: 0, Filters: [] }],
        ['admin leads', 'admin', '/leads/getLeadsForAdmin', { paginationOffset: 0, Filters: range }],
        ['admin users', 'admin', '/users/getAllUsers', { paginationOffset: 0, Filters: [] }],
        ['admin logs', 'admin', '/logs/getLogs', { paginationOffset: 0, Filters: [] }],
      ] as const
    ).map(([name, who, path, body]) => ({
      name,
      weight: 7,
      run: async () => {
        const r = await fetch(`${options.apiUrl()}${path}`, {
          method: 'POST',
          headers: options.headers[who],
          body: JSON.stringify(body),
        });
        const answer = (await r.json()) as { status: string };
        if (answer.status !== 'ok') throw new Error(`${path} answered ${r.status} ${JSON.stringify(answer)}`);
      },
    })),
  ].filter((k) => k.weight > 0);
  const totalWeight = kinds.reduce((n, k) => n + k.weight, 0);
  const pick = (i: number) => {
    // A fixed interleaving (not random): the same mix in every window of the run.
    let slot = (i * 37) % totalWeight;
    for (const kind of kinds) {
      if (slot < kind.weight) return kind;
      slot -= kind.weight;
    }
    return kinds[0];
  };

  const started = performance.now();
  const end = started + options.seconds * 1000;
  let issued = 0;
  let lastTick = started;
  const pending = new Set<Promise<void>>();
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - started) / 1000) * options.perSecond);
    while (issued < due) {
      const kind = pick(issued++);
      if (inFlight >= maxInFlight) {
        stats.skipped++;
        continue;
      }
      inFlight++;
      stats.sent[kind.name] = (stats.sent[kind.name] ?? 0) + 1;
      const t0 = performance.now();
      const p = kind
        .run()
        .then(
          () => {
            stats.latencies.push(performance.now() - t0);
          },
          (error: Error) => {
            stats.errors++;
            if (stats.errorSamples.length < 5) stats.errorSamples.push(`${kind.name}: ${error.message}`);
          },
        )
        .finally(() => {
          inFlight--;
          pending.delete(p);
        });
      pending.add(p);
    }
    if (options.onTick && performance.now() - lastTick >= (options.everyMs ?? 5_000)) {
      lastTick = performance.now();
      stats.elapsedSeconds = (lastTick - started) / 1000;
      options.onTick(stats);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(pending);
  stats.elapsedSeconds = (performance.now() - started) / 1000;
  return stats;
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];
}
