import {
  ApiError,
  type Caller,
  type DisabledMark,
  enableEndpoint,
  endpointHealthOf,
  isTestDelivery,
  laneStatuses,
  notFound,
  queueReplayPostback,
  queueTestPostback,
  replayedDeliveryOf,
  rotateSigningSecret,
  type SecretBox,
  signingSecretInfo,
} from '@leadmesh/core';
import type { Db, DbOrTx } from '@leadmesh/db';
import { type EndpointLanes, postbackLane } from '@leadmesh/jobs';
import {
  MESSAGES,
  PAGE_SIZE,
  type Postback,
  type PostbackDelivery,
  type PostbackDeliveryMode,
  type PostbackTrigger,
  type PostbackWithHealth,
} from '@leadmesh/schema';
import { postbackAttempts, postbackDeliveries, postbacks } from '@leadmesh/schema/tables';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { audit } from '../../lib/logs.ts';
import { type PostbackUrlPolicy, postbackUrlProblem } from './url-policy.ts';

const columns = {
  postbackID: postbacks.postbackID,
  postbackName: postbacks.postbackName,
  postbackURL: postbacks.postbackURL,
  postbackType: postbacks.postbackType,
  postbackTrigger: postbacks.postbackTrigger,
  postbackDelivery: postbacks.postbackDelivery,
};

export interface PostbackFields {
  postbackName: string;
  postbackURL: string;
  postbackType: 'default';
  postbackTrigger: PostbackTrigger;
  postbackDelivery: PostbackDeliveryMode;
}

/**
 * Which triggers a user may choose (decision 0013): `…Advertiser` ones need an advertiser profile
 * (they fire for leads on that advertiser's offers), `…Publisher` ones a publisher role that is not
 * hidden (they fire for the user's own leads). Role-less triggers (Any, OnCreate, ...) are for
 * everyone: they fire in whichever role the user has on a lead.
 */
export function triggerProblem(trigger: PostbackTrigger, caller: Caller): string | null {
  if (trigger.endsWith('Advertiser') && !caller.advertiser) {
    return 'Advertiser triggers need an advertiser profile';
  }
  if (trigger.endsWith('Publisher') && caller.user.isPublisherHidden) {
    return 'Publisher triggers are not available to an account without the publisher role';
  }
  return null;
}

/**
 * Refuses fields the policy does not admit, before any write. `message` is the spec's sentence for a
 * failed add (dashboards §8); the reason is in `issues`, for the form to show beside the field.
 */
async function checkFields(
  caller: Caller,
  fields: PostbackFields,
  policy: PostbackUrlPolicy,
  message: string | null,
): Promise<void> {
  const refuse = (field: string, reason: string) =>
    new ApiError('VALIDATION_ERROR', {
      field,
      message: message ?? reason,
      issues: [{ path: field, message: reason }],
    });
  const trigger = triggerProblem(fields.postbackTrigger, caller);
  if (trigger) throw refuse('postbackTrigger', trigger);
  const url = await postbackUrlProblem(fields.postbackURL, policy);
  if (url) throw refuse('postbackURL', url);
}

const withMark = { ...columns, disabledAt: postbacks.disabledAt, disabledReason: postbacks.disabledReason };

/** Postback rows with their receivers' health (decision 0037). */
async function withHealth(
  rows: (Postback & DisabledMark)[],
  lanes: EndpointLanes | null,
): Promise<PostbackWithHealth[]> {
  const statuses = await laneStatuses(
    lanes,
    rows.map((row) => postbackLane(row.postbackURL)),
  );
  return rows.map(({ disabledAt, disabledReason, ...row }) => ({
    ...row,
    health: endpointHealthOf(statuses.get(postbackLane(row.postbackURL) ?? ''), {
      disabledAt,
      disabledReason,
    }),
  }));
}

/**
 * The session user's postbacks, newest first (the spec gives no order; issue 16: lists people work
 * in), each with its receiver's health: only the caller's own rows are read, so only their
 * receivers' lanes are asked about.
 */
export async function listPostbacks(
  db: DbOrTx,
  caller: Caller,
  lanes: EndpointLanes | null,
): Promise<PostbackWithHealth[]> {
  const rows = await db
    .select(withMark)
    .from(postbacks)
    .where(eq(postbacks.BoundUser, caller.user.ID))
    .orderBy(desc(postbacks.postbackID));
  return withHealth(rows, lanes);
}

/**
 * Re-enables a disabled postback (ownership checked at the binding: its owner, or an admin), in
 * one transaction with its log line; the worker then resets the receiver's lane and sends what
 * waited (decision 0037). A postback that was not disabled is answered as it stands.
 */
export async function enablePostback(
  db: Db,
  caller: Caller,
  input: { postbackID: number },
  lanes: EndpointLanes | null,
  now: number,
): Promise<PostbackWithHealth> {
  const enabled = await db.transaction((tx) =>
    enableEndpoint(tx, { kind: 'postback', id: input.postbackID }, caller.user.ID, now),
  );
  const rows = await db.select(withMark).from(postbacks).where(eq(postbacks.postbackID, input.postbackID));
  if (rows.length === 0) throw notFound('Postback not found');
  // Just enabled: the worker resets the lane after this answer, so its old failures are not shown.
  const [answer] = await withHealth(rows, enabled ? null : lanes);
  return answer;
}

/** Adds a postback for the session user; the URL is checked (without a transaction open) first. */
export async function addPostback(
  db: Db,
  caller: Caller,
  input: PostbackFields,
  policy: PostbackUrlPolicy,
): Promise<Postback> {
  await checkFields(caller, input, policy, MESSAGES.errorAddingPostback);
  const [row] = await db
    .insert(postbacks)
    .values({ BoundUser: caller.user.ID, ...input })
    .returning(columns);
  return row;
}

/**
 * Edits one of the own postbacks (ownership checked at the binding). Deliveries already queued keep
 * the URL they were filled with: it is what was signed and logged for that event.
 */
export async function editPostback(
  db: Db,
  caller: Caller,
  input: PostbackFields & { postbackID: number },
  policy: PostbackUrlPolicy,
): Promise<Postback> {
  const { postbackID, ...fields } = input;
  await checkFields(caller, fields, policy, null);
  const [row] = await db
    .update(postbacks)
    .set(fields)
    .where(and(eq(postbacks.postbackID, postbackID), eq(postbacks.BoundUser, caller.user.ID)))
    .returning(columns);
  if (!row) throw notFound('Postback not found');
  return row;
}

/** Deletes one of the own postbacks with its delivery log; queued jobs find no row and stop. */
export async function deletePostback(db: Db, caller: Caller, input: { postbackID: number }): Promise<null> {
  const deleted = await db
    .delete(postbacks)
    .where(and(eq(postbacks.postbackID, input.postbackID), eq(postbacks.BoundUser, caller.user.ID)))
    .returning({ ID: postbacks.postbackID });
  if (deleted.length === 0) throw notFound(MESSAGES.errorDeletingPostback);
  return null;
}

export interface DeliveryQuery {
  paginationOffset: number;
  limit?: number;
  postbackID?: number;
  leadID?: number;
  state?: 'pending' | 'delivered' | 'failed';
}

/**
 * The delivery log of the session user's postbacks, newest first, a page at a time, each delivery
 * with its attempts. The filters narrow the caller's own deliveries: another user's postback id
 * simply matches nothing.
 */
export async function listDeliveries(
  db: DbOrTx,
  caller: Caller,
  query: DeliveryQuery,
): Promise<{ DBData: PostbackDelivery[] }> {
  const conditions: SQL[] = [eq(postbacks.BoundUser, caller.user.ID)];
  if (query.postbackID !== undefined) conditions.push(eq(postbackDeliveries.BoundPostback, query.postbackID));
  if (query.leadID !== undefined) conditions.push(eq(postbackDeliveries.BoundLead, query.leadID));
  if (query.state !== undefined) conditions.push(eq(postbackDeliveries.State, query.state));
  const rows = await db
    .select({ delivery: postbackDeliveries, postbackName: postbacks.postbackName })
    .from(postbackDeliveries)
    .innerJoin(postbacks, eq(postbacks.postbackID, postbackDeliveries.BoundPostback))
    .where(and(...conditions))
    .orderBy(desc(postbackDeliveries.ID))
    .limit(query.limit ?? PAGE_SIZE)
    .offset(query.paginationOffset);
  const ids = rows.map((r) => r.delivery.ID);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(postbackAttempts)
          .where(inArray(postbackAttempts.DeliveryID, ids))
          .orderBy(asc(postbackAttempts.DeliveryID), asc(postbackAttempts.Attempt));
  const byDelivery = new Map<number, PostbackDelivery['log']>();
  for (const a of attempts) {
    const log = byDelivery.get(a.DeliveryID) ?? [];
    log.push({
      attempt: a.Attempt,
      URL: a.URL,
      responseStatus: a.ResponseStatus,
      responseBody: a.ResponseBody,
      error: a.Error,
      durationMs: a.DurationMs,
      createdAt: a.createdAt.toISOString(),
    });
    byDelivery.set(a.DeliveryID, log);
  }
  return {
    DBData: rows.map(({ delivery: d, postbackName }) => ({
      ID: d.ID,
      postbackID: d.BoundPostback,
      postbackName,
      leadID: d.BoundLead,
      event: d.Event,
      isTest: isTestDelivery(d.Event),
      replayOf: replayedDeliveryOf(d.Event),
      URL: d.URL,
      state: d.State,
      attempts: d.Attempts,
      responseCode: d.ResponseCode,
      lastError: d.LastError,
      createdAt: d.createdAt.toISOString(),
      deliveredAt: d.deliveredAt ? d.deliveredAt.toISOString() : null,
      log: byDelivery.get(d.ID) ?? [],
    })),
  };
}

/** The test button: one delivery with sample values through the worker; the log shows the answer. */
export async function testPostback(
  db: Db,
  caller: Caller,
  input: { postbackID: number },
): Promise<{ deliveryID: number; state: 'pending' | 'failed' }> {
  return db.transaction(async (tx) => {
    const [postback] = await tx
      .select({
        postbackID: postbacks.postbackID,
        postbackURL: postbacks.postbackURL,
        postbackDelivery: postbacks.postbackDelivery,
      })
      .from(postbacks)
      .where(and(eq(postbacks.postbackID, input.postbackID), eq(postbacks.BoundUser, caller.user.ID)))
      .limit(1);
    if (!postback) throw notFound('Postback not found');
    const { deliveryId, state } = await queueTestPostback(tx, postback);
    return { deliveryID: deliveryId, state };
  });
}

/**
 * The Replay button of a lead's timeline: the delivery's event sent again through the worker,
 * once (core `queueReplayPostback`). Who may name the delivery (its postback's owner, or an admin)
 * is declared at the binding.
 */
export async function replayDelivery(
  db: Db,
  caller: Caller,
  input: { ID: number },
): Promise<{ deliveryID: number; replayOf: number; state: 'pending' }> {
  const replay = await db.transaction(async (tx) => {
    const queued = await queueReplayPostback(tx, input.ID);
    // An admin may replay anyone's: the log says who sent what again.
    await audit(tx, 'postback.replayed', { delivery: queued.replayOf, replay: queued.deliveryId }, caller);
    return queued;
  });
  return { deliveryID: replay.deliveryId, replayOf: replay.replayOf, state: replay.state };
}

/**
 * A new signing secret for the session user, answered this once. The previous one keeps signing
 * during the overlap. The log records that it happened, never the secret.
 */
export async function rotateSecret(
  db: Db,
  caller: Caller,
  box: SecretBox,
  now: Date,
): Promise<{ secret: string; createdAt: string; previousValidUntil: string | null }> {
  const rotated = await db.transaction(async (tx) => {
    const result = await rotateSigningSecret(tx, box, caller.user.ID, now);
    const event = result.previousValidUntil ? 'postback-secret.rotated' : 'postback-secret.created';
    await audit(tx, event, { user: caller.user.ID }, caller);
    return result;
  });
  return {
    secret: rotated.secret,
    createdAt: rotated.createdAt.toISOString(),
    previousValidUntil: rotated.previousValidUntil?.toISOString() ?? null,
  };
}

export async function secretInfo(
  db: DbOrTx,
  caller: Caller,
  now: Date,
): Promise<{ exists: boolean; createdAt: string | null; previousValidUntil: string | null }> {
  const info = await signingSecretInfo(db, caller.user.ID, now);
  return {
    exists: info.exists,
    createdAt: info.createdAt?.toISOString() ?? null,
    previousValidUntil: info.previousValidUntil?.toISOString() ?? null,
  };
}
