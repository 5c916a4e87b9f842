import { crmAdapter } from '@leadmesh/crm/server';
import type { Db } from '@leadmesh/db';
import { leadDeliver } from '@leadmesh/jobs';
import { crms, leads, offers } from '@leadmesh/schema/tables';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobRun, WorkerContext } from '../context.ts';
import { deliverLead } from '../crm/delivery.ts';
import { crmEndpoint, throughLane } from '../lanes.ts';

/** The CRM a lead goes to (the one it is bound to, else its offer's), read before the claim. */
function preparePeek(db: Db) {
  return db
    .select({
      crmId: sql<number | null>`coalesce(${leads.BoundCRM}, ${offers.SelectedCRM})`,
      disabled: sql<number>`exists (select 1 from ${crms} where ${crms.ID} = coalesce(${leads.BoundCRM}, ${offers.SelectedCRM}) and ${crms.disabledAt} is not null)`,
    })
    .from(leads)
    .leftJoin(offers, eq(offers.ID, leads.BoundOffer))
    .where(eq(leads.ID, sql.placeholder('id')))
    .prepare();
}
const peeks = new WeakMap<Db, ReturnType<typeof preparePeek>>();
/** A CRM's type never changes (decision 0012): whether it is called over the network, per CRM id. */
const overNetwork = new Map<number, boolean>();

/**
 * Hands one accepted lead to its CRM (worker/src/crm/delivery.ts). Retries are the handler's own:
 * it records the failure, moves the lead to -2 and enqueues the next attempt with its delay, so
 * BullMQ runs each job once. A duplicate job, or one for a lead already delivered, does nothing.
 * A lead for a CRM called over the network goes through that CRM's lane (decision 0035): a few
 * at a time per CRM, none while its breaker is open (the lead waits, unclaimed, its attempt not
 * spent), so one advertiser's hanging CRM never holds back another's leads.
 */
export async function runLeadDeliver(
  payload: z.output<typeof leadDeliver.schema>,
  ctx: WorkerContext,
  run?: JobRun,
): Promise<void> {
  const { lanes } = ctx;
  if (lanes && run?.jobId) {
    let peek = peeks.get(ctx.db);
    if (!peek) {
      peek = preparePeek(ctx.db);
      peeks.set(ctx.db, peek);
    }
    const [target] = await peek.execute({ id: payload.leadId });
    // A disabled CRM's leads wait unclaimed, their attempts unspent, until it is re-enabled (decision 0037).
    if (target?.disabled) return;
    // A lead no longer waiting still passes its lane: a job the lane released holds a slot to give back.
    if (target?.crmId != null && (await isOverNetwork(ctx.db, target.crmId))) {
      const crmId = target.crmId;
      // Leads parked in this lane come in turn under the same slot (decision 0036); the claim
      // leaves one whose CRM was disabled or changed meanwhile waiting for the sweep.
      await throughLane(
        { ...ctx, lanes },
        run.jobId,
        crmEndpoint(crmId),
        leadDeliver,
        payload,
        async (next, report) => {
          await deliverLead(ctx, next.leadId, next.attempt, report, crmId);
        },
      );
      return;
    }
  }
  await deliverLead(ctx, payload.leadId, payload.attempt);
}

async function isOverNetwork(db: Db, crmId: number): Promise<boolean> {
  const known = overNetwork.get(crmId);
  if (known !== undefined) return known;
  const [crm] = await db.select({ name: crms.name }).from(crms).where(eq(crms.ID, crmId));
  if (!crm) return false;
  const http = crmAdapter(crm.name).kind === 'http';
  if (overNetwork.size > 10_000) overNetwork.clear();
  overNetwork.set(crmId, http);
  return http;
}
