import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@leadmesh/db';
import { enqueueAfterCommit, postbackLane, postbackSend, postbackSendWatched } from '@leadmesh/jobs';
import { fillUrlTemplate, type MacroValue } from '@leadmesh/net';
import { LEAD_STATUS, POSTBACK_PLACEHOLDERS, type PostbackTrigger, PRODUCT_KEY } from '@leadmesh/schema';
import {
  advertisers,
  type LeadRow,
  type PostbackRow,
  postbackDeliveries,
  postbacks,
} from '@leadmesh/schema/tables';
import { and, asc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import { ApiError, notFound } from '../errors.ts';

/** What happened to a lead, as postbacks see it. */
export type LeadEvent = 'created' | 'approved' | 'declined' | 'changed';
/** The side of a lead a postback's owner is on. */
export type PostbackRole = 'Publisher' | 'Advertiser';
type Role = PostbackRole;

/** The event a status change is for postbacks: 2 approves, 3 and 4 decline, the rest only changes. */
export function postbackEventOf(status: number): LeadEvent {
  if (status === LEAD_STATUS.CONFIRMED) return 'approved';
  if (status === LEAD_STATUS.REJECTED || status === LEAD_STATUS.BAD_LEAD) return 'declined';
  return 'changed';
}

/**
 * The triggers that fire for an event in a role: `Any` and the role's `Any…` for every event, and
 * `OnCreate` / `OnApproved` / `OnDeclined` with or without the role for theirs. A postback belongs
 * to a user; it fires for leads where that user is the publisher (role Publisher) or owns the
 * offer's advertiser (role Advertiser).
 */
export function triggersFor(event: LeadEvent, role: Role): PostbackTrigger[] {
  const triggers: PostbackTrigger[] = ['Any', `Any${role}`];
  const specific = { created: 'OnCreate', approved: 'OnApproved', declined: 'OnDeclined', changed: null }[
    event
  ];
  if (specific) triggers.push(specific as PostbackTrigger, `${specific}${role}` as PostbackTrigger);
  return triggers;
}

/** The names `POSTBACK_PLACEHOLDERS` lists, without braces (`lead_id`, `leadmesh-phone`, ...). */
export const POSTBACK_MACRO_NAMES: readonly string[] = POSTBACK_PLACEHOLDERS.map((p) => p.slice(1, -1));

/** The lead-detail macros: `{leadmesh-name}` etc., read from PurchaseDetails under the same key. */
const DETAIL_MACROS = POSTBACK_MACRO_NAMES.filter((name) => name.startsWith(`${PRODUCT_KEY}-`));

/**
 * The macro values of a lead (dashboards §3), one for every name in `POSTBACK_PLACEHOLDERS`.
 * `{lead_price}` is in dollars with two decimals, as trackers expect; a detail the lead does not
 * carry fills as ''. `fillUrlTemplate` URL-encodes every value.
 */
export function leadMacros(lead: LeadRow, offerId: number): Record<string, MacroValue> {
  const details = (lead.PurchaseDetails ?? {}) as Record<string, unknown>;
  const values: Record<string, MacroValue> = {
    lead_id: lead.ID,
    lead_status: lead.Status,
    lead_price: (lead.LeadPrice / 100).toFixed(2),
    offer_id: offerId,
    offer_name: lead.OfferName,
    product_name: lead.ProductName,
    domain: lead.PurchaseDomain ?? '',
    lead_type: lead.PurchaseLeadType,
    is_phone: lead.PurchaseIsPhone ? 1 : 0,
  };
  for (const name of DETAIL_MACROS) {
    const value = details[name];
    values[name] =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : '';
  }
  return values;
}

/**
 * Sample values for a test fire: every macro filled, visibly fake (lead 0, click id `test`), so a
 * receiver that counts conversions can tell, and finds no click to attach it to.
 */
export function testMacros(): Record<string, MacroValue> {
  const values: Record<string, MacroValue> = {
    lead_id: 0,
    lead_status: LEAD_STATUS.CONFIRMED,
    lead_price: '12.50',
    offer_id: 0,
    offer_name: 'Test offer',
    product_name: 'Test product',
    domain: 'http://example.com',
    lead_type: 'CPA',
    is_phone: 1,
  };
  for (const name of DETAIL_MACROS) values[name] = 'test';
  values[`${PRODUCT_KEY}-name`] = 'Test Buyer';
  values[`${PRODUCT_KEY}-phone`] = '+10000000000';
  values[`${PRODUCT_KEY}-quantity`] = 1;
  return values;
}

/** Deliveries made by the test button carry this event prefix; they are tried once, never retried. */
export const TEST_EVENT_PREFIX = 'test:';
export const isTestDelivery = (event: string): boolean => event.startsWith(TEST_EVENT_PREFIX);

/**
 * The JSON body of a `post-json` postback (decision 0042): the event, the role it fired in and
 * every macro's value under its name; null for a GET postback (its values are in the URL).
 */
export function postbackBody(
  postback: Pick<PostbackRow, 'postbackDelivery'>,
  event: string,
  role: PostbackRole | null,
  values: Record<string, MacroValue>,
): string | null {
  if (postback.postbackDelivery !== 'post-json') return null;
  return JSON.stringify({ event, role, ...values });
}

/** Fills a template; a template that cannot be filled (saved before the checks) gives the reason. */
function fill(template: string, values: Record<string, MacroValue>): { url: string; problem: string | null } {
  try {
    return { url: fillUrlTemplate(template, values), problem: null };
  } catch (error) {
    return { url: template, problem: (error as Error).message };
  }
}

/**
 * Writes one delivery row per postback that fires for this lead event (the outbox of postbacks),
 * with its URL filled now, and asks for their jobs after the unit of work. The lead's publisher
 * (`BoundUser`) fires their Publisher and role-less triggers; the user owning the lead's advertiser
 * fires their Advertiser and role-less ones. A user who is both (their own offer) fires a role-less
 * postback once. `eventKey` makes the rows unique, so recording the same event twice queues
 * nothing twice. Runs inside the transaction of the change; a URL that cannot be filled gives a
 * `failed` row with the reason instead of a job.
 */
export async function queueLeadPostbacks(
  tx: DbOrTx,
  lead: LeadRow,
  event: LeadEvent,
  eventKey: string,
): Promise<number> {
  const [advertiser] = await tx
    .select({ userId: advertisers.UserID })
    .from(advertisers)
    .where(eq(advertisers.ID, lead.BoundAdvertiser))
    .limit(1);
  const owners: [number, Role][] = [[lead.BoundUser, 'Publisher']];
  if (advertiser) owners.push([advertiser.userId, 'Advertiser']);
  const fired = await tx
    .select()
    .from(postbacks)
    .where(
      or(
        ...owners.map(([userId, role]) =>
          and(eq(postbacks.BoundUser, userId), inArray(postbacks.postbackTrigger, triggersFor(event, role))),
        ),
      ),
    )
    .orderBy(asc(postbacks.postbackID));
  if (fired.length === 0) return 0;
  const values = leadMacros(lead, lead.BoundOffer);
  let queued = 0;
  for (const postback of fired) {
    // The role it fires in: the first owner it belongs to whose triggers include its own.
    const role = owners.find(
      ([userId, r]) =>
        userId === postback.BoundUser && triggersFor(event, r).includes(postback.postbackTrigger),
    )?.[1];
    if (!role) continue;
    const { url, problem } = fill(postback.postbackURL, values);
    const [row] = await tx
      .insert(postbackDeliveries)
      .values({
        BoundPostback: postback.postbackID,
        BoundLead: lead.ID,
        Event: `${event}:${role}:${eventKey}`,
        URL: url,
        Body: postbackBody(postback, event, role, values),
        ...(problem ? { State: 'failed' as const, LastError: problem } : {}),
      })
      .onConflictDoNothing()
      .returning({ ID: postbackDeliveries.ID });
    if (row && !problem) {
      enqueueAfterCommit(tx, postbackSend, { deliveryId: row.ID, lane: postbackLane(url) ?? undefined });
      queued++;
    }
  }
  return queued;
}

/**
 * The test button: one delivery of the postback with `testMacros`, through the same worker path
 * (guards, signature, delivery log) as a real one, tried once. Lead 0 marks it synthetic.
 */
export async function queueTestPostback(
  tx: DbOrTx,
  postback: Pick<PostbackRow, 'postbackID' | 'postbackURL' | 'postbackDelivery'>,
  now: Date = new Date(),
): Promise<{ deliveryId: number; state: 'pending' | 'failed' }> {
  const values = testMacros();
  const { url, problem } = fill(postback.postbackURL, values);
  const [row] = await tx
    .insert(postbackDeliveries)
    .values({
      BoundPostback: postback.postbackID,
      BoundLead: 0,
      Event: `${TEST_EVENT_PREFIX}${now.getTime()}-${randomBytes(4).toString('hex')}`,
      URL: url,
      Body: postbackBody(postback, 'test', null, values),
      createdAt: now,
      ...(problem ? { State: 'failed' as const, LastError: problem } : {}),
    })
    .returning({ ID: postbackDeliveries.ID });
  if (!problem) enqueueAfterCommit(tx, postbackSend, { deliveryId: row.ID });
  return { deliveryId: row.ID, state: problem ? 'failed' : 'pending' };
}

/**
 * Replays carry this event prefix: `replay:<replayed delivery ID>:<n>`, the n-th replay of that
 * delivery. A replay is tried once, like a test fire (decision 0019).
 */
export const REPLAY_EVENT_PREFIX = 'replay:';
export const isReplayDelivery = (event: string): boolean => event.startsWith(REPLAY_EVENT_PREFIX);

/** The delivery a replay sends again, or null when the event is not a replay. */
export function replayedDeliveryOf(event: string): number | null {
  const match = /^replay:(\d+):/.exec(event);
  return match ? Number(match[1]) : null;
}

export interface QueuedReplay {
  /** The replay's own delivery row (its attempt shows in the delivery log and the lead's timeline). */
  deliveryId: number;
  /** The delivery it sends again: replaying a replay replays the original. */
  replayOf: number;
  state: 'pending';
}

const replayColumns = {
  ID: postbackDeliveries.ID,
  BoundPostback: postbackDeliveries.BoundPostback,
  BoundLead: postbackDeliveries.BoundLead,
  Event: postbackDeliveries.Event,
  URL: postbackDeliveries.URL,
  Body: postbackDeliveries.Body,
  State: postbackDeliveries.State,
  Attempts: postbackDeliveries.Attempts,
  LastError: postbackDeliveries.LastError,
};

/**
 * The delivery a replay sends again, checked: replaying a replay replays the original; a test fire
 * and a delivery never sent (its URL could not be filled) are not replayed.
 */
async function replayRoot(tx: DbOrTx, deliveryId: number) {
  const byId = async (id: number) =>
    (
      await tx.select(replayColumns).from(postbackDeliveries).where(eq(postbackDeliveries.ID, id)).limit(1)
    )[0];
  const named = await byId(deliveryId);
  if (!named) throw notFound('Postback delivery not found');
  const rootId = replayedDeliveryOf(named.Event) ?? named.ID;
  const root = rootId === named.ID ? named : ((await byId(rootId)) ?? named);
  if (isTestDelivery(root.Event)) {
    throw new ApiError('VALIDATION_ERROR', {
      field: 'ID',
      message: 'A test fire is not replayed: use Test on the postback screen',
    });
  }
  if (root.State === 'failed' && root.Attempts === 0) {
    // Never sent: its template could not be filled (saved before the checks), so its URL is not one.
    throw new ApiError('VALIDATION_ERROR', {
      field: 'ID',
      message: `This delivery was never sent: ${root.LastError ?? 'its URL could not be filled'}`,
    });
  }
  return root;
}

type ReplayRoot = Awaited<ReturnType<typeof replayRoot>>;

/** Deliveries of the root's postback and lead whose event matches (`like` pattern). */
const sameLeadDeliveries = (root: ReplayRoot, event: SQL) =>
  and(
    eq(postbackDeliveries.BoundPostback, root.BoundPostback),
    eq(postbackDeliveries.BoundLead, root.BoundLead),
    event,
  );

/** Writes the replay's row; when another request wrote it a moment ago, answers that one. */
async function writeReplay(tx: DbOrTx, root: ReplayRoot, event: string): Promise<number> {
  const [row] = await tx
    .insert(postbackDeliveries)
    .values({
      BoundPostback: root.BoundPostback,
      BoundLead: root.BoundLead,
      Event: event,
      URL: root.URL,
      Body: root.Body,
    })
    .onConflictDoNothing()
    .returning({ ID: postbackDeliveries.ID });
  if (row) return row.ID;
  const [written] = await tx
    .select({ ID: postbackDeliveries.ID })
    .from(postbackDeliveries)
    .where(sameLeadDeliveries(root, eq(postbackDeliveries.Event, event)))
    .limit(1);
  if (!written) throw new Error(`replay ${event} was neither written nor found`);
  return written.ID;
}

/**
 * Sends a lead event's postback again: a new delivery row with the URL the original was filled
 * with (the same event, its values as they were then), asked for after the commit, signed with the
 * original's `webhook-id` (Standard Webhooks: a resent message keeps its id), at the head of the
 * queue (someone is watching the timeline). While an earlier
 * replay of the same delivery still waits for its attempt, that one is the answer and nothing new
 * is queued, so a double-click sends once; the unique (postback, lead, event) index settles two
 * requests at the same moment. Ownership is the caller's business (the API binding).
 */
export async function queueReplayPostback(tx: DbOrTx, deliveryId: number): Promise<QueuedReplay> {
  const root = await replayRoot(tx, deliveryId);
  const prefix = `${REPLAY_EVENT_PREFIX}${root.ID}:`;
  const replays = await tx
    .select({ ID: postbackDeliveries.ID, State: postbackDeliveries.State })
    .from(postbackDeliveries)
    .where(sameLeadDeliveries(root, like(postbackDeliveries.Event, `${prefix}%`)))
    .orderBy(asc(postbackDeliveries.ID));
  const waiting = replays.find((r) => r.State === 'pending');
  // A waiting replay keeps its business key: queueing it again is a no-op unless Redis lost the job.
  const id = waiting ? waiting.ID : await writeReplay(tx, root, `${prefix}${replays.length + 1}`);
  enqueueAfterCommit(tx, postbackSendWatched, { deliveryId: id });
  return { deliveryId: id, replayOf: root.ID, state: 'pending' };
}
