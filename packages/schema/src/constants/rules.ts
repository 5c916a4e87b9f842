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
