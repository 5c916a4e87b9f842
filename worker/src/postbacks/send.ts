import {
  type Connector,
  DELIVERY_CONNECT_TIMEOUT_MS,
  DELIVERY_RESOLVE_TIMEOUT_MS,
  DELIVERY_TIMEOUT_MS,
  guardedRequest,
  OutboundFailed,
  OutboundRefused,
  type Resolver,
  retryAfterMs,
  signatureHeaders,
  signedContent,
} from '@leadmesh/net';

/** A postback's whole exchange, every redirect included, must finish within this (decision 0035). */
export const POSTBACK_TIMEOUT_MS = DELIVERY_TIMEOUT_MS;
/** Response bytes read from a receiver; the log keeps less (RESPONSE_BODY_KEPT). */
const MAX_RESPONSE_BYTES = 16 * 1024;
/** Characters of the receiver's answer kept in the delivery log. */
export const RESPONSE_BODY_KEPT = 1000;
const ERROR_KEPT = 500;

/** How the worker reaches receivers: production passes nothing; tests a stub resolver and a watched connect. */
export interface OutboundOptions {
  allowLoopback?: boolean;
  resolver?: Resolver;
  connect?: Connector;
}

/** What one attempt ended with: delivered, worth another try, or final. */
export type Verdict = 'delivered' | 'retry' | 'final';

/**
 * 2xx delivers. 408 (timeout), 425 (too early), 429 (slow down) and 5xx are the receiver's
 * temporary trouble: retried. Any other answer (3xx left unfollowed, 4xx) says the request itself
 * is wrong (wrong path, refused token, gone): sending the same URL again will not change it, so it
 * is final at once (decision 0013).
 */
export function verdictOfStatus(status: number): Verdict {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  return 'final';
}

/**
 * A refusal of the outbound policy is final (the URL, or where it redirects, is not public), except
 * a host that does not resolve (DNS trouble passes). Transport failures (timeout, refused
 * connection, TLS, protocol, redirect loops) are retried: postbacks are safe to deliver twice, the
 * receiver drops repeats by `webhook-id`.
 */
export function verdictOfError(error: OutboundRefused | OutboundFailed): Verdict {
  if (error instanceof OutboundRefused) return error.code === 'HOST_UNRESOLVABLE' ? 'retry' : 'final';
  return 'retry';
}

export interface SignedRequest {
  url: string;
  method?: 'GET' | 'POST';
  /** For POST: the raw body, which is what gets signed. */
  body?: string;
  contentType?: string;
  /** `whsec_...`: one, or two during a rotation. */
  secrets: readonly string[];
  /** `webhook-id`: the same on every retry of one delivery. */
  msgId: string;
  timestamp?: Date;
}

export interface AttemptResult {
  verdict: Verdict;
  status: number | null;
  /** The start of the receiver's answer. */
  body: string | null;
  /** `CODE: message` of a refusal or failure. */
  error: string | null;
  durationMs: number;
  /** The receiver's Retry-After, when it sent one. */
  retryAfterMs?: number;
}

/**
 * One signed request through the guarded client: Standard Webhooks headers over the exact URL (GET)
 * or the raw body (POST), a 10 s budget (3 s to connect), the outbound policy at every hop. Never throws for what a
 * receiver does; only for programming errors.
 */
export async function sendSigned(
  request: SignedRequest,
  outbound: OutboundOptions = {},
): Promise<AttemptResult> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = {
    ...signatureHeaders({
      secrets: request.secrets,
      msgId: request.msgId,
      timestamp: request.timestamp ?? new Date(),
      payload: signedContent({ method, url: request.url, body: request.body }),
    }),
    'user-agent': 'Leadmesh-Postback/1.0',
    accept: '*/*',
  };
  if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  const started = performance.now();
  try {
    const response = await guardedRequest({
      url: request.url,
      method,
      headers,
      body: request.body,
      timeoutMs: POSTBACK_TIMEOUT_MS,
      connectTimeoutMs: DELIVERY_CONNECT_TIMEOUT_MS,
      resolveTimeoutMs: DELIVERY_RESOLVE_TIMEOUT_MS,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      allowLoopback: outbound.allowLoopback ?? false,
      resolver: outbound.resolver,
      connect: outbound.connect,
    });
    return {
      verdict: verdictOfStatus(response.status),
      status: response.status,
      body: response.body.slice(0, RESPONSE_BODY_KEPT),
      error: null,
      durationMs: Math.round(response.durationMs),
      retryAfterMs: retryAfterMs(response.headers),
    };
  } catch (error) {
    if (!(error instanceof OutboundRefused) && !(error instanceof OutboundFailed)) throw error;
    return {
      verdict: verdictOfError(error),
      status: null,
      body: null,
      error: `${error.code}: ${error.message}`.slice(0, ERROR_KEPT),
      durationMs: Math.round(performance.now() - started),
    };
  }
}
