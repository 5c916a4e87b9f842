import { OutboundRefused } from './errors.ts';

/** A value a macro can take. `null` and `undefined` fill as ''. */
export type MacroValue = string | number | boolean | null | undefined;

/** `{name}`: letters, digits, `_`, `-` and `.`, not starting with `-` or `.` (`{leadmesh-phone}`, `{sub_id}`). */
const PLACEHOLDER = /\{([A-Za-z0-9_][A-Za-z0-9_.-]*)\}/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The placeholder names in a template, each once, in order of first appearance. */
export function listPlaceholders(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (m) => m[1]))];
}

function encode(value: MacroValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  // encodeURIComponent throws on a lone surrogate; such a value is broken text, not an attack.
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}

function invalid(message: string, template: string): OutboundRefused {
  return new OutboundRefused({ code: 'URL_INVALID', message }, template);
}

/**
 * The origin (scheme, host, port) of a URL template, which placeholders may not touch. Throws
 * {@link OutboundRefused} `URL_INVALID` when the template is not an http(s) URL or a placeholder sits in
 * its scheme, host or port. The API calls this when a template is saved.
 */
export function templateOrigin(template: string): string {
  // Two different stand-ins for every placeholder: if the origin moves, a placeholder is inside it.
  let first: URL;
  let second: URL;
  try {
    first = new URL(template.replace(PLACEHOLDER, 'a'));
    second = new URL(template.replace(PLACEHOLDER, 'b0'));
  } catch {
    throw invalid('The URL template is not a valid absolute URL.', template);
  }
  if (first.protocol !== 'http:' && first.protocol !== 'https:') {
    throw invalid('The URL template must start with http:// or https://.', template);
  }
  if (first.origin !== second.origin) {
    throw invalid('Macros may not be used in the scheme, host or port of a URL.', template);
  }
  return first.origin;
}

/**
 * Fill `{name}` placeholders in a postback URL template; returns the URL as the WHATWG parser writes it
 * (the same string {@link signedContent} signs and {@link guardedRequest} sends).
 *
 * - A known name (an own key of `values`) is replaced by its value, always through
 *   `encodeURIComponent`; `null`/`undefined`/non-finite numbers give ''.
 * - An unknown name is left as written (`{clikid}` stays `{clikid}`), so a typo shows in the receiver's
 *   logs and in the delivery log instead of silently becoming empty. Use {@link listPlaceholders} at save
 *   time to warn about names the platform does not know.
 * - Names are matched exactly, case included.
 *
 * A value can never change where the request goes: placeholders may not appear in the scheme, host or
 * port ({@link templateOrigin}), values are encoded (no `/`, `?`, `#`, `@`, `:` get through), and the
 * filled URL's origin is compared with the template's. Values can still change the path on that same
 * host (a value of `..` in a path segment is a dot-segment); put lead data in the query string.
 *
 * @throws {OutboundRefused} `URL_INVALID` when the template is unusable or the filled origin differs.
 * @example
 * fillUrlTemplate('https://t.example/pb?click={clickid}&p={payout}', { clickid: 'a&b', payout: 12.5 });
 * // 'https://t.example/pb?click=a%26b&p=12.5'
 */
export function fillUrlTemplate(template: string, values: Record<string, MacroValue>): string {
  const origin = templateOrigin(template);
  const filled = template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? encode(values[name]) : whole,
  );
  let result: URL;
  try {
    result = new URL(filled);
  } catch {
    throw invalid('The filled URL is not valid.', template);
  }
  if (result.origin !== origin) throw invalid('Filling the macros changed the URL origin.', template);
  return result.href;
}
