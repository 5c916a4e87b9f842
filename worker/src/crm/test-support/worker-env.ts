import type { TestApi } from '../../../../api/src/test/harness.ts';

/** The secrets the CRM tests seal their CRM data with, and the worker opens it with. */
export const TEST_SECRETS = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret' };

/**
 * A worker's settings beside a test API: its database and Redis prefix, loopback fakes allowed,
 * mail into the run's folder, and the sweeps quiet (10 minutes) unless a test sets them.
 */
export function workerEnvBeside(api: TestApi, settings: Record<string, string> = {}): Record<string, string> {
  return {
    ...TEST_SECRETS,
    DATABASE_URL: api.deps.env.DATABASE_URL,
    REDIS_PREFIX: api.deps.env.REDIS_PREFIX,
    ALLOW_LOOPBACK_TARGETS: 'true',
    MAIL_SINK_DIR: `${api.deps.env.DATA_DIR}/mail-test`,
    OUTBOX_SWEEP_MS: '600000',
    CRM_SWEEP_MS: '600000',
    ...settings,
  };
}
