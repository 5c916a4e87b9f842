import { getSupportedRegionCodes, parsePhoneNumber } from 'awesome-phonenumber';

/** A phone number the platform can pass to a CRM: E.164 (`+381601234567`) and its country. */
export type NormalizedPhone =
  | { ok: true; e164: string; country: string | null }
  | { ok: false; reason: 'PHONE_INVALID' };

const INVALID = Object.freeze({ ok: false, reason: 'PHONE_INVALID' } as const);
const REGIONS = new Set(getSupportedRegionCodes());
const MAX_INPUT = 64;
// Spaces of every width, dashes of every kind, dots, brackets and slashes (`030/123456` in Germany).
const SEPARATORS = /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\u2010-\u2015\u2212.()/-]/g;
// Digits typed on Arabic, Persian and Thai keyboards (lead forms in the Gulf and in Thailand).
const LOCAL_DIGITS: [number, number][] = [
  [0x0660, 0x0669],
  [0x06f0, 0x06f9],
  [0x0e50, 0x0e59],
];

/**
 * Turns what a visitor typed into an E.164 number, or says it is not a valid phone number.
 *
 * Accepts international numbers (`+381 60 123 4567`, `00381…`) and national ones (`060 123 4567`)
 * read in `countryHint`'s numbering plan (the lead's country from geo or the offer's), with
 * spaces, dashes, dots, brackets and slashes in any places; full-width, Arabic-Indic and Thai
 * digits count as digits. Refuses letters (no vanity numbers or extensions), any other
 * character, national numbers without a usable hint, and numbers that are too short, too long
 * or not valid in their country's plan (libphonenumber's metadata, via awesome-phonenumber).
 *
 * `country` is the number's own country (ISO 3166-1 alpha-2), which can differ from the hint for
 * an international number; null for non-geographic numbers.
 *
 * @example
 * ```ts
 * normalizePhone('060/123-4567', 'RS'); // { ok: true, e164: '+381601234567', country: 'RS' }
 * normalizePhone('12345', 'RS');        // { ok: false, reason: 'PHONE_INVALID' }
 * ```
 */
export function normalizePhone(raw: string, countryHint?: string | null): NormalizedPhone {
  if (typeof raw !== 'string' || raw.length > MAX_INPUT) return INVALID;
  let text = asciiDigits(raw.normalize('NFKC')).replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(text)) return INVALID;
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  const digits = text.replace('+', '').length;
  if (digits < 5 || digits > 17) return INVALID;

  const region = typeof countryHint === 'string' ? countryHint.trim().toUpperCase() : '';
  const parsed = text.startsWith('+')
    ? parsePhoneNumber(text)
    : REGIONS.has(region)
      ? parsePhoneNumber(text, { regionCode: region })
      : null;
  if (!parsed?.valid) return INVALID;
  const e164 = parsed.number.e164;
  // Read the country back from the E.164 form: given a hint, the library reports the hint's region
  // even for a number dialled abroad (`011 381 …` read as US).
  const country = parsePhoneNumber(e164).regionCode;
  return { ok: true, e164, country: country && /^[A-Z]{2}$/.test(country) ? country : null };
}

function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0e50-\u0e59]/g, (ch) => {
    const code = ch.charCodeAt(0);
    const range = LOCAL_DIGITS.find(([from, to]) => code >= from && code <= to)!;
    return String(code - range[0]);
  });
}
