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

type LeadRow = typeof leads.$inferSelect;

/** Who is looking at a lead's timeline, and so which sides of it they see. */
interface TimelineView {
  lead: LeadRow;
  caller: Caller;
  admin: boolean;
  /** The lead's publisher (or an admin). */
  publisher: boolean;
  /** The offer's advertiser (or an admin). */
  advertiser: boolean;
}

const entry = (
  at: Date,
  kind: LeadTimelineEntry['kind'],
  title: string,
  detail: Record<string, unknown> = {},
  replay: number | null = null,
): LeadTimelineEntry => ({ at: iso(at), kind, title, detail, replayDeliveryID: replay });

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
  const view: TimelineView = {
    lead,
    caller,
    admin,
    publisher: admin || lead.BoundUser === caller.user.ID,
    advertiser: admin || lead.BoundAdvertiser === caller.advertiser?.ID,
  };
  const entries = [
    ...(await clickEntries(db, view)),
    ...(await eventEntries(db, view)),
    ...(await crmEntries(db, view)),
    ...(await ledgerEntries(db, view)),
    ...(await postbackEntries(db, view)),
  ];
  return entries.sort((x, y) => x.at.localeCompare(y.at));
}

/** The tracking link's click that brought the lead: the publisher's side. */
async function clickEntries(db: Db, { lead, publisher }: TimelineView): Promise<LeadTimelineEntry[]> {
  if (!lead.BoundClick || !publisher) return [];
  const [click] = await db.select().from(clicks).where(eq(clicks.ID, lead.BoundClick)).limit(1);
  if (!click) return [];
  return [
    entry(click.createdAt, 'click', 'Tracking link opened', {
      ip: click.IP,
      device: click.isPhone ? 'phone' : 'desktop',
      country: click.CountryCode,
      city: click.City,
      uniqueIp: click.isUniqueIP,
    }),
  ];
}

/** Intake's decision and every status change or resend; the details behind them for admins. */
async function eventEntries(db: Db, { lead, admin }: TimelineView): Promise<LeadTimelineEntry[]> {
  const events = await db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.LeadID, lead.ID))
    .orderBy(asc(leadEvents.ID));
  const decision = lead.BlockedReason ? `Blocked: ${lead.BlockedReason}` : 'Accepted';
  const entries = events.some((e) => e.Kind === 'intake')
    ? []
    : [
        entry(
          lead.createdAt,
          'intake',
          decision,
          lead.BlockedReason ? { blockedReason: lead.BlockedReason } : {},
        ),
      ];
  for (const e of events) {
    if (e.Kind === 'intake') {
      entries.push(entry(e.createdAt, 'intake', decision, admin ? (e.Detail ?? {}) : {}));
      continue;
    }
    entries.push(
      entry(
        e.createdAt,
        e.Kind === 'resend' ? 'resend' : 'status',
        `${statusName(e.FromStatus)} → ${statusName(e.ToStatus)}`,
        {
          source: statusSourceLabel(e.Source, e.Detail ?? null),
          ...(admin ? { actor: e.ActorID, ...(e.Detail ?? {}) } : {}),
        },
      ),
    );
  }
  return entries;
}

/** The CRM's side: each delivery or status-sync attempt and each callback (the advertiser's). */
async function crmEntries(db: Db, { lead, advertiser }: TimelineView): Promise<LeadTimelineEntry[]> {
  if (!advertiser) return [];
  const attempts = await db
    .select()
    .from(leadCrmAttempts)
    .where(eq(leadCrmAttempts.LeadID, lead.ID))
    .orderBy(asc(leadCrmAttempts.ID));
  const callbacks = await db
    .select()
    .from(crmCallbacks)
    .where(eq(crmCallbacks.LeadID, lead.ID))
    .orderBy(asc(crmCallbacks.ID));
  return [
    ...attempts.map((a) =>
      entry(
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
      ),
    ),
    ...callbacks.map((cb) =>
      entry(
        cb.createdAt,
        'crm_callback',
        `CRM callback: ${cb.Outcome}${cb.MappedStatus !== null ? ` (${statusName(cb.MappedStatus)})` : ''}`,
        { payload: cb.Payload },
      ),
    ),
  ];
}

/** The lead's money: each side sees the transfers touching its own account; admins all of them. */
async function ledgerEntries(
  db: Db,
  { lead, admin, publisher, advertiser }: TimelineView,
): Promise<LeadTimelineEntry[]> {
  const debit = alias(ledgerAccounts, 'debit');
  const credit = alias(ledgerAccounts, 'credit');
  const transfers = await db
    .select({ t: ledgerTransfers, debitKind: debit.Kind, creditKind: credit.Kind })
    .from(ledgerTransfers)
    .innerJoin(debit, eq(debit.ID, ledgerTransfers.DebitAccountID))
    .innerJoin(credit, eq(credit.ID, ledgerTransfers.CreditAccountID))
    .where(eq(ledgerTransfers.LeadID, lead.ID))
    .orderBy(asc(ledgerTransfers.ID));
  return transfers
    .filter(({ debitKind, creditKind }) => {
      const side = [debitKind, creditKind];
      return (
        admin || (publisher && side.includes('publisher')) || (advertiser && side.includes('advertiser'))
      );
    })
    .map(({ t, debitKind, creditKind }) =>
      entry(t.createdAt, 'ledger', `${t.Code.replace(/_/g, ' ')}: ${formatUsd(t.Amount)}`, {
        from: debitKind,
        to: creditKind,
        amountCents: t.Amount,
      }),
    );
}

/** Every attempt of the postbacks the viewer owns (admins: all), with Replay where they may use it. */
async function postbackEntries(
  db: Db,
  { lead, caller, admin, publisher, advertiser }: TimelineView,
): Promise<LeadTimelineEntry[]> {
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
  if (!deliveries.length) return [];
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
  return attempts.map((a) => {
    const delivery = deliveries.find((d) => d.d.ID === a.DeliveryID);
    const mayReplay = admin || delivery?.owner === caller.user.ID;
    const root = rootOf(a.DeliveryID);
    const replay = delivery && isReplayDelivery(delivery.d.Event) ? ' (replay)' : '';
    return entry(
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
  });
}
