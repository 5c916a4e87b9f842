import type { JobsOptions } from 'bullmq';
import type { z } from 'zod';

/** A job is defined once: its id, the queue it runs on, its payload schema and retry options. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  id: string;
  queue: QueueName;
  schema: S;
  options: JobsOptions;
  /** The business key that makes enqueuing idempotent (BullMQ ignores a second job with the same id; no colons). */
  key: (payload: z.output<S>) => string;
  /**
   * The endpoint lane a payload names (decision 0035), if any: the producer parks it at once when
   * that lane is backed up instead of queueing it.
   */
  laneOf?: (payload: z.output<S>) => string | undefined;
}

export const QUEUES = ['mail', 'crm', 'postbacks', 'payouts', 'exports', 'maintenance'] as const;
export type QueueName = (typeof QUEUES)[number];

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** Retries with exponential backoff; finished jobs are trimmed so Redis does not grow. */
export const retrying = (attempts: number, delayMs: number): JobsOptions => ({
  attempts,
  backoff: { type: 'exponential', delay: delayMs },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
});
