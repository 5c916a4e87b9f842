import { ApiError, forbidden, hashApiToken, notFound } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { runUnitOfWork } from '@leadmesh/jobs';
import { LEAD_STATUS_NAMES, type LeadStatusCode } from '@leadmesh/schema';
import { leads } from '@leadmesh/schema/tables';
import type { Client } from '@libsql/client';
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context.ts';
import { readTextCapped } from '../../lib/body.ts';
import { INTAKE_MESSAGES, leadFields, serverLeadSchema } from './intake.input.ts';
import { deliverWhenCommitted } from './intake.service.ts';

/** A server's lead is a few fields; anything larger is refused before it is read whole. */
const SERVER_BODY_LIMIT = 64 * 1024;

/** The user an `Authorization: Bearer` token acts for, when it holds `flag` (one indexed row, plain SQL). */
async function tokenUser(
  c: Context<AppEnv>,
  db: Db,
  flag: 'canSendLeads' | 'canReadLeads' = 'canSendLeads',
): Promise<number> {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+([\x21-\x7e]{16,200})$/i.exec(header.trim());
  if (!match) throw new ApiError('NOT_LOGGED_IN', { message: INTAKE_MESSAGES.noToken });
  const { rows } = await (db as Db & { $client: Client }).$client.execute({
    sql: 'select user_id, flags from api_tokens where token_hash = ? limit 1',
    args: [hashApiToken(match[1])],
  });
  const token = rows[0] as unknown as { user_id: number; flags: string } | undefined;
  if (!token) throw new ApiError('NOT_LOGGED_IN', { message: INTAKE_MESSAGES.noToken });
  let flags: Record<string, unknown> = {};
  try {
    flags = JSON.parse(token.flags) as Record<string, unknown>;
  } catch {
    // unreadable flags allow nothing
  }
  if (flags[flag] !== true) {
    throw forbidden(
      flag === 'canSendLeads' ? INTAKE_MESSAGES.tokenMayNotSend : INTAKE_MESSAGES.tokenMayNotRead,
    );
  }
  return Number(token.user_id);
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await readTextCapped(c, SERVER_BODY_LIMIT);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('VALIDATION_ERROR', { message: 'The body is not valid JSON' });
  }
}

/**
 * `POST /intake/leads`: a lead from a server holding an API token with `canSendLeads`
 * (docs/decisions/0009, 0011). The lead is the token user's; it names their taken offer
 * (`BoundTakenOffer`) or an offer (`BoundOffer`). Idempotent with `IdempotencyKey` (or the
 * `Idempotency-Key` header). Answers the lead's id, status and block reason: unlike a landing's
 * buyer, the sender is a partner who should know why a lead was blocked.
 */
export function mountIntake(app: Hono<AppEnv>, deps: AppDeps): void {
  app.post('/intake/leads', async (c) => {
    const userId = await tokenUser(c, deps.db);
    const parsed = serverLeadSchema.safeParse(await readJson(c));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path.join('.');
      throw new ApiError('VALIDATION_ERROR', {
        field: field || undefined,
        message: field ? `${field}: ${issue.message}` : issue.message,
      });
    }
    const body = parsed.data;
    let offerId = body.BoundOffer ?? null;
    let taken: { ID: number; domain: string | null; friendlyName: string | null } | null = null;
    if (body.BoundTakenOffer != null) {
      const site = await deps.traffic.sites.takenOffer(body.BoundTakenOffer);
      if (!site || site.deleted) throw notFound('Taken offer not found');
      if (site.userId !== userId) throw forbidden('That belongs to another account');
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
    const outcome = await runUnitOfWork(deps.jobs, deps.db, async (db) =>
      deliverWhenCommitted(
        db,
        await deps.traffic.intake.submit({
          userId,
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
      ),
    );
    return c.json({
      status: 'ok',
      data: { ...outcome, StatusName: LEAD_STATUS_NAMES[outcome.Status as LeadStatusCode] },
    });
  });

  /**
   * `GET /intake/leads/{id}`: where a lead of the token's user stands (canReadLeads), so a
   * partner's server can follow the leads it sent without a postback. Another user's lead is
   * answered as unknown.
   */
  app.get('/intake/leads/:id', async (c) => {
    const userId = await tokenUser(c, deps.db, 'canReadLeads');
    // Decimal digits only: Number() would also read '0x10' or '1e1' as some other lead's id.
    const raw = c.req.param('id');
    const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
    const [lead] = Number.isSafeInteger(id)
      ? await deps.db
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
    if (!lead || lead.BoundUser !== userId) throw notFound('Lead not found');
    return c.json({
      status: 'ok',
      data: {
        ID: lead.ID,
        BoundOffer: lead.BoundOffer,
        Status: lead.Status,
        StatusName: LEAD_STATUS_NAMES[lead.Status as LeadStatusCode],
        BlockedReason: lead.BlockedReason,
        createdAt: lead.createdAt.toISOString(),
        updatedAt: lead.updatedAt.toISOString(),
      },
    });
  });
}
