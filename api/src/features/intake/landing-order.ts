import { ApiError } from '@leadmesh/core';
import { preparedOnce } from '@leadmesh/db';
import { runUnitOfWork } from '@leadmesh/jobs';
import { clicks } from '@leadmesh/schema/tables';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../context.ts';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import { verifyClick } from '../tracking/click-token.ts';
import type { TakenSite } from '../tracking/site-directory.ts';
import { CLICK_COOKIE, clickFromCookie } from '../tracking/tracking.ts';
import { INTAKE_MESSAGES, landingOrderSchema, leadFields } from './intake.input.ts';
import { type ClickFacts, deliverWhenCommitted, type IntakeOutcome } from './intake.service.ts';

/**
 * Orders one address may send in 10 minutes before it is refused (429, nothing stored). IP_LIMIT
 * blocks the sixth lead of an hour already; this bounds how many blocked ones a bot can make us keep.
 */
export const ORDERS_PER_IP: RateLimitRule = { name: 'orders:ip', max: 60, windowSeconds: 600 };

/** Orders are small: a form's fields, never files. */
export const ORDER_BODY_LIMIT = 64 * 1024;

/** Why an order from a landing was not taken: shown by the page script, or as a page to a plain form. */
export class OrderRefused extends Error {
  constructor(
    readonly httpStatus: 400 | 403 | 415 | 429,
    readonly code: 'VALIDATION_ERROR' | 'FORBIDDEN' | 'RATE_LIMITED',
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const clickLookup = preparedOnce((db) =>
  db
    .select({
      ID: clicks.ID,
      BoundTakenOffer: clicks.BoundTakenOffer,
      CountryCode: clicks.CountryCode,
      City: clicks.City,
      isPhone: clicks.isPhone,
      SubIDs: clicks.SubIDs,
    })
    .from(clicks)
    .where(eq(clicks.ClickKey, sql.placeholder('key')))
    .limit(1)
    .prepare(),
);

/** The click's row, once any buffered write of it is done (null when another process still holds it). */
async function clickFacts(deps: AppDeps, clickKey: string, takenOfferId: number): Promise<ClickFacts | null> {
  await deps.traffic.clicks.settle(clickKey);
  const [row] = await clickLookup(deps.db).execute({ key: clickKey });
  if (!row || row.BoundTakenOffer !== takenOfferId) return null;
  return {
    ID: row.ID,
    CountryCode: row.CountryCode,
    City: row.City,
    isPhone: row.isPhone,
    SubIDs: row.SubIDs,
  };
}

async function readOrderBody(c: Context<AppEnv>): Promise<{ body: unknown; json: boolean }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    const text = await c.req.text();
    try {
      return { body: JSON.parse(text), json: true };
    } catch {
      throw new OrderRefused(400, 'VALIDATION_ERROR', 'The body is not valid JSON');
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody();
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) if (typeof value === 'string') fields[key] = value;
    return { body: fields, json: false };
  }
  throw new OrderRefused(415, 'VALIDATION_ERROR', 'Send the order as a form or as JSON');
}

/** The digits of a phone as typed: the same number typed twice with other spacing is one order. */
const phoneDigits = (phone: string) => phone.replace(/[^\d+]/g, '');

/**
 * An order from the landing of `site` (`POST /o/{code}/_lm/order` from the page script, or the
 * form's own plain post). Authenticated by the signed click id the page carries (the script sends
 * it; a plain form post has the first-party cookie). Idempotent per click and phone: a double
 * submit answers the same lead. The buyer is told nothing about blocking.
 *
 * @throws {OrderRefused} for a missing or forged click (403) and for bad fields (400); nothing is written.
 */
export async function takeLandingOrder(
  c: Context<AppEnv>,
  deps: AppDeps,
  site: TakenSite,
): Promise<{ outcome: IntakeOutcome; json: boolean }> {
  const { body, json } = await readOrderBody(c);
  const token =
    body && typeof body === 'object' && typeof (body as { click?: unknown }).click === 'string'
      ? (body as { click: string }).click
      : clickFromCookie(c.req.header('cookie'));
  const clickKey = verifyClick(deps.traffic.clickKey, token, site.takenOfferId);
  if (!clickKey) throw new OrderRefused(403, 'FORBIDDEN', INTAKE_MESSAGES.expired);
  const parsed = landingOrderSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new OrderRefused(400, 'VALIDATION_ERROR', issue.message, issue.path.join('.') || undefined);
  }
  const order = parsed.data;
  const ip = c.var.clientIp === 'unknown' ? null : c.var.clientIp;
  try {
    await hitRateLimit(deps.redis, ORDERS_PER_IP, ip ?? 'unknown', deps.env.RATE_LIMIT_DISABLED);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
      throw new OrderRefused(
        429,
        'RATE_LIMITED',
        'Too many orders from your network, please try again later',
      );
    }
    // Redis away: the order still counts more than the limit (IP_LIMIT applies in the transaction).
    console.warn(`order rate limit unavailable: ${(error as Error).message}`);
  }
  const click = await clickFacts(deps, clickKey, site.takenOfferId);
  const outcome = await runUnitOfWork(deps.jobs, deps.db, async (db) =>
    deliverWhenCommitted(
      db,
      await deps.traffic.intake.submit({
        userId: site.userId,
        offerId: site.offerId,
        takenOfferId: site.takenOfferId,
        click,
        ip,
        userAgent: c.req.header('user-agent') ?? '',
        clientReport: order.client ?? null,
        domain: site.domain,
        friendlyName: site.friendlyName,
        fields: leadFields(order, order.generic),
        idempotencyKey: `click:${clickKey}:${phoneDigits(order.phone)}`,
        now: deps.now(),
      }),
    ),
  );
  return { outcome, json };
}

export { CLICK_COOKIE };
