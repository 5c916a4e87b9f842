import type { AddressClass } from './address-policy.ts';

/** Why a URL may not be contacted. Permanent for the URL as written: retrying will not help. */
export type RefusalCode =
  | 'URL_INVALID'
  | 'SCHEME_NOT_ALLOWED'
  | 'CREDENTIALS_IN_URL'
  | 'PORT_NOT_ALLOWED'
  | 'ADDRESS_NOT_ALLOWED'
  | 'HOST_UNRESOLVABLE';

/**
 * A refusal by the outbound policy. `message` is safe to show to the user who saved the URL;
 * `address` and `addressClass` (when an address was refused) are for logs, since they reveal how
 * the platform's own resolver sees a name.
 */
export interface Refusal {
  code: RefusalCode;
  message: string;
  address?: string;
  addressClass?: AddressClass;
}

/**
 * Thrown by {@link guardedRequest} when the policy refuses a URL, the first one or a redirect's.
 * Nothing was sent to the refused address.
 */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
  readonly code: RefusalCode;
  readonly address?: string;
  readonly addressClass?: AddressClass;
  /** The URL that was refused (a redirect target when the refusal happened on a later hop). */
  readonly url: string;

  constructor(refusal: Refusal, url: string) {
    super(refusal.message);
    this.code = refusal.code;
    this.address = refusal.address;
    this.addressClass = refusal.addressClass;
    this.url = url;
  }
}

/**
 * Transport failures. `TIMEOUT` and `CONNECTION_FAILED` may happen after the request was sent, so a
 * receiver may have seen it: retry only what is safe to deliver twice (postbacks carry an id for that).
 */
export type FailureCode =
  | 'TIMEOUT'
  | 'ABORTED'
  | 'CONNECTION_FAILED'
  | 'TLS_FAILED'
  | 'PROTOCOL_ERROR'
  | 'TOO_MANY_REDIRECTS'
  | 'RESPONSE_TOO_LARGE';

/** Thrown by {@link guardedRequest} when the exchange could not complete. HTTP statuses never throw. */
export class OutboundFailed extends Error {
  override readonly name = 'OutboundFailed';
  readonly code: FailureCode;
  /** The URL of the hop that failed. */
  readonly url: string;

  constructor(code: FailureCode, message: string, url: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.url = url;
  }
}
