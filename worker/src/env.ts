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
  /** Time budget of one CRM call (connect, send, answer, redirects). */
  CRM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
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
  /** Raw clicks older than this are rolled up per day into click_daily_stats and deleted (daily job). */
  CLICK_RETENTION_DAYS: z.coerce.number().int().min(46).default(90),
});

export type WorkerEnv = z.infer<typeof workerEnvSchema>;

export function parseWorkerEnv(source: Record<string, string | undefined>): WorkerEnv {
  return parseEnvWith(workerEnvSchema, source);
}
