import { isReplayDelivery, isTestDelivery, openPlatform, secretBoxFromEnv } from '@leadmesh/core';
import {
  clicksRetention,
  createEndpointLanes,
  crmDecide,
  crmFetchStatus,
  endpointResume,
  endpointsDisableFailing,
  exportLeads,
  type JobDefinition,
  leadDeliver,
  mailSend,
  offerApproveRates,
  payoutAuto,
  postbackLane,
  postbackSend,
  QUEUES,
  runUnitOfWorkInContext,
} from '@leadmesh/jobs';
import { ENDPOINT_DISABLE_SWEEP_MS } from '@leadmesh/schema';
import { mailOutbox } from '@leadmesh/schema/tables';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobRun, WorkerContext } from './context.ts';
import { fetchCrmStatus } from './crm/fetch-status.ts';
import { decideLead, sweepDecisions } from './crm/in-process.ts';
import { crmSettings } from './crm/settings.ts';
import { type CrmSweeper, createCrmSweeper } from './crm/sweep.ts';
import type { WorkerEnv } from './env.ts';
import { runClicksRetention } from './handlers/clicks-retention.handler.ts';
import { runEndpointResume, runEndpointsDisableFailing } from './handlers/endpoints.handler.ts';
import { runExportLeads } from './handlers/export-leads.handler.ts';
import { runLeadDeliver } from './handlers/lead-deliver.handler.ts';
import { runMailSend } from './handlers/mail-send.handler.ts';
import { runOfferApproveRates } from './handlers/offer-approve-rates.handler.ts';
import { runPayoutAuto } from './handlers/payout-auto.handler.ts';
import { runPostbackSend } from './handlers/postback-send.handler.ts';
import { dispatchReleased } from './lanes.ts';
import { fileSinkTransport, type MailTransport, smtpTransport } from './mail-transport.ts';
import { duePostbackDeliveries } from './postbacks/sweep.ts';

type Runner = (payload: unknown, ctx: WorkerContext, run: JobRun) => Promise<void>;

/** The handler of every job id. A job without one fails loudly instead of vanishing. */
const runners: Record<string, { job: JobDefinition; run: Runner }> = {
  [mailSend.id]: { job: mailSend, run: runMailSend as Runner },
  [leadDeliver.id]: { job: leadDeliver, run: runLeadDeliver as Runner },
  // The CRM status jobs are one call each into worker/src/crm (fetch-status.ts, in-process.ts).
  [crmFetchStatus.id]: {
    job: crmFetchStatus,
    run: (async (payload: z.output<typeof crmFetchStatus.schema>, ctx) => {
      await fetchCrmStatus(ctx, payload.crmId, payload.crmLeadId);
    }) as Runner,
  },
  [crmDecide.id]: {
    job: crmDecide,
    run: (async (payload: z.output<typeof crmDecide.schema>, ctx) => {
      await decideLead(ctx, payload.crmId, payload.leadId);
    }) as Runner,
  },
  [payoutAuto.id]: { job: payoutAuto, run: runPayoutAuto as Runner },
  [offerApproveRates.id]: { job: offerApproveRates, run: runOfferApproveRates as Runner },
  [exportLeads.id]: { job: exportLeads, run: runExportLeads as Runner },
  [postbackSend.id]: { job: postbackSend, run: runPostbackSend as Runner },
  [clicksRetention.id]: { job: clicksRetention, run: runClicksRetention as Runner },
  [endpointsDisableFailing.id]: {
    job: endpointsDisableFailing,
    run: ((payload, ctx) => runEndpointsDisableFailing(payload, ctx)) as Runner,
  },
  [endpointResume.id]: { job: endpointResume, run: runEndpointResume as Runner },
};

/** How often the automatic payouts look for users whose interval came round. */
export const AUTO_PAYOUT_EVERY_MS = 60 * 60_000;

/** Jobs the worker runs on a clock, and how often. */
const SCHEDULED = [
  { job: payoutAuto, everyMs: AUTO_PAYOUT_EVERY_MS },
  { job: offerApproveRates, everyMs: 60 * 60_000 },
  { job: clicksRetention, everyMs: 24 * 60 * 60_000 },
  { job: endpointsDisableFailing, everyMs: ENDPOINT_DISABLE_SWEEP_MS },
];

/** Outbox rows handed to the queue per sweep, oldest first; the next sweep takes the rest. */
export const SWEEP_BATCH = 500;

export interface RunningWorker {
  ctx: WorkerContext;
  /** Enqueues pending outbox rows older than `olderThanMs` (the API could not reach Redis for them). */
  sweepOutbox(olderThanMs?: number): Promise<number>;
  /** Leads waiting for delivery whose job is not in Redis (worker/src/crm/sweep.ts). */
  crmSweeper: CrmSweeper;
  /** Enqueues pending postback deliveries whose next attempt is overdue by `olderThanMs` (a lost job). */
  sweepPostbacks(olderThanMs?: number): Promise<number>;
  close(): Promise<void>;
}

type Platform = Awaited<ReturnType<typeof openPlatform>>;

/** What every handler gets: the database, the queues, mail, the secret box and the endpoint lanes. */
function workerContext(
  env: WorkerEnv,
  platform: Platform,
  options: { mail?: MailTransport; outbound?: WorkerContext['outbound'] },
): WorkerContext {
  return {
    env,
    db: platform.db,
    jobs: platform.jobs,
    mail:
      options.mail ??
      (env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : fileSinkTransport(env.MAIL_SINK_DIR)),
    secretBox: secretBoxFromEnv(env),
    outbound: options.outbound,
    lanes: createEndpointLanes(platform.redis, {
      maxInFlight: env.ENDPOINT_MAX_IN_FLIGHT,
      failuresToOpen: env.ENDPOINT_FAILURES_TO_OPEN,
      probeBaseMs: env.ENDPOINT_PROBE_BASE_MS,
      probeMaxMs: env.ENDPOINT_PROBE_MAX_MS,
      // A slot outlives the longest call it may cover, a few times over.
      leaseMs: Math.max(env.ENDPOINT_LEASE_MS, 3 * env.CRM_TIMEOUT_MS),
    }),
  };
}

/** Runs one job: its handler, with a payload its schema accepts; a bad one is never retried. */
async function runJob(ctx: WorkerContext, job: Job): Promise<void> {
  const runner = runners[job.name];
  if (!runner) throw new UnrecoverableError(`no handler for job ${job.name}`);
  const payload = runner.job.schema.safeParse(job.data);
  if (!payload.success) throw new UnrecoverableError(`bad payload for ${job.name}: ${payload.error.message}`);
  const attempt = job.attemptsMade + 1;
  const run: JobRun = { attempt, isLastAttempt: attempt >= (job.opts.attempts ?? 1), jobId: job.id };
  await runUnitOfWorkInContext(ctx.jobs, () => runner.run(payload.data, ctx, run));
}

/** One BullMQ worker per queue, each with its queue's concurrency. */
function startQueueWorkers(ctx: WorkerContext, platform: Platform): Worker[] {
  const { env } = ctx;
  const concurrency = (queue: string) =>
    queue === 'crm'
      ? env.CRM_CONCURRENCY
      : queue === 'postbacks'
        ? env.POSTBACK_CONCURRENCY
        : env.WORKER_CONCURRENCY;
  return QUEUES.map((queue) => {
    const worker = new Worker(queue, (job) => runJob(ctx, job), {
      connection: platform.queueRedis,
      prefix: env.REDIS_PREFIX,
      lockDuration: env.JOB_LOCK_MS,
      stalledInterval: Math.min(env.JOB_LOCK_MS, 30_000),
      concurrency: concurrency(queue),
    });
    worker.on('failed', (job, error) => {
      console.warn(`job ${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`);
    });
    return worker;
  });
}

/** Pending rows only (sent and failed ones are final), oldest first, at most SWEEP_BATCH per run. */
async function sweepOutboxOnce(ctx: WorkerContext, olderThanMs: number): Promise<number> {
  const stale = await ctx.db
    .select({ ID: mailOutbox.ID })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.State, 'pending'), lt(mailOutbox.createdAt, new Date(Date.now() - olderThanMs))))
    .orderBy(asc(mailOutbox.ID))
    .limit(SWEEP_BATCH);
  for (const row of stale) await ctx.jobs.enqueue(mailSend, { outboxId: row.ID });
  return stale.length;
}

/**
 * One scheduler per job for every worker process (BullMQ keeps it in Redis by id), so rounds never
 * double. Upserted again by every sweep: a Redis that restarted empty (or was flushed) loses them.
 */
async function ensureSchedules(env: WorkerEnv, platform: Platform): Promise<void> {
  for (const { job, everyMs } of SCHEDULED) {
    const queue = new Queue(job.queue, { connection: platform.queueRedis, prefix: env.REDIS_PREFIX });
    try {
      await queue.upsertJobScheduler(job.id, { every: everyMs }, { name: job.id, data: {} });
    } finally {
      await queue.close();
    }
  }
}

/**
 * Pending postback deliveries whose next attempt is overdue, oldest first, at most SWEEP_BATCH a
 * pass, each pass going on from where the last stopped. A job still waiting or delayed under the
 * same key makes it a no-op; a finished one holding the key (a failed job is kept for days) is
 * removed first (`requeue`).
 */
function postbackSweeper(ctx: WorkerContext): (olderThanMs: number) => Promise<number> {
  let cursor = 0;
  return async (olderThanMs) => {
    const due = await duePostbackDeliveries(ctx.db, Date.now() - olderThanMs, SWEEP_BATCH, cursor);
    // A short page is the end: the next pass starts over from the oldest.
    cursor = due.length < SWEEP_BATCH ? 0 : (due.at(-1)?.ID ?? 0);
    for (const row of due) {
      // Its lane named, as intake names it: a delivery parked in a backed-up lane is not queued again.
      const watched = isTestDelivery(row.Event) || isReplayDelivery(row.Event);
      const lane = watched ? undefined : (postbackLane(row.URL) ?? undefined);
      await ctx.jobs.requeue(postbackSend, { deliveryId: row.ID, attempt: row.Attempts + 1, lane });
    }
    return due.length;
  };
}

/** Runs `task` every `everyMs`, skipping a tick while the last run is still going. */
function everyWithoutOverlap(everyMs: number, task: () => Promise<unknown>, failure: string): NodeJS.Timeout {
  let running = false;
  return setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error) => console.warn(`${failure}: ${(error as Error).message}`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
}

/** Starts one BullMQ worker per queue and the outbox sweep, on the platform's shared startup. */
export async function startWorker(
  env: WorkerEnv,
  options: { mail?: MailTransport; outbound?: WorkerContext['outbound'] } = {},
): Promise<RunningWorker> {
  const platform = await openPlatform(env);
  const ctx = workerContext(env, platform, options);
  const workers = startQueueWorkers(ctx, platform);
  const sweepOutbox = (olderThanMs = env.OUTBOX_SWEEP_GRACE_MS) => sweepOutboxOnce(ctx, olderThanMs);
  const sweepPostbacksOnce = postbackSweeper(ctx);
  const sweepPostbacks = (olderThanMs = env.OUTBOX_SWEEP_GRACE_MS) => sweepPostbacksOnce(olderThanMs);
  await ensureSchedules(env, platform);
  const sweepTimer = setInterval(() => {
    sweepOutbox().catch((error) => console.warn(`outbox sweep failed: ${(error as Error).message}`));
    sweepPostbacks().catch((error) => console.warn(`postback sweep failed: ${(error as Error).message}`));
    ensureSchedules(env, platform).catch((error) =>
      console.warn(`schedules not checked: ${(error as Error).message}`),
    );
  }, env.OUTBOX_SWEEP_MS);

  const crmSweeper = createCrmSweeper({
    db: ctx.db,
    jobs: ctx.jobs,
    settings: crmSettings(env),
    lanes: ctx.lanes,
  });
  const crmSweepTimer = everyWithoutOverlap(
    env.CRM_SWEEP_MS,
    () => crmSweeper.sweep().then(() => sweepDecisions(ctx, env.CRM_SWEEP_GRACE_MS)),
    'crm sweep failed',
  );
  // Lanes whose breaker's probe is due, or whose slot lease ran out: their parked deliveries go.
  const { lanes } = ctx;
  const wakeTimer = everyWithoutOverlap(
    env.ENDPOINT_WAKE_MS,
    async () => {
      if (!lanes) return;
      const woken = await lanes.wakeDue();
      await dispatchReleased(
        ctx,
        woken.flatMap((w) => w.released),
      );
    },
    'lanes not woken',
  );

  return {
    ctx,
    sweepOutbox,
    crmSweeper,
    sweepPostbacks,
    async close() {
      clearInterval(sweepTimer);
      clearInterval(crmSweepTimer);
      clearInterval(wakeTimer);
      // close() waits for the running jobs (a CRM call ends within its time budget) and takes no new ones.
      await Promise.all(workers.map((w) => w.close()));
      ctx.mail.close();
      await platform.close();
    },
  };
}
