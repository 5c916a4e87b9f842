import { isbotMatch } from 'isbot';
import { UAParser } from 'ua-parser-js';

/** Whether a visit looks automated, and why (`kind:detail`, e.g. `headless:HeadlessChrome`, `isbot:Googlebot`). */
export interface BotVerdict {
  isBot: boolean;
  botReason: string | null;
}

/** What the User-Agent header says about a visit. */
export interface UserAgentInfo extends BotVerdict {
  /** Mobile traffic in the affiliate sense: phones, tablets and wearables. */
  isPhone: boolean;
  /** Browser name as ua-parser-js reports it (`Chrome`, `Mobile Safari`, `Facebook`…), null when unknown. */
  browser: string | null;
  /** OS name as ua-parser-js reports it (`Android`, `iOS`, `Windows`…), null when unknown. */
  os: string | null;
}

// Affiliate trackers (and the offers' mobile/desktop targeting) split traffic into mobile and
// desktop, with tablets on the mobile side: they run mobile browsers and the mobile landing pages.
// iPads in Safari's default "desktop site" mode send a macOS user agent and count as desktop.
const MOBILE_DEVICE_TYPES = new Set(['mobile', 'tablet', 'wearable']);

// Automation that ships a real engine, so isbot's crawler list is not enough on its own.
const AUTOMATION_MARKERS =
  /\b(HeadlessChrome|PhantomJS|SlimerJS|Puppeteer|Playwright|Selenium|WebDriver|Cypress|Nightmare|HtmlUnit|jsdom|HappyDOM)\b/i;
// Electron apps open ad links in the system browser; Electron itself on a landing page is a script.
const ELECTRON = /\bElectron\/\d/;
const LOOKS_LIKE_BROWSER = /^Mozilla\/5\.0 \(/;
const MAX_UA = 1024;

/**
 * Reads a User-Agent header: mobile or desktop, browser and OS names, and whether the visit is a
 * bot. A visit is a bot when the header is missing or blank, names a headless or automation tool
 * (`HeadlessChrome`, `PhantomJS`, `Puppeteer`, `Playwright`, `Selenium`, Electron…), matches
 * `isbot`'s crawler and HTTP-library patterns (Googlebot, curl, python-requests…), or names no
 * browser at all. ua-parser-js stays on 1.x: 2.x is AGPL-licensed.
 *
 * @example
 * ```ts
 * classifyUserAgent(c.req.header('user-agent'));
 * // { isPhone: true, browser: 'Mobile Safari', os: 'iOS', isBot: false, botReason: null }
 * ```
 */
export function classifyUserAgent(ua: string | null | undefined): UserAgentInfo {
  const text = typeof ua === 'string' ? ua.trim().slice(0, MAX_UA) : '';
  if (!text) return { isPhone: false, browser: null, os: null, isBot: true, botReason: 'empty-user-agent' };

  const parsed = UAParser(text);
  const browser = parsed.browser.name ?? null;
  const info = {
    isPhone: MOBILE_DEVICE_TYPES.has(parsed.device.type ?? ''),
    browser,
    os: parsed.os.name ?? null,
  };
  return { ...info, ...botVerdict(text, browser) };
}

function botVerdict(ua: string, browser: string | null): BotVerdict {
  const marker = AUTOMATION_MARKERS.exec(ua);
  if (marker) return { isBot: true, botReason: `headless:${marker[1]}` };
  if (ELECTRON.test(ua) && browser === 'Electron') return { isBot: true, botReason: 'headless:Electron' };
  const crawler = isbotMatch(ua);
  if (crawler) return { isBot: true, botReason: `isbot:${clip(crawler)}` };
  // A string no parser recognises as any browser or OS is a script, not a person.
  if (!browser && !LOOKS_LIKE_BROWSER.test(ua)) return { isBot: true, botReason: 'unknown-client' };
  return { isBot: false, botReason: null };
}

/**
 * What the landing page's script reports about the browser it runs in. Every field is optional;
 * the report comes from the visitor and is only believed when it admits automation.
 */
export interface ClientBotReport {
  /** `navigator.webdriver`: true in browsers driven by WebDriver, Puppeteer or Playwright. */
  webdriver?: unknown;
  /** `navigator.userAgentData.brands[].brand` (Chromium); `HeadlessChrome` gives headless away. */
  brands?: unknown;
  /** Names of automation globals found on `window` (`callPhantom`, `_phantom`, `__nightmare`, `domAutomation`, `cdc_…`). */
  automationGlobals?: unknown;
}

/**
 * Judges the landing page script's report. A report can only make a visit a bot, never clear one
 * flagged by {@link classifyUserAgent}: a bot can send whatever report it likes.
 */
export function botFromClientReport(report: ClientBotReport | null | undefined): BotVerdict {
  if (!report || typeof report !== 'object') return { isBot: false, botReason: null };
  if (report.webdriver === true) return { isBot: true, botReason: 'client:webdriver' };
  const headlessBrand = stringsOf(report.brands).find((b) => /headless/i.test(b));
  if (headlessBrand) return { isBot: true, botReason: `client:brand:${clip(headlessBrand)}` };
  const global = stringsOf(report.automationGlobals)[0];
  if (global) return { isBot: true, botReason: `client:global:${clip(global)}` };
  return { isBot: false, botReason: null };
}

function stringsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').slice(0, 20);
}

/** Keeps reasons short and plain: they are stored and shown in the admin's lists. */
function clip(text: string): string {
  return text.replace(/[^\w$./-]+/g, '_').slice(0, 40);
}
