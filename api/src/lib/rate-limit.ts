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

export const RATE_LIMITS = {
  loginPerIp: { name: 'login:ip', max: 50, windowSeconds: 15 * 60 },
  resetSendPerIp: { name: 'reset-send:ip', max: 20, windowSeconds: 60 * 60 },
  resetSendPerEmail: { name: 'reset-send:email', max: 5, windowSeconds: 60 * 60 },
  resetTryPerIp: { name: 'reset-try:ip', max: 30, windowSeconds: 15 * 60 },
  signUpPerIp: { name: 'sign-up:ip', max: 30, windowSeconds: 60 * 60 },
  contactPerIp: { name: 'contact:ip', max: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;
