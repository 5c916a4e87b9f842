import type { Db } from '@leadmesh/db';
import { postbackCalls } from '@leadmesh/schema';
import { postbacks } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { bind, type Ownership } from '../../lib/call.ts';
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

const LIMITS = {
  /** The test button: a receiver is not to be hammered through us. */
  testPerPostback: { name: 'postback-test:postback', max: 10, windowSeconds: 10 * 60 },
  /** Secret rotation (each one starts a 24 h overlap). */
  rotatePerIp: { name: 'postback-rotate:ip', max: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export const postbackRoutes = [
  bind(postbackCalls.getAllPostbacks, h.getAllPostbacks),
  bind(postbackCalls.addPostback, h.addPostback),
  bind(postbackCalls.editPostback, h.editPostback, { owns: [ownPostback] }),
  bind(postbackCalls.deletePostback, h.deletePostback, { owns: [ownPostback] }),
  bind(postbackCalls.getDeliveries, h.getDeliveries),
  bind(postbackCalls.testPostback, h.testPostback, {
    limits: [{ rule: LIMITS.testPerPostback, by: (input) => String(input.postbackID) }],
    owns: [ownPostback],
  }),
  bind(postbackCalls.rotateSigningSecret, h.rotateSigningSecret, {
    limits: [{ rule: LIMITS.rotatePerIp, by: 'ip' }],
  }),
  bind(postbackCalls.getSigningSecretInfo, h.getSigningSecretInfo),
];
