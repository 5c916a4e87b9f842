/**
 * @leadmesh/net: everything that leaves the platform (CRM calls, publisher postbacks, mail hooks) goes
 * through here. See README.md for the rules and the receiver's verification example.
 */
export {
  type AddressClass,
  type AddressPermission,
  classifyAddress,
  isAddressAllowed,
  isMetadataHostName,
} from './address-policy.ts';
export {
  type FailureCode,
  OutboundFailed,
  OutboundRefused,
  type Refusal,
  type RefusalCode,
} from './errors.ts';
export {
  type Connector,
  type ConnectTarget,
  connectPinned,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  DELIVERY_CONNECT_TIMEOUT_MS,
  DELIVERY_RESOLVE_TIMEOUT_MS,
  DELIVERY_TIMEOUT_MS,
  type GuardedRequestOptions,
  type GuardedResponse,
  guardedRequest,
  pinnedLookup,
  retryAfterMs,
} from './guarded-fetch.ts';
export { fillUrlTemplate, listPlaceholders, type MacroValue, templateOrigin } from './macros.ts';
export {
  type BackoffOptions,
  backoffMs,
  MAX_RETRY_AFTER_MS,
  nextDelay,
  POSTBACK_RETRY_DELAYS_MS,
} from './retry.ts';
export {
  INSPECTOR_PATH,
  isInspectorUrl,
  newSigningSecret,
  SIGNATURE_TOLERANCE_S,
  type SignatureHeaders,
  type SignatureInput,
  type SignatureVerdict,
  signatureHeaders,
  signedContent,
  verifySignature,
} from './signing.ts';
export {
  type AllowedUrl,
  checkOutboundUrl,
  defaultResolver,
  MAX_URL_LENGTH,
  type OutboundPolicy,
  type ResolvedAddress,
  type Resolver,
  type UrlCheck,
  type UrlCheckOptions,
} from './url-policy.ts';
