import { ApiError } from '@leadmesh/core';
import type { Redis } from 'ioredis';

/** Failed logins an account may have in the window before it is locked for the rest of it. */
export const LOGIN_LOCKOUT = { maxFailures: 10, windowSeconds: 15 * 60 } as const;

const key = (userId: number) => `lockout:login:${userId}`;

/**
 * Login lockout per account (user id), whichever name the attempt used (username or e-mail):
 * guessing one account's password locks only that account, and a successful login clears only
 * its own counter.
 */
export const loginLockout = {
  async assertOpen(redis: Redis, userId: number, disabled = false): Promise<void> {
    if (disabled) return;
    const failures = Number((await redis.get(key(userId))) ?? 0);
    if (failures >= LOGIN_LOCKOUT.maxFailures) {
      throw new ApiError('RATE_LIMITED', { message: 'Too many attempts, please try again later' });
    }
  },
  async recordFailure(redis: Redis, userId: number): Promise<void> {
    await redis.multi().incr(key(userId)).expire(key(userId), LOGIN_LOCKOUT.windowSeconds, 'NX').exec();
  },
  async clear(redis: Redis, userId: number): Promise<void> {
    await redis.del(key(userId));
  },
};
