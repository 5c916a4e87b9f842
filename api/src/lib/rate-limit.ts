import { ApiError } from '@leadmesh/core';
import type { Redis } from 'ioredis';

export interface RateLimitRule {
  /** Key namespace, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter in Redis, shared by every API process. Throws RATE_LIMITED once
 * `max` hits were counted in the window.
 */
export async function hitRateLimit(
  redis: Redis,
  rule: RateLimitRule,
  subject: string,
  disabled = false,
): Promise<void> {
  if (disabled) return;
  const key = `rl:${rule.name}:${subject}`;
  const results = await redis.multi().incr(key).expire(key, rule.windowSeconds, 'NX').exec();
  const count = Number(results?.[0]?.[1] ?? 0);
  if (count > rule.max) {
    throw new ApiError('RATE_LIMITED', { message: 'Too many attempts, please try again later' });
  }
}

/**
 * Gives one hit back (a call that succeeded under a failures-only limit). Never below zero, and
 * nothing when the window already ended (the key is gone).
 */
export async function refundRateLimit(redis: Redis, rule: RateLimitRule, subject: string): Promise<void> {
  await redis.eval(
    "local n = tonumber(redis.call('get', KEYS[1]) or '0') if n > 0 then return redis.call('decr', KEYS[1]) end return 0",
    1,
    `rl:${rule.name}:${subject}`,
  );
}

export const RATE_LIMITS = {
  /** Failed logins per address (failures only: a success gives its hit back); the per-account lockout is lib/lockout.ts. */
  loginPerIp: { name: 'login:ip', max: 50, windowSeconds: 15 * 60 },
  resetSendPerIp: { name: 'reset-send:ip', max: 20, windowSeconds: 60 * 60 },
  resetSendPerEmail: { name: 'reset-send:email', max: 5, windowSeconds: 60 * 60 },
  resetTryPerIp: { name: 'reset-try:ip', max: 30, windowSeconds: 15 * 60 },
  signUpPerIp: { name: 'sign-up:ip', max: 30, windowSeconds: 60 * 60 },
  contactPerIp: { name: 'contact:ip', max: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;
