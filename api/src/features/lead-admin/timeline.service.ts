import { type Caller, isReplayDelivery, notFound, replayedDeliveryOf } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { formatUsd, LEAD_STATUS_NAMES, type LeadStatusCode, type LeadTimelineEntry } from '@leadmesh/schema';
import {
  clicks,
  crmCallbacks,
  leadCrmAttempts,
  leadEvents,
  leads,
  ledgerAccounts,
  ledgerTransfers,
  postbackAttempts,
  postbackDeliveries,
  postbacks,
} from '@leadmesh/schema/tables';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';

const statusName = (s: number | null) =>
  s === null ? '—' : (LEAD_STATUS_NAMES[s as LeadStatusCode] ?? String(s));
const iso = (d: Date) => d.toISOString();

/**
 * Who or what changed a status, in words (issue 16 item 7): the CRM by callback, by our status
 * check or the Sandbox CRM's decision; the delivery to the CRM; staff; the platform itself.
 */
export function statusSourceLabel(source: string, detail: Record<string, unknown> | null): string {
  if (source === 'crm') {
    const via = detail?.via;
    if (via === 'callback') return 'CRM callback';
    if (via === 'status-check') return 'CRM status check';
    if (via === 'sandbox') return 'Sandbox CRM';
    return 'CRM';
  }
  if (source === 'delivery') return 'Delivery to the CRM';
  if (source === 'admin') return 'Staff';
  if (source === 'intake') return 'Intake';
  return 'Platform';
}

/**
 * A lead's timeline (issue 11): every recorded thing that happened to it, oldest first. Admins see
 * all of it. The lead's publisher sees their side: the click, the decision, status changes, their
 * earnings and their postbacks (with a replay button). The offer's advertiser sees theirs: status
 * changes, their CRM's attempts and callbacks, their charges and their postbacks; never the buyer's
 * IP, the publisher's money or the platform's share.
 */
export async function leadTimeline(
  db: Db,
  caller: Caller,
  input: { ID: number },
): Promise<LeadTimelineEntry[]> {
  const [lead] = await db.select().from(leads).where(eq(leads.ID, input.ID)).limit(1);
  if (!lead) throw notFound('Lead not found');
  const admin = caller.user.isAdmin;
  const publisher = admin || lead.BoundUser === caller.user.ID;
  const advertiser = admin || lead.BoundAdvertiser === caller.advertiser?.ID;
  const entries: LeadTimelineEntry[] = [];
  const add = (
    at: Date,
    kind: LeadTimelineEntry['kind'],
    title: string,
    detail: Record<string, unknown> = {},
    replay: number | null = null,
  ) => entries.push({ at: iso(at), kind, title, detail, replayDeliveryID: replay });

  if (lead.BoundClick && publisher) {
    const [click] = await db.select().from(clicks).where(eq(clicks.ID, lead.BoundClick)).limit(1);
    if (click) {
      add(click.createdAt, 'click', 'Tracking link opened', {
        ...(admin || publisher ? { ip: click.IP } : {}),
        device: click.isPhone ? 'phone' : 'desktop',
        country: click.CountryCode,
        city: click.City,
        uniqueIp: click.isUniqueIP,
      });
    }
  }
  const events = await db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.LeadID, lead.ID))
    .orderBy(asc(leadEvents.ID));
  const sawIntake = events.some((e) => e.Kind === 'intake');
  if (!sawIntake) {
    add(
      lead.createdAt,
      'intake',
      lead.BlockedReason ? `Blocked: ${lead.BlockedReason}` : 'Accepted',
      lead.BlockedReason ? { blockedReason: lead.BlockedReason } : {},
    );
  }
  for (const e of events) {
    if (e.Kind === 'intake') {
      add(
        e.createdAt,
        'intake',
        lead.BlockedReason ? `Blocked: ${lead.BlockedReason}` : 'Accepted',
        admin ? (e.Detail ?? {}) : {},
      );
    } else {
      add(
        e.createdAt,
        e.Kind === 'resend' ? 'resend' : 'status',
        `${statusName(e.FromStatus)} → ${statusName(e.ToStatus)}`,
        {
          source: statusSourceLabel(e.Source, e.Detail ?? null),
          ...(admin ? { actor: e.ActorID, ...(e.Detail ?? {}) } : {}),
        },
      );
    }
  }
  if (advertiser) {
    const attempts = await db
      .select()
      .from(leadCrmAttempts)
      .where(eq(leadCrmAttempts.LeadID, lead.ID))
      .orderBy(asc(leadCrmAttempts.ID));
    for (const a of attempts) {
      add(
        a.createdAt,
        'crm_attempt',
        `CRM ${a.Kind === 'deliver' ? 'delivery' : 'status sync'} #${a.Attempt}: ${a.Outcome}`,
        {
          request: a.Request,
          responseStatus: a.ResponseStatus,
          response: a.ResponseBody,
          error: a.Error,
          durationMs: a.DurationMs,
        },
      );
    }
    const callbacks = await db
      .select()
      .from(crmCallbacks)
      .where(eq(crmCallbacks.LeadID, lead.ID))
      .orderBy(asc(crmCallbacks.ID));
    for (const cb of callbacks) {
      add(
        cb.createdAt,
        'crm_callback',
        `CRM callback: ${cb.Outcome}${cb.MappedStatus !== null ? ` (${statusName(cb.MappedStatus)})` : ''}`,
        {
          payload: cb.Payload,
        },
      );
    }
  }
  const debit = alias(ledgerAccounts, 'debit');
  const credit = alias(ledgerAccounts, 'credit');
  const transfers = await db
    .select({ t: ledgerTransfers, debitKind: debit.Kind, creditKind: credit.Kind })
    .from(ledgerTransfers)
    .innerJoin(debit, eq(debit.ID, ledgerTransfers.DebitAccountID))
    .innerJoin(credit, eq(credit.ID, ledgerTransfers.CreditAccountID))
    .where(eq(ledgerTransfers.LeadID, lead.ID))
    .orderBy(asc(ledgerTransfers.ID));
  for (const { t, debitKind, creditKind } of transfers) {
    const side = [debitKind, creditKind];
    const visible =
      admin || (publisher && side.includes('publisher')) || (advertiser && side.includes('advertiser'));
    if (!visible) continue;
    add(t.createdAt, 'ledger', `${t.Code.replace(/_/g, ' ')}: ${formatUsd(t.Amount)}`, {
      from: debitKind,
      to: creditKind,
      amountCents: t.Amount,
    });
  }
  const owners = [
    publisher ? lead.BoundUser : null,
    advertiser && caller.advertiser ? caller.user.ID : null,
  ].filter((v): v is number => v !== null);
  const deliveries = await db
    .select({ d: postbackDeliveries, owner: postbacks.BoundUser, name: postbacks.postbackName })
    .from(postbackDeliveries)
    .innerJoin(postbacks, eq(postbacks.postbackID, postbackDeliveries.BoundPostback))
    .where(
      and(
        eq(postbackDeliveries.BoundLead, lead.ID),
        admin ? undefined : or(...owners.map((o) => eq(postbacks.BoundUser, o))),
      ),
    );
  if (deliveries.length) {
    const attempts = await db
      .select()
      .from(postbackAttempts)
      .where(
        inArray(
          postbackAttempts.DeliveryID,
          deliveries.map((d) => d.d.ID),
        ),
      )
      .orderBy(asc(postbackAttempts.ID));
    // One Replay button per delivery and its replays, on the latest attempt among them, for whoever
    // the server lets replay it: the postback's owner, or an admin (decision 0019).
    const rootOf = (id: number) => {
      const row = deliveries.find((d) => d.d.ID === id);
      return (row && replayedDeliveryOf(row.d.Event)) ?? id;
    };
    const latest = new Map<number, number>();
    for (const a of attempts) latest.set(rootOf(a.DeliveryID), a.ID);
    for (const a of attempts) {
      const delivery = deliveries.find((d) => d.d.ID === a.DeliveryID);
      const mayReplay = admin || delivery?.owner === caller.user.ID;
      const root = rootOf(a.DeliveryID);
      const replay = delivery && isReplayDelivery(delivery.d.Event) ? ' (replay)' : '';
      add(
        a.createdAt,
        'postback',
        `Postback "${delivery?.name ?? ''}"${replay} #${a.Attempt}: ${a.ResponseStatus ?? a.Error ?? 'no answer'}`,
        {
          url: a.URL,
          responseStatus: a.ResponseStatus,
          response: a.ResponseBody,
          error: a.Error,
          durationMs: a.DurationMs,
        },
        mayReplay && latest.get(root) === a.ID ? root : null,
      );
    }
  }
  return entries.sort((x, y) => x.at.localeCompare(y.at));
}
