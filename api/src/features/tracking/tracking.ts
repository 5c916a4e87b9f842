import { TRACKING_COOKIE_DAYS } from '@leadmesh/schema';
import type { AppDeps } from '../../context.ts';
import { newClickKey, signClick } from './click-token.ts';
import type { SiteFiles, TakenSite } from './site-directory.ts';
import { MAX_SUB_ID, SUB_IDS } from './tracking.contracts.ts';
import { type Traffic, urlPath } from './traffic.ts';

/** The first-party cookie holding the click id on the sites origin, one per taken offer (its path). */
export const CLICK_COOKIE = 'lm_click';
const COOKIE_MAX_AGE = TRACKING_COOKIE_DAYS * 86_400;

/** Query parameters of a tracking link kept with the click. */

/** Where a taken offer's pages live on the sites origin: `/o/{code}/` (prelanding) and `/o/{code}/landing/`. */
export const sitePaths = {
  root: (code: string) => `/o/${code}/`,
  prelanding: (code: string, path: string) => `/o/${code}/${urlPath(path)}`,
  landing: (code: string, path: string) => `/o/${code}/landing/${urlPath(path)}`,
  order: (code: string) => `/o/${code}/_lm/order`,
  thanks(site: TakenSite): string {
    const file = site.landing?.PurchaseCompleteFile;
    return file ? sitePaths.landing(site.code, file) : `/o/${site.code}/_lm/thanks`;
  },
  preview: (website: Pick<SiteFiles, 'StorageKey' | 'EntryFile'>) =>
    `/w/${website.StorageKey}/${urlPath(website.EntryFile)}`,
};

/** `Set-Cookie` of the click id: 45 days (public §1), only sent back to this taken offer's pages. */
export function clickCookie(code: string, token: string, secure: boolean): string {
  return `${CLICK_COOKIE}=${token}; Path=/o/${code}/; Max-Age=${COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The click token in a Cookie header, if any. */
export function clickFromCookie(header: string | undefined): string | null {
  if (!header) return null;
  const at = header.indexOf(`${CLICK_COOKIE}=`);
  if (at < 0 || (at > 0 && header[at - 1] !== ' ' && header[at - 1] !== ';')) return null;
  const start = at + CLICK_COOKIE.length + 1;
  const end = header.indexOf(';', start);
  return header.slice(start, end < 0 ? undefined : end).trim() || null;
}

/** Sub ids from a raw query string (`c1`..`c6`, `stclickid`), or null when there are none. */
export function subIdsFrom(url: string): Record<string, string> | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const params = new URLSearchParams(url.slice(q + 1));
  let found: Record<string, string> | null = null;
  for (const key of SUB_IDS) {
    const value = params.get(key)?.trim();
    if (value) {
      found ??= {};
      found[key] = value.slice(0, MAX_SUB_ID);
    }
  }
  return found;
}

/**
 * Records a click of `site` (buffered; nothing waits on the disk) and answers its signed token.
 * The ClickKey is random and known at once, so the redirect carries it before the row exists.
 */
export function recordClick(
  deps: AppDeps,
  site: TakenSite,
  visit: {
    ip: string | null;
    userAgent: string | null;
    referer: string | null;
    subIds: Record<string, string> | null;
  },
): string {
  const now = deps.now();
  const key = newClickKey(now);
  deps.traffic.clicks.add({
    ClickKey: key,
    BoundTakenOffer: site.takenOfferId,
    BoundUser: site.userId,
    BoundOffer: site.offerId,
    IP: visit.ip,
    UserAgent: visit.userAgent,
    Referer: visit.referer,
    SubIDs: visit.subIds,
    createdAt: now,
  });
  return signClick(deps.traffic.clickKey, key, site.takenOfferId);
}

/** The tracking link of a taken offer: on its domain in production, the sites server's URL locally. */
export function trackingLink(traffic: Traffic, site: { code: string; domain: string | null }): string {
  return `${traffic.siteBase(site.domain)}/t/${site.code}`;
}
