import { notFound } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { postbackCalls } from '@leadmesh/schema';
import { postbackDeliveries, postbacks } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { bindEach, type Ownership } from '../../lib/call.ts';
import type { RateLimitRule } from '../../lib/rate-limit.ts';
import * as h from './postbacks.handlers.ts';

/** The postback the input names belongs to the caller; no staff bypass (endpoints.md: "own"). */
const ownPostback: Ownership<{ postbackID: number }> = {
  record: async (db: Db, input) => {
    const [row] = await db
      .select({ userId: postbacks.BoundUser })
      .from(postbacks)
      .where(eq(postbacks.postbackID, input.postbackID))
      .limit(1);
    return row ? { userId: row.userId } : null;
  },
  bypass: [],
};

/**
 * The delivery the input names belongs to one of the caller's postbacks; admins may name any
 * (decision 0019). Another user's is FORBIDDEN like every owned call; an unknown one is NOT_FOUND.
 */
const ownDelivery: Ownership<{ ID: number }> = {
  record: async (db: Db, input) => {
    const [row] = await db
      .select({ userId: postbacks.BoundUser })
      .from(postbackDeliveries)
      .innerJoin(postbacks, eq(postbacks.postbackID, postbackDeliveries.BoundPostback))
      .where(eq(postbackDeliveries.ID, input.ID))
      .limit(1);
    if (!row) throw notFound('Postback delivery not found');
    return { userId: row.userId };
  },
  bypass: ['admin'],
};

/** A postback named by its owner, or by an admin (re-enabling, decision 0037). */
const ownPostbackOrAdmin: Ownership<{ postbackID: number }> = { ...ownPostback, bypass: ['admin'] };

const LIMITS = {
  /** The test button: a receiver is not to be hammered through us. */
  testPerPostback: { name: 'postback-test:postback', max: 10, windowSeconds: 10 * 60 },
  /** Replays of one delivery: each is a real request to the receiver. */
  replayPerDelivery: { name: 'postback-replay:delivery', max: 10, windowSeconds: 10 * 60 },
  /** Secret rotation (each one starts a 24 h overlap). */
  rotatePerIp: { name: 'postback-rotate:ip', max: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export const postbackRoutes = bindEach(postbackCalls, h, {
  editPostback: { owns: [ownPostback] },
  deletePostback: { owns: [ownPostback] },
  enablePostback: { owns: [ownPostbackOrAdmin] },
  testPostback: {
    limits: [{ rule: LIMITS.testPerPostback, by: (input) => String(input.postbackID) }],
    owns: [ownPostback],
  },
  replayPostbackDelivery: {
    limits: [{ rule: LIMITS.replayPerDelivery, by: (input) => String(input.ID) }],
    owns: [ownDelivery],
  },
  rotateSigningSecret: { limits: [{ rule: LIMITS.rotatePerIp, by: 'ip' }] },
});
