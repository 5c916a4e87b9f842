import { isReplayDelivery, isTestDelivery, replayedDeliveryOf, signingSecretsFor } from '@leadmesh/core';
import { preparedOnce } from '@leadmesh/db';
import { postbackSend } from '@leadmesh/jobs';
import { isInspectorUrl, nextDelay, POSTBACK_RETRY_DELAYS_MS } from '@leadmesh/net';
import { postbackAttempts, postbackDeliveries, postbacks } from '@leadmesh/schema/tables';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobRun, WorkerContext } from '../context.ts';
import { postbackEndpoint, type Report, throughLane } from '../lanes.ts';
import { type AttemptResult, sendSigned } from '../postbacks/send.ts';

/**
 * Attempts a delivery gets: the schedule's length (8) for lead events; one for a test fire or a
 * replay, which someone is watching and can press again (decisions 0013, 0019).
 */
export const attemptsFor = (event: string): number =>
  isTestDelivery(event) || isReplayDelivery(event) ? 1 : POSTBACK_RETRY_DELAYS_MS.length;

/**
 * `webhook-id` of a delivery: the same on every retry, so receivers drop repeats. A replay carries
 * the id of the delivery it sends again (Standard Webhooks: a resent message keeps its id).
 */
export const webhookIdOf = (deliveryId: number, event = ''): string =>
  `pb_${replayedDeliveryOf(event) ?? deliveryId}`;

/**
 * The claim, prepared once per database: the row moves to `attempt` only if it is pending and its
 * previous attempt was `attempt - 1`, and answers what the send needs (one statement, no select
 * before it). A duplicate job, a sweep racing a retry, a row delivered or failed, or a lead event of
 * a disabled postback matches nothing.
 */
const claimAttempt = preparedOnce((db) =>
  db
    .update(postbackDeliveries)
    .set({ Attempts: sql`${sql.placeholder('attempt')}` })
    .where(
      and(
        eq(postbackDeliveries.ID, sql.placeholder('id')),
        eq(postbackDeliveries.State, 'pending'),
        eq(postbackDeliveries.Attempts, sql`${sql.placeholder('attempt')} - 1`),
        // A disabled postback's deliveries wait, their attempts unspent (decision 0037); a test
        // fire or a replay, which its owner is watching, still goes.
        sql`(${postbackDeliveries.Event} like 'test:%' or ${postbackDeliveries.Event} like 'replay:%' or not exists (select 1 from ${postbacks} where ${postbacks.postbackID} = ${postbackDeliveries.BoundPostback} and ${postbacks.disabledAt} is not null))`,
      ),
    )
    .returning({
      URL: postbackDeliveries.URL,
      Body: postbackDeliveries.Body,
      Event: postbackDeliveries.Event,
      LastError: postbackDeliveries.LastError,
      ownerId: sql<number>`(select ${postbacks.BoundUser} from ${postbacks} where ${postbacks.postbackID} = ${postbackDeliveries.BoundPostback})`,
    })
    .prepare(),
);

/**
 * Where a delivery goes, read before the claim so the receiver's lane can hold it back. Finished
 * rows too: a job the lane released holds a slot to give back, even when its claim will do nothing.
 */
const peekDelivery = preparedOnce((db) =>
  db
    .select({ URL: postbackDeliveries.URL, Event: postbackDeliveries.Event })
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.ID, sql.placeholder('id')))
    .prepare(),
);

/**
 * What an attempt says about its receiver, for its lane's breaker (decision 0035): an answer of
 * 2xx or a 4xx means it is up; 5xx, 408, 429 and transport failures that it is not; a refusal of
 * the address policy or our own trouble says nothing about it.
 */
export function healthOf(result: AttemptResult): Parameters<Report>[0] {
  if (result.verdict === 'delivered') return 'ok';
  if (result.status !== null) return result.verdict === 'retry' ? 'fail' : 'ok';
  if (result.error?.startsWith('INTERNAL')) return 'neutral';
  return result.verdict === 'retry' ? 'fail' : 'neutral';
}

/**
 * One postback job. Lead events go through their receiver's lane (decision 0035): at most a few in
 * flight per receiver, none while its breaker is open (the delivery waits parked, its attempt not
 * spent). A test fire or a replay, which someone is watching, goes straight.
 */
export async function runPostbackSend(
  payload: z.output<typeof postbackSend.schema>,
  ctx: WorkerContext,
  run?: JobRun,
): Promise<void> {
  const { lanes } = ctx;
  if (lanes && run?.jobId) {
    // Intake and retries name the lane: a delivery for a busy or dead receiver parks without a read.
    let lane = payload.lane ?? null;
    if (!lane) {
      const [target] = await peekDelivery(ctx.db).execute({ id: payload.deliveryId });
      // A test fire or a replay, which someone is watching, goes straight.
      if (target && !isTestDelivery(target.Event) && !isReplayDelivery(target.Event))
        lane = postbackEndpoint(target.URL);
    }
    if (lane) {
      const gated = lane;
      // Deliveries parked in this lane come in turn under the same slot (decision 0036): the claim
      // on the row decides each, as for a job.
      await throughLane({ ...ctx, lanes }, run.jobId, gated, postbackSend, payload, (next, report) =>
        sendDelivery(next, ctx, report, gated),
      );
      return;
    }
  }
  await sendDelivery(payload, ctx);
}

type ClaimedDelivery = Awaited<ReturnType<ReturnType<typeof claimAttempt>['execute']>>[number];

/** Sends a claimed delivery, signed, through the guarded client; our own failures come back as a retry. */
async function attemptSend(
  ctx: WorkerContext,
  deliveryId: number,
  delivery: ClaimedDelivery,
): Promise<AttemptResult> {
  try {
    const secrets = await signingSecretsFor(ctx.db, ctx.secretBox, delivery.ownerId);
    // A delivery with a body is a `post-json` postback (decision 0042); the user's own inspector is
    // the one platform address a postback may reach, wherever the sites server runs (decision 0041).
    const post = delivery.Body !== null;
    return await sendSigned(
      {
        url: delivery.URL,
        secrets,
        msgId: webhookIdOf(deliveryId, delivery.Event),
        ...(post
          ? { method: 'POST' as const, body: delivery.Body ?? '', contentType: 'application/json' }
          : {}),
      },
      {
        allowLoopback:
          ctx.env.ALLOW_LOOPBACK_TARGETS || isInspectorUrl(delivery.URL, ctx.env.SITES_PUBLIC_URL),
        ...ctx.outbound,
      },
    );
  } catch (error) {
    // Not the receiver's doing (no key to open the secret, a bug): logged, retried on the schedule.
    return {
      verdict: 'retry',
      status: null,
      body: null,
      error: `INTERNAL: ${(error as Error).message}`.slice(0, 500),
      durationMs: 0,
    };
  }
}

interface AfterAttempt {
  state: 'pending' | 'delivered' | 'failed';
  /** When the next attempt is due, if there is one. */
  delay: number | null;
  lastError: string | null;
}

/** Where a delivery stands after an attempt: delivered, failed for good, or pending the next one. */
function afterAttempt(result: AttemptResult, attempt: number, allowed: number): AfterAttempt {
  const lastError =
    result.verdict === 'delivered' ? null : (result.error ?? `HTTP ${result.status ?? 'no answer'}`);
  if (result.verdict === 'delivered') return { state: 'delivered', delay: null, lastError };
  if (result.verdict === 'final' || attempt >= allowed) return { state: 'failed', delay: null, lastError };
  const delay = nextDelay(attempt, result.retryAfterMs);
  return { state: delay === null ? 'failed' : 'pending', delay, lastError };
}

/** The attempt row and the delivery's state in one atomic batch (a transaction without holding one open across awaits). */
async function recordAttempt(
  ctx: WorkerContext,
  deliveryId: number,
  attempt: number,
  url: string,
  result: AttemptResult,
  { state, lastError }: AfterAttempt,
): Promise<void> {
  await ctx.db.batch([
    ctx.db.insert(postbackAttempts).values({
      DeliveryID: deliveryId,
      Attempt: attempt,
      URL: url,
      ResponseStatus: result.status,
      ResponseBody: result.body,
      Error: result.error,
      DurationMs: result.durationMs,
    }),
    ctx.db
      .update(postbackDeliveries)
      .set({
        State: state,
        ResponseCode: result.status,
        LastError: lastError,
        ...(state === 'delivered' ? { deliveredAt: new Date() } : {}),
      })
      .where(eq(postbackDeliveries.ID, deliveryId)),
  ]);
}

/**
 * One attempt of one postback delivery (a `postback_deliveries` row). The attempt is claimed on
 * the row first (compare-and-set on `Attempts`), so each attempt number is sent at most once
 * whatever jobs the queue and the sweep hand out. Then: the owner's secrets (created on first
 * need), the signed request through the guarded client, and in one atomic batch the attempt row
 * and the delivery's state. A retryable failure asks for the next attempt after the schedule's
 * delay (or the receiver's longer Retry-After); the last one, a final failure or a test fire's
 * only attempt leaves the row `failed`.
 */
async function sendDelivery(
  payload: z.output<typeof postbackSend.schema>,
  ctx: WorkerContext,
  report?: Report,
  lane?: string,
): Promise<void> {
  const { deliveryId, attempt } = payload;
  const [delivery] = await claimAttempt(ctx.db).execute({ id: deliveryId, attempt });
  // Deleted with its postback, finished, or not this attempt's turn: nothing to do.
  if (!delivery) return;
  const allowed = attemptsFor(delivery.Event);
  if (attempt > allowed) {
    // Only after a crash between a claim and its record: the schedule is used up.
    await ctx.db
      .update(postbackDeliveries)
      .set({ State: 'failed', Attempts: allowed, LastError: delivery.LastError ?? 'No attempts left' })
      .where(eq(postbackDeliveries.ID, deliveryId));
    return;
  }
  const result = await attemptSend(ctx, deliveryId, delivery);
  // Not waited for: the record is its own statement, it need not meet the next claim.
  void report?.(healthOf(result), result.error ?? (result.status === null ? null : `HTTP ${result.status}`));
  const next = afterAttempt(result, attempt, allowed);
  await recordAttempt(ctx, deliveryId, attempt, delivery.URL, result, next);
  if (next.delay === null) return;
  try {
    await ctx.jobs.enqueue(postbackSend, { deliveryId, attempt: attempt + 1, lane }, next.delay);
  } catch (error) {
    // The row says when the next attempt is due; the postback sweep enqueues it then.
    console.warn(
      `postback ${deliveryId} attempt ${attempt + 1} left for the sweep: ${(error as Error).message}`,
    );
  }
}
