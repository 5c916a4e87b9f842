import { ApiError } from '@leadmesh/core';
import { preparedOnce } from '@leadmesh/db';
import { clicks } from '@leadmesh/schema/tables';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppDeps, AppEnv } from '../../context.ts';
import { bind, type CallContext, type ReadInput } from '../../lib/call.ts';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import { verifyClick } from '../tracking/click-token.ts';
import type { TakenSite } from '../tracking/site-directory.ts';
import { CLICK_COOKIE, clickFromCookie, sitePaths } from '../tracking/tracking.ts';
import { landingOrderCalls } from './intake.contracts.ts';
import { INTAKE_MESSAGES, type landingOrderSchema, leadFields } from './intake.input.ts';
import { type ClickFacts, deliverWhenCommitted } from './intake.service.ts';

/**
 * Orders one address may send in 10 minutes before it is refused (429, nothing stored). IP_LIMIT
 * blocks the sixth lead of an hour already; this bounds how many blocked ones a bot can make us keep.
 */
export const ORDERS_PER_IP: RateLimitRule = { name: 'orders:ip', max: 60, windowSeconds: 600 };

/** Why a taken offer takes no order: shown as its page to a plain form, as NOT_FOUND to the script. */
export class MissingSite extends ApiError {
  constructor(
    readonly page: 'notFound' | 'gone' | 'unavailable',
    status: 404 | 410,
  ) {
    super('NOT_FOUND', { message: 'This offer is no longer available' }, status);
  }
}

/** What a signed click proves: the taken offer of the path, and the click signed for it. */
export interface ClickProof {
  site: TakenSite;
  clickKey: string;
}

declare module '../../lib/credentials.ts' {
  interface Proofs {
    signedClick: ClickProof;
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

/** The digits of a phone as typed: the same number typed twice with other spacing is one order. */
const phoneDigits = (phone: string) => phone.replace(/[^\d+]/g, '');

/**
 * The signed-click credential (`mountCalls`' `signedClick`): the taken offer the path names, and a
 * click signed for it, from the body's `click` (the page script) or the first-party cookie (a plain
 * form post). Nothing is read before the taken offer is known to take orders.
 *
 * @throws {MissingSite} for an unknown or deleted taken offer or one without a landing;
 *   FORBIDDEN for a missing, forged or another taken offer's click.
 */
export async function proveSignedClick(
  c: Context<AppEnv>,
  deps: AppDeps,
  body: () => Promise<ReadInput>,
): Promise<ClickProof> {
  const site = await deps.traffic.sites.site(c.req.param('trackingCode') ?? '');
  if (!site) throw new MissingSite('notFound', 404);
  if (site.deleted) throw new MissingSite('gone', 410);
  if (!site.landing) throw new MissingSite('unavailable', 404);
  const { fields } = await body();
  const token = typeof fields.click === 'string' ? fields.click : clickFromCookie(c.req.header('cookie'));
  const clickKey = verifyClick(deps.traffic.clickKey, token, site.takenOfferId);
  if (!clickKey) throw new ApiError('FORBIDDEN', { message: INTAKE_MESSAGES.expired });
  return { site, clickKey };
}

/** Whether the order came from the page script (or any JSON caller) rather than a plain form. */
export const wantsJson = (c: Context<AppEnv>) =>
  (c.req.header('accept') ?? '').includes('application/json') ||
  (c.req.header('content-type') ?? '').includes('json');

/**
 * An order from a landing (`landingOrderCalls`), its click proved and its fields validated.
 * Idempotent per click and phone: a double submit answers the same lead. The buyer is told nothing
 * about blocking. The page script gets where to go next; a plain form is redirected there (303).
 */
async function takeOrder(
  order: z.output<typeof landingOrderSchema>,
  ctx: CallContext<ClickProof>,
): Promise<{ redirect: string } | Response> {
  const { c, deps, db } = ctx;
  const { site, clickKey } = ctx.proof;
  const ip = ctx.ip === 'unknown' ? null : ctx.ip;
  try {
    await hitRateLimit(deps.redis, ORDERS_PER_IP, ip ?? 'unknown', deps.env.RATE_LIMIT_DISABLED);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
      throw new ApiError('RATE_LIMITED', {
        message: 'Too many orders from your network, please try again later',
      });
    }
    // Redis away: the order still counts more than the limit (IP_LIMIT applies in the transaction).
    console.warn(`order rate limit unavailable: ${(error as Error).message}`);
  }
  const click = await clickFacts(deps, clickKey, site.takenOfferId);
  await deliverWhenCommitted(
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
  );
  const redirect = sitePaths.thanks(site);
  c.header('Cache-Control', 'no-store');
  return wantsJson(c) ? { redirect } : c.redirect(redirect, 303);
}

/** Mounted by the sites server with `proveSignedClick` (decision 0078). */
export const landingOrderRoutes = [
  bind(landingOrderCalls.scriptOrder, takeOrder),
  bind(landingOrderCalls.formOrder, takeOrder),
];

export { CLICK_COOKIE };
