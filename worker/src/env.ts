import { parseEnvWith, platformEnvShape } from '@leadmesh/core';
import { z } from 'zod';

export const workerEnvSchema = z.object({
  ...platformEnvShape,
  /** smtp://user:pass@host:port or smtps://...; without it mail goes to the local sink folder. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Leadmesh <no-reply@leadmesh.example>'),
  MAIL_SINK_DIR: z.string().default('data/mail'),
  /** How often pending outbox rows that never reached the queue are picked up again. */
  OUTBOX_SWEEP_MS: z.coerce.number().int().positive().default(30_000),
  WORKER_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /**
   * Postbacks run concurrently on their own: each mostly waits on a receiver (up to 15 s), so the
   * general concurrency would let a few slow receivers hold everyone's postbacks back.
   */
  POSTBACK_CONCURRENCY: z.coerce.number().int().positive().default(32),
  /** Jobs of the crm queue run at once per process: CRM calls mostly wait on the network. */
  CRM_CONCURRENCY: z.coerce.number().int().positive().default(128),
  /** Delivery attempts per lead before it is given up as 5, Unknown CRM error (decision 0012). */
  CRM_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  /** First wait after a failed delivery; it doubles per attempt up to CRM_RETRY_MAX_MS (equal jitter). */
  CRM_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  CRM_RETRY_MAX_MS: z.coerce.number().int().positive().default(3_600_000),
  /** Time budget of one CRM call (connect, send, answer, redirects); 3 s of it to connect (decision 0035). */
  CRM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** A lead in 6 (Processing) longer than this lost its worker mid-call: the sweep hands it out again. */
  CRM_STUCK_MS: z.coerce.number().int().positive().default(300_000),
  /** How often leads that never reached the queue, or lost their job with Redis, are enqueued again. */
  CRM_SWEEP_MS: z.coerce.number().int().positive().default(30_000),
  /** A lead in -1 younger than this still has intake's job on its way: the sweep leaves it alone. */
  CRM_SWEEP_GRACE_MS: z.coerce.number().int().positive().default(60_000),
  /** Mail and postback rows younger (or less overdue) than this are left to the job already asked for. */
  OUTBOX_SWEEP_GRACE_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * BullMQ's job lock: a job whose worker died (kill -9, a lost machine) is handed out again once
   * its lock is this old, by the stalled-job check that runs as often.
   */
  JOB_LOCK_MS: z.coerce.number().int().positive().default(30_000),
  /** Deliveries in flight at once per endpoint (a postback receiver's host, a CRM), decision 0035. */
  ENDPOINT_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(4),
  /** Consecutive failures of an endpoint that open its circuit breaker. */
  ENDPOINT_FAILURES_TO_OPEN: z.coerce.number().int().positive().default(5),
  /** First wait of an open breaker before its probe; doubles per opening up to ENDPOINT_PROBE_MAX_MS. */
  ENDPOINT_PROBE_BASE_MS: z.coerce.number().int().positive().default(5_000),
  ENDPOINT_PROBE_MAX_MS: z.coerce.number().int().positive().default(300_000),
  /** A delivery's slot is a lease: a worker that died mid-call frees it after this. */
  ENDPOINT_LEASE_MS: z.coerce.number().int().positive().default(60_000),
  /** How often the worker looks for lanes whose probe is due (or whose lease ran out). */
  ENDPOINT_WAKE_MS: z.coerce.number().int().positive().default(1_000),
  /** Raw clicks older than this are rolled up per day into click_daily_stats and deleted (daily job). */
  CLICK_RETENTION_DAYS: z.coerce.number().int().min(46).default(90),
});

export type WorkerEnv = z.infer<typeof workerEnvSchema>;

export function parseWorkerEnv(source: Record<string, string | undefined>): WorkerEnv {
  return parseEnvWith(workerEnvSchema, source);
}
