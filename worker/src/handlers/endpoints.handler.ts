import { disableFailingEndpoints } from '@leadmesh/core';
import { type endpointResume, leadDeliver, postbackLane, postbackSend } from '@leadmesh/jobs';
import { LEAD_STATUS } from '@leadmesh/schema';
import { leads, offers, postbackDeliveries, postbacks } from '@leadmesh/schema/tables';
import { and, asc, eq, isNull, like, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { WorkerContext } from '../context.ts';
import { dispatchReleased } from '../lanes.ts';

/** Deliveries handed out at once on a re-enable; the sweeps take the rest a batch at a time. */
const RESUME_BATCH = 500;

/**
 * The sweep of endpoints failing for ENDPOINT_DISABLE_AFTER_MS (decision 0037): each one's postbacks
 * or CRM disabled in a transaction with its log lines and its owners' mails. `now` is the clock
 * (tests pass one three days on; the job passes none).
 */
export async function runEndpointsDisableFailing(
  _payload: unknown,
  ctx: WorkerContext,
  now = Date.now(),
): Promise<void> {
  if (!ctx.lanes) return;
  const disabled = await disableFailingEndpoints(ctx.db, ctx.lanes, now);
  for (const d of disabled) {
    console.log(
      `endpoint ${d.endpoint} disabled: postbacks [${d.postbackIDs.join(', ')}] crms [${d.crmIDs.join(', ')}]`,
    );
  }
}

/**
 * An endpoint re-enabled (decision 0037): its lane reset (breaker closed, failures forgotten), the
 * deliveries it parked released, and the first batch of what waited in the database handed out at
 * once; the sweeps take the rest as usual.
 */
export async function runEndpointResume(
  payload: z.output<typeof endpointResume.schema>,
  ctx: WorkerContext,
): Promise<void> {
  if (ctx.lanes) await dispatchReleased(ctx, await ctx.lanes.reset(payload.endpoint));
  if (payload.endpoint.startsWith('postback:')) {
    const host = payload.endpoint.slice('postback:'.length);
    const waiting = await ctx.db
      .select({
        ID: postbackDeliveries.ID,
        Attempts: postbackDeliveries.Attempts,
        URL: postbackDeliveries.URL,
      })
      .from(postbackDeliveries)
      .innerJoin(postbacks, eq(postbacks.postbackID, postbackDeliveries.BoundPostback))
      .where(
        and(
          eq(postbackDeliveries.State, 'pending'),
          isNull(postbacks.disabledAt),
          like(postbackDeliveries.URL, `%${host}%`),
        ),
      )
      .orderBy(asc(postbackDeliveries.ID))
      .limit(RESUME_BATCH);
    for (const row of waiting) {
      if (postbackLane(row.URL) !== payload.endpoint) continue;
      const next = { deliveryId: row.ID, attempt: row.Attempts + 1, lane: payload.endpoint };
      // A job of its own: a retry still delayed under the business key would hold it for hours;
      // the claim's compare-and-set lets only one of the two send the attempt.
      await ctx.jobs.enqueue(postbackSend, next, undefined, `${postbackSend.key(next)}-resume${payload.at}`);
    }
    return;
  }
  const crmId = Number(payload.endpoint.slice('crm:'.length));
  if (!Number.isInteger(crmId)) return;
  // Leads that waited unclaimed (-1): their jobs ended while the CRM was disabled. Leads in -2 keep
  // their retry schedule; the CRM sweep hands out the rest.
  const goesToThisCrm = or(
    eq(leads.BoundCRM, crmId),
    and(isNull(leads.BoundCRM), eq(offers.SelectedCRM, crmId)),
  );
  const waiting = await ctx.db
    .select({ ID: leads.ID })
    .from(leads)
    .leftJoin(offers, eq(offers.ID, leads.BoundOffer))
    .where(and(eq(leads.Status, LEAD_STATUS.PROCESSING_CRM), isNull(leads.BlockedReason), goesToThisCrm))
    .orderBy(asc(leads.ID))
    .limit(RESUME_BATCH);
  for (const row of waiting) {
    const next = { leadId: row.ID, attempt: 1 };
    await ctx.jobs.enqueue(leadDeliver, next, undefined, `${leadDeliver.key(next)}-resume${payload.at}`);
  }
}
