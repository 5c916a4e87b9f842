import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().default('file:data/leadmesh.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('leadmesh'),
  /** smtp://user:pass@host:port or smtps://...; without it mail goes to the local sink folder. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Leadmesh <no-reply@leadmesh.example>'),
  MAIL_SINK_DIR: z.string().default('data/mail'),
  /** How often pending outbox rows that never reached the queue are picked up again. */
  OUTBOX_SWEEP_MS: z.coerce.number().int().positive().default(30_000),
  WORKER_CONCURRENCY: z.coerce.number().int().positive().default(4),
});

export type WorkerEnv = z.infer<typeof envSchema>;

export function parseWorkerEnv(source: Record<string, string | undefined>): WorkerEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) throw new Error(`Invalid environment: ${result.error.message}`);
  return result.data;
}
