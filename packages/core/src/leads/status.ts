import type { DbOrTx } from '@leadmesh/db';
import { LEAD_STATUS, type LeadStatusCode } from '@leadmesh/schema';
import {
  advertisers,
  type LeadRow,
  leadEvents,
  leads,
  offers,
  postbacks,
  referralEarnings,
  users,
} from '@leadmesh/schema/tables';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '../errors.ts';
import { advertiserAccount, PLATFORM, publisherAccount, referrerAccount } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/transfers.ts';
import { postbackEventOf, queueLeadPostbacks } from '../postbacks/queue.ts';
import { moveLeadCounts } from './daily-stats.ts';

export interface StatusChange {
  leadId: number;
  status: LeadStatusCode;
  /** What made the change: the CRM (callback or sync), the delivery worker, an admin, the system. */
  source: 'crm' | 'delivery' | 'admin' | 'system';
  actorId?: number | null;
  /** The lead's id in the CRM, when the change comes with one (delivery). */
  crmLeadId?: string | null;
  detail?: Record<string, unknown>;
}

export interface StatusChangeResult {
  changed: boolean;
  from: number;
  to: number;
  lead: LeadRow;
}

const key = (leadId: number, part: string, n: number) => `lead:${leadId}:${part}:${n}`;

/**
 * Entering "confirmed" (2): the advertiser pays the lead's frozen price (unless their credit is
 * infinite), the publisher earns their frozen share, and a referrer their frozen referral payout,
 * all from and to the platform's account. Keyed by the lead's ConfirmCount, so it happens once per
 * confirmation whatever retries or races do.
 */
async function chargeConfirmation(
  tx: DbOrTx,
  lead: LeadRow,
  n: number,
  at: Date,
): Promise<{ advertiserPaid: boolean }> {
  const [owner] = await tx
    .select({ infinite: advertisers.isInfiniteCredits })
    .from(advertisers)
    .where(eq(advertisers.ID, lead.BoundAdvertiser))
    .limit(1);
  const advertiserPaid = !owner?.infinite && lead.LeadPrice > 0;
  if (advertiserPaid) {
    await postTransfer(tx, {
      debit: advertiserAccount(lead.BoundAdvertiser),
      credit: PLATFORM,
      amount: lead.LeadPrice,
      code: 'lead_charge',
      key: key(lead.ID, 'charge', n),
      leadId: lead.ID,
      at,
    });
  }
  if (lead.EarnedAmount > 0) {
    await postTransfer(tx, {
      debit: PLATFORM,
      credit: publisherAccount(lead.BoundUser),
      amount: lead.EarnedAmount,
      code: 'publisher_earning',
      key: key(lead.ID, 'earning', n),
      leadId: lead.ID,
      at,
    });
  }
  if (lead.ReferralAmount > 0) {
    const [publisher] = await tx
      .select({ referrer: users.ReferredByID })
      .from(users)
      .where(eq(users.ID, lead.BoundUser))
      .limit(1);
    if (publisher?.referrer) {
      const posted = await postTransfer(tx, {
        debit: PLATFORM,
        credit: referrerAccount(publisher.referrer),
        amount: lead.ReferralAmount,
        code: 'referral_earning',
        key: key(lead.ID, 'referral', n),
        leadId: lead.ID,
        at,
      });
      if (posted) {
        await tx.insert(referralEarnings).values({
          BoundUser: publisher.referrer,
          ReferredUser: lead.BoundUser,
          Kind: 'publisher',
          BoundLead: lead.ID,
          BoundOffer: lead.BoundOffer,
          Amount: lead.ReferralAmount,
          createdAt: at,
        });
      }
    }
  }
  return { advertiserPaid };
}

/**
 * Leaving "confirmed": compensating transfers for exactly what confirmation `n` moved, never an
 * edit. A publisher already paid out keeps the payout; the reversal leaves their balance lower
 * (recovered from later earnings), as networks do with chargebacks.
 */
async function reverseConfirmation(tx: DbOrTx, lead: LeadRow, n: number, at: Date): Promise<void> {
  if (lead.AdvertiserPaid) {
    await postTransfer(tx, {
      debit: PLATFORM,
      credit: advertiserAccount(lead.BoundAdvertiser),
      amount: lead.LeadPrice,
      code: 'lead_charge_reversal',
      key: key(lead.ID, 'charge-reversal', n),
      leadId: lead.ID,
      at,
    });
  }
  if (lead.PublisherPaid && lead.EarnedAmount > 0) {
    await postTransfer(tx, {
      debit: publisherAccount(lead.BoundUser),
      credit: PLATFORM,
      amount: lead.EarnedAmount,
      code: 'publisher_earning_reversal',
      key: key(lead.ID, 'earning-reversal', n),
      leadId: lead.ID,
      at,
    });
  }
  const earned = await tx
    .select({ referrer: referralEarnings.BoundUser, amount: referralEarnings.Amount })
    .from(referralEarnings)
    .where(and(eq(referralEarnings.BoundLead, lead.ID), eq(referralEarnings.Kind, 'publisher')));
  const net = new Map<number, number>();
  for (const row of earned) net.set(row.referrer, (net.get(row.referrer) ?? 0) + row.amount);
  for (const [referrer, amount] of net) {
    if (amount <= 0) continue;
    await postTransfer(tx, {
      debit: referrerAccount(referrer),
      credit: PLATFORM,
      amount,
      code: 'referral_earning_reversal',
      key: key(lead.ID, 'referral-reversal', n),
      leadId: lead.ID,
      at,
    });
    await tx.insert(referralEarnings).values({
      BoundUser: referrer,
      ReferredUser: lead.BoundUser,
      Kind: 'publisher',
      BoundLead: lead.ID,
      BoundOffer: lead.BoundOffer,
      Amount: -amount,
      createdAt: at,
    });
  }
}

/** One change of a set: its result, or its refusal (an unknown or a blocked lead). */
export type StatusChangeOutcome = StatusChangeResult | { error: ApiError };

const isConfirmed = (status: number) => status === LEAD_STATUS.CONFIRMED;

/** A change that writes the lead: its row before, and after (status, CRM id, money flags). */
interface LeadWrite {
  index: number;
  change: StatusChange;
  lead: LeadRow;
  updated: LeadRow;
  movesMoney: boolean;
}

/**
 * The one way a lead's status changes (CRM callbacks and syncs, delivery, admins): the
 * one-element case of `changeLeadStatuses`, whose refusal it throws.
 */
export async function changeLeadStatus(tx: DbOrTx, change: StatusChange): Promise<StatusChangeResult> {
  const [outcome] = await changeLeadStatuses(tx, [change]);
  if ('error' in outcome) throw outcome.error;
  return outcome;
}

/**
 * Changes the status of a set of leads in the caller's transaction. Per lead it writes the
 * status and CRM id, the money a confirmation moves (or its reversal), the daily rollups, one
 * timeline event per real change and the postbacks it fires; set-wise: one read of the leads,
 * one UPDATE, one rollup upsert, one INSERT of the events. Blocked leads never change: they were
 * never sold. Setting the same status again changes nothing. The delivery worker claims and
 * records leads this way, a batch of concurrent jobs per transaction (decisions 0012, 0073).
 *
 * A refusal (unknown or blocked lead) is answered for that change only; the others proceed.
 * A lead named twice in one set is changed in order, one by one.
 */
export async function changeLeadStatuses(
  tx: DbOrTx,
  changes: readonly StatusChange[],
): Promise<StatusChangeOutcome[]> {
  if (changes.length === 0) return [];
  const ids = changes.map((c) => c.leadId);
  if (new Set(ids).size !== ids.length) {
    const results: StatusChangeOutcome[] = [];
    for (const change of changes) results.push(...(await changeLeadStatuses(tx, [change])));
    return results;
  }
  const rows = await tx
    .select()
    .from(leads)
    .where(ids.length === 1 ? eq(leads.ID, ids[0]) : inArray(leads.ID, ids));
  const byId = new Map(rows.map((row) => [row.ID, row]));
  const results: StatusChangeOutcome[] = new Array(changes.length);
  const at = new Date();
  const writes: LeadWrite[] = [];
  for (const [index, change] of changes.entries()) {
    const decided = decideChange(change, byId.get(change.leadId), at);
    if ('updated' in decided) writes.push({ index, change, ...decided });
    else results[index] = decided;
  }
  if (writes.length === 0) return results;

  for (const write of writes) if (write.movesMoney) await settleMoney(tx, write, at);
  await writeLeads(tx, writes, at);
  const moved = writes.filter((w) => w.lead.Status !== w.updated.Status);
  for (const w of writes) {
    const changed = w.lead.Status !== w.updated.Status;
    results[w.index] = { changed, from: w.lead.Status, to: w.updated.Status, lead: w.updated };
  }
  if (moved.length === 0) return results;
  await moveLeadCounts(
    tx,
    moved.map((w) => ({ lead: w.lead, to: w.updated.Status })),
  );
  const eventOf = await recordStatusEvents(tx, moved, at);
  await queueStatusPostbacks(tx, moved, eventOf);
  return results;
}

/** What one change does to its lead: a refusal, nothing, or the row it writes. */
function decideChange(
  change: StatusChange,
  lead: LeadRow | undefined,
  at: Date,
): StatusChangeOutcome | Omit<LeadWrite, 'index' | 'change'> {
  if (!lead) return { error: new ApiError('NOT_FOUND', { message: 'Lead not found' }) };
  if (lead.BlockedReason) {
    return {
      error: new ApiError('CONFLICT', {
        message: 'A blocked lead was never sold; its status does not change',
      }),
    };
  }
  const from = lead.Status;
  const to = change.status;
  const crmLeadId = change.crmLeadId ?? lead.CRMLeadID;
  if (from === to && crmLeadId === lead.CRMLeadID) return { changed: false, from, to, lead };
  return {
    lead,
    updated: { ...lead, Status: to, CRMLeadID: crmLeadId, updatedAt: at },
    movesMoney: isConfirmed(from) !== isConfirmed(to),
  };
}

/** Entering "confirmed" charges and pays (confirmation n+1); leaving it reverses confirmation n. */
async function settleMoney(tx: DbOrTx, write: LeadWrite, at: Date): Promise<void> {
  const { lead } = write;
  if (isConfirmed(write.updated.Status)) {
    const n = lead.ConfirmCount + 1;
    const { advertiserPaid } = await chargeConfirmation(tx, lead, n, at);
    Object.assign(write.updated, {
      ConfirmCount: n,
      AdvertiserPaid: advertiserPaid,
      PublisherPaid: lead.EarnedAmount > 0,
    });
  } else {
    await reverseConfirmation(tx, lead, lead.ConfirmCount, at);
    Object.assign(write.updated, { AdvertiserPaid: false, PublisherPaid: false });
  }
}

/** One UPDATE for every written lead; the money flags only when some change moved money. */
async function writeLeads(tx: DbOrTx, writes: readonly LeadWrite[], at: Date): Promise<void> {
  const caseOf = (value: (row: LeadRow) => number | string | boolean | null) =>
    sql.join(
      writes.map((w) => {
        const v = value(w.updated);
        return sql`when ${w.lead.ID} then ${typeof v === 'boolean' ? Number(v) : v}`;
      }),
      sql` `,
    );
  const set = (column: { name: string }, value: (row: LeadRow) => number | string | boolean | null) =>
    sql`${sql.identifier(column.name)} = case id ${caseOf(value)} end`;
  const assignments = [set(leads.Status, (r) => r.Status), set(leads.CRMLeadID, (r) => r.CRMLeadID)];
  if (writes.some((w) => w.movesMoney)) {
    assignments.push(
      set(leads.ConfirmCount, (r) => r.ConfirmCount),
      set(leads.AdvertiserPaid, (r) => r.AdvertiserPaid),
      set(leads.PublisherPaid, (r) => r.PublisherPaid),
    );
  }
  await tx.run(
    sql`update leads set ${sql.join(assignments, sql`, `)}, updated_at = ${at.getTime()} where id in (${sql.join(
      writes.map((w) => sql`${w.lead.ID}`),
      sql`, `,
    )})`,
  );
}

/** The timeline's status events, one INSERT; answers each lead's event id (the postbacks' key). */
async function recordStatusEvents(
  tx: DbOrTx,
  moved: readonly LeadWrite[],
  at: Date,
): Promise<Map<number, number>> {
  const events = await tx
    .insert(leadEvents)
    .values(
      moved.map((w) => ({
        LeadID: w.lead.ID,
        Kind: 'status' as const,
        FromStatus: w.lead.Status,
        ToStatus: w.updated.Status,
        Source: w.change.source,
        ActorID: w.change.actorId ?? null,
        Detail: w.change.detail ?? null,
        createdAt: at,
      })),
    )
    .returning({ ID: leadEvents.ID, LeadID: leadEvents.LeadID });
  return new Map(events.map((e) => [e.LeadID, e.ID]));
}

/**
 * The postbacks each moved lead fires. In a set of several, only leads whose publisher or
 * advertiser has a postback at all are looked at (two queries for the set instead of two per
 * lead); a single lead goes straight to `queueLeadPostbacks`, which costs the same.
 */
async function queueStatusPostbacks(
  tx: DbOrTx,
  moved: readonly LeadWrite[],
  eventOf: ReadonlyMap<number, number>,
): Promise<void> {
  const mayFire = moved.length > 1 ? await ownersWithPostbacks(tx, moved) : null;
  for (const { lead, updated } of moved) {
    if (mayFire && !mayFire(lead)) continue;
    await queueLeadPostbacks(tx, updated, postbackEventOf(updated.Status), String(eventOf.get(lead.ID)));
  }
}

/** Whether a lead's publisher or the user owning its offer's advertiser has any postback. */
async function ownersWithPostbacks(
  tx: DbOrTx,
  moved: readonly LeadWrite[],
): Promise<(lead: LeadRow) => boolean> {
  const offerIds = [...new Set(moved.map((w) => w.lead.BoundOffer))];
  const owners = await tx
    .select({ offer: offers.ID, user: advertisers.UserID })
    .from(offers)
    .innerJoin(advertisers, eq(advertisers.ID, offers.BoundAdvertiser))
    .where(inArray(offers.ID, offerIds));
  const ownerOf = new Map(owners.map((o) => [o.offer, o.user]));
  const candidates = [
    ...new Set(moved.flatMap((w) => [w.lead.BoundUser, ownerOf.get(w.lead.BoundOffer)])),
  ].filter((u): u is number => u != null);
  const withPostbacks = new Set(
    (
      await tx
        .selectDistinct({ user: postbacks.BoundUser })
        .from(postbacks)
        .where(inArray(postbacks.BoundUser, candidates))
    ).map((r) => r.user),
  );
  return (lead) => {
    const owner = ownerOf.get(lead.BoundOffer);
    return withPostbacks.has(lead.BoundUser) || (owner != null && withPostbacks.has(owner));
  };
}
