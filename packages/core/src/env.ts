import { z } from 'zod';

/** Reads 'true'/'1'/'yes' as true; anything else (or nothing) as false. */
export const envFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * What every process of the platform reads: where the data lives and how it reaches Redis.
 * The API and the worker extend it with their own settings.
 */
export const platformEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().default('file:data/leadmesh.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix for every Redis key the process writes (queues, rate limits); tests use a fresh one. */
  REDIS_PREFIX: z.string().default('leadmesh'),
  /** Folder for uploads and the local mail sink. */
  DATA_DIR: z.string().default('data'),
  /**
   * Lets outbound calls (CRMs, postbacks) reach 127.0.0.1. Only tests set it, to reach their own
   * fake CRMs and receivers; production refuses it (see docs/operations.md).
   */
  ALLOW_LOOPBACK_TARGETS: envFlag,
  /**
   * Key material for secrets kept encrypted at rest (postback signing secrets). The API and the
   * worker must see the same value; without it APP_SECRET is used, and outside production a fixed
   * development key (packages/core/src/postbacks/secret-box.ts).
   */
  DATA_ENCRYPTION_KEY: z.string().min(16).optional(),
  /** Read here too so the worker can fall back to it for DATA_ENCRYPTION_KEY (npm start gives both processes one). */
  APP_SECRET: z.string().min(16).optional(),
  /**
   * Where browsers reach the sites server: previews, and tracking links unless
   * SITES_ON_PUBLISHER_DOMAINS. A host other than the API's and the shell's (127.0.0.1 locally,
   * where those are on localhost), so a landing never shares their cookies. The worker reads it to
   * reach the postback inspector there, the one platform address postbacks may target.
   */
  SITES_PUBLIC_URL: z
    .string()
    .url()
    .default('http://127.0.0.1:5100')
    .transform((v) => v.replace(/\/+$/, '')),
  /**
   * How long a finished unit of work (an API call, a worker job) waits for its after-commit jobs to
   * reach Redis before it answers anyway; what did not make it is left to the sweeps.
   */
  JOB_ENQUEUE_DEADLINE_MS: z.coerce.number().int().positive().default(2_000),
} as const;

export type PlatformEnv = z.infer<z.ZodObject<typeof platformEnvShape>>;

/**
 * Parses a plain record (Node's `process.env`, Deno's `Deno.env.toObject()`) with the schema,
 * failing with one readable line, and refuses test-only settings in production.
 */
export function parseEnvWith<S extends z.ZodObject<typeof platformEnvShape & z.ZodRawShape>>(
  schema: S,
  source: Record<string, string | undefined>,
): z.infer<S> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = result.data as z.infer<S> & PlatformEnv;
  if (env.NODE_ENV === 'production' && env.ALLOW_LOOPBACK_TARGETS) {
    throw new Error('ALLOW_LOOPBACK_TARGETS must not be set in production');
  }
  return env;
}
