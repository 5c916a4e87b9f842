import { randomBytes } from 'node:crypto';
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
