import { type Db, preparedOnce } from '@leadmesh/db';
import { domains, takenOffers, websites } from '@leadmesh/schema/tables';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';

/** The files of one uploaded website, as the sites server needs them. */
export interface SiteFiles {
  ID: number;
  StorageKey: string;
  /** Path of the entry page inside the website's folder. */
  EntryFile: string;
  /** Path of the thank-you page, when the website has one. */
  PurchaseCompleteFile: string | null;
}

/** A taken offer as its tracking link and its pages need it. */
export interface TakenSite {
  takenOfferId: number;
  userId: number;
  offerId: number;
  code: string;
  /** The domain as stored (`http://example.com`), or null when it was removed. */
  domain: string | null;
  friendlyName: string | null;
  deleted: boolean;
  landing: SiteFiles | null;
  prelanding: SiteFiles | null;
  /** Where the tracking link sends a visitor, worked out once; null without a landing. */
  firstPath: string | null;
}

const landing = alias(websites, 'landing');
const prelanding = alias(websites, 'prelanding');

function prepareTakenSite(db: Db, by: 'code' | 'id') {
  return db
    .select({
      takenOfferId: takenOffers.ID,
      userId: takenOffers.BoundUser,
      offerId: takenOffers.BoundOffer,
      code: takenOffers.TrackingCode,
      domain: domains.DomainName,
      friendlyName: takenOffers.FriendlyName,
      deletedAt: takenOffers.deletedAt,
      landingId: landing.ID,
      landingKey: landing.StorageKey,
      landingEntry: landing.EntryFile,
      landingThanks: landing.PurchaseCompleteFile,
      preId: prelanding.ID,
      preKey: prelanding.StorageKey,
      preEntry: prelanding.EntryFile,
    })
    .from(takenOffers)
    .leftJoin(domains, eq(domains.ID, takenOffers.BoundDomain))
    .leftJoin(landing, eq(landing.ID, takenOffers.BoundLandingWebsite))
    .leftJoin(prelanding, eq(prelanding.ID, takenOffers.BoundPreLandingWebsite))
    .where(
      by === 'code'
        ? eq(takenOffers.TrackingCode, sql.placeholder('code'))
        : eq(takenOffers.ID, sql.placeholder('id')),
    )
    .limit(1)
    .prepare();
}

type TakenSiteRow = Awaited<ReturnType<ReturnType<typeof prepareTakenSite>['execute']>>[number];

function toTakenSite(row: TakenSiteRow): TakenSite {
  const site: Omit<TakenSite, 'firstPath'> = {
    takenOfferId: row.takenOfferId,
    userId: row.userId,
    offerId: row.offerId,
    code: row.code,
    domain: row.domain,
    friendlyName: row.friendlyName,
    deleted: row.deletedAt !== null,
    landing:
      row.landingId !== null
        ? {
            ID: row.landingId,
            StorageKey: row.landingKey!,
            EntryFile: row.landingEntry!,
            PurchaseCompleteFile: row.landingThanks,
          }
        : null,
    prelanding:
      row.preId !== null
        ? { ID: row.preId, StorageKey: row.preKey!, EntryFile: row.preEntry!, PurchaseCompleteFile: null }
        : null,
  };
  return { ...site, firstPath: firstPathOf(site) };
}

/** The first page a visitor sees: the prelanding's entry when there is one, else the landing's. */
function firstPathOf(site: Pick<TakenSite, 'code' | 'landing' | 'prelanding'>): string | null {
  if (!site.landing) return null;
  const encoded = (path: string) => path.split('/').map(encodeURIComponent).join('/');
  return site.prelanding
    ? `/o/${site.code}/${encoded(site.prelanding.EntryFile)}`
    : `/o/${site.code}/landing/${encoded(site.landing.EntryFile)}`;
}

function prepareByKey(db: Db) {
  return db
    .select({
      ID: websites.ID,
      StorageKey: websites.StorageKey,
      EntryFile: websites.EntryFile,
      PurchaseCompleteFile: websites.PurchaseCompleteFile,
    })
    .from(websites)
    .where(eq(websites.StorageKey, sql.placeholder('key')))
    .limit(1)
    .prepare();
}

const siteByCode = preparedOnce((db) => prepareTakenSite(db, 'code'));
const siteById = preparedOnce((db) => prepareTakenSite(db, 'id'));
const websiteByKey = preparedOnce(prepareByKey);

interface Entry<T> {
  value: T;
  expires: number;
}

/** A small time-limited map, oldest entries dropped first beyond `max`. */
class TtlCache<T> {
  private readonly map = new Map<string, Entry<T>>();
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => number,
  ) {}
  get(key: string): T | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires < this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }
  set(key: string, value: T): void {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, { value, expires: this.now() + this.ttlMs });
  }
  delete(key: string): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Tracking codes and website folders to what the sites server serves, kept in memory for
 * `ttlMs` (default 10 s) so a tracking redirect reads nothing from the database once its link is
 * warm. Calls of this process that change a taken offer or a website `forget` it at once; other
 * processes see the change within `ttlMs`.
 */
export class SiteDirectory {
  private readonly byCode: TtlCache<TakenSite | null>;
  private readonly byId: TtlCache<TakenSite | null>;
  private readonly byKey: TtlCache<SiteFiles | null>;

  constructor(
    private readonly db: Db,
    options: { now: () => number; ttlMs?: number; max?: number },
  ) {
    const ttl = options.ttlMs ?? 10_000;
    this.byCode = new TtlCache(ttl, options.max ?? 20_000, options.now);
    this.byId = new TtlCache(ttl, options.max ?? 20_000, options.now);
    this.byKey = new TtlCache(ttl, options.max ?? 20_000, options.now);
  }

  /** The cached answer for a code: a site, null (no such code), or undefined (not cached). */
  cached(code: string): TakenSite | null | undefined {
    return this.byCode.get(code);
  }

  async site(code: string): Promise<TakenSite | null> {
    const hit = this.byCode.get(code);
    if (hit !== undefined) return hit;
    if (!CODE.test(code)) return null;
    const [row] = await siteByCode(this.db).execute({ code });
    const site = row ? toTakenSite(row) : null;
    this.byCode.set(code, site);
    return site;
  }

  /** A taken offer by its id (leads sent by servers name it). */
  async takenOffer(id: number): Promise<TakenSite | null> {
    const key = String(id);
    const hit = this.byId.get(key);
    if (hit !== undefined) return hit;
    const [row] = await siteById(this.db).execute({ id });
    const site = row ? toTakenSite(row) : null;
    this.byId.set(key, site);
    return site;
  }

  /** An uploaded website by its folder name (previews). */
  async website(storageKey: string): Promise<SiteFiles | null> {
    const hit = this.byKey.get(storageKey);
    if (hit !== undefined) return hit;
    if (!CODE.test(storageKey)) return null;
    const [row] = await websiteByKey(this.db).execute({ key: storageKey });
    const files = row ?? null;
    this.byKey.set(storageKey, files);
    return files;
  }

  /** Drops what is known of a taken offer (it changed). */
  forget(site: { code: string; id: number }): void {
    this.byCode.delete(site.code);
    this.byId.delete(String(site.id));
  }

  /** Drops everything: a website changed, and any taken offer may show it. */
  forgetAll(): void {
    this.byCode.clear();
    this.byId.clear();
    this.byKey.clear();
  }
}
