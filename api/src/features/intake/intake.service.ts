import { notFound, queueLeadPostbacks } from '@leadmesh/core';
import { type CompleteInsert, type Db, rowInsert } from '@leadmesh/db';
import { enqueueAfterCommit, type JobProducer, leadDeliver, runUnitOfWork } from '@leadmesh/jobs';
import {
  type BlockedReason,
  type CrmType,
  LEAD_STATUS,
  PRODUCT_KEY,
  publisherShareCents,
} from '@leadmesh/schema';
import { leads, STATUS_COLUMNS } from '@leadmesh/schema/tables';
import type { InValue } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { botFromClientReport, type ClientBotReport, classifyUserAgent } from '../../lib/traffic/device.ts';
import type { GeoLocation, GeoLookup } from '../../lib/traffic/geo.ts';
import { normalizePhone } from '../../lib/traffic/phone.ts';
import { type LeadFields, SUB_ID_KEYS } from './intake.input.ts';
import { type SqlRunner, sqlRunner } from './sql-runner.ts';

/** The rules a lead passes, in the order intake checks them (its timeline lists them). */
const INTAKE_RULE_ORDER = [
  'PUBLISHER_NOT_ALLOWED',
  'OFFER_INACTIVE',
  'BOT',
  'PHONE_INVALID',
  'COUNTRY_NOT_ALLOWED',
  'IP_LIMIT',
  'DUPLICATE_PHONE',
  'DAILY_LIMIT',
  'LOW_BALANCE',
] as const;

/** The numbers behind the blocking rules (docs/decisions/0011-tracking-and-intake.md). */
export const INTAKE_RULES = {
  /** DUPLICATE_PHONE: an accepted lead with the same phone for the same offer this recently. */
  duplicatePhoneWindowMs: 24 * 3_600_000,
  /** IP_LIMIT: this many leads (accepted or blocked) from one buyer IP within the window block the next. */
  leadsPerIp: 5,
  ipWindowMs: 3_600_000,
} as const;

/** What a click told about the visit a lead comes from. */
export interface ClickFacts {
  ID: number;
  CountryCode: string | null;
  City: string | null;
  isPhone: boolean;
  SubIDs: Record<string, string> | null;
}

/** One lead on its way in, from a landing's order form or a server. */
export interface LeadIntake {
  /** The publisher the lead is for. */
  userId: number;
  offerId: number;
  takenOfferId: number | null;
  click: ClickFacts | null;
  /** The buyer's address (null when a server did not say). */
  ip: string | null;
  /** The buyer's browser (null when a server did not say: no user-agent rule then). */
  userAgent: string | null;
  clientReport: ClientBotReport | null;
  /** The taken offer's domain (PurchaseDomain). */
  domain: string | null;
  friendlyName: string | null;
  fields: LeadFields;
  /** One lead per key and publisher: a second intake with it answers the first lead. */
  idempotencyKey: string | null;
  now: number;
}

export interface IntakeOutcome {
  ID: number;
  Status: number;
  BlockedReason: BlockedReason | null;
  /** True when the key named a lead taken before: nothing was written. */
  replayed: boolean;
}

/** Everything the decision reads about the offer, its advertiser and the publisher, in one statement. */
interface Facts {
  name: string;
  product: string;
  payout: number;
  tax: number;
  limit: number;
  type: string;
  active: number;
  deleted: number | null;
  countries: string[];
  referralPayout: number;
  crmId: number | null;
  crmType: string | null;
  advertiserId: number;
  minBalance: number;
  infinite: number;
  credit: number;
  verified: number | null;
  hidden: number | null;
  referrerEnabled: number | null;
  customPayout: number | null;
  acceptedToday: number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const FACTS = `
  select o.name as name, o.product_name as product, o.payout_cents as payout, o.platform_tax as tax,
    o.lead_limit as "limit", o.type as type, o.active as active, o.deleted_at as deleted,
    o.countries as countries, o.referral_payout_cents as referralPayout, o.crm_id as crmId,
    c.type as crmType, o.advertiser_id as advertiserId, a.min_balance_cents as minBalance,
    a.is_infinite_credits as infinite,
    coalesce((select credits_posted - debits_posted from ledger_accounts
      where kind = 'advertiser' and owner_id = o.advertiser_id), 0) as credit,
    u.is_verified as verified, u.is_publisher_hidden as hidden, r.is_referral_enabled as referrerEnabled,
    (select payout_cents from custom_payouts where user_id = u.id and offer_id = o.id) as customPayout,
    coalesce((select accepted from offer_day_counts where offer_id = o.id and day = ?), 0) as acceptedToday
  from offers o
  join advertisers a on a.id = o.advertiser_id
  left join users u on u.id = ?
  left join users r on r.id = u.referred_by_id
  left join crms c on c.id = o.crm_id
  where o.id = ?`;
const BY_KEY =
  'select id as ID, status as Status, blocked_reason as BlockedReason from leads where user_id = ? and idempotency_key = ?';
const IP_COUNT =
  'select count(*) as n from (select 1 from leads where purchase_ip = ? and created_at >= ? limit ?)';
const PHONE_SEEN =
  'select 1 as seen from leads where offer_id = ? and phone = ? and created_at >= ? and blocked_reason is null limit 1';
/** The lead's row, typed from its table: a new column is a compile error here until intake gives it. */
const INSERT_LEAD = rowInsert(leads, ['ID']);
/** The first lead from an IP for an offer on a UTC day counts as unique (the dashboards' unique IPs). */
const IP_SEEN_TODAY =
  'select 1 as seen from leads where purchase_ip = ? and created_at >= ? and offer_id = ? limit 1';
const INTAKE_EVENT = `insert into lead_events (lead_id, kind, to_status, source, detail, created_at)
  values (?, 'intake', ?, 'intake', ?, ?)`;
/** The rollup row of a new lead (decision 0015): its status's column and its unique IP. */
const COUNT_ROLLUP = (statusColumn: string) => `insert into lead_daily_stats
    (day, user_id, advertiser_id, offer_id, country_code, city, domain, is_phone, total, ${statusColumn}, unique_ips)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  on conflict (day, user_id, advertiser_id, offer_id, country_code, city, domain, is_phone) do update set
    total = total + excluded.total, ${statusColumn} = ${statusColumn} + excluded.${statusColumn},
    unique_ips = unique_ips + excluded.unique_ips`;
/** Whether anyone could be told of a new lead (the publisher's or the advertiser's postbacks). */
const HAS_POSTBACKS =
  'select 1 as any from postbacks where user_id = ? or user_id = (select user_id from advertisers where id = ?) limit 1';
const COUNT_DAY = `insert into offer_day_counts (offer_id, day, accepted, blocked) values (?, ?, ?, ?)
  on conflict (offer_id, day) do update set accepted = accepted + excluded.accepted, blocked = blocked + excluded.blocked`;

async function byKey(run: SqlRunner, userId: number, key: string): Promise<IntakeOutcome | null> {
  const [row] = await run.rows<Omit<IntakeOutcome, 'replayed'>>(BY_KEY, [userId, key]);
  return row ? { ID: row.ID, Status: row.Status, BlockedReason: row.BlockedReason, replayed: true } : null;
}

const isUniqueViolation = (error: unknown) =>
  /UNIQUE/.test(String((error as Error)?.message)) ||
  /UNIQUE/.test(String((error as { cause?: Error })?.cause?.message));

/** The lead's details under `{product}-` keys; sub ids the form left out come from the click. */
function purchaseDetails(fields: LeadFields, click: ClickFacts | null): Record<string, unknown> {
  const details: Record<string, unknown> = {
    [`${PRODUCT_KEY}-name`]: fields.name,
    [`${PRODUCT_KEY}-phone`]: fields.phone,
    [`${PRODUCT_KEY}-quantity`]: fields.quantity ?? 1,
  };
  if (fields.uid) details[`${PRODUCT_KEY}-uid`] = fields.uid;
  for (const key of SUB_ID_KEYS) {
    const value = fields[key] ?? click?.SubIDs?.[key] ?? null;
    if (value) details[`${PRODUCT_KEY}-${key}`] = value;
  }
  details.GenericData = fields.generic;
  return details;
}

/** What the leads of one transaction share: the facts read once, and the day counts written once. */
class Group {
  readonly facts = new Map<string, Facts | null>();
  /** Leads accepted in this transaction, per offer and day, not yet in offer_day_counts. */
  readonly counts = new Map<string, { offerId: number; day: string; accepted: number; blocked: number }>();
  /** New leads per rollup row and status, written once per transaction. */
  readonly rollups = new Map<string, { args: InValue[]; column: string; total: number; unique: number }>();
  /** IPs already seen per offer and day in this transaction. */
  readonly ipsToday = new Set<string>();
  /** Whether the publisher or the advertiser has postbacks, per pair. */
  readonly postbacks = new Map<string, boolean>();
  /** Accepted leads whose 'created' postbacks are to be queued before the commit. */
  readonly notify: number[] = [];

  constructor(readonly run: SqlRunner) {}

  async factsFor(offerId: number, userId: number, day: string): Promise<Facts | null> {
    const key = `${offerId}|${userId}|${day}`;
    let facts = this.facts.get(key);
    if (facts === undefined) {
      const [row] = await this.run.rows<Omit<Facts, 'countries'> & { countries: string }>(FACTS, [
        day,
        userId,
        offerId,
      ]);
      facts = row ? { ...row, countries: JSON.parse(row.countries) as string[] } : null;
      this.facts.set(key, facts);
    }
    return facts;
  }

  count(offerId: number, day: string, accepted: boolean): void {
    const key = `${offerId}|${day}`;
    let entry = this.counts.get(key);
    if (!entry) {
      entry = { offerId, day, accepted: 0, blocked: 0 };
      this.counts.set(key, entry);
    }
    if (accepted) entry.accepted++;
    else entry.blocked++;
  }

  acceptedInGroup(offerId: number, day: string): number {
    return this.counts.get(`${offerId}|${day}`)?.accepted ?? 0;
  }

  rollup(lead: {
    day: string;
    userId: number;
    advertiserId: number;
    offerId: number;
    country: string | null;
    city: string | null;
    domain: string | null;
    isPhone: boolean;
    status: number;
    unique: boolean;
  }): void {
    const column = STATUS_COLUMNS[lead.status as keyof typeof STATUS_COLUMNS];
    const args: InValue[] = [
      lead.day,
      lead.userId,
      lead.advertiserId,
      lead.offerId,
      lead.country ?? '',
      lead.city ?? '',
      lead.domain ?? '',
      lead.isPhone ? 1 : 0,
    ];
    const key = `${args.join('|')}|${column}`;
    const entry = this.rollups.get(key) ?? { args, column, total: 0, unique: 0 };
    entry.total++;
    if (lead.unique) entry.unique++;
    this.rollups.set(key, entry);
  }

  async firstFromIp(ip: string | null, offerId: number, day: string, now: number): Promise<boolean> {
    if (!ip) return false;
    const key = `${ip}|${offerId}|${day}`;
    if (this.ipsToday.has(key)) return false;
    this.ipsToday.add(key);
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    return (await this.run.rows(IP_SEEN_TODAY, [ip, Math.min(dayStart, now), offerId])).length === 0;
  }

  async hasPostbacks(userId: number, advertiserId: number): Promise<boolean> {
    const key = `${userId}|${advertiserId}`;
    let any = this.postbacks.get(key);
    if (any === undefined) {
      any = (await this.run.rows(HAS_POSTBACKS, [userId, advertiserId])).length > 0;
      this.postbacks.set(key, any);
    }
    return any;
  }

  async writeCounts(): Promise<void> {
    for (const c of this.counts.values())
      await this.run.run(COUNT_DAY, [c.offerId, c.day, c.accepted, c.blocked]);
    for (const r of this.rollups.values())
      await this.run.run(COUNT_ROLLUP(r.column), [...r.args, r.total, r.total, r.unique]);
  }
}

/** What is known of a lead before its transaction: pure work, done outside it. */
interface Prepared {
  input: LeadIntake;
  isBot: boolean;
  place: GeoLocation;
  isPhone: boolean;
}

function prepare(geo: GeoLookup, input: LeadIntake): Prepared {
  const device = input.userAgent !== null ? classifyUserAgent(input.userAgent) : null;
  const reported = botFromClientReport(input.clientReport);
  const place: GeoLocation = input.click?.CountryCode
    ? { countryCode: input.click.CountryCode, city: input.click.City }
    : input.ip
      ? geo.lookup(input.ip)
      : { countryCode: null, city: null };
  return {
    input,
    isBot: Boolean(device?.isBot || reported.isBot),
    place,
    isPhone: input.click?.isPhone ?? device?.isPhone ?? false,
  };
}

/** What intake decided about one lead, beside the facts it read. */
interface Decision {
  status: number;
  reason: BlockedReason | null;
  earned: number;
  unique: boolean;
  phone: string | null;
  country: string | null;
}

/** The lead's whole row: every column given, so a new one is a compile error here. */
function leadRow(lead: Prepared, f: Facts, decision: Decision): CompleteInsert<typeof leads, 'ID'> {
  const { input, place } = lead;
  const accepted = decision.reason === null;
  const at = new Date(input.now);
  return {
    BoundUser: input.userId,
    BoundAdvertiser: f.advertiserId,
    BoundOffer: input.offerId,
    BoundTakenOffer: input.takenOfferId,
    BoundClick: input.click?.ID ?? null,
    BoundCRM: f.crmId,
    OfferName: f.name,
    ProductName: f.product,
    Status: decision.status,
    CRMType: f.crmType as CrmType | null,
    CRMLeadID: null,
    LeadMoneyWithdrawn: false,
    PublisherPaid: false,
    AdvertiserPaid: false,
    LeadPrice: accepted ? f.payout : 0,
    EarnedAmount: decision.earned,
    PlatformEarnedAmount: accepted ? f.payout - decision.earned : 0,
    PlatformTax: f.tax,
    ReferralAmount: accepted && f.referrerEnabled ? f.referralPayout : 0,
    PurchaseDomain: input.domain,
    PurchaseIP: input.ip,
    FirstFromIP: decision.unique,
    Phone: decision.phone,
    PurchaseIsPhone: lead.isPhone,
    PurchaseLeadType: f.type === 'CPL' ? 'CPL' : 'CPA',
    City: place.city,
    CountryCode: decision.country,
    PurchaseDetails: purchaseDetails(input.fields, input.click),
    BlockedReason: decision.reason,
    FriendlyName: input.friendlyName,
    IdempotencyKey: input.idempotencyKey,
    ConfirmCount: 0,
    PlatformPayoutID: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Decides and writes one lead inside the group's transaction; its only write is the lead row. */
async function decide(group: Group, lead: Prepared): Promise<IntakeOutcome> {
  const { run } = group;
  const { input, place } = lead;
  const { now, fields } = input;
  if (input.idempotencyKey) {
    const first = await byKey(run, input.userId, input.idempotencyKey);
    if (first) return first;
  }
  const day = dayOf(now);
  const f = await group.factsFor(input.offerId, input.userId, day);
  if (!f) throw notFound('Offer not found');
  const phone = normalizePhone(fields.phone, place.countryCode ?? f.countries[0] ?? null);
  const country = place.countryCode ?? (phone.ok ? phone.country : null);

  let reason: BlockedReason | null = null;
  if (!f.verified || f.hidden) reason = 'PUBLISHER_NOT_ALLOWED';
  else if (!f.active || f.deleted !== null) reason = 'OFFER_INACTIVE';
  else if (lead.isBot) reason = 'BOT';
  else if (!phone.ok) reason = 'PHONE_INVALID';
  else if (country && f.countries.length > 0 && !f.countries.includes(country))
    reason = 'COUNTRY_NOT_ALLOWED';
  else if (
    input.ip &&
    ((
      await run.rows<{ n: number }>(IP_COUNT, [
        input.ip,
        now - INTAKE_RULES.ipWindowMs,
        INTAKE_RULES.leadsPerIp,
      ])
    )[0]?.n ?? 0) >= INTAKE_RULES.leadsPerIp
  )
    reason = 'IP_LIMIT';
  else if (
    (await run.rows(PHONE_SEEN, [input.offerId, phone.e164, now - INTAKE_RULES.duplicatePhoneWindowMs]))
      .length > 0
  )
    reason = 'DUPLICATE_PHONE';
  else if (f.acceptedToday + group.acceptedInGroup(input.offerId, day) >= f.limit) reason = 'DAILY_LIMIT';
  else if (!f.infinite && f.credit - f.payout < f.minBalance) reason = 'LOW_BALANCE';

  const accepted = reason === null;
  const earned = accepted ? publisherShareCents(f.customPayout ?? f.payout, f.tax) : 0;
  const status = accepted ? LEAD_STATUS.PROCESSING_CRM : LEAD_STATUS.BAD_LEAD;
  const unique = await group.firstFromIp(input.ip, input.offerId, day, now);
  const row = leadRow(lead, f, {
    status,
    reason,
    earned,
    unique,
    phone: phone.ok ? phone.e164 : null,
    country,
  });
  const { lastId } = await run.run(INSERT_LEAD.sql, INSERT_LEAD.args(row));
  group.count(input.offerId, day, accepted);
  group.rollup({
    day,
    userId: input.userId,
    advertiserId: f.advertiserId,
    offerId: input.offerId,
    country,
    city: place.city,
    domain: input.domain,
    isPhone: lead.isPhone,
    status,
    unique,
  });
  // The lead's timeline starts with the decision: the reason, or the rules it passed.
  await run.run(INTAKE_EVENT, [
    lastId,
    status,
    JSON.stringify(reason ? { blockedReason: reason } : { passed: INTAKE_RULE_ORDER }),
    now,
  ]);
  if (accepted && (await group.hasPostbacks(input.userId, f.advertiserId))) group.notify.push(lastId);
  return { ID: lastId, Status: status, BlockedReason: reason, replayed: false };
}

/**
 * Takes several leads in one transaction (group commit, see {@link IntakeCommitter}): each is
 * decided as if alone, seeing the leads before it (idempotency keys, phones, IPs, the daily limit),
 * and answered only once the transaction has committed. A lead whose own statements fail gets its
 * error and leaves the others alone: its only write is its row, which SQLite undoes on failure.
 *
 * The decision, per lead: accepted (status -1, Lead processing) with the price (the offer's payout),
 * the publisher's share (their custom payout for the offer, else the offer's payout, minus the
 * platform tax), the platform's share (price minus that), the tax and the referral payout (when the
 * publisher's referrer has referrals enabled) frozen on the lead, the phone in E.164; or blocked
 * (status 4, Bad lead) with the first reason that applies, in this order: PUBLISHER_NOT_ALLOWED,
 * OFFER_INACTIVE, BOT, PHONE_INVALID, COUNTRY_NOT_ALLOWED, IP_LIMIT, DUPLICATE_PHONE, DAILY_LIMIT,
 * LOW_BALANCE; no money, never delivered. Either way the offer's day count grows in the same
 * transaction. With an idempotency key, a lead already taken under it is answered (`replayed`).
 */
export async function takeLeads(
  db: Db,
  geo: GeoLookup,
  inputs: readonly LeadIntake[],
): Promise<(IntakeOutcome | Error)[]> {
  // Pure work first, outside the transaction: the user agent, the page's report, where the buyer is.
  const prepared = inputs.map((input) => prepare(geo, input));
  const results = await db.transaction(async (tx) => {
    const group = new Group(sqlRunner(tx));
    const out: (IntakeOutcome | Error)[] = [];
    for (const lead of prepared) {
      try {
        out.push(await decide(group, lead));
      } catch (error) {
        out.push(error instanceof Error ? error : new Error(String(error)));
      }
    }
    await group.writeCounts();
    // 'created' postbacks of the accepted leads (OnCreate...), queued in the same transaction.
    for (const leadId of group.notify) {
      const [row] = await tx.select().from(leads).where(eq(leads.ID, leadId)).limit(1);
      if (row) await queueLeadPostbacks(tx, row, 'created', 'intake');
    }
    return out;
  });
  // Another process took the same key between our read and our insert: answer its lead.
  for (let i = 0; i < results.length; i++) {
    const result = results[i];
    const key = inputs[i].idempotencyKey;
    if (result instanceof Error && key && isUniqueViolation(result)) {
      const first = await db.transaction((tx) => byKey(sqlRunner(tx), inputs[i].userId, key));
      if (first) results[i] = first;
    }
  }
  return results;
}

/** Asks for the delivery of an accepted lead, once the unit of work `db` belongs to is done. */
export function deliverWhenCommitted(db: Db, outcome: IntakeOutcome): IntakeOutcome {
  if (!outcome.replayed && outcome.BlockedReason === null)
    enqueueAfterCommit(db, leadDeliver, { leadId: outcome.ID });
  return outcome;
}

/**
 * One lead in its own transaction; `lead.deliver` is enqueued after the commit when it was
 * accepted. The API goes through {@link IntakeCommitter} instead, which groups concurrent leads.
 *
 * @throws NOT_FOUND when the offer does not exist.
 */
export async function takeLead(db: Db, geo: GeoLookup, input: LeadIntake): Promise<IntakeOutcome> {
  const [result] = await takeLeads(db, geo, [input]);
  if (result instanceof Error) throw result;
  return deliverWhenCommitted(db, result);
}

/**
 * Group commit for intake. Leads arriving while a transaction runs wait for the next one, which
 * takes them all (up to `maxGroup`): one commit, one read of each offer's facts and one day-count
 * write per offer serve many leads, and every caller still gets its answer only after its lead is
 * committed. An idle API commits each lead at once (after one turn of the event loop, so leads read
 * in the same turn share it).
 */
export class IntakeCommitter {
  private queue: { input: LeadIntake; resolve: (o: IntakeOutcome) => void; reject: (e: unknown) => void }[] =
    [];
  private draining: Promise<void> | null = null;
  /** Transactions committed and leads taken, for the bench and the tests. */
  readonly stats = { groups: 0, leads: 0 };

  constructor(
    private readonly db: Db,
    /** Each group is a unit of work of its own: its leads' 'created' postbacks are asked for after its commit. */
    private readonly jobs: JobProducer,
    private readonly geo: GeoLookup,
    private readonly maxGroup = 200,
  ) {}

  /** Takes one lead; resolves once it is committed (or answers the lead its key already made). */
  submit(input: LeadIntake): Promise<IntakeOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.draining ??= this.drain().finally(() => {
        this.draining = null;
      });
    });
  }

  /** Waits until every submitted lead is committed (shutdown). */
  async close(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const group = this.queue.splice(0, this.maxGroup);
      try {
        const results = await runUnitOfWork(this.jobs, this.db, (db) =>
          takeLeads(
            db,
            this.geo,
            group.map((g) => g.input),
          ),
        );
        this.stats.groups++;
        this.stats.leads += group.length;
        results.forEach((result, i) => {
          if (result instanceof Error) group[i].reject(result);
          else group[i].resolve(result);
        });
      } catch (error) {
        for (const g of group) g.reject(error);
      }
    }
  }
}
