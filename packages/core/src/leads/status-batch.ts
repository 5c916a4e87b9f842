import type { DbOrTx } from '@leadmesh/db';
import { LEAD_STATUS } from '@leadmesh/schema';
import { advertisers, type LeadRow, leadEvents, leads, offers, postbacks } from '@leadmesh/schema/tables';
import { eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '../errors.ts';
import { postbackEventOf, queueLeadPostbacks } from '../postbacks/queue.ts';
import { moveLeadCounts } from './daily-stats.ts';
import { changeLeadStatus, type StatusChange, type StatusChangeResult } from './status.ts';

/** One change of a batch: its result, or the refusal `changeLeadStatus` would have thrown. */
export type StatusChangeOutcome = StatusChangeResult | { error: ApiError };

const isConfirmed = (status: number) => status === LEAD_STATUS.CONFIRMED;

/**
 * `changeLeadStatus` for many leads in the caller's transaction, with the same effects per lead:
 * the status and CRM id written, the daily rollups moved, one timeline event per real change, the
 * postbacks it fires, and
 * (through `changeLeadStatus` itself, one by one) the money of a confirmation or its reversal.
 * The changes that move no money are written set-wise: one read of the leads, one UPDATE, one
 * INSERT of the events, and `queueLeadPostbacks` only for leads whose publisher or advertiser has
 * a postback at all. The delivery worker claims and records leads this way, a batch of
 * concurrent jobs per transaction (docs/decisions/0012-crm-delivery.md).
 *
 * A refusal (unknown or blocked lead) is answered for that change only; the others proceed.
 * A lead named twice in one batch is changed in order, one by one.
 */
export async function changeLeadStatuses(
  tx: DbOrTx,
  changes: readonly StatusChange[],
): Promise<StatusChangeOutcome[]> {
  const one = async (change: StatusChange): Promise<StatusChangeOutcome> => {
    try {
      return await changeLeadStatus(tx, change);
    } catch (error) {
      if (error instanceof ApiError) return { error };
      throw error;
    }
  };
  if (new Set(changes.map((c) => c.leadId)).size !== changes.length) {
    const results: StatusChangeOutcome[] = [];
    for (const change of changes) results.push(await one(change));
    return results;
  }
  if (changes.length === 0) return [];

  const rows = await tx
    .select()
    .from(leads)
    .where(
      inArray(
        leads.ID,
        changes.map((c) => c.leadId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.ID, row]));
  const results: StatusChangeOutcome[] = new Array(changes.length);
  const at = new Date();
  const simple: { index: number; change: StatusChange; lead: LeadRow; updated: LeadRow }[] = [];
  for (const [index, change] of changes.entries()) {
    const lead = byId.get(change.leadId);
    if (!lead) {
      results[index] = { error: new ApiError('NOT_FOUND', { message: 'Lead not found' }) };
      continue;
    }
    if (lead.BlockedReason) {
      results[index] = {
        error: new ApiError('CONFLICT', {
          message: 'A blocked lead was never sold; its status does not change',
        }),
      };
      continue;
    }
    const from = lead.Status;
    const to = change.status;
    const crmLeadId = change.crmLeadId ?? lead.CRMLeadID;
    if (from === to && crmLeadId === lead.CRMLeadID) {
      results[index] = { changed: false, from, to, lead };
      continue;
    }
    if (isConfirmed(from) !== isConfirmed(to)) {
      // Money moves: the one place that knows how.
      results[index] = await one(change);
      continue;
    }
    simple.push({
      index,
      change,
      lead,
      updated: { ...lead, Status: to, CRMLeadID: crmLeadId, updatedAt: at },
    });
  }
  if (simple.length === 0) return results;

  const caseOf = (value: (s: (typeof simple)[number]) => number | string | null) =>
    sql.join(
      simple.map((s) => sql`when ${s.lead.ID} then ${value(s)}`),
      sql` `,
    );
  await tx.run(
    sql`update leads set status = case id ${caseOf((s) => s.updated.Status)} end, crm_lead_id = case id ${caseOf(
      (s) => s.updated.CRMLeadID,
    )} end, updated_at = ${at.getTime()} where id in (${sql.join(
      simple.map((s) => sql`${s.lead.ID}`),
      sql`, `,
    )})`,
  );

  const moved = simple.filter((s) => s.lead.Status !== s.updated.Status);
  for (const s of simple) {
    if (s.lead.Status === s.updated.Status) {
      results[s.index] = { changed: false, from: s.lead.Status, to: s.updated.Status, lead: s.updated };
    }
  }
  if (moved.length === 0) return results;
  await moveLeadCounts(
    tx,
    moved.map((s) => ({ lead: s.lead, to: s.updated.Status })),
  );
  const events = await tx
    .insert(leadEvents)
    .values(
      moved.map((s) => ({
        LeadID: s.lead.ID,
        Kind: 'status' as const,
        FromStatus: s.lead.Status,
        ToStatus: s.updated.Status,
        Source: s.change.source,
        ActorID: s.change.actorId ?? null,
        Detail: s.change.detail ?? null,
        createdAt: at,
      })),
    )
    .returning({ ID: leadEvents.ID, LeadID: leadEvents.LeadID });
  const eventOf = new Map(events.map((e) => [e.LeadID, e.ID]));

  // Postbacks: only leads whose publisher or advertiser has one can fire any.
  const offerIds = [...new Set(moved.map((s) => s.lead.BoundOffer))];
  const owners = await tx
    .select({ offer: offers.ID, user: advertisers.UserID })
    .from(offers)
    .innerJoin(advertisers, eq(advertisers.ID, offers.BoundAdvertiser))
    .where(inArray(offers.ID, offerIds));
  const ownerOf = new Map(owners.map((o) => [o.offer, o.user]));
  const users = [
    ...new Set(
      moved.flatMap((s) => [s.lead.BoundUser, ownerOf.get(s.lead.BoundOffer)]).filter((u) => u != null),
    ),
  ] as number[];
  const withPostbacks = new Set(
    (
      await tx
        .selectDistinct({ user: postbacks.BoundUser })
        .from(postbacks)
        .where(inArray(postbacks.BoundUser, users))
    ).map((r) => r.user),
  );
  for (const s of moved) {
    const owner = ownerOf.get(s.lead.BoundOffer);
    if (withPostbacks.has(s.lead.BoundUser) || (owner != null && withPostbacks.has(owner))) {
      await queueLeadPostbacks(
        tx,
        s.updated,
        postbackEventOf(s.updated.Status),
        String(eventOf.get(s.lead.ID)),
      );
    }
    results[s.index] = { changed: true, from: s.lead.Status, to: s.updated.Status, lead: s.updated };
  }
  return results;
}
