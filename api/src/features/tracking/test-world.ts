/**
 * Test support for tracking, intake, websites and taken offers: a fresh API (harness) with its own
 * data folder, the sites app beside it, and a small world: an advertiser with credit, an active
 * offer for RS, its landing and prelanding on disk, a verified publisher with a domain and a taken
 * offer. Not loaded by the API at run time.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { advertiserAccount, apiTokenColumns, OUTSIDE, postTransfer, secretBoxFromEnv } from '@leadmesh/core';
import {
  apiTokens,
  domains,
  leads,
  offerDayCounts,
  offers,
  takenOffers,
  websites,
} from '@leadmesh/schema/tables';
import { desc, eq } from 'drizzle-orm';
import { randomToken } from '../../lib/crypto.ts';
import { createSitesApp } from '../../sites/sites.app.ts';
import { createTestApi, type TestApi } from '../../test/harness.ts';

export const LANDING_HTML =
  '<!doctype html><html><head><title>Slim tea</title><link rel="stylesheet" href="style.css"></head><body><h1>Slim tea</h1><form method="post" data-leadmesh-order><input name="name"><input name="phone"><button>Order</button></form></body></html>';
export const PRELANDING_HTML =
  '<!doctype html><html><head><title>Read first</title></head><body><p>Story</p><a id="go" href="./landing">Order here</a></body></html>';

/** A browser-like visitor of the sites app: its own address and cookie jar, no redirects followed. */
export class SiteVisitor {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: ReturnType<typeof createSitesApp>,
    readonly ip: string,
    readonly userAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ) {}

  async request(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.request(
      `http://127.0.0.1:5100${path}`,
      {
        method,
        body: init.body,
        headers: { 'user-agent': this.userAgent, ...(cookie ? { cookie } : {}), ...init.headers },
      },
      { remoteAddr: this.ip },
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    return response;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }

  /** Follows the tracking link: answers the signed click id the redirect carried. */
  async click(code: string, query = ''): Promise<{ token: string; location: string }> {
    const response = await this.get(`/t/${code}${query}`);
    if (response.status !== 302) throw new Error(`tracking link answered ${response.status}`);
    const location = response.headers.get('location') ?? '';
    const token = new URL(location, 'http://x').searchParams.get('click') ?? '';
    return { token, location };
  }

  /** Posts an order as the page script does (JSON with the click id and the page's signals). */
  async order(code: string, fields: Record<string, unknown>, token?: string | null) {
    const response = await this.request('POST', `/o/${code}/_lm/order`, {
      body: JSON.stringify({ ...fields, ...(token === undefined ? {} : { click: token }) }),
      headers: { 'content-type': 'application/json', accept: 'application/json' },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
}

let ipCounter = 0;
/** A fresh private address per visitor, so per-IP limits of one test do not touch another. */
export const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export interface WorldOptions {
  env?: Record<string, string>;
  countries?: string[];
  limit?: number;
}

export async function createTrafficWorld(options: WorldOptions = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadmesh-traffic-'));
  const api: TestApi = await createTestApi({
    DATA_DIR: dataDir,
    RATE_LIMIT_DISABLED: 'true',
    ...options.env,
  });
  const sites = createSitesApp(api.deps);
  const db = api.db;
  const websitesDir = api.deps.traffic.websitesDir;

  const admin = await api.loggedIn('admin1', { isAdmin: true, isVerified: true, isPublisherHidden: true });
  const publisher = await api.loggedIn('publisher1', { isVerified: true });
  const publisher2 = await api.loggedIn('publisher2', { isVerified: true });
  const advertiserUser = await api.createUser('advertiser1', { isVerified: true, isPublisherHidden: true });
  const advertiser = await api.createAdvertiser(advertiserUser.ID, true);

  /** Credits the advertiser's balance (cents). */
  const topUp = (amount: number, advertiserId = advertiser.ID) =>
    db.transaction((tx) =>
      postTransfer(tx, { debit: OUTSIDE, credit: advertiserAccount(advertiserId), amount, code: 'top_up' }),
    );
  await topUp(1_000_000);

  async function createOffer(values: Partial<typeof offers.$inferInsert> = {}) {
    const [offer] = await db
      .insert(offers)
      .values({
        BoundAdvertiser: advertiser.ID,
        OfferName: 'Slim Tea RS',
        OfferProductName: 'Slim Tea',
        OfferProductBrand: 'Leafy',
        OfferProductPrice: '50,00 EUR',
        OfferPayout: 1500,
        PlatformTax: 20,
        OfferLimit: options.limit ?? 1000,
        OfferType: 'CPA',
        OfferActive: true,
        OfferCountry: options.countries ?? ['RS'],
        OfferImages: [],
        OfferDescription: '<p>Tea</p>',
        ReferralPayout: 100,
        ...values,
      })
      .returning();
    return offer;
  }

  /** Writes a website's files and its row. */
  async function createWebsite(
    offerId: number,
    type: 'Landing' | 'PreLanding',
    files: Record<string, string> = type === 'Landing'
      ? { 'index.html': LANDING_HTML, 'style.css': 'h1{color:green}', 'thanks.html': '<h1>Thanks</h1>' }
      : { 'index.html': PRELANDING_HTML },
  ) {
    const key = randomToken(12);
    for (const [path, content] of Object.entries(files)) {
      const full = join(websitesDir, key, ...path.split('/'));
      mkdirSync(join(full, '..'), { recursive: true });
      writeFileSync(full, content);
    }
    const [row] = await db
      .insert(websites)
      .values({
        WebsiteName: `${type} ${key}`,
        BoundOffer: offerId,
        EntryFile: 'index.html',
        PurchaseCompleteFile: type === 'Landing' && files['thanks.html'] ? 'thanks.html' : null,
        WebsiteType: type,
        StorageKey: key,
      })
      .returning();
    return row;
  }

  const offer = await createOffer();
  const landing = await createWebsite(offer.ID, 'Landing');
  const prelanding = await createWebsite(offer.ID, 'PreLanding');
  const [domain] = await db
    .insert(domains)
    .values({ DomainName: 'http://tea-news.example', BoundUser: publisher.user.ID })
    .returning();
  const [internalDomain] = await db
    .insert(domains)
    .values({ DomainName: 'http://go.leadmesh.example', isInternal: true })
    .returning();

  async function takeOffer(
    values: Partial<typeof takenOffers.$inferInsert> & { BoundUser: number; BoundOffer: number },
  ) {
    const [row] = await db
      .insert(takenOffers)
      .values({
        TrackingCode: randomToken(16),
        BoundDomain: domain.ID,
        FriendlyName: 'Tea on my blog',
        ...values,
      })
      .returning();
    return row;
  }
  const taken = await takeOffer({
    BoundUser: publisher.user.ID,
    BoundOffer: offer.ID,
    BoundLandingWebsite: landing.ID,
    BoundPreLandingWebsite: prelanding.ID,
  });

  /** An API token of `userId` with the given flags. */
  async function apiToken(userId: number, flags: Record<string, boolean> = { canSendLeads: true }) {
    const token = randomToken(24);
    await db.insert(apiTokens).values({
      Name: 'server',
      UserID: userId,
      ...apiTokenColumns(secretBoxFromEnv(api.deps.env), token),
      Flags: flags,
    });
    return token;
  }

  return {
    api,
    db,
    sites,
    dataDir,
    websitesDir,
    admin,
    publisher,
    publisher2,
    advertiser,
    offer,
    landing,
    prelanding,
    domain,
    internalDomain,
    taken,
    topUp,
    createOffer,
    createWebsite,
    takeOffer,
    apiToken,
    visitor: (ip = nextIp(), userAgent?: string) => new SiteVisitor(sites, ip, userAgent),
    flush: () => api.deps.traffic.clicks.flush(),
    lead: async (id: number) => (await db.select().from(leads).where(eq(leads.ID, id)))[0],
    lastLead: async () => (await db.select().from(leads).orderBy(desc(leads.ID)).limit(1))[0],
    leadCount: async () => (await db.select({ ID: leads.ID }).from(leads)).length,
    dayCounts: (offerId: number) =>
      db.select().from(offerDayCounts).where(eq(offerDayCounts.OfferID, offerId)),
    async close() {
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TrafficWorld = Awaited<ReturnType<typeof createTrafficWorld>>;
