import { rebuildDailyStats } from '@leadmesh/core';
import { type CompleteInsert, rowInsert } from '@leadmesh/db';
import { BLOCKED_REASON_CODES, PRODUCT_KEY, publisherShareCents } from '@leadmesh/schema';
import * as t from '@leadmesh/schema/tables';
import type { InValue } from '@libsql/client';
import type { Advertisers } from './advertisers.ts';
import { bulkInsert, DAY, type SeedContext, withoutIndexes } from './context.ts';
import { FIRST_NAMES, LAST_NAMES, PLACES } from './demo-data.ts';
import type { OfferRow, Offers } from './offers.ts';
import type { People } from './people.ts';
import type { Random } from './random.ts';

interface Taken {
  id: number;
  user: number;
  offer: OfferRow;
  domain: string;
  name: string;
}

/** The publishers' domains (and one internal), their taken offers and the custom payout. */
async function seedTakenOffers(ctx: SeedContext, people: People, catalogue: Offers): Promise<Taken[]> {
  const { db } = ctx.handle;
  const [internal] = await db
    .insert(t.domains)
    .values({ DomainName: 'http://go.leadmesh.example', isInternal: true })
    .returning();
  const own = await db
    .insert(t.domains)
    .values([
      { DomainName: 'http://zdravlje-danas.example', BoundUser: people.publisher.ID },
      { DomainName: 'http://dobre-ponude.example', BoundUser: people.publisher.ID },
      { DomainName: 'http://sara-shop.example', BoundUser: people.publisher2.ID },
    ])
    .returning();
  const takers = [
    { user: people.publisher, domains: [own[0], own[1], internal], offers: catalogue.offers },
    { user: people.publisher2, domains: [own[2], internal], offers: catalogue.offers.slice(0, 4) },
  ];
  const taken: Taken[] = [];
  for (const taker of takers) {
    for (const [i, offer] of taker.offers.entries()) {
      const domain = taker.domains[i % taker.domains.length];
      const sites = catalogue.websites.get(offer.ID);
      if (!sites) throw new Error(`offer ${offer.ID} has no websites`);
      const [row] = await db
        .insert(t.takenOffers)
        .values({
          BoundUser: taker.user.ID,
          BoundOffer: offer.ID,
          BoundDomain: domain.ID,
          BoundLandingWebsite: sites.landing,
          BoundPreLandingWebsite: i % 2 === 0 ? sites.prelanding : null,
          FriendlyName: `${offer.OfferProductName} - ${taker.user.Username}`,
          TrackingCode: `${taker.user.Username}-${offer.ID}`,
          createdAt: new Date(ctx.now - (ctx.days + 5) * DAY),
        })
        .returning();
      taken.push({
        id: row.ID,
        user: taker.user.ID,
        offer,
        domain: domain.DomainName,
        name: row.FriendlyName ?? '',
      });
    }
  }
  return taken;
}

/** The lead's row, typed from its table: a new column is a compile error here until the seed gives it. */
const LEAD_INSERT = rowInsert(t.leads, ['ID']);

/**
 * Statuses of the seeded leads, weighted. None is left on its way to the CRM (-2, -1, 6): the demo
 * world starts at rest, so nothing moves in the background at the first start (the worker would
 * hand such leads to the demo Sandbox CRMs, which would decide them, moving money and firing
 * postbacks while someone looks at the screens). Those statuses come with the first orders.
 */
const STATUS_WEIGHTS = [
  [0, 15],
  [1, 11],
  [2, 40],
  [3, 19],
  [4, 10],
  [5, 2],
] as const;

const phone = (r: Random) => `+381 6${r.int(0, 9)} ${r.int(100, 999)} ${r.int(1000, 9999)}`;
/** The E.164 form intake stores beside what the buyer typed. */
const e164 = (typed: string) => typed.replace(/\s/g, '');

interface LeadWorld {
  r: Random;
  now: number;
  days: number;
  taken: Taken[];
  customPayout: { user: number; offer: number; payout: number };
  crmType: Map<number, (typeof t.crms.$inferSelect)['name']>;
  places: (readonly [(typeof PLACES)[number], number])[];
  ipFor: (offerId: number, at: number) => string;
}

/** The `i`th demo lead, its money frozen as intake does (the random draws in a fixed order). */
function demoLead(world: LeadWorld, i: number): CompleteInsert<typeof t.leads, 'ID'> {
  const { r, now, days, taken, customPayout, crmType, places, ipFor } = world;
  const take = taken[r.int(0, taken.length - 1)];
  const offer = take.offer;
  // Skewed towards recent days, with some traffic on every day.
  const createdAt = now - Math.floor(r.next() ** 1.4 * days * DAY);
  const blocked = r.chance(0.04);
  const status = blocked ? 4 : r.weighted(STATUS_WEIGHTS);
  const place = r.weighted(places);
  const custom = offer.ID === customPayout.offer && take.user === customPayout.user;
  const price = offer.OfferPayout;
  const earned = publisherShareCents(custom ? customPayout.payout : price, offer.PlatformTax);
  const confirmed = status === 2;
  // A failed delivery (5) never reached the CRM: no CRM lead id, so a resend may take it.
  const delivered = status >= 0 && status !== 5 && !blocked;
  const typedPhone = phone(r);
  const details: Record<string, unknown> = {
    [`${PRODUCT_KEY}-name`]: `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`,
    [`${PRODUCT_KEY}-phone`]: typedPhone,
    [`${PRODUCT_KEY}-quantity`]: r.int(1, 3),
    [`${PRODUCT_KEY}-uid`]: `u${i}`,
    [`${PRODUCT_KEY}-c1`]: r.pick(['fb', 'google', 'tiktok', 'native']),
    GenericData: {},
  };
  const created = new Date(createdAt);
  return {
    BoundUser: take.user,
    BoundAdvertiser: offer.BoundAdvertiser,
    BoundOffer: offer.ID,
    BoundTakenOffer: take.id,
    BoundClick: null,
    BoundCRM: offer.SelectedCRM,
    OfferName: offer.OfferName,
    ProductName: offer.OfferProductName,
    Status: status,
    CRMType: offer.SelectedCRM ? (crmType.get(offer.SelectedCRM) ?? null) : null,
    CRMLeadID: delivered ? `CRM-${100000 + i}` : null,
    LeadMoneyWithdrawn: false,
    PublisherPaid: confirmed,
    AdvertiserPaid: confirmed,
    ConfirmCount: confirmed ? 1 : 0,
    LeadPrice: price,
    EarnedAmount: earned,
    PlatformEarnedAmount: price - earned,
    PlatformTax: offer.PlatformTax,
    ReferralAmount: offer.ReferralPayout,
    PurchaseDomain: take.domain,
    PurchaseIP: ipFor(offer.ID, createdAt),
    // Set below, once every lead is in: the first lead from an IP for an offer each day.
    FirstFromIP: false,
    Phone: e164(typedPhone),
    PurchaseIsPhone: r.chance(0.78),
    PurchaseLeadType: offer.OfferType === 'CPL' ? 'CPL' : 'CPA',
    City: place.city,
    CountryCode: place.countryCode,
    PurchaseDetails: details,
    BlockedReason: blocked ? r.pick(BLOCKED_REASON_CODES) : null,
    FriendlyName: take.name,
    IdempotencyKey: null,
    PlatformPayoutID: null,
    createdAt: created,
    updatedAt: new Date(createdAt + r.int(0, 3) * 3600_000),
  };
}

/**
 * About one lead in five comes again from an IP that already ordered the offer that day (a buyer
 * ordering twice, a shared office): the dashboards' unique IPs then differ from the total leads.
 */
function repeatingIps(r: Random): LeadWorld['ipFor'] {
  const lastIp = new Map<string, string>();
  return (offerId, at) => {
    const key = `${offerId}:${Math.floor(at / DAY)}`;
    const seen = lastIp.get(key);
    if (seen && r.chance(0.2)) return seen;
    const ip = `${r.int(31, 195)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`;
    lastIp.set(key, ip);
    return ip;
  };
}

/** How many of the newest leads get their recorded history (a 1M-lead bench world skips the rest). */
const HISTORY_LEADS = 20_000;

/**
 * The history intake, the delivery worker and the CRMs would have recorded for the newest seeded
 * leads (issue 16 item 7: a Bad lead's history is more than "Intake Accepted"): the intake
 * decision, the hand-over to the CRM (-1 → 0, or → 5 when it failed), then the CRM's decision
 * (0 → the final status) by callback, or by the Sandbox CRM for sandbox offers.
 */
async function seedLeadHistory(handle: SeedContext['handle']): Promise<void> {
  const newest = `select id, status, crm_type, blocked_reason, created_at, updated_at from leads
    order by created_at desc limit ${HISTORY_LEADS}`;
  await handle.client.execute(`insert into lead_events (lead_id, kind, from_status, to_status, source, detail, created_at)
    select id, 'intake', null, case when blocked_reason is null then -1 else 4 end, 'intake', null, created_at
    from (${newest})`);
  await handle.client.execute(`insert into lead_events (lead_id, kind, from_status, to_status, source, detail, created_at)
    select id, 'status', -1, case when status = 5 then 5 else 0 end, 'delivery', null, created_at + 60000
    from (${newest}) where blocked_reason is null and status >= 0`);
  await handle.client.execute(`insert into lead_events (lead_id, kind, from_status, to_status, source, detail, created_at)
    select id, 'status', 0, status, 'crm',
      json_object('via', case when crm_type = 'sandbox' then 'sandbox' else 'callback' end),
      max(updated_at, created_at + 1800000)
    from (${newest}) where blocked_reason is null and status between 1 and 4`);
}

/**
 * The clicks that brought the newest seeded leads (a 1M-lead bench world only those): 3 to 9 per
 * lead in the minutes before it, the last from the buyer's own address, so the staff overview and
 * the reports show clicks and a click-to-lead rate as a live network would (a demo with leads and
 * no click read "Clicks 0"). The triggers on `clicks` count them into the quarter-hour and day
 * rollups (decision 0050).
 */
async function seedClicks(handle: SeedContext['handle']): Promise<void> {
  await handle.client.execute(`insert into clicks (click_key, taken_offer_id, user_id, offer_id, ip,
      user_agent, referer, is_phone, country_code, city, is_unique_ip, sub_ids, created_at)
    with recursive n(k) as (select 1 union all select k + 1 from n where k < 9)
    select 'demo-' || l.id || '-' || n.k, l.taken_offer_id, l.user_id, l.offer_id,
      case when n.k = 1 then l.purchase_ip
        else (31 + (l.id * 7 + n.k * 13) % 160) || '.' || ((l.id * 31 + n.k) % 256) || '.'
          || ((l.id + n.k * 97) % 256) || '.' || (1 + (l.id * n.k) % 253) end,
      case when (case when n.k = 1 then l.purchase_is_phone else (l.id + n.k) % 5 <> 0 end)
        then 'Mozilla/5.0 (Linux; Android 14) Mobile' else 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' end,
      null,
      case when n.k = 1 then l.purchase_is_phone else (l.id + n.k) % 5 <> 0 end,
      l.country_code, l.city,
      case when n.k = 1 then l.first_from_ip else 1 end,
      null,
      l.created_at - n.k * 97000
    from (select * from leads where taken_offer_id is not null
      order by created_at desc limit ${HISTORY_LEADS}) l
    join n on n.k <= 3 + l.id % 7`);
}

/**
 * Leads over the last `days` (more on recent days), in every status, some blocked, with the
 * money frozen on them as intake does: price, the publisher's share (their custom payout where
 * they have one) and the platform's share. The ledger transfers come from the money area.
 */
export async function seedTraffic(
  ctx: SeedContext,
  people: People,
  partners: Advertisers,
  catalogue: Offers,
  leadCount: number,
): Promise<void> {
  const { r, now, days, handle } = ctx;
  const taken = await seedTakenOffers(ctx, people, catalogue);
  const customPayout = { user: people.publisher.ID, offer: catalogue.offers[0].ID, payout: 1300 };
  await handle.db
    .insert(t.customPayouts)
    .values({ UserID: customPayout.user, OfferID: customPayout.offer, Payout: customPayout.payout });
  const crmType = new Map(partners.crms.map((c) => [c.ID, c.name]));
  const places = PLACES.map((p) => [p, p.weight] as const);

  const world: LeadWorld = { r, now, days, taken, customPayout, crmType, places, ipFor: repeatingIps(r) };
  await withoutIndexes(ctx, 'leads', async () => {
    let rows: InValue[][] = [];
    let inserted = 0;
    for (let i = 0; i < leadCount; i++) {
      rows.push(LEAD_INSERT.args(demoLead(world, i)));
      if (rows.length >= 20_000) {
        await bulkInsert(handle, 'leads', LEAD_INSERT.columns, rows);
        inserted += rows.length;
        rows = [];
        if (leadCount >= 100_000) ctx.log(`leads: ${inserted}/${leadCount}`);
      }
    }
    if (rows.length) await bulkInsert(handle, 'leads', LEAD_INSERT.columns, rows);
  });
  // Intake marks the first lead from an IP for an offer each day (the dashboards' unique IPs).
  await handle.client.execute(`update leads set first_from_ip = 1 where id in (
    select min(id) from leads group by offer_id, purchase_ip, strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'))`);
  // The daily counters and rollups intake and status changes keep beside each lead.
  await rebuildDailyStats(handle.db);
  await handle.client.execute(`insert into offer_day_counts (offer_id, day, accepted, blocked)
    select offer_id, strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'),
      sum(blocked_reason is null), sum(blocked_reason is not null)
    from leads group by 1, 2`);
  ctx.log(`${leadCount} leads created`);
  await seedLeadHistory(handle);
  await seedClicks(handle);

  // CRM activities (calls and agent comments) for a handful of recent leads.
  const recent = await handle.client.execute(
    'select id, created_at from leads where status in (1, 2, 3) order by id desc limit 60',
  );
  const activities: InValue[][] = [];
  for (const row of recent.rows) {
    const at = Number(row.created_at);
    activities.push([Number(row.id), `agent-${r.int(1, 9)}`, 'call', r.int(20, 400), null, at + 600_000]);
    activities.push([
      Number(row.id),
      `agent-${r.int(1, 9)}`,
      'comment',
      null,
      r.pick([
        'Customer confirmed the address',
        'Call back tomorrow',
        'Wrong number',
        'Asked for a discount',
      ]),
      at + 900_000,
    ]);
  }
  await bulkInsert(
    handle,
    'lead_crm_activities',
    ['lead_id', 'agent_id', 'type', 'audio_duration', 'comment', 'occurred_at'],
    activities,
  );
}
