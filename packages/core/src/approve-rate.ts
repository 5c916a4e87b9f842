import type { DbOrTx } from '@leadmesh/db';
import { LEAD_STATUS } from '@leadmesh/schema';
import { leads, offers } from '@leadmesh/schema/tables';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';

/** The approve rate looks back this many days. */
export const APPROVE_RATE_DAYS = 30;
/** Below this many decided leads the rate is unknown (-1, shown as '?'). */
export const APPROVE_RATE_MIN_DECIDED = 10;
/** The rate of an offer without enough decided leads. */
export const APPROVE_RATE_UNKNOWN = -1;

/** Statuses a lead is decided in: confirmed, rejected, bad lead. */
const DECIDED = [LEAD_STATUS.CONFIRMED, LEAD_STATUS.REJECTED, LEAD_STATUS.BAD_LEAD];

/**
 * The approve rate (OfferMonthlyConversionRatio) from counts: confirmed ÷ decided × 100, rounded to
 * two decimals; -1 while fewer than {@link APPROVE_RATE_MIN_DECIDED} leads are decided.
 */
export function approveRatePercent(confirmed: number, decided: number): number {
  if (decided < APPROVE_RATE_MIN_DECIDED) return APPROVE_RATE_UNKNOWN;
  return Math.round((confirmed / decided) * 10_000) / 100;
}

const windowStart = (now: number) => new Date(now - APPROVE_RATE_DAYS * 86_400_000);

/**
 * Recomputes one offer's approve rate over the leads of the last 30 days (statuses 2, 3 and 4 are
 * decided, 2 is confirmed), stores it on the offer and answers it. For the worker after a lead's
 * status changes, and for tests; {@link recomputeAllApproveRates} does every offer at once.
 */
export async function recomputeApproveRate(db: DbOrTx, offerId: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({
      decided: sql<number>`count(*)`,
      confirmed: sql<number>`coalesce(sum(${leads.Status} = ${LEAD_STATUS.CONFIRMED}), 0)`,
    })
    .from(leads)
    .where(
      and(
        eq(leads.BoundOffer, offerId),
        gte(leads.createdAt, windowStart(now)),
        inArray(leads.Status, DECIDED),
      ),
    );
  const rate = approveRatePercent(Number(row?.confirmed ?? 0), Number(row?.decided ?? 0));
  await db.update(offers).set({ OfferMonthlyConversionRatio: rate }).where(eq(offers.ID, offerId));
  return rate;
}

/**
 * Recomputes every offer's approve rate with one grouped read (the hourly job); offers without
 * decided leads in the window get -1. Answers how many offers changed.
 */
export async function recomputeAllApproveRates(db: DbOrTx, now = Date.now()): Promise<number> {
  const counts = await db
    .select({
      offerId: leads.BoundOffer,
      decided: sql<number>`count(*)`,
      confirmed: sql<number>`coalesce(sum(${leads.Status} = ${LEAD_STATUS.CONFIRMED}), 0)`,
    })
    .from(leads)
    .where(and(gte(leads.createdAt, windowStart(now)), inArray(leads.Status, DECIDED)))
    .groupBy(leads.BoundOffer);
  const rates = new Map(
    counts.map((c) => [c.offerId, approveRatePercent(Number(c.confirmed), Number(c.decided))]),
  );
  const all = await db.select({ ID: offers.ID, rate: offers.OfferMonthlyConversionRatio }).from(offers);
  let changed = 0;
  for (const offer of all) {
    const rate = rates.get(offer.ID) ?? APPROVE_RATE_UNKNOWN;
    if (rate === offer.rate) continue;
    await db.update(offers).set({ OfferMonthlyConversionRatio: rate }).where(eq(offers.ID, offer.ID));
    changed++;
  }
  return changed;
}
