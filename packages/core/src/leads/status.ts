import type { DbOrTx } from '@leadmesh/db';
import { LEAD_STATUS, type LeadStatusCode } from '@leadmesh/schema';
import {
  advertisers,
  type LeadRow,
  leadEvents,
  leads,
  referralEarnings,
  users,
} from '@leadmesh/schema/tables';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '../errors.ts';
import { advertiserAccount, PLATFORM, publisherAccount, referrerAccount } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/transfers.ts';
import { postbackEventOf, queueLeadPostbacks } from '../postbacks/queue.ts';
import { countLead } from './daily-stats.ts';

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

/**
 * The one way a lead's status changes (CRM callbacks and syncs, delivery, admins). In the caller's
 * transaction it writes the status, the money it moves (confirmation and its reversal), the
 * lead's timeline event and the postbacks it fires. Blocked leads never change: they were never
 * sold. Setting the same status again changes nothing.
 */
export async function changeLeadStatus(tx: DbOrTx, change: StatusChange): Promise<StatusChangeResult> {
  const [lead] = await tx.select().from(leads).where(eq(leads.ID, change.leadId)).limit(1);
  if (!lead) throw new ApiError('NOT_FOUND', { message: 'Lead not found' });
  if (lead.BlockedReason) {
    throw new ApiError('CONFLICT', { message: 'A blocked lead was never sold; its status does not change' });
  }
  const from = lead.Status;
  const to = change.status;
  const crmLeadId = change.crmLeadId ?? lead.CRMLeadID;
  if (from === to && crmLeadId === lead.CRMLeadID) return { changed: false, from, to, lead };

  const at = new Date();
  const money: Partial<typeof leads.$inferInsert> = {};
  if (to === LEAD_STATUS.CONFIRMED && from !== LEAD_STATUS.CONFIRMED) {
    const n = lead.ConfirmCount + 1;
    const { advertiserPaid } = await chargeConfirmation(tx, lead, n, at);
    Object.assign(money, {
      ConfirmCount: n,
      AdvertiserPaid: advertiserPaid,
      PublisherPaid: lead.EarnedAmount > 0,
    });
  } else if (from === LEAD_STATUS.CONFIRMED && to !== LEAD_STATUS.CONFIRMED) {
    await reverseConfirmation(tx, lead, lead.ConfirmCount, at);
    Object.assign(money, { AdvertiserPaid: false, PublisherPaid: false });
  }
  const [updated] = await tx
    .update(leads)
    .set({ Status: to, CRMLeadID: crmLeadId, ...money, updatedAt: at })
    .where(eq(leads.ID, lead.ID))
    .returning();
  if (from === to) return { changed: false, from, to, lead: updated };
  await countLead(tx, lead, -1);
  await countLead(tx, updated, 1);
  const [event] = await tx
    .insert(leadEvents)
    .values({
      LeadID: lead.ID,
      Kind: 'status',
      FromStatus: from,
      ToStatus: to,
      Source: change.source,
      ActorID: change.actorId ?? null,
      Detail: change.detail ?? null,
      createdAt: at,
    })
    .returning({ ID: leadEvents.ID });
  await queueLeadPostbacks(tx, updated, postbackEventOf(to), String(event.ID));
  return { changed: true, from, to, lead: updated };
}
