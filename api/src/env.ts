import { envFlag, parseEnvWith, platformEnvShape } from '@leadmesh/core';
import { z } from 'zod';

export const apiEnvSchema = z.object({
  ...platformEnvShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** Address the server listens on: loopback unless a deployment says otherwise (e.g. 0.0.0.0). */
  HOST: z.string().default('127.0.0.1'),
  /**
   * Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDR ranges). Without
   * them the client address is the socket's, whatever the headers say.
   */
  TRUSTED_PROXIES: z.string().default(''),
  /**
   * On SIGTERM the API keeps answering this long (ms) with /health at 503 and every connection
   * closed after its answer, so a balancer's health check takes it out before it stops (behind
   * HAProxy's `inter 500ms fall 2`: 1500). 0 stops at once.
   */
  DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Comma-separated browser origins allowed to call the API with credentials. */
  CORS_ORIGINS: z
    .string()
    .default(
      'http://localhost:3000,http://localhost:3001,http://localhost:3002,http://localhost:3003,http://localhost:3004',
    ),
  /** Force the Secure cookie flag (it is also set over TLS and whenever NODE_ENV=production). */
  COOKIE_SECURE: envFlag,
  /** Secret for CSRF tokens; a random one is made per process when unset (fine for one process). */
  APP_SECRET: z.string().min(16).optional(),
  /** Lets the API answer the local mail sink at /dev/mail to loopback callers (never in production). */
  DEV_MAIL_VIEW: envFlag,
  MAIL_SINK_DIR: z.string().default('data/mail'),
  /** Public base URL of the API, used in links the platform hands out. */
  PUBLIC_API_URL: z.string().default('http://localhost:5000'),
  /**
   * Port of the sites server (uploaded landings, tracking links, the order form's intake), served by
   * the API process beside the API. Unset: no sites server in this process (docs/decisions/0011).
   */
  SITES_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Tracking links on each taken offer's domain (production: those domains point at the sites server). */
  SITES_ON_PUBLISHER_DOMAINS: envFlag,
  /**
   * A worker thread checkpoints the embedded database's WAL this often (ms), so commits on the event
   * loop never wait for a checkpoint's fsync (features/tracking/wal-checkpointer.ts); 0 turns it off.
   */
  WAL_CHECKPOINT_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  /**
   * Clicks are written by a thread of their own on embedded databases (features/tracking/click-writer.ts);
   * `false` writes them on the event loop.
   */
  CLICK_WRITER_THREAD: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Clicks are written in batches at most this long after the first one waits (ms). */
  CLICK_FLUSH_MS: z.coerce.number().int().min(1).max(600_000).default(100),
  /** Rate limits can be relaxed for load tests; never in production. */
  RATE_LIMIT_DISABLED: envFlag,
  /** Folder of uploaded files (offer images under images/); DATA_DIR/uploads when unset. */
  UPLOADS_DIR: z.string().optional(),
  /**
   * Uploaded files go to an S3-compatible bucket instead of UPLOADS_DIR when S3_BUCKET is set
   * (then the endpoint and both keys are required): AWS S3, Cloudflare R2, MinIO...
   */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `endpoint/bucket/key` URLs (MinIO and most self-hosted services). */
  S3_FORCE_PATH_STYLE: envFlag,
});

export type Env = z.infer<typeof apiEnvSchema>;

/** Reads the environment from a plain record, so Node (`process.env`) and Deno (`Deno.env.toObject()`) both work. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const env = parseEnvWith(apiEnvSchema, source);
  if (env.NODE_ENV === 'production' && env.DEV_MAIL_VIEW) {
    throw new Error('DEV_MAIL_VIEW must not be set in production');
  }
  if (env.NODE_ENV === 'production' && env.RATE_LIMIT_DISABLED) {
    throw new Error('RATE_LIMIT_DISABLED must not be set in production');
  }
  if (env.S3_BUCKET && !(env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return env;
}
