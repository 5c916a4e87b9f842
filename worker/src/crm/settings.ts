import { backoffMs, MAX_RETRY_AFTER_MS } from '@leadmesh/net';
import type { WorkerEnv } from '../env.ts';

/** How the worker delivers leads to CRMs (decision 0012); from the environment. */
export interface CrmSettings {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  timeoutMs: number;
  stuckMs: number;
  sweepMs: number;
  /** Leads in -1 younger than this are not swept (intake's own job is on its way). */
  sweepGraceMs: number;
  allowLoopback: boolean;
}

export function crmSettings(env: WorkerEnv): CrmSettings {
  return {
    maxAttempts: env.CRM_MAX_ATTEMPTS,
    retryBaseMs: env.CRM_RETRY_BASE_MS,
    retryMaxMs: env.CRM_RETRY_MAX_MS,
    timeoutMs: env.CRM_TIMEOUT_MS,
    // A claim younger than one call's whole time budget may still be in flight: never taken over.
    stuckMs: Math.max(env.CRM_STUCK_MS, env.CRM_TIMEOUT_MS + 5_000),
    sweepMs: env.CRM_SWEEP_MS,
    sweepGraceMs: env.CRM_SWEEP_GRACE_MS,
    allowLoopback: env.ALLOW_LOOPBACK_TARGETS,
  };
}

/**
 * The wait before the attempt after failed attempt `attempt`: exponential with equal jitter
 * (`backoffMs`), or the CRM's `Retry-After` when it asks for longer (capped at 24 h).
 */
export function retryDelay(settings: CrmSettings, attempt: number, retryAfter?: number): number {
  const backoff = backoffMs(attempt, { baseMs: settings.retryBaseMs, maxMs: settings.retryMaxMs });
  if (retryAfter === undefined || !Number.isFinite(retryAfter)) return backoff;
  return Math.max(backoff, Math.min(Math.max(0, retryAfter), MAX_RETRY_AFTER_MS));
}
