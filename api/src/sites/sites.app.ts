/**
 * The sites server: uploaded landings and prelandings, tracking links and the order form's intake,
 * on an origin of their own (SITES_PUBLIC_URL locally, the publishers' domains in production), never
 * the API's or the shell's, so a landing's script can never reach a user's session
 * (docs/decisions/0011-tracking-and-intake.md).
 *
 *   GET  /t/{code}                     click, then 302 to the first page with the signed click id
 *                                      (declared in tracking.contracts.ts, answered here unbound)
 *   GET  /o/{code}/{path}              the prelanding's files (the entry page gets the page script)
 *   GET  /o/{code}/landing/{path}      the landing's files; POST there is a plain form's order
 *   POST /o/{code}/_lm/order           the page script's order (JSON), answers where to go next
 *                                      (both orders bound by contract: landingOrderCalls, decision 0078)
 *   GET  /o/{code}/_lm/thanks          the thank-you page of a landing that has none of its own
 *   GET  /w/{storageKey}/{path}        preview of an uploaded website (orders are not sent)
 *   GET  /_lm/page.js                  the page script
 *   ANY  /pb/{token}[/{path}]          a user's postback inspector (docs/decisions/0041)
 */
import { ApiError } from '@leadmesh/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps, AppEnv } from '../context.ts';
import {
  landingOrderRoutes,
  MissingSite,
  proveSignedClick,
  wantsJson,
} from '../features/intake/landing-order.ts';
import { verifyClick } from '../features/tracking/click-token.ts';
import type { SiteFiles, TakenSite } from '../features/tracking/site-directory.ts';
import { trackingCalls } from '../features/tracking/tracking.contracts.ts';
import {
  clickCookie,
  clickFromCookie,
  recordClick,
  sitePaths,
  subIdsFrom,
} from '../features/tracking/tracking.ts';
import { honoPath, mountCalls } from '../lib/call.ts';
import { proxyMatcher, resolveClientIp } from '../lib/client-ip.ts';
import { contentTypeOf, isHtml, readSiteFile, sitePath } from './files.ts';
import { mountInspector } from './inspector.ts';
import { injectScript, PAGE_SCRIPT, PAGE_SCRIPT_PATH, pageScriptTag } from './page-script.ts';
import { orderProblemPage, PAGES } from './pages.ts';

/**
 * Headers of every answer. The CSP admits the page's own files (inline scripts and styles too:
 * uploaded landings use them, and isolation comes from the origin, not from the CSP) and the page
 * script, which is served from the same origin. `connect-src` and `form-action` keep the buyer's
 * details on this origin; no framing (invisible frames are fraud under the publisher agreement).
 */
export const SITE_HEADERS: readonly [string, string][] = [
  [
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; media-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
  ],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  // The click id is in the address: it never leaves the origin in a Referer.
  ['Referrer-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

const HTML = 'text/html; charset=utf-8';

/** The client's address: the socket's (Node's `incoming`, or what Deno and tests pass), or a trusted proxy's report. */
function clientAddress(deps: AppDeps) {
  const trusted = deps.env.TRUSTED_PROXIES.trim() !== '';
  const isTrustedProxy = proxyMatcher(deps.env.TRUSTED_PROXIES);
  return (c: Context<AppEnv>): string | null => {
    const socketIp = c.env?.remoteAddr ?? c.env?.incoming?.socket?.remoteAddress;
    if (!trusted) {
      if (!socketIp) return null;
      return socketIp.startsWith('::ffff:') && socketIp.includes('.') ? socketIp.slice(7) : socketIp;
    }
    const ip = resolveClientIp(socketIp, header(c, 'x-forwarded-for'), isTrustedProxy);
    return ip === 'unknown' ? null : ip;
  };
}

/**
 * A request header, read from Node's parsed headers when there are some: asking the Request for one
 * builds a whole `Headers` object first (a few µs, on the tracking link's hot path).
 */
function header(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = c.env?.incoming as { headers?: Record<string, string | string[] | undefined> } | undefined;
  if (incoming?.headers) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value[0] : value;
  }
  return c.req.header(name);
}

function isSecure(deps: AppDeps, c: Context<AppEnv>): boolean {
  return (
    deps.env.COOKIE_SECURE ||
    deps.env.NODE_ENV === 'production' ||
    header(c, 'x-forwarded-proto') === 'https' ||
    c.req.url.startsWith('https:')
  );
}

function setHeaders(c: Context<AppEnv>): void {
  for (const [name, value] of SITE_HEADERS) c.header(name, value);
}

function html(c: Context<AppEnv>, body: string, status: ContentfulStatusCode) {
  c.header('Cache-Control', 'no-store');
  return c.body(body, status, { 'Content-Type': HTML });
}

/** SITE_HEADERS by name: the redirect's literal reads its values from here, never a copy. */
const SITE: Readonly<Record<string, string>> = Object.fromEntries(SITE_HEADERS);

/**
 * The tracking link's 302, as `c.redirect` answers it but with a plain header object: on Node the
 * server adapter writes such an answer straight to the socket, where every `c.header()` builds,
 * validates and copies a `Headers` instance on each click. The object is a literal on purpose:
 * spreading SITE_HEADERS into it cost 2 µs a click, a literal 0.1 µs. A test checks that it
 * carries every header of SITE_HEADERS.
 */
function redirectWithClick(location: string, cookie: string): Response {
  return new Response(null, {
    status: 302,
    headers: {
      'Content-Security-Policy': SITE['Content-Security-Policy'],
      'X-Content-Type-Options': SITE['X-Content-Type-Options'],
      'X-Frame-Options': SITE['X-Frame-Options'],
      'Referrer-Policy': SITE['Referrer-Policy'],
      'Cross-Origin-Opener-Policy': SITE['Cross-Origin-Opener-Policy'],
      'Permissions-Policy': SITE['Permissions-Policy'],
      'Cache-Control': 'no-store',
      'Set-Cookie': cookie,
      // What c.redirect does: a header value holds Latin-1 only.
      Location: /[\u0100-\uffff]/.test(location) ? encodeURI(location) : location,
    },
  });
}

/** An HTML page with the site headers (for routes that do not pass the middleware setting them). */
function sitePage(c: Context<AppEnv>, body: string, status: 404 | 410) {
  setHeaders(c);
  return html(c, body, status);
}

/** The raw (still encoded) rest of the path after `prefix`. */
function restAfter(c: Context<AppEnv>, prefix: string): string {
  const url = c.req.url;
  const start = url.indexOf(prefix, url.indexOf('//') + 2);
  if (start < 0) return '';
  const from = start + prefix.length;
  const q = url.indexOf('?', from);
  const h = url.indexOf('#', from);
  const end = Math.min(q < 0 ? url.length : q, h < 0 ? url.length : h);
  return url.slice(from, end);
}

const queryOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? '' : url.slice(q);
};

/** What the sites routes share: the dependencies and how the client's address is read. */
interface SitesContext {
  deps: AppDeps;
  addressOf: (c: Context<AppEnv>) => string | null;
}

function answerError(error: Error, c: Context<AppEnv>): Response {
  console.error(error);
  setHeaders(c);
  if (error instanceof ApiError && error.httpStatus < 500) {
    return c.json(
      { status: 'error', data: error.code, details: error.details },
      error.httpStatus as ContentfulStatusCode,
    );
  }
  return c.json(
    { status: 'error', data: 'SERVER_ERROR', details: { message: 'Something went wrong on our side' } },
    500,
  );
}

/** `GET /t/{code}`: the click, then a 302 to the first page with the signed click id. */
function mountTrackingLink(app: Hono<AppEnv>, { deps, addressOf }: SitesContext): void {
  const { traffic } = deps;
  // Declared by `trackingCalls.trackingLink`, answered here unbound (the hot path, decision 0078).
  app.get(honoPath(trackingCalls.trackingLink.path), async (c) => {
    const code = c.req.param('trackingCode') ?? '';
    let site = traffic.sites.cached(code);
    if (site === undefined) site = await traffic.sites.site(code);
    // Its answers set their own headers: the redirect builds them without Hono's, the pages with them.
    if (!site) return sitePage(c, PAGES.notFound, 404);
    if (site.deleted) return sitePage(c, PAGES.gone, 410);
    const first = site.firstPath;
    if (!first) return sitePage(c, PAGES.unavailable, 404);
    const url = c.req.url;
    const token = recordClick(deps, site, {
      ip: addressOf(c),
      userAgent: header(c, 'user-agent') ?? null,
      referer: header(c, 'referer') ?? null,
      subIds: url.includes('?') ? subIdsFrom(url) : null,
    });
    return redirectWithClick(`${first}?click=${token}`, clickCookie(code, token, isSecure(deps, c)));
  });
}

/** The taken offer a request under /o/{code}/ is for; answers the page to show when there is none. */
async function siteOf({ deps }: SitesContext, c: Context<AppEnv>): Promise<TakenSite | Response> {
  const site = await deps.traffic.sites.site(c.req.param('code') ?? '');
  if (!site) return html(c, PAGES.notFound, 404);
  if (site.deleted) return html(c, PAGES.gone, 410);
  if (!site.landing) return html(c, PAGES.unavailable, 404);
  return site;
}

/**
 * The click of a page view: the one in the address or the cookie when it is signed for this taken
 * offer, else a new click (a visit that came without the tracking link still counts).
 */
function clickOfView({ deps, addressOf }: SitesContext, c: Context<AppEnv>, site: TakenSite): string {
  const fromQuery = c.req.query('click');
  for (const token of [fromQuery, clickFromCookie(header(c, 'cookie'))]) {
    if (token && verifyClick(deps.traffic.clickKey, token, site.takenOfferId)) {
      if (token === fromQuery) c.header('Set-Cookie', clickCookie(site.code, token, isSecure(deps, c)));
      return token;
    }
  }
  const token = recordClick(deps, site, {
    ip: addressOf(c),
    userAgent: header(c, 'user-agent') ?? null,
    referer: header(c, 'referer') ?? null,
    subIds: subIdsFrom(c.req.url),
  });
  c.header('Set-Cookie', clickCookie(site.code, token, isSecure(deps, c)));
  return token;
}

async function serveFile(
  { deps }: SitesContext,
  c: Context<AppEnv>,
  website: SiteFiles,
  rawRest: string,
  entryScript: (() => string) | null,
): Promise<Response> {
  const path = sitePath(rawRest);
  if (path === null) return html(c, rawRest === '' ? PAGES.notFound : PAGES.badRequest, 404);
  const bytes = await readSiteFile(deps.traffic.websitesDir, website.StorageKey, path);
  if (!bytes) return html(c, PAGES.notFound, 404);
  if (path === website.EntryFile && entryScript && isHtml(path)) {
    c.header('Cache-Control', 'no-store');
    return c.body(injectScript(bytes.toString('utf8'), entryScript()), 200, { 'Content-Type': HTML });
  }
  c.header('Cache-Control', isHtml(path) ? 'no-cache' : 'public, max-age=300');
  return c.body(new Uint8Array(bytes), 200, { 'Content-Type': contentTypeOf(path) });
}

/**
 * A refused order: the envelope for the page script (a validation error with its first issue's own
 * text, as the form shows it beside the field), else a page for a plain form post.
 */
function orderRefusal(c: Context<AppEnv>, error: ApiError): Response {
  const issue = error.details?.issues?.[0];
  const message = issue?.message ?? error.details?.message ?? error.code;
  const status = error.httpStatus as ContentfulStatusCode;
  c.header('Cache-Control', 'no-store');
  if (wantsJson(c)) {
    const field = issue ? issue.path || undefined : error.details?.field;
    return c.json({ status: 'error', data: error.code, details: { field, message } }, status);
  }
  return html(c, error instanceof MissingSite ? PAGES[error.page] : orderProblemPage(message), status);
}

/**
 * The order form's intake (the page script's and a plain form's), bound by contract with the
 * signed click as credential (decision 0078), and the default thank-you page.
 */
function mountOrders(app: Hono<AppEnv>, sites: SitesContext): void {
  mountCalls(app, landingOrderRoutes, sites.deps, { signedClick: proveSignedClick, refusal: orderRefusal });
  app.get('/o/:code/_lm/thanks', async (c) => {
    const site = await siteOf(sites, c);
    return site instanceof Response ? site : html(c, PAGES.thanks, 200);
  });
}

/** A taken offer's landing and prelanding files, the entry pages with the page script. */
function mountOfferPages(app: Hono<AppEnv>, sites: SitesContext): void {
  app.get('/o/:code/landing', (c) =>
    c.redirect(`/o/${c.req.param('code')}/landing/${queryOf(c.req.url)}`, 301),
  );
  app.get('/o/:code/landing/*', async (c) => {
    const site = await siteOf(sites, c);
    if (site instanceof Response) return site;
    const landing = site.landing!;
    const rest = restAfter(c, `/o/${site.code}/landing/`);
    if (rest === '')
      return c.redirect(`${sitePaths.landing(site.code, landing.EntryFile)}${queryOf(c.req.url)}`, 302);
    return serveFile(sites, c, landing, rest, () =>
      pageScriptTag({ click: clickOfView(sites, c, site), order: sitePaths.order(site.code) }),
    );
  });

  app.get('/o/:code', (c) => c.redirect(`/o/${c.req.param('code')}/${queryOf(c.req.url)}`, 301));
  app.get('/o/:code/*', async (c) => {
    const site = await siteOf(sites, c);
    if (site instanceof Response) return site;
    const rest = restAfter(c, `/o/${site.code}/`);
    if (!site.prelanding) {
      // No prelanding: the offer's root is its landing, and nothing else lives here.
      if (rest !== '') return html(c, PAGES.notFound, 404);
      return c.redirect(`${sitePaths.landing(site.code, site.landing!.EntryFile)}${queryOf(c.req.url)}`, 302);
    }
    if (rest === '')
      return c.redirect(
        `${sitePaths.prelanding(site.code, site.prelanding.EntryFile)}${queryOf(c.req.url)}`,
        302,
      );
    return serveFile(sites, c, site.prelanding, rest, () => {
      const click = clickOfView(sites, c, site);
      return pageScriptTag({
        click,
        landing: `${sitePaths.landing(site.code, site.landing!.EntryFile)}?click=${click}`,
      });
    });
  });
}

/** Previews of uploaded websites (the page script knows it is a preview: orders are not sent). */
function mountPreviews(app: Hono<AppEnv>, sites: SitesContext): void {
  app.get('/w/:key', (c) => c.redirect(`/w/${c.req.param('key')}/`, 301));
  app.get('/w/:key/*', async (c) => {
    const website = await sites.deps.traffic.sites.website(c.req.param('key'));
    if (!website) return html(c, PAGES.notFound, 404);
    const rest = restAfter(c, `/w/${website.StorageKey}/`);
    if (rest === '') return c.redirect(sitePaths.preview(website), 302);
    return serveFile(sites, c, website, rest, () => pageScriptTag({ preview: true }));
  });
}

/** Builds the sites app; `createApp` builds the API beside it on the same dependencies. */
export function createSitesApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const sites: SitesContext = { deps, addressOf: clientAddress(deps) };
  app.onError(answerError);
  app.notFound((c) => {
    setHeaders(c);
    return html(c, PAGES.notFound, 404);
  });
  // The tracking link first, before any middleware: it is the hottest route and sets its own headers.
  mountTrackingLink(app, sites);
  app.use('*', async (c, next) => {
    setHeaders(c);
    c.set('clientIp', sites.addressOf(c) ?? 'unknown');
    await next();
  });
  app.get(PAGE_SCRIPT_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(PAGE_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  mountOrders(app, sites);
  mountOfferPages(app, sites);
  mountPreviews(app, sites);
  mountInspector(app, deps);
  app.get('/health', (c) => c.json({ status: 'ok', data: null }));
  return app;
}
