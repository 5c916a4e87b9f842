import {
  hasDigit,
  isEmailAddress,
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SIGN_UP_ERROR_MESSAGES,
  SIGN_UP_FALLBACK_MESSAGE,
  USERNAME_MIN_ADVERTISER,
  USERNAME_MIN_PUBLISHER,
} from '@leadmesh/schema/constants';

/** The user-details form of sign-up (publisher form and advertiser step 1). */
export interface UserDetails {
  username: string;
  password: string;
  confirm: string;
  email: string;
  FirstName: string;
  LastName: string;
  Country?: string;
  ZIP: string;
  Experience: string;
  ContactWhatsApp: string;
  ContactSkype: string;
  ContactTelegram: string;
  terms: boolean;
}

/** The company step of advertiser sign-up. */
export interface CompanyDetails {
  CompanyName: string;
  CompanyAddress: string;
  CompanyCity: string;
  CompanyZipCode: string;
  TaxNumber: string;
  VatNumber: string;
}

export interface FieldError {
  field: string;
  message: string;
}

/**
 * Sign-up rules in the spec's order (public §5): terms, country, username, password, names,
 * e-mail; the first broken one is reported. The username minimum is 5 for publishers and 8 for
 * advertisers, and each message states the real minimum. The password rule keeps the spec's
 * behaviour (a short password fails when it equals the confirmation) and adds the check it
 * implies: a confirmation that differs is reported too, so no short or mistyped password passes.
 */
export function validateUserDetails(
  values: UserDetails,
  role: 'publisher' | 'advertiser',
): FieldError | null {
  if (!values.terms) return { field: 'terms', message: MESSAGES.acceptTerms };
  if (!values.Country) return { field: 'Country', message: MESSAGES.chooseCountry };
  const minUsername = role === 'advertiser' ? USERNAME_MIN_ADVERTISER : USERNAME_MIN_PUBLISHER;
  if (values.username.trim().length < minUsername) {
    return {
      field: 'username',
      message: role === 'advertiser' ? MESSAGES.usernameMinAdvertiser : MESSAGES.usernameMinPublisher,
    };
  }
  if (values.password.length < PASSWORD_MIN && values.password === values.confirm) {
    return { field: 'password', message: MESSAGES.passwordMin };
  }
  if (values.password !== values.confirm) return { field: 'confirm', message: MESSAGES.twoSamePasswords };
  if (values.password.length > PASSWORD_MAX) return { field: 'password', message: MESSAGES.passwordRange };
  if (hasDigit(values.FirstName)) return { field: 'FirstName', message: MESSAGES.removeNumbersFromName };
  if (hasDigit(values.LastName)) return { field: 'LastName', message: MESSAGES.removeNumbersFromName };
  if (!isEmailAddress(values.email)) return { field: 'email', message: MESSAGES.correctEmail };
  return null;
}

/** Company step (public §5, Advertiser step 2): name and address required, ZIP numeric, the rest required. */
export function validateCompanyDetails(values: CompanyDetails): FieldError | null {
  if (!values.CompanyName.trim()) return { field: 'CompanyName', message: MESSAGES.companyNameRequired };
  if (!values.CompanyAddress.trim())
    return { field: 'CompanyAddress', message: MESSAGES.companyAddressRequired };
  if (!values.CompanyCity.trim()) return { field: 'CompanyCity', message: 'Please enter your company city' };
  if (!/^\d{1,10}$/.test(values.CompanyZipCode.trim())) {
    return { field: 'CompanyZipCode', message: MESSAGES.zipMustBeNumber };
  }
  if (!values.TaxNumber.trim()) return { field: 'TaxNumber', message: 'Please enter your tax number' };
  if (!values.VatNumber.trim()) return { field: 'VatNumber', message: 'Please enter your VAT number' };
  return null;
}

/** The advertiser's tax and VAT numbers as one text, as the spec sends them. */
export function taxVatText(tax: string, vat: string): string {
  return `Tax: ${tax.trim()}, VAT: ${vat.trim()}`;
}

/** A server error code of /users/createUser to the field it concerns and the message of public §8. */
export function signUpServerError(code: string, details?: { field?: string; message?: string }): FieldError {
  const known = SIGN_UP_ERROR_MESSAGES[code as keyof typeof SIGN_UP_ERROR_MESSAGES];
  if (known) {
    const field =
      code === 'USER_ALREADY_EXISTS'
        ? 'username'
        : code === 'ZIP_EMPTY_OR_INVALID'
          ? 'ZIP'
          : code === 'EXPERIENCE_EMPTY_OR_INVALID'
            ? 'Experience'
            : 'FirstName';
    return { field, message: known };
  }
  if (code === 'SERVER_ERROR') return { field: 'form', message: MESSAGES.serverTimedOut };
  // A field-level rule of the server that the form did not catch: say which rule it is.
  if (code === 'VALIDATION_ERROR' && details?.field && details.message) {
    const message = details.message.replace(/^[\w.]+: /, '');
    return { field: details.field, message };
  }
  return { field: 'form', message: SIGN_UP_FALLBACK_MESSAGE };
}
