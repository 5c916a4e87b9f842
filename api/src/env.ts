import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(5000),
  DATABASE_URL: z.string().default('file:data/leadmesh.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix for every Redis key this process writes (queues, rate limits); tests use a fresh one. */
  REDIS_PREFIX: z.string().default('leadmesh'),
  /** Comma-separated browser origins allowed to call the API with credentials. */
  CORS_ORIGINS: z
    .string()
    .default(
      'http://localhost:3000,http://localhost:3001,http://localhost:3002,http://localhost:3003,http://localhost:3004',
    ),
  /** Force the Secure cookie flag (it is also set whenever the request arrived over TLS). */
  COOKIE_SECURE: bool,
  /** Secret for CSRF tokens; a random one is made per process when unset (fine for one process). */
  APP_SECRET: z.string().min(16).optional(),
  /** Lets the API answer the local mail sink at /dev/mail (never in production). */
  DEV_MAIL_VIEW: bool,
  MAIL_SINK_DIR: z.string().default('data/mail'),
  /** Public base URL of the API, used in links the platform hands out. */
  PUBLIC_API_URL: z.string().default('http://localhost:5000'),
  /** Rate limits can be relaxed for load tests; never in production. */
  RATE_LIMIT_DISABLED: bool,
});

export type Env = z.infer<typeof envSchema>;

/** Reads the environment from a plain record, so Node (`process.env`) and Deno (`Deno.env.toObject()`) both work. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  if (result.data.NODE_ENV === 'production' && result.data.DEV_MAIL_VIEW) {
    throw new Error('DEV_MAIL_VIEW must not be set in production');
  }
  return result.data;
}
