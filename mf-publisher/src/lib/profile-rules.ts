import { isEmailAddress, MESSAGES, SIGN_UP_ERROR_MESSAGES } from '@leadmesh/schema/constants';

/**
 * The profile forms' checks (dashboards §5), pure so each rule is unit-tested. Each answers the
 * first failing rule's message, or null. Where the spec names a check without its text, the text
 * follows the spec's "{field} can't be empty" wording.
 */

const blank = (value: unknown) => value == null || String(value).trim() === '';
const isDigits = (value: unknown) => /^\d{1,10}$/.test(String(value ?? '').trim());

export interface GeneralValues {
  FirstName?: string;
  LastName?: string;
  ZIP?: string | number;
  Experience?: string | number;
}

export function checkGeneral(v: GeneralValues): string | null {
  if (blank(v.FirstName)) return "First name can't be empty";
  if (blank(v.LastName)) return "Last name can't be empty";
  if (blank(v.ZIP)) return "ZIP can't be empty";
  if (!isDigits(v.ZIP)) return MESSAGES.zipMustBeNumber;
  // Experience in years, as at sign-up (public §4): empty or a whole number.
  if (!blank(v.Experience) && !isDigits(v.Experience))
    return SIGN_UP_ERROR_MESSAGES.EXPERIENCE_EMPTY_OR_INVALID;
  return null;
}

export interface PasswordValues {
  oldPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

export function checkPassword(v: PasswordValues): string | null {
  if (!v.oldPassword) return MESSAGES.oldPasswordMissing;
  const length = (v.newPassword ?? '').length;
  if (length < 8 || length > 64) return MESSAGES.newPasswordRange;
  if (v.newPassword !== v.confirmPassword) return MESSAGES.newPasswordMismatch;
  return null;
}

export interface AdvertiserValues {
  CompanyName?: string;
  CompanyAddress?: string;
  CompanyCity?: string;
  CompanyZipCode?: string | number;
  Tax?: string;
  Vat?: string;
}

export function checkAdvertiser(v: AdvertiserValues): string | null {
  if (blank(v.CompanyName)) return "Company name can't be empty";
  if (blank(v.CompanyAddress)) return "Company address can't be empty";
  if (blank(v.CompanyCity)) return "City can't be empty";
  if (!isDigits(v.CompanyZipCode)) return MESSAGES.zipMustBeNumber;
  if (blank(v.Tax)) return "TAX number can't be empty";
  if (blank(v.Vat)) return "VAT number can't be empty";
  return null;
}

export interface WireValues {
  BankName?: string;
  AccountHolder?: string;
  IBAN?: string;
  SWIFT?: string;
  Country?: string;
}

export function checkWire(v: WireValues): string | null {
  if (blank(v.BankName)) return "Bank name can't be empty";
  if (blank(v.AccountHolder)) return "Account holder can't be empty";
  if (blank(v.IBAN)) return "IBAN can't be empty";
  if (blank(v.SWIFT)) return "SWIFT can't be empty";
  if (blank(v.Country)) return "Country can't be empty";
  return null;
}

export interface PaypalValues {
  OwnerName?: string;
  EMail?: string;
}

export function checkPaypal(v: PaypalValues): string | null {
  if (blank(v.OwnerName)) return "Owner name can't be empty";
  if (blank(v.EMail)) return "E-Mail can't be empty";
  if (!isEmailAddress(String(v.EMail).trim())) return MESSAGES.correctEmail;
  return null;
}

/** The advertiser sign-up's checks (dashboards §5): company name, address, then a numeric ZIP. */
export function checkAdvertiserSignUp(v: AdvertiserValues): string | null {
  if (blank(v.CompanyName)) return MESSAGES.companyNameRequiredDashboard;
  if (blank(v.CompanyAddress)) return MESSAGES.companyAddressRequired;
  if (!blank(v.CompanyZipCode) && !isDigits(v.CompanyZipCode)) return MESSAGES.zipMustBeNumber;
  return null;
}

/** Tax and VAT numbers as the sign-up sends them: `Tax: {x}, VAT: {y}` (dashboards §3); null when both are empty. */
export function taxVatText(tax?: string, vat?: string): string | null {
  const t = (tax ?? '').trim();
  const v = (vat ?? '').trim();
  return t === '' && v === '' ? null : `Tax: ${t}, VAT: ${v}`;
}
