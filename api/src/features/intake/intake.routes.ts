import { ApiError, notFound } from '@leadmesh/core';
import { LEAD_STATUS_NAMES, type LeadStatusCode } from '@leadmesh/schema';
import { leads } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import { bind } from '../../lib/call.ts';
import { intakeCalls } from './intake.contracts.ts';
import { INTAKE_MESSAGES, leadFields } from './intake.input.ts';
import { deliverWhenCommitted } from './intake.service.ts';

/**
 * `POST /intake/leads`: a lead from a server holding an API token with `canSendLeads`
 * (docs/decisions/0009, 0011). The lead is the token user's; it names their taken offer
 * (`BoundTakenOffer`, checked as ownership before the handler) or an offer (`BoundOffer`).
 * Idempotent with `IdempotencyKey` (or the `Idempotency-Key` header). Answers the lead's id,
 * status and block reason: unlike a landing's buyer, the sender is a partner who should know why a
 * lead was blocked.
 */
const sendLead = bind(
  intakeCalls.sendLead,
  async (body, { c, db, deps, proof }) => {
    let offerId = body.BoundOffer ?? null;
    let taken: { ID: number; domain: string | null; friendlyName: string | null } | null = null;
    if (body.BoundTakenOffer != null) {
      // Known to exist and to be the token user's (the ownership rule); the directory caches it.
      const site = (await deps.traffic.sites.takenOffer(body.BoundTakenOffer))!;
      if (offerId !== null && offerId !== site.offerId) {
        throw new ApiError('VALIDATION_ERROR', {
          field: 'BoundOffer',
          message: INTAKE_MESSAGES.offerMismatch,
        });
      }
      offerId = site.offerId;
      taken = { ID: site.takenOfferId, domain: site.domain, friendlyName: site.friendlyName };
    }
    const headerKey = c.req.header('idempotency-key')?.trim();
    const outcome = deliverWhenCommitted(
      db,
      await deps.traffic.intake.submit({
        userId: proof.userId,
        offerId: offerId!,
        takenOfferId: taken?.ID ?? null,
        click: null,
        ip: body.ip ?? null,
        userAgent: body.userAgent ?? null,
        clientReport: body.client ?? null,
        domain: taken?.domain ?? null,
        friendlyName: taken?.friendlyName ?? null,
        fields: leadFields(body, body.GenericData ?? {}),
        idempotencyKey: body.IdempotencyKey ?? (headerKey ? headerKey.slice(0, 128) : null),
        now: deps.now(),
      }),
    );
    return { ...outcome, StatusName: LEAD_STATUS_NAMES[outcome.Status as LeadStatusCode] };
  },
  {
    owns: [
      {
        record: async (_db, body, deps) => {
          if (body.BoundTakenOffer == null) return undefined;
          const site = await deps.traffic.sites.takenOffer(body.BoundTakenOffer);
          return site && !site.deleted ? { userId: site.userId } : null;
        },
        bypass: [],
        missing: 'Taken offer not found',
      },
    ],
  },
);

/**
 * `GET /intake/leads/{id}`: where a lead of the token's user stands (canReadLeads), so a
 * partner's server can follow the leads it sent without a postback. Another user's lead is
 * answered as unknown.
 */
const leadStatus = bind(intakeCalls.leadStatus, async ({ id: raw }, { db, proof }) => {
  // Decimal digits only: Number() would also read '0x10' or '1e1' as some other lead's id.
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  const [lead] = Number.isSafeInteger(id)
    ? await db
        .select({
          ID: leads.ID,
          BoundUser: leads.BoundUser,
          BoundOffer: leads.BoundOffer,
          Status: leads.Status,
          BlockedReason: leads.BlockedReason,
          createdAt: leads.createdAt,
          updatedAt: leads.updatedAt,
        })
        .from(leads)
        .where(eq(leads.ID, id))
        .limit(1)
    : [];
  if (!lead || lead.BoundUser !== proof.userId) throw notFound('Lead not found');
  return {
    ID: lead.ID,
    BoundOffer: lead.BoundOffer,
    Status: lead.Status,
    StatusName: LEAD_STATUS_NAMES[lead.Status as LeadStatusCode],
    BlockedReason: lead.BlockedReason,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
  };
});

/** The intake machine routes, mounted with the documented calls (`machineCalls` in app.ts). */
export const intakeRoutes = [sendLead, leadStatus];
