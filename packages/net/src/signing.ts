import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * The three Standard Webhooks headers (https://www.standardwebhooks.com/). A type alias, not an interface,
 * so it spreads into and passes as `Record<string, string>` headers.
 */
export type SignatureHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

export interface SignatureInput {
  /**
   * `whsec_` + base64 secrets. One normally; two while a receiver rotates (new and old), so the
   * receiver can switch at any moment.
   */
  secrets: readonly string[];
  /** Unique per message and stable across retries, so the receiver can drop duplicates. */
  msgId: string;
  timestamp: Date;
  /** What is signed: see {@link signedContent}. */
  payload: string;
}

/**
 * Standard Webhooks signature headers: `webhook-signature` holds one `v1,<base64 HMAC-SHA256>` per
 * secret, space-separated, each over `${msgId}.${unix seconds}.${payload}`.
 *
 * @example
 * const url = fillUrlTemplate(template, values);
 * const headers = signatureHeaders({
 *   secrets: [receiver.secret],
 *   msgId: `pb_${conversion.id}`,
 *   timestamp: new Date(),
 *   payload: signedContent({ method: 'GET', url }),
 * });
 * await guardedRequest({ url, headers });
 */
export function signatureHeaders({ secrets, msgId, timestamp, payload }: SignatureInput): SignatureHeaders {
  if (secrets.length === 0) throw new Error('At least one signing secret is needed.');
  if (!/^[\x21-\x7e]+$/.test(msgId))
    throw new Error('The message id must be printable ASCII without spaces.');
  const signatures = secrets.map((secret) => new Webhook(secret).sign(msgId, timestamp, payload));
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * The content a Leadmesh signature covers, so the receiver can check what it acts on:
 *
 * - GET and HEAD (the usual postback, its data in the query string): the exact absolute URL sent,
 *   as the WHATWG URL parser writes it (`new URL(url).href`) without any `#fragment`. A receiver
 *   rebuilds it as its public origin (the scheme, host and port configured in Leadmesh, not what a proxy
 *   forwards) followed by the raw request target (path and query exactly as received, not re-encoded).
 * - Every other method: the raw request body, as Standard Webhooks defines it ('' when there is none),
 *   so `Webhook.verify` from any Standard Webhooks library works unchanged.
 *
 * The signature covers the first URL only: a receiver that redirects will not be able to verify the
 * redirected request.
 */
export function signedContent({ method, url, body }: { method: string; url: string; body?: string }): string {
  const upper = method.toUpperCase();
  if (upper === 'GET' || upper === 'HEAD') {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  }
  return body ?? '';
}

/** A new signing secret: `whsec_` + base64 of 24 random bytes (192 bits). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** How a request's Standard Webhooks signature checks out against a receiver's secrets. */
export type SignatureVerdict = 'valid' | 'invalid' | 'expired' | 'missing';

/** Standard Webhooks' tolerance: a timestamp further than this from now is refused (replays). */
export const SIGNATURE_TOLERANCE_S = 5 * 60;

/**
 * Checks a request's `webhook-*` headers against secrets, as a receiver does (and as the samples of
 * the Postback screen do): HMAC-SHA256 keyed with the base64 after `whsec_`, over
 * `${webhook-id}.${webhook-timestamp}.${payload}`, compared in constant time with each `v1,`
 * signature; the timestamp within 5 minutes. `payload` is what {@link signedContent} names.
 */
export function verifySignature(input: {
  secrets: readonly string[];
  headers: Readonly<Record<string, string | undefined>>;
  payload: string;
  now?: Date;
}): SignatureVerdict {
  const id = input.headers['webhook-id'];
  const timestamp = input.headers['webhook-timestamp'];
  const signatures = input.headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return 'missing';
  const seconds = Number(timestamp);
  const now = (input.now ?? new Date()).getTime() / 1000;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - seconds) > SIGNATURE_TOLERANCE_S) return 'expired';
  const given = signatures
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  for (const secret of input.secrets) {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${input.payload}`).digest();
    if (given.some((g) => g.length === expected.length && timingSafeEqual(g, expected))) return 'valid';
  }
  return 'invalid';
}

/** Where the postback inspector receives: `<sites origin>/pb/<token>` (decision 0041). */
export const INSPECTOR_PATH = '/pb/';

/**
 * Whether a URL is the platform's own postback inspector on the sites server (`SITES_PUBLIC_URL`):
 * the one address of the platform a postback may target, wherever the sites server runs (locally
 * on 127.0.0.1). Same scheme, host and port, and a path under `/pb/`.
 */
export function isInspectorUrl(url: string, sitesPublicUrl: string | undefined): boolean {
  if (!sitesPublicUrl) return false;
  try {
    const target = new URL(url);
    const sites = new URL(sitesPublicUrl);
    return (
      target.origin === sites.origin &&
      target.username === '' &&
      target.password === '' &&
      target.pathname.startsWith(INSPECTOR_PATH)
    );
  } catch {
    return false;
  }
}
