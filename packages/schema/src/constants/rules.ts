/** Input rules the sign-up form and the API both apply (public §5), so they cannot drift apart. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Looks like an e-mail address: something@domain.tld. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Names must contain no digits ('Please remove numbers from your name'). */
export function hasDigit(value: string): boolean {
  return /\d/.test(value);
}

/** ISO 3166-1 alpha-2 codes of the countries a user, an offer or a lead may name. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return COUNTRY_SET.has(value.toUpperCase());
}

/**
 * Characters no name may hold: control characters (NUL included) and the bidi overrides and
 * isolates that make text display differently from what it is (Trojan Source).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/** The flag emoji of an ISO 3166-1 alpha-2 code (regional indicator symbols). */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/**
 * An IBAN (ISO 13616) after spaces are dropped and letters upper-cased: the country's letters, two
 * check digits, up to 30 letters or digits, and the mod-97 check, so a mistyped account number
 * is caught before a payout is sent to it.
 */
export function isIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** A SWIFT/BIC code: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isSwift(value: string): boolean {
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.trim().toUpperCase());
}

/** The fields of a payment method as a form holds them (dashboards §3: Wire or Paypal). */
export interface PaymentMethodFields {
  type: 'Wire' | 'Paypal';
  BankName?: string;
  AccountHolder?: string;
  Country?: string | null;
  IBAN?: string;
  SWIFT?: string;
  OwnerName?: string;
  EMail?: string;
}

/**
 * The first problem of a payment method, in the order the profile form asks for its fields, or
 * null. The API applies it to every edit; the staff dialog shows it before sending.
 */
export function paymentMethodProblem(
  pm: PaymentMethodFields,
): { field: keyof PaymentMethodFields; message: string } | null {
  const blank = (v: string | null | undefined) => (v ?? '').trim() === '';
  const unsafe = (v: string | null | undefined) => hasUnsafeCharacters(v ?? '');
  if (pm.type === 'Wire') {
    if (blank(pm.BankName)) return { field: 'BankName', message: "Bank name can't be empty" };
    if (blank(pm.AccountHolder)) return { field: 'AccountHolder', message: "Account holder can't be empty" };
    if (blank(pm.IBAN)) return { field: 'IBAN', message: "IBAN can't be empty" };
    if (!isIban(pm.IBAN ?? ''))
      return { field: 'IBAN', message: 'IBAN is not valid, check the account number' };
    if (blank(pm.SWIFT)) return { field: 'SWIFT', message: "SWIFT can't be empty" };
    if (!isSwift(pm.SWIFT ?? ''))
      return { field: 'SWIFT', message: 'SWIFT is not valid: 8 or 11 letters and digits' };
    if (blank(pm.Country)) return { field: 'Country', message: "Country can't be empty" };
    if (!isCountryCode(pm.Country ?? '')) return { field: 'Country', message: 'Please choose a country' };
    if (unsafe(pm.BankName) || unsafe(pm.AccountHolder))
      return { field: 'BankName', message: 'Names may not contain control characters' };
    return null;
  }
  if (blank(pm.OwnerName)) return { field: 'OwnerName', message: "Owner name can't be empty" };
  if (blank(pm.EMail)) return { field: 'EMail', message: "E-Mail can't be empty" };
  if (!isEmailAddress(pm.EMail ?? '')) return { field: 'EMail', message: 'Please enter correct e-mail' };
  if (unsafe(pm.OwnerName))
    return { field: 'OwnerName', message: 'Names may not contain control characters' };
  return null;
}
