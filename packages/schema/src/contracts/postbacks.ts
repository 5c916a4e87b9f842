import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import {
  INSPECTOR_LIMITS,
  POSTBACK_DELIVERY_MODES,
  POSTBACK_TRIGGERS,
  POSTBACK_TYPES,
  SIGNATURE_CHECKS,
} from '../constants/catalogue.ts';
import { MESSAGES } from '../constants/errors.ts';
import { postbacks } from '../tables/postbacks.ts';
import { defineCall } from './define.ts';
import { endpointHealthSchema } from './endpoint-health.ts';
import {
  byIdRequest,
  emptyBody,
  idSchema,
  isoDateSchema,
  limitSchema,
  listAnswer,
  paginationOffsetSchema,
  requiredText,
} from './fields.ts';

const postbackRow = createSelectSchema(postbacks);

/** A postback (dashboards §3). */
export const postbackSchema = postbackRow.pick({
  postbackID: true,
  postbackName: true,
  postbackURL: true,
  postbackType: true,
  postbackTrigger: true,
  postbackDelivery: true,
});
export type Postback = z.infer<typeof postbackSchema>;

/** A postback in its owner's list, with its receiver's health (decision 0037). */
export const postbackWithHealthSchema = postbackSchema.extend({ health: endpointHealthSchema });
export type PostbackWithHealth = z.infer<typeof postbackWithHealthSchema>;

/** The fields of an added or edited postback (dashboards §5). The URL may carry placeholders such as {lead_id}. */
const postbackFields = {
  postbackName: requiredText(MESSAGES.postbackNameMissing, 100),
  postbackURL: z
    .string({ error: MESSAGES.postbackUrlMissing })
    .trim()
    .min(1, { error: MESSAGES.postbackUrlMissing, abort: true })
    .max(2000)
    .regex(/^https?:\/\/[^\s/?#]+/i, 'Postback URL must start with http:// or https://'),
  postbackType: z.enum(POSTBACK_TYPES).default('default'),
  postbackTrigger: z.enum(POSTBACK_TRIGGERS),
  /** Not in the spec (decision 0042): GET, or POST with the values as JSON; GET when left out. */
  postbackDelivery: z.enum(POSTBACK_DELIVERY_MODES).default('get'),
};

/**
 * Verified users, and users whose advertiser profile is verified: an advertiser signs up with an
 * unverified user (publisher role hidden) and verifyAdvertiser sets only the advertiser's flag,
 * yet Postback is in the Advertiser menu (dashboards §2; review §12).
 */
export const POSTBACK_CALLERS = ['verified', 'advertiser'] as const;

/** A delivery's state: waiting for (another) attempt, answered 2xx, or given up. */
export const POSTBACK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One try of a delivery and the receiver's answer (status, the start of the body, or the error). */
export const postbackAttemptSchema = z.object({
  attempt: z.number().int(),
  URL: z.string(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: isoDateSchema,
});

/** One postback call for one lead event, with its attempts (the owner's delivery log). */
export const postbackDeliverySchema = z.object({
  ID: z.number().int(),
  postbackID: z.number().int(),
  postbackName: z.string(),
  /** 0 for a test fire. */
  leadID: z.number().int(),
  /** `created|approved|declined|changed:<role>:<key>`, `test:<key>`, or `replay:<ID>:<n>`. */
  event: z.string(),
  isTest: z.boolean(),
  /** For a replay (`replay:<ID>:<n>`): the delivery it sent again; null otherwise. */
  replayOf: z.number().int().nullable(),
  URL: z.string(),
  state: z.enum(POSTBACK_DELIVERY_STATES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDateSchema,
  deliveredAt: isoDateSchema.nullable(),
  log: z.array(postbackAttemptSchema),
});
export type PostbackDelivery = z.infer<typeof postbackDeliverySchema>;

export const signingSecretInfoSchema = z.object({
  exists: z.boolean(),
  /** When the current secret was made. */
  createdAt: isoDateSchema.nullable(),
  /** During a rotation: until when the previous secret still signs too. */
  previousValidUntil: isoDateSchema.nullable(),
});

/** One request the postback inspector received (decision 0041), as it arrived. */
export const inspectorRequestSchema = z.object({
  ID: z.number().int(),
  method: z.string(),
  /** The URL as received: the sites server's public origin and the raw path and query. */
  URL: z.string(),
  /** Lower-case names; at most INSPECTOR_LIMITS.headers, each value cut to headerChars. */
  headers: z.record(z.string(), z.string()),
  /** The body cut to INSPECTOR_LIMITS.bodyChars characters. */
  body: z.string(),
  bodyBytes: z.number().int(),
  /** The Standard Webhooks signature against the user's secrets when it arrived. */
  signature: z.enum(SIGNATURE_CHECKS),
  receivedAt: isoDateSchema,
});
export type InspectorRequest = z.infer<typeof inspectorRequestSchema>;

/** The session user's postbacks: URLs called when their leads hit a trigger. */
export const postbackCalls = {
  addPostback: defineCall({
    path: '/postback/addPostback',
    method: 'POST',
    summary: 'Add a postback for the session user',
    spec: 'D',
    callers: POSTBACK_CALLERS,
    request: z.object(postbackFields),
    response: postbackSchema,
  }),
  deletePostback: defineCall({
    path: '/postback/deletePostback',
    method: 'POST',
    summary: 'Delete one of the own postbacks',
    spec: 'D',
    callers: POSTBACK_CALLERS,
    request: z.object({ postbackID: idSchema }),
    response: z.null(),
  }),
  editPostback: defineCall({
    path: '/postback/editPostback',
    method: 'POST',
    summary: 'Edit one of the own postbacks',
    spec: 'D',
    callers: POSTBACK_CALLERS,
    request: z.object({ postbackID: idSchema, ...postbackFields }),
    response: postbackSchema,
  }),
  getAllPostbacks: defineCall({
    path: '/postback/getAllPostbacks',
    method: 'POST',
    summary: "The session user's postbacks, each with its receiver's health (decision 0037)",
    spec: 'D',
    callers: POSTBACK_CALLERS,
    request: emptyBody,
    response: z.array(postbackWithHealthSchema),
  }),
  /*
   * Not in the spec (issue 17; decision 0037): a postback disabled after its receiver failed for
   * days goes again. Its owner, or an admin.
   */
  enablePostback: defineCall({
    path: '/postback/enablePostback',
    method: 'POST',
    summary:
      'Re-enable a postback disabled after its receiver kept failing: its lane is reset and its waiting deliveries go again',
    spec: 'D (decision 0037)',
    callers: [...POSTBACK_CALLERS, 'admin'],
    request: z.object({ postbackID: idSchema }),
    response: postbackWithHealthSchema,
  }),
  /*
   * Not in the spec's list (review decisions, docs/decisions/0013-postbacks.md): the delivery log,
   * the test button and the signing secret of the postback screen.
   */
  getDeliveries: defineCall({
    path: '/postback/getDeliveries',
    method: 'POST',
    summary: "The session user's postback deliveries, newest first, with each attempt",
    spec: 'D (review decision)',
    callers: POSTBACK_CALLERS,
    request: z.object({
      paginationOffset: paginationOffsetSchema,
      limit: limitSchema,
      postbackID: idSchema.optional(),
      leadID: z.coerce.number().int().min(0).optional(),
      state: z.enum(POSTBACK_DELIVERY_STATES).optional(),
    }),
    response: listAnswer(postbackDeliverySchema),
  }),
  testPostback: defineCall({
    path: '/postback/testPostback',
    method: 'POST',
    summary: 'Fire one of the own postbacks once with sample values, through the worker; see getDeliveries',
    spec: 'D (review decision)',
    callers: POSTBACK_CALLERS,
    request: z.object({ postbackID: idSchema }),
    response: z.object({ deliveryID: z.number().int(), state: z.enum(POSTBACK_DELIVERY_STATES) }),
  }),
  rotateSigningSecret: defineCall({
    path: '/postback/rotateSigningSecret',
    method: 'POST',
    summary:
      'Make a new postback signing secret and show it this once; the previous one keeps signing for 24 h',
    spec: 'D (review decision)',
    callers: POSTBACK_CALLERS,
    request: emptyBody,
    response: z.object({
      /** `whsec_...`: shown only in this answer. */
      secret: z.string(),
      createdAt: isoDateSchema,
      previousValidUntil: isoDateSchema.nullable(),
    }),
  }),
  /*
   * Not in the spec's list either: the Replay button of a lead's timeline (issue 11; decision
   * 0019). Owners and admins; whose delivery it is, is declared where the API binds the call.
   */
  replayPostbackDelivery: defineCall({
    path: '/postback/replayPostbackDelivery',
    method: 'POST',
    summary:
      "Send a lead event's postback delivery again, once, through the worker (the postback's owner, or an admin); see getDeliveries",
    spec: 'D (decision 0019)',
    callers: [...POSTBACK_CALLERS, 'admin'],
    request: byIdRequest,
    response: z.object({
      /** The replay's own delivery row. */
      deliveryID: z.number().int(),
      /** The delivery sent again (the original, when a replay was named). */
      replayOf: z.number().int(),
      state: z.enum(POSTBACK_DELIVERY_STATES),
    }),
  }),
  /*
   * Not in the spec either: the postback inspector (issue 17; decision 0041). Each caller sees
   * only their own: the calls take no user.
   */
  getInspector: defineCall({
    path: '/postback/getInspector',
    method: 'POST',
    summary: `The session user's inspector URL (made on first need) and the last ${INSPECTOR_LIMITS.requests} requests it received, newest first`,
    spec: 'D (decision 0041)',
    callers: POSTBACK_CALLERS,
    request: emptyBody,
    response: z.object({ URL: z.string(), requests: z.array(inspectorRequestSchema) }),
  }),
  clearInspector: defineCall({
    path: '/postback/clearInspector',
    method: 'POST',
    summary: "Forget every request the session user's inspector received",
    spec: 'D (decision 0041)',
    callers: POSTBACK_CALLERS,
    request: emptyBody,
    response: z.null(),
  }),
  getSigningSecretInfo: defineCall({
    path: '/postback/getSigningSecretInfo',
    method: 'POST',
    summary: 'Whether a signing secret exists, since when, and whether a rotation overlap is running',
    spec: 'D (review decision)',
    callers: POSTBACK_CALLERS,
    request: emptyBody,
    response: signingSecretInfoSchema,
  }),
};
