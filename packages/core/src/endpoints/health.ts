import type { DbOrTx } from '@leadmesh/db';
import {
  crmLane,
  type EndpointLanes,
  type EndpointStatus,
  endpointResume,
  enqueueAfterCommit,
  postbackLane,
} from '@leadmesh/jobs';
import { ENDPOINT_DISABLE_AFTER_MS, type EndpointHealthView } from '@leadmesh/schema';
import { advertisers, crms, postbacks, users } from '@leadmesh/schema/tables';
import { and, eq, isNotNull, isNull, like } from 'drizzle-orm';
import { audit } from '../logs.ts';

/** Who disables an endpoint in the log: the worker's sweep, not a person (decision 0037). */
const ENDPOINT_SWEEP_ACTOR = 'endpoint-sweep';

import { queueMail } from '../mail.ts';

/** How long the screens wait for Redis before they show health from the database alone. */
const STATUS_BUDGET_MS = 500;

/** Whether a row was disabled, and why (the columns of postbacks and crms). */
export interface DisabledMark {
  disabledAt: Date | null;
  disabledReason: string | null;
}

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

/** `27-11-2026 08:14 UTC`: the spec's DD-MM-YYYY hh:mm, as the screens show dates, in the disabled reason and the owner's mail. */
export const utcMinute = (ms: number) => {
  const stamp = new Date(ms).toISOString();
  return `${stamp.slice(8, 10)}-${stamp.slice(5, 7)}-${stamp.slice(0, 4)} ${stamp.slice(11, 16)} UTC`;
};

/**
 * One endpoint's health for its owner's list (decision 0037): disabled wins; failing while its lane
 * counts a run of failures (`failingSince`); otherwise ok.
 */
export function endpointHealthOf(status: EndpointStatus | undefined, mark: DisabledMark): EndpointHealthView {
  const failingSince = iso(status?.failingSince);
  const lastError = status?.failingSince != null ? status.lastError : null;
  if (mark.disabledAt) {
    return {
      state: 'disabled',
      failingSince,
      lastError,
      nextTryAt: null,
      disabledAt: mark.disabledAt.toISOString(),
      disabledReason: mark.disabledReason,
    };
  }
  if (status?.failingSince != null) {
    return {
      state: 'failing',
      failingSince,
      lastError,
      nextTryAt: iso(status.nextTryAt),
      disabledAt: null,
      disabledReason: null,
    };
  }
  return {
    state: 'ok',
    failingSince: null,
    lastError: null,
    nextTryAt: null,
    disabledAt: null,
    disabledReason: null,
  };
}

/**
 * The lanes' status of `endpoints`, by endpoint. Redis that does not answer within half a second
 * gives an empty map: the lists then show what the database knows (disabled or ok), never wait.
 */
export async function laneStatuses(
  lanes: EndpointLanes | null,
  endpoints: readonly (string | null)[],
): Promise<Map<string, EndpointStatus>> {
  const wanted = [...new Set(endpoints.filter((e): e is string => e !== null))];
  if (!lanes || wanted.length === 0) return new Map();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<EndpointStatus[]>((resolve) => {
    timer = setTimeout(() => resolve([]), STATUS_BUDGET_MS);
  });
  try {
    const statuses = await Promise.race([lanes.status(wanted), late]);
    return new Map(statuses.map((s) => [s.endpoint, s]));
  } catch {
    return new Map();
  } finally {
    clearTimeout(timer);
  }
}

/** Endpoints failing now (longest first), or none when Redis does not answer within half a second. */
export async function failingLanes(lanes: EndpointLanes | null, limit = 100): Promise<EndpointStatus[]> {
  if (!lanes) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<EndpointStatus[]>((resolve) => {
    timer = setTimeout(() => resolve([]), STATUS_BUDGET_MS);
  });
  try {
    return await Promise.race([lanes.failing(limit), late]);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/** What an endpoint's disabling touched: the rows disabled and the owners told. */
export interface Disabled {
  endpoint: string;
  postbackIDs: number[];
  crmIDs: number[];
}

/** The host part of a postback lane (`postback:host:port` → `host:port`). */
const laneHost = (endpoint: string) => endpoint.slice('postback:'.length);

/**
 * Disables what goes to `status.endpoint` (decision 0037), in one transaction: every enabled
 * postback whose URL's host is the receiver's, or the CRM; each with a log line and a mail to its
 * owner. Rows already disabled are left as they are, so a second sweep does nothing.
 */
export async function disableEndpoint(db: DbOrTx, status: EndpointStatus, now: number): Promise<Disabled> {
  const since = status.failingSince ?? now;
  const days = Math.round(ENDPOINT_DISABLE_AFTER_MS / (24 * 3600_000));
  const reason = `No successful delivery since ${utcMinute(since)} (more than ${days} days); last error: ${status.lastError ?? 'none recorded'}`;
  const out: Disabled = { endpoint: status.endpoint, postbackIDs: [], crmIDs: [] };
  const disabledAt = new Date(now);
  if (status.endpoint.startsWith('postback:')) {
    const host = laneHost(status.endpoint);
    // LIKE narrows to URLs that mention the host; the lane of each URL decides.
    const candidates = await db
      .select({
        ID: postbacks.postbackID,
        name: postbacks.postbackName,
        URL: postbacks.postbackURL,
        userId: users.ID,
        username: users.Username,
        email: users.Email,
      })
      .from(postbacks)
      .innerJoin(users, eq(users.ID, postbacks.BoundUser))
      .where(and(isNull(postbacks.disabledAt), like(postbacks.postbackURL, `%${host}%`)));
    for (const row of candidates) {
      if (postbackLane(row.URL) !== status.endpoint) continue;
      const [changed] = await db
        .update(postbacks)
        .set({ disabledAt, disabledReason: reason })
        .where(and(eq(postbacks.postbackID, row.ID), isNull(postbacks.disabledAt)))
        .returning({ ID: postbacks.postbackID });
      if (!changed) continue;
      out.postbackIDs.push(row.ID);
      await audit(
        db,
        'postback.disabled',
        { postback: row.ID, endpoint: status.endpoint, since: utcMinute(since), owner: row.userId },
        ENDPOINT_SWEEP_ACTOR,
        { reason },
      );
      await queueMail(db, {
        to: row.email,
        template: 'endpoint-disabled',
        subject: `Your postback "${row.name}" was disabled`,
        text: `Hello ${row.username},\n\nyour postback "${row.name}" (${host}) was disabled on ${utcMinute(now)}: ${reason}.\n\nNew lead events wait for it and nothing is sent. Once the receiver answers again, press "Re-enable" on the Postback screen: the waiting deliveries are then sent.`,
      });
    }
    return out;
  }
  const crmId = Number(status.endpoint.slice('crm:'.length));
  if (!status.endpoint.startsWith('crm:') || !Number.isInteger(crmId)) return out;
  const [crm] = await db
    .update(crms)
    .set({ disabledAt, disabledReason: reason })
    .where(and(eq(crms.ID, crmId), isNull(crms.disabledAt)))
    .returning({ ID: crms.ID, name: crms.friendlyName, advertiserId: crms.BoundAdvertiser });
  if (!crm) return out;
  out.crmIDs.push(crm.ID);
  const [owner] = await db
    .select({ userId: users.ID, username: users.Username, email: users.Email })
    .from(advertisers)
    .innerJoin(users, eq(users.ID, advertisers.UserID))
    .where(eq(advertisers.ID, crm.advertiserId));
  await audit(
    db,
    'crm.disabled',
    { crm: crm.ID, advertiser: crm.advertiserId, since: utcMinute(since), owner: owner?.userId },
    ENDPOINT_SWEEP_ACTOR,
    { reason },
  );
  if (owner) {
    await queueMail(db, {
      to: owner.email,
      template: 'endpoint-disabled',
      subject: `Your CRM "${crm.name}" was disabled`,
      text: `Hello ${owner.username},\n\nyour CRM connection "${crm.name}" was disabled on ${utcMinute(now)}: ${reason}.\n\nLeads for it wait and none is sent. Once the CRM answers again, press "Re-enable" on the CRM screen: the waiting leads are then delivered.`,
    });
  }
  return out;
}

/**
 * Endpoints whose lanes failed without a success since before `now - ENDPOINT_DISABLE_AFTER_MS`,
 * each disabled in a transaction of its own (decision 0037). `now` is given so tests need not wait.
 */
export async function disableFailingEndpoints(
  db: { transaction: <T>(run: (tx: DbOrTx) => Promise<T>) => Promise<T> },
  lanes: EndpointLanes,
  now: number,
  limit = 200,
): Promise<Disabled[]> {
  const failing = await lanes.failing(limit);
  const out: Disabled[] = [];
  for (const status of failing) {
    if (status.failingSince === null || now - status.failingSince < ENDPOINT_DISABLE_AFTER_MS) continue;
    const disabled = await db.transaction((tx) => disableEndpoint(tx, status, now));
    if (disabled.postbackIDs.length + disabled.crmIDs.length > 0) out.push(disabled);
  }
  return out;
}

/**
 * Re-enables rows of one endpoint (decision 0037) in the caller's transaction: clears the mark,
 * writes the log line and asks the worker to reset the lane and send what waited. A row that was
 * not disabled is left alone (answers false): re-enabling twice does nothing the second time.
 */
export async function enableEndpoint(
  tx: DbOrTx,
  target: { kind: 'postback'; id: number } | { kind: 'crm'; id: number },
  actorId: number,
  now: number,
): Promise<boolean> {
  let endpoint: string | null;
  if (target.kind === 'postback') {
    const [row] = await tx
      .update(postbacks)
      .set({ disabledAt: null, disabledReason: null })
      .where(and(eq(postbacks.postbackID, target.id), isNotNull(postbacks.disabledAt)))
      .returning({ URL: postbacks.postbackURL });
    endpoint = row ? postbackLane(row.URL) : null;
  } else {
    const [row] = await tx
      .update(crms)
      .set({ disabledAt: null, disabledReason: null })
      .where(and(eq(crms.ID, target.id), isNotNull(crms.disabledAt)))
      .returning({ ID: crms.ID });
    endpoint = row ? crmLane(row.ID) : null;
  }
  if (!endpoint) return false;
  await audit(
    tx,
    target.kind === 'postback' ? 'postback.re-enabled' : 'crm.re-enabled',
    { [target.kind]: target.id, endpoint },
    actorId,
  );
  enqueueAfterCommit(tx, endpointResume, { endpoint, at: now });
  return true;
}
