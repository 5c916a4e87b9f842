import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { PRODUCT_KEY, platformShareCents } from '@leadmesh/schema';
import * as t from '@leadmesh/schema/tables';
import type { InValue } from '@libsql/client';
import { count, eq } from 'drizzle-orm';
import type { DbHandle } from './client.ts';
import {
  BLOCKED_REASONS,
  DEMO_OFFERS,
  DEMO_PASSWORDS,
  FIRST_NAMES,
  LAST_NAMES,
  LOG_SAMPLES,
  PLACES,
} from './demo-data.ts';
import { hashPassword } from './passwords.ts';
import { repoRoot } from './paths.ts';
import { createRandom, type Random } from './random.ts';

export interface SeedOptions {
  /** How many leads to generate (10,000 by default; 1,000,000 for benchmarks). */
  leads?: number;
  /** Days the leads spread over, ending now. */
  days?: number;
  /** Where offer images and landing pages are written (data/uploads by default). */
  uploadsDir?: string;
  now?: number;
  log?: (message: string) => void;
}

export interface SeedSummary {
  users: number;
  offers: number;
  leads: number;
  ms: number;
}

const DAY = 86_400_000;

export async function isSeeded(handle: DbHandle): Promise<boolean> {
  const [row] = await handle.db.select({ n: count() }).from(t.users);
  return row.n > 0;
}

function offerImageSvg(name: string, colour: string): string {
  const safe = name.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400"><rect width="640" height="400" fill="${colour}"/><circle cx="520" cy="90" r="140" fill="#ffffff" opacity="0.15"/><text x="40" y="220" font-family="Arial, sans-serif" font-size="44" font-weight="bold" fill="#ffffff">${safe}</text><text x="40" y="270" font-family="Arial, sans-serif" font-size="22" fill="#ffffff" opacity="0.85">Cash on delivery</text></svg>`;
}

function landingHtml(title: string, kind: 'Landing' | 'PreLanding', offerName: string): string {
  const form =
    kind === 'Landing'
      ? `<form method="post" action="/intake/landing"><label>Name <input name="name" required></label><label>Phone <input name="phone" required></label><button>Order now, pay on delivery</button></form>`
      : `<p><a href="./landing">Read more and order</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body><h1>${offerName}</h1><p>${title}</p>${form}</body></html>`;
}

/** Multi-row INSERTs in one transaction per chunk: the fast path for big tables. */
async function bulkInsert(
  handle: DbHandle,
  table: string,
  columns: string[],
  rows: InValue[][],
  chunk = 400,
): Promise<void> {
  const placeholders = `(${columns.map(() => '?').join(',')})`;
  for (let i = 0; i < rows.length; i += chunk * 10) {
    const statements = [];
    for (let j = i; j < Math.min(rows.length, i + chunk * 10); j += chunk) {
      const part = rows.slice(j, Math.min(j + chunk, rows.length, i + chunk * 10));
      statements.push({
        sql: `insert into ${table} (${columns.join(',')}) values ${part.map(() => placeholders).join(',')}`,
        args: part.flat(),
      });
    }
    await handle.client.batch(statements, 'write');
  }
}

function phone(r: Random): string {
  return `+381 6${r.int(0, 9)} ${r.int(100, 999)} ${r.int(1000, 9999)}`;
}

/**
 * Builds the demo world: staff, three publishers (one unverified), two advertisers with CRMs
 * and credit, offers with images and websites, taken offers, leads in every status over the
 * last 60 days with their money, postbacks, payouts, invoices, referral earnings and logs.
 */
export async function seedDemoWorld(handle: DbHandle, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const leadCount = options.leads ?? 10_000;
  const days = options.days ?? 60;
  const now = options.now ?? Date.now();
  const log = options.log ?? (() => undefined);
  const uploads = options.uploadsDir
    ? isAbsolute(options.uploadsDir)
      ? options.uploadsDir
      : resolve(repoRoot, options.uploadsDir)
    : join(repoRoot, 'data', 'uploads');
  const r = createRandom(20261121);
  const { db } = handle;

  const [adminHash, managerHash, publisherHash, advertiserHash] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.admin),
    hashPassword(DEMO_PASSWORDS.manager),
    hashPassword(DEMO_PASSWORDS.publisher),
    hashPassword(DEMO_PASSWORDS.advertiser),
  ]);
  const longAgo = new Date(now - (days + 30) * DAY);
  const person = (username: string, hash: string, extra: Partial<typeof t.users.$inferInsert>) => ({
    Username: username,
    Email: `${username}@leadmesh.example`,
    PasswordHash: hash,
    FirstName: r.pick(FIRST_NAMES),
    LastName: r.pick(LAST_NAMES),
    Country: 'RS',
    ZIP: 11000,
    Experience: r.int(1, 8),
    RefCode: `${username}-ref`,
    isRefferalEnabled: true,
    createdAt: longAgo,
    ...extra,
  });

  // Staff first, so publishers can be assigned to the manager.
  const [admin] = await db
    .insert(t.users)
    .values(
      person('admin', adminHash, {
        FirstName: 'Ada',
        LastName: 'Admin',
        isAdmin: true,
        isVerified: true,
        isPublisherHidden: true,
        isCRMInfoAllowed: true,
      }),
    )
    .returning();
  const [manager] = await db
    .insert(t.users)
    .values(
      person('manager', managerHash, {
        FirstName: 'Mila',
        LastName: 'Manager',
        isManager: true,
        isPublisherManager: true,
        isAdvertiserManager: true,
        isVerified: true,
        isPublisherHidden: true,
        ContactSkype: 'leadmesh.mila',
        ContactTelegram: '@leadmesh_mila',
        ContactWhatsapp: '+381 60 000 0001',
      }),
    )
    .returning();
  const [publisher] = await db
    .insert(t.users)
    .values(
      person('publisher', publisherHash, {
        FirstName: 'Petar',
        LastName: 'Publisher',
        isVerified: true,
        AssignedManagerID: manager.ID,
        ContactTelegram: '@petar_pub',
        PaymentMethod: { type: 'Paypal', OwnerName: 'Petar Publisher', EMail: 'petar.pay@leadmesh.example' },
        AutoPayoutInterval: 14,
      }),
    )
    .returning();
  const [publisher2] = await db
    .insert(t.users)
    .values(
      person('publisher2', publisherHash, {
        FirstName: 'Sara',
        LastName: 'Savic',
        isVerified: true,
        AssignedManagerID: manager.ID,
        ReferredByID: publisher.ID,
      }),
    )
    .returning();
  await db.insert(t.users).values(
    person('newbie', publisherHash, {
      FirstName: 'Nina',
      LastName: 'Novak',
      isVerified: false,
      createdAt: new Date(now - 2 * DAY),
    }),
  );
  const [advUser1] = await db
    .insert(t.users)
    .values(
      person('advertiser', advertiserHash, {
        FirstName: 'Andrej',
        LastName: 'Advertiser',
        isVerified: true,
        isPublisherHidden: true,
        AssignedManagerID: manager.ID,
        ReferredByID: publisher.ID,
      }),
    )
    .returning();
  const [advUser2] = await db
    .insert(t.users)
    .values(
      person('advertiser2', advertiserHash, {
        FirstName: 'Vesna',
        LastName: 'Voltix',
        isVerified: true,
        isPublisherHidden: true,
        AssignedManagerID: manager.ID,
      }),
    )
    .returning();
  log('users created');

  const advertiserRows = await db
    .insert(t.advertisers)
    .values([
      {
        UserID: advUser1.ID,
        CompanyName: 'Balkan Health d.o.o.',
        CompanyAddress: 'Knez Mihailova 10',
        CompanyCity: 'Belgrade',
        CompanyZipCode: 11000,
        TaxVatNumber: { Tax: '109876543', Vat: 'RS109876543' },
        isVerified: true,
        minBalance: 5000,
        createdAt: longAgo,
      },
      {
        UserID: advUser2.ID,
        CompanyName: 'Voltix Trade Ltd',
        CompanyAddress: 'Ilica 22',
        CompanyCity: 'Zagreb',
        CompanyZipCode: 10000,
        TaxVatNumber: { Tax: '55443322', Vat: 'HR55443322' },
        isVerified: true,
        createdAt: longAgo,
      },
    ])
    .returning();
  for (const [i, adv] of advertiserRows.entries()) {
    await db
      .update(t.users)
      .set({ AdvertiserID: adv.ID })
      .where(eq(t.users.ID, [advUser1.ID, advUser2.ID][i]));
  }
  const crmRows = await db
    .insert(t.crms)
    .values([
      {
        BoundAdvertiser: advertiserRows[0].ID,
        name: 'bitrix24',
        friendlyName: 'Main Bitrix24',
        data: {
          inboundURL: 'https://balkanhealth.bitrix24.example/rest/1/abc/crm.lead.add',
          outboundToken: 'bx-outbound-token',
        },
        callbackToken: 'demo-callback-bitrix',
      },
      {
        BoundAdvertiser: advertiserRows[0].ID,
        name: 'leadvertex',
        friendlyName: 'LeadVertex backup',
        data: {
          inboundURL: 'https://balkanhealth.leadvertex.example/api/webmaster/v2',
          outboundToken: 'lv-token',
          webmasterID: '42',
        },
        callbackToken: 'demo-callback-leadvertex',
      },
      {
        BoundAdvertiser: advertiserRows[1].ID,
        name: 'scalecrm',
        friendlyName: 'Scale CRM',
        data: {
          inboundURL: 'https://voltix.scalecrm.example/api/leads',
          apiToken: 'scale-api-token',
          postbackSecret: 'scale-secret',
        },
        callbackToken: 'demo-callback-scale',
      },
      {
        BoundAdvertiser: advertiserRows[1].ID,
        name: 'kmacrm',
        friendlyName: 'KMA',
        data: { inboundURL: 'https://voltix.kma.example/api/lead', outboundToken: 'kma-token' },
        callbackToken: 'demo-callback-kma',
      },
    ])
    .returning();

  // Offers with their images and websites (files written under uploads/).
  mkdirSync(join(uploads, 'images'), { recursive: true });
  const offerRows: (typeof t.offers.$inferSelect)[] = [];
  const websitesByOffer = new Map<number, { landing: number; prelanding: number }>();
  for (const [i, { advertiser, offer }] of DEMO_OFFERS.entries()) {
    const fileName = `offer-${i + 1}.svg`;
    writeFileSync(join(uploads, 'images', fileName), offerImageSvg(offer.brand, offer.colour));
    await db
      .insert(t.images)
      .values({ FileName: fileName, ImageName: offer.name, Tag: 'Offer', ContentType: 'image/svg+xml' });
    const crm = crmRows.filter((c) => c.BoundAdvertiser === advertiserRows[advertiser].ID)[0];
    const [row] = await db
      .insert(t.offers)
      .values({
        BoundAdvertiser: advertiserRows[advertiser].ID,
        SelectedCRM: crm.ID,
        OfferName: offer.name,
        OfferProductName: offer.product,
        OfferProductBrand: offer.brand,
        OfferProductPrice: offer.price,
        OfferPayout: offer.payoutCents,
        PlatformTax: offer.tax,
        OfferLimit: 1000,
        OfferType: offer.type,
        OfferActive: true,
        OfferCountry: offer.countries,
        OfferImages: [`/images/${fileName}`],
        OfferDescription: offer.description,
        ReferralPayout: Math.round(offer.payoutCents * 0.05),
        CRMID: `ART-${100 + i}`,
        OfferMonthlyConversionRatio: i === 2 ? -1 : 0.55 + i * 0.05,
        isPromoted: offer.promoted,
        createdAt: new Date(now - (i === 4 ? 3 : days + 10) * DAY),
      })
      .returning();
    offerRows.push(row);
    const ids: number[] = [];
    for (const kind of ['Landing', 'PreLanding'] as const) {
      const key = `offer-${row.ID}-${kind.toLowerCase()}`;
      mkdirSync(join(uploads, 'websites', key), { recursive: true });
      writeFileSync(
        join(uploads, 'websites', key, 'index.html'),
        landingHtml(`${offer.product} ${kind}`, kind, offer.name),
      );
      if (kind === 'Landing')
        writeFileSync(
          join(uploads, 'websites', key, 'thanks.html'),
          landingHtml('Thank you, we will call you soon', 'PreLanding', offer.name),
        );
      const [site] = await db
        .insert(t.websites)
        .values({
          WebsiteName: `${offer.brand} ${kind === 'Landing' ? 'landing' : 'prelanding'}`,
          BoundOffer: row.ID,
          EntryFile: 'index.html',
          PurchaseCompleteFile: kind === 'Landing' ? 'thanks.html' : null,
          WebsiteType: kind,
          StorageKey: key,
        })
        .returning();
      ids.push(site.ID);
    }
    websitesByOffer.set(row.ID, { landing: ids[0], prelanding: ids[1] });
  }
  log('offers, images and websites created');

  const internalDomain = (
    await db
      .insert(t.domains)
      .values({ DomainName: 'http://go.leadmesh.example', isInternal: true })
      .returning()
  )[0];
  const pubDomains = await db
    .insert(t.domains)
    .values([
      { DomainName: 'http://zdravlje-danas.example', BoundUser: publisher.ID },
      { DomainName: 'http://dobre-ponude.example', BoundUser: publisher.ID },
      { DomainName: 'http://sara-shop.example', BoundUser: publisher2.ID },
    ])
    .returning();

  const takers = [
    { user: publisher, domains: [pubDomains[0], pubDomains[1], internalDomain], offers: offerRows },
    { user: publisher2, domains: [pubDomains[2], internalDomain], offers: offerRows.slice(0, 4) },
  ];
  const takenRows: {
    id: number;
    user: number;
    offer: (typeof offerRows)[number];
    domain: string;
    name: string;
  }[] = [];
  for (const taker of takers) {
    for (const [i, offer] of taker.offers.entries()) {
      const domain = taker.domains[i % taker.domains.length];
      const sites = websitesByOffer.get(offer.ID)!;
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
          createdAt: new Date(now - (days + 5) * DAY),
        })
        .returning();
      takenRows.push({
        id: row.ID,
        user: taker.user.ID,
        offer,
        domain: domain.DomainName,
        name: row.FriendlyName ?? '',
      });
    }
  }
  await db.insert(t.customPayouts).values({ UserID: publisher.ID, OfferID: offerRows[0].ID, Payout: 1300 });

  // Platform payouts: the older runs are processed and paid leads older than their date.
  const payoutRuns = [
    { at: now - 45 * DAY, processed: true },
    { at: now - 15 * DAY, processed: true },
    { at: now - 1 * DAY, processed: false },
  ];
  const payoutRows = await db
    .insert(t.platformPayouts)
    .values(
      payoutRuns.map((p) => ({
        Processed: p.processed,
        processedAt: p.processed ? new Date(p.at + 3600_000) : null,
        CreatedBy: admin.ID,
        createdAt: new Date(p.at),
      })),
    )
    .returning();

  // Leads: spread over `days`, more on recent days, every status present.
  const statusWeights = [
    [-2, 2],
    [-1, 2],
    [0, 14],
    [1, 10],
    [2, 38],
    [3, 18],
    [4, 9],
    [5, 2],
    [6, 5],
  ] as const;
  const placeWeights = PLACES.map((p) => [p, p.weight] as const);
  const leadColumns = [
    'user_id',
    'advertiser_id',
    'offer_id',
    'taken_offer_id',
    'crm_id',
    'offer_name',
    'product_name',
    'status',
    'crm_type',
    'crm_lead_id',
    'money_withdrawn',
    'publisher_paid',
    'advertiser_paid',
    'price_cents',
    'earned_cents',
    'platform_earned_cents',
    'purchase_domain',
    'purchase_ip',
    'purchase_is_phone',
    'lead_type',
    'city',
    'country_code',
    'details',
    'blocked_reason',
    'friendly_name',
    'platform_payout_id',
    'created_at',
    'updated_at',
  ];
  // Big worlds: build the leads indexes once at the end instead of on every insert.
  const bigWorld = leadCount >= 50_000;
  const leadIndexes = bigWorld
    ? (
        await handle.client.execute(
          "select name, sql from sqlite_master where type = 'index' and tbl_name = 'leads' and sql is not null",
        )
      ).rows
    : [];
  if (bigWorld) {
    await handle.client.execute('PRAGMA synchronous = OFF');
    await handle.client.execute('PRAGMA cache_size = -262144');
    for (const index of leadIndexes) await handle.client.execute(`drop index ${String(index.name)}`);
  }
  const crmTypeOf = new Map(crmRows.map((c) => [c.ID, c.name]));
  const perAdvertiserCharges = new Map<number, number>();
  const publisherPayouts = new Map<string, number>();
  let leadRows: InValue[][] = [];
  let inserted = 0;
  const leadsPerPublisher = new Map<number, number>();
  for (let i = 0; i < leadCount; i++) {
    const taken = takenRows[r.int(0, takenRows.length - 1)];
    const offer = taken.offer;
    // Skewed towards recent days: sqrt keeps some traffic on every day.
    const ageMs = Math.floor(r.next() ** 1.4 * days * DAY);
    const createdAt = now - ageMs;
    const blocked = r.chance(0.04);
    const status = blocked ? 4 : r.weighted(statusWeights);
    const place = r.weighted(placeWeights);
    const custom = offer.ID === offerRows[0].ID && taken.user === publisher.ID ? 1300 : null;
    const price = offer.OfferPayout;
    const publisherShare = custom ?? price - platformShareCents(price, offer.PlatformTax);
    const confirmed = status === 2;
    let payoutId: number | null = null;
    if (confirmed) {
      if (createdAt < payoutRuns[0].at) payoutId = payoutRows[0].ID;
      else if (createdAt < payoutRuns[1].at) payoutId = payoutRows[1].ID;
      else if (createdAt < payoutRuns[2].at && taken.user === publisher.ID) payoutId = payoutRows[2].ID;
    }
    const withdrawn = confirmed && payoutId !== null && payoutId !== payoutRows[2].ID;
    if (confirmed) {
      perAdvertiserCharges.set(
        offer.BoundAdvertiser,
        (perAdvertiserCharges.get(offer.BoundAdvertiser) ?? 0) + price,
      );
      if (payoutId) {
        const key = `${payoutId}:${taken.user}`;
        publisherPayouts.set(key, (publisherPayouts.get(key) ?? 0) + publisherShare);
      }
    }
    leadsPerPublisher.set(taken.user, (leadsPerPublisher.get(taken.user) ?? 0) + 1);
    const delivered = status >= 0 && !blocked;
    const details: Record<string, unknown> = {
      [`${PRODUCT_KEY}-name`]: `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`,
      [`${PRODUCT_KEY}-phone`]: phone(r),
      [`${PRODUCT_KEY}-quantity`]: r.int(1, 3),
      [`${PRODUCT_KEY}-uid`]: `u${i}`,
      [`${PRODUCT_KEY}-c1`]: r.pick(['fb', 'google', 'tiktok', 'native']),
      GenericData: {},
    };
    leadRows.push([
      taken.user,
      offer.BoundAdvertiser,
      offer.ID,
      taken.id,
      offer.SelectedCRM,
      offer.OfferName,
      offer.OfferProductName,
      status,
      offer.SelectedCRM ? (crmTypeOf.get(offer.SelectedCRM) ?? null) : null,
      delivered ? `CRM-${100000 + i}` : null,
      withdrawn ? 1 : 0,
      confirmed ? 1 : 0,
      confirmed ? 1 : 0,
      price,
      publisherShare,
      price - publisherShare,
      taken.domain,
      `${r.int(31, 195)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
      r.chance(0.78) ? 1 : 0,
      offer.OfferType === 'CPL' ? 'CPL' : 'CPA',
      place.city,
      place.countryCode,
      JSON.stringify(details),
      blocked ? r.pick(BLOCKED_REASONS) : null,
      taken.name,
      payoutId,
      createdAt,
      createdAt + r.int(0, 3) * 3600_000,
    ]);
    if (leadRows.length >= 20_000) {
      await bulkInsert(handle, 'leads', leadColumns, leadRows, Math.floor(30_000 / leadColumns.length));
      inserted += leadRows.length;
      leadRows = [];
      if (leadCount >= 100_000) log(`leads: ${inserted}/${leadCount}`);
    }
  }
  if (leadRows.length)
    await bulkInsert(handle, 'leads', leadColumns, leadRows, Math.floor(30_000 / leadColumns.length));
  if (bigWorld) {
    for (const index of leadIndexes) await handle.client.execute(String(index.sql));
    await handle.client.execute('PRAGMA synchronous = NORMAL');
    log('leads indexes rebuilt');
  }
  log(`${leadCount} leads created`);

  // CRM activities for a handful of recent leads.
  const recent = await handle.client.execute(
    'select id, created_at from leads where status in (1, 2, 3) order by id desc limit 60',
  );
  const activityRows: InValue[][] = [];
  for (const row of recent.rows) {
    const at = Number(row.created_at);
    activityRows.push([Number(row.id), `agent-${r.int(1, 9)}`, 'call', r.int(20, 400), null, at + 600_000]);
    activityRows.push([
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
    activityRows,
  );

  // Money: advertisers top up, then pay for every confirmed lead (one ledger row per day, summed in SQL).
  for (const adv of advertiserRows) {
    const charged = perAdvertiserCharges.get(adv.ID) ?? 0;
    const topUp = Math.ceil((charged + 250_000) / 100_000) * 100_000;
    await db.insert(t.balanceChanges).values([
      {
        BoundAdvertiser: adv.ID,
        Amount: topUp,
        Reason: 'top_up',
        Comment: 'Prepayment by bank transfer',
        countAsReferral: adv.UserID === advUser1.ID,
        CreatedBy: admin.ID,
        createdAt: new Date(now - (days + 2) * DAY),
      },
    ]);
  }
  await handle.client.execute(`insert into balance_changes (advertiser_id, amount_cents, reason, comment, created_at)
    select advertiser_id, -sum(price_cents), 'lead_charge', 'Confirmed leads of ' || date(created_at / 1000, 'unixepoch'), min(created_at)
    from leads where status = 2 group by advertiser_id, date(created_at / 1000, 'unixepoch')`);

  // Payout lines and totals of the platform payouts.
  for (const [key, amount] of publisherPayouts) {
    const [payoutId, userId] = key.split(':').map(Number);
    const run = payoutRows.find((p) => p.ID === payoutId)!;
    if (run.Processed) {
      await db.insert(t.payoutLines).values({
        BoundUser: userId,
        Amount: amount,
        Description: `Payout #${payoutId}`,
        Comment: 'PayPal',
        BoundPlatformPayout: payoutId,
        createdAt: run.processedAt ?? run.createdAt,
      });
    }
  }
  for (const run of payoutRows) {
    const total = [...publisherPayouts]
      .filter(([k]) => k.startsWith(`${run.ID}:`))
      .reduce((s, [, v]) => s + v, 0);
    await db.update(t.platformPayouts).set({ TotalPaidOut: total }).where(eq(t.platformPayouts.ID, run.ID));
  }
  for (const adv of advertiserRows) {
    await db.insert(t.payoutLines).values({
      BoundAdvertiser: adv.ID,
      Amount: Math.ceil(((perAdvertiserCharges.get(adv.ID) ?? 0) + 250_000) / 100_000) * 100_000,
      Description: 'Credit top-up',
      Comment: 'Bank transfer',
      createdAt: new Date(now - (days + 2) * DAY),
    });
  }

  // Referral earnings: publisher referred publisher2 and advertiser.
  await handle.client.execute({
    sql: `insert into referral_earnings (referrer_user_id, referred_user_id, kind, lead_id, offer_id, amount_cents, created_at)
      select ?, user_id, 'publisher', id, offer_id, max(1, earned_cents * 5 / 100), created_at from leads where user_id = ? and status = 2`,
    args: [publisher.ID, publisher2.ID],
  });
  await db.insert(t.referralEarnings).values({
    BoundUser: publisher.ID,
    ReferredUser: advUser1.ID,
    Kind: 'advertiser',
    Amount: 5000,
    createdAt: new Date(now - (days + 2) * DAY),
  });

  await db.insert(t.postbacks).values([
    {
      BoundUser: publisher.ID,
      postbackName: 'Keitaro approved',
      postbackURL:
        'https://tracker.petar.example/postback?subid={leadmesh-c1}&status={lead_status}&payout={lead_price}',
      postbackTrigger: 'OnApproved',
    },
    {
      BoundUser: publisher.ID,
      postbackName: 'All events',
      postbackURL: 'https://tracker.petar.example/all?lead={lead_id}&offer={offer_id}',
      postbackTrigger: 'Any',
    },
    {
      BoundUser: publisher2.ID,
      postbackName: 'Declined',
      postbackURL: 'https://sara.example/pb?lead={lead_id}',
      postbackTrigger: 'OnDeclined',
    },
  ]);

  for (const [i, adv] of advertiserRows.entries()) {
    for (let n = 0; n < 3; n++) {
      await db.insert(t.invoices).values({
        InvoiceID: `LM-2026-${String(i * 10 + n + 1).padStart(5, '0')}`,
        BoundAdvertiser: adv.ID,
        Name: 'Lead generation services',
        Amount: (n + 1) * 150_000,
        isPaid: n < 2,
        createdAt: new Date(now - (50 - n * 20) * DAY),
      });
    }
  }

  await db.insert(t.apiTokens).values({
    Name: 'Petar server-to-server',
    UserID: publisher.ID,
    Token: 'lm_demo_publisher_token_0001',
    Flags: { canSendLeads: true, canReadLeads: true },
  });

  const logRows = Array.from({ length: 60 }, (_, n) => {
    const sample = LOG_SAMPLES[n % LOG_SAMPLES.length];
    const text = sample.text
      .replace('{offer}', String(offerRows[n % offerRows.length].ID))
      .replace('{user}', 'publisher')
      .replace('{lead}', String(n + 1))
      .replace('{ms}', String(800 + n * 10))
      .replace('{n}', String(n));
    return {
      LogLevel: sample.level,
      Context: sample.context,
      Log: text,
      Dump:
        sample.level >= 2
          ? JSON.stringify(
              { request: { lead: n + 1 }, response: { status: 500, body: 'Internal Server Error' } },
              null,
              2,
            )
          : null,
      createdAt: new Date(now - (60 - n) * 3600_000),
    };
  });
  await db.insert(t.logs).values(logRows);

  const [users] = await db.select({ n: count() }).from(t.users);
  log('demo world ready');
  return { users: users.n, offers: offerRows.length, leads: leadCount, ms: Date.now() - started };
}
