import type { LookupAddress, LookupOptions } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import tls from 'node:tls';
import ipaddr from 'ipaddr.js';
import { OutboundFailed, OutboundRefused } from './errors.ts';
import {
  type AllowedUrl,
  checkOutboundUrl,
  defaultResolver,
  type OutboundPolicy,
  type ResolvedAddress,
  type Resolver,
} from './url-policy.ts';

/** Where the request goes once the policy has passed it: the name (for SNI) and the checked addresses. */
export interface ConnectTarget {
  protocol: 'http:' | 'https:';
  /** Host name, or IP literal without brackets. Used as the TLS server name. */
  hostname: string;
  port: number;
  /** The addresses that passed the policy. The socket must connect to one of these and nothing else. */
  addresses: readonly ResolvedAddress[];
}

/** Opens the socket for one request. The default is {@link connectPinned}; tests wrap it to watch connections. */
export type Connector = (target: ConnectTarget) => net.Socket;

/**
 * A `lookup` function for `net.connect` that answers with the already-checked addresses instead of asking
 * DNS again, so a DNS-rebinding second answer can never replace them.
 */
export function pinnedLookup(
  hostname: string,
  addresses: readonly ResolvedAddress[],
): (
  host: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void {
  return (host, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    const usable = addresses.filter((a) => family === 0 || a.family === family);
    if (host !== hostname || usable.length === 0) {
      const err: NodeJS.ErrnoException = new Error(`No checked address for ${host}`);
      err.code = 'ENOTFOUND';
      callback(err, '', 0);
      return;
    }
    if (options.all)
      callback(
        null,
        usable.map(({ address, family: f }) => ({ address, family: f })),
      );
    else callback(null, usable[0].address, usable[0].family);
  };
}

/**
 * The default {@link Connector}: TCP (or TLS with SNI set to the host name) to the checked addresses only,
 * through {@link pinnedLookup}. With several addresses Node's happy-eyeballs tries them in turn. A socket
 * whose peer turns out not to be a checked address is destroyed before anything is written.
 */
export const connectPinned: Connector = (target) => {
  const options = {
    host: target.hostname,
    port: target.port,
    lookup: pinnedLookup(target.hostname, target.addresses),
    autoSelectFamily: true,
  };
  const socket =
    target.protocol === 'https:'
      ? tls.connect({
          ...options,
          servername: isIP(target.hostname) === 0 ? target.hostname : undefined,
          ALPNProtocols: ['http/1.1'],
        })
      : net.connect(options);
  // Second guard, the job request-filtering-agent does for agents: once TCP is up and before a byte of
  // HTTP (or TLS) is written, the peer must be one of the checked addresses. Prepended, so it runs before
  // the TLS handshake's own 'connect' listener.
  socket.prependOnceListener('connect', () => {
    const remote = socket.remoteAddress;
    if (remote === undefined || !target.addresses.some((a) => sameAddress(a.address, remote))) {
      const err: NodeJS.ErrnoException = new Error(`Connected to ${remote}, which is not a checked address`);
      err.code = 'EUNCHECKEDPEER';
      socket.destroy(err);
    }
  });
  return socket;
};

function sameAddress(a: string, b: string): boolean {
  try {
    // process() turns ::ffff:a.b.c.d into a.b.c.d, so a dual-stack socket's view compares equal.
    return (
      ipaddr.process(a.replace(/%.*$/, '')).toString() === ipaddr.process(b.replace(/%.*$/, '')).toString()
    );
  } catch {
    return false;
  }
}

export interface GuardedRequestOptions extends Partial<OutboundPolicy> {
  url: string;
  /** Default GET. */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Budget for the whole exchange, every redirect hop included: resolve, connect, send, read. Default 15 000. */
  timeoutMs?: number;
  /** Redirects followed before `TOO_MANY_REDIRECTS`. 0 turns following off: the 3xx is returned. Default 5. */
  maxRedirects?: number;
  /** Response body bytes kept. Default 1 MB. */
  maxResponseBytes?: number;
  /** What a larger body does: cut to `maxResponseBytes` (`truncated: true`), or fail `RESPONSE_TOO_LARGE`. Default truncate. */
  oversize?: 'truncate' | 'fail';
  /** See {@link UrlCheckOptions.allowedPorts}. */
  allowedPorts?: readonly number[];
  /** Cancels the exchange (worker shutdown): fails with `ABORTED`. */
  signal?: AbortSignal;
  /** Socket factory; defaults to {@link connectPinned}. For tests and instrumentation. */
  connect?: Connector;
  /**
   * Budget of each hop's TCP (and TLS) connection, within `timeoutMs`: a host that takes connections
   * in silence (a black hole) fails `CONNECTION_FAILED` after this instead of eating the whole budget.
   * Default: no separate budget.
   */
  connectTimeoutMs?: number;
  /** Budget of each hop's name resolution: a resolver that does not answer in time counts as unresolvable. */
  resolveTimeoutMs?: number;
}

export interface GuardedResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** UTF-8 decoding of at most `maxResponseBytes` bytes. Content encodings are not undone (we ask for identity). */
  body: string;
  truncated: boolean;
  /** The URL that produced this response: the request URL, or the last redirect target. */
  finalUrl: string;
  /** Every redirect target followed, in order. */
  redirects: string[];
  durationMs: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * The network budgets of deliveries to users' endpoints (postbacks, CRMs; decision 0035): a TCP (and
 * TLS) connection within 3 s, a name resolved within 2 s, the whole call within 10 s. A receiver
 * that hangs costs its lane at most this long per delivery.
 */
export const DELIVERY_CONNECT_TIMEOUT_MS = 3_000;
export const DELIVERY_RESOLVE_TIMEOUT_MS = 2_000;
export const DELIVERY_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
const USER_AGENT = 'Leadmesh-Outbound/1.0';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers we set ourselves; a caller's value is dropped. */
const CONTROLLED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'accept-encoding',
]);
/** Headers that may follow a redirect to another host (or from https down to http). */
const CROSS_HOST_HEADERS = new Set(['accept', 'accept-language', 'user-agent', 'content-type']);
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];

function normaliseHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (!CONTROLLED_HEADERS.has(lower)) out[lower] = value;
  }
  return out;
}

function flattenHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

const TLS_ERROR =
  /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

function transportFailure(err: unknown, url: string): OutboundFailed {
  if (err instanceof OutboundFailed) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? '';
  const detail = err instanceof Error ? err.message : String(err);
  if (TLS_ERROR.test(code))
    return new OutboundFailed('TLS_FAILED', `TLS failed: ${detail}`, url, { cause: err });
  if (code.startsWith('HPE_')) {
    return new OutboundFailed('PROTOCOL_ERROR', `Invalid HTTP response: ${detail}`, url, { cause: err });
  }
  return new OutboundFailed('CONNECTION_FAILED', `Connection failed: ${detail}`, url, { cause: err });
}

/** Resolves with `promise`, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

interface Hop {
  check: AllowedUrl;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/** A resolver that gives up (no addresses: unresolvable) after `ms`. */
function boundedResolver(resolver: Resolver, ms: number): Resolver {
  return (host) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve([]), ms);
      resolver(host).then(
        (answers) => {
          clearTimeout(timer);
          resolve(answers);
        },
        (err) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });
}

/** Sends one request to the checked addresses and resolves at the response head. */
function send(
  hop: Hop,
  connect: Connector,
  signal: AbortSignal,
  connectTimeoutMs?: number,
): Promise<IncomingMessage> {
  const { check, method, body } = hop;
  const protocol = check.url.protocol as 'http:' | 'https:';
  const target: ConnectTarget = {
    protocol,
    hostname: check.hostname,
    port: check.port,
    addresses: check.addresses,
  };
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    ...hop.headers,
    host: check.url.host,
    'accept-encoding': 'identity',
    connection: 'close',
  };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  else if (method === 'POST' || method === 'PUT' || method === 'PATCH') headers['content-length'] = '0';

  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = (protocol === 'https:' ? https : http).request({
      protocol,
      host: check.hostname,
      port: check.port,
      method,
      path: `${check.url.pathname}${check.url.search}`,
      headers,
      setHost: false,
      // No agent: each request gets its own socket from `connect`, so a pooled socket opened for an
      // earlier resolution can never be reused.
      createConnection: () => {
        const socket = connect(target);
        if (connectTimeoutMs !== undefined) {
          const timer = setTimeout(() => {
            const err: NodeJS.ErrnoException = new Error(`No connection within ${connectTimeoutMs} ms`);
            err.code = 'ECONNECTTIMEOUT';
            socket.destroy(err);
          }, connectTimeoutMs);
          const done = () => clearTimeout(timer);
          socket.once(target.protocol === 'https:' ? 'secureConnect' : 'connect', done);
          socket.once('close', done);
        }
        return socket;
      },
    });
    const onAbort = () => request.destroy(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    request.once('close', () => signal.removeEventListener('abort', onAbort));
    request.on('error', (err) =>
      reject(signal.aborted ? signal.reason : transportFailure(err, check.url.href)),
    );
    request.once('response', resolve);
    request.end(body);
  });
}

/** Reads at most `maxBytes` of the body; past that, truncates or fails, and closes the socket. */
function readBody(
  res: IncomingMessage,
  maxBytes: number,
  oversize: 'truncate' | 'fail',
  url: string,
  signal: AbortSignal,
): Promise<{ body: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: { body: string; truncated: boolean } | Error) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onAbort = () => {
      finish(signal.reason);
      res.destroy();
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    res.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (size + chunk.length > maxBytes) {
        if (oversize === 'fail') {
          finish(
            new OutboundFailed(
              'RESPONSE_TOO_LARGE',
              `The response body is larger than ${maxBytes} bytes.`,
              url,
            ),
          );
        } else {
          chunks.push(chunk.subarray(0, maxBytes - size));
          finish({ body: Buffer.concat(chunks).toString('utf8'), truncated: true });
        }
        res.destroy();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    res.once('end', () => finish({ body: Buffer.concat(chunks).toString('utf8'), truncated: false }));
    res.on('error', (err) => finish(transportFailure(err, url)));
    // A socket that closes before `end` (server died mid-body) is a failure, not a short body.
    res.once('close', () => {
      if (!res.complete) finish(transportFailure(new Error('The connection closed mid-response'), url));
    });
  });
}

/** The request that follows a redirect, per RFC 9110 §15.4 and the fetch standard. */
function nextHop(previous: Hop, status: number, next: URL): Omit<Hop, 'check'> {
  let { method, body } = previous;
  let headers = { ...previous.headers };
  const toGet =
    (status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST');
  if (toGet) {
    method = 'GET';
    body = undefined;
    for (const name of BODY_HEADERS) delete headers[name];
  }
  const from = previous.check.url;
  const downgrade = from.protocol === 'https:' && next.protocol === 'http:';
  if (next.host !== from.host || downgrade) {
    // Credentials and API keys stay with the host they were meant for.
    headers = Object.fromEntries(Object.entries(headers).filter(([name]) => CROSS_HOST_HEADERS.has(name)));
  }
  return { method, headers, body };
}

/**
 * Send one HTTP request to a URL a user gave us, safely.
 *
 * - Every hop (the URL and each redirect target) passes {@link checkOutboundUrl} before any socket opens;
 *   a refusal throws {@link OutboundRefused} and nothing is sent to that address.
 * - The host is resolved once per hop by the policy's resolver and the socket connects only to the
 *   addresses that were checked ({@link pinnedLookup}); the Host header and TLS SNI keep the name.
 * - Redirects (301, 302, 303, 307, 308) are followed by hand: 303, and 301/302 after POST, become GET
 *   without a body; on a move to another host, or from https to http, only `accept`, `accept-language`,
 *   `user-agent` and `content-type` headers follow.
 * - `timeoutMs` bounds the whole exchange; the socket is destroyed when it runs out.
 * - HTTP statuses never throw. Transport problems throw {@link OutboundFailed}.
 *
 * Long because the hops of one request share its budgets (resolve, connect, whole call) and its
 * redirect state; each hop's work is in the helpers above.
 *
 * @example
 * const res = await guardedRequest({ url: postbackUrl, resolver, allowLoopback: false });
 * if (res.status >= 500 || res.status === 429) retryIn(nextDelay(attempts, retryAfterMs(res.headers)));
 */
export async function guardedRequest(options: GuardedRequestOptions): Promise<GuardedResponse> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const oversize = options.oversize ?? 'truncate';
  const connect = options.connect ?? connectPinned;
  const policy = {
    allowLoopback: options.allowLoopback === true,
    resolver:
      options.resolveTimeoutMs === undefined
        ? options.resolver
        : boundedResolver(options.resolver ?? defaultResolver, options.resolveTimeoutMs),
    allowedPorts: options.allowedPorts,
  };

  let currentUrl = options.url;
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new OutboundFailed('TIMEOUT', `No complete response within ${timeoutMs} ms.`, currentUrl),
    );
  }, timeoutMs);
  const onCallerAbort = () => {
    controller.abort(new OutboundFailed('ABORTED', 'The request was cancelled.', currentUrl));
  };
  if (options.signal?.aborted) onCallerAbort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const signal = controller.signal;

  try {
    const redirects: string[] = [];
    let request: Omit<Hop, 'check'> = {
      method: (options.method ?? 'GET').toUpperCase(),
      headers: normaliseHeaders(options.headers),
      body: options.body,
    };
    for (;;) {
      const check = await untilAborted(checkOutboundUrl(currentUrl, policy), signal);
      if (!check.ok) throw new OutboundRefused(check, currentUrl);
      const hop: Hop = { ...request, check };
      const res = await send(hop, connect, signal, options.connectTimeoutMs);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;

      if (REDIRECT_STATUSES.has(status) && location !== undefined && maxRedirects > 0) {
        res.destroy();
        if (redirects.length >= maxRedirects) {
          throw new OutboundFailed('TOO_MANY_REDIRECTS', `More than ${maxRedirects} redirects.`, currentUrl);
        }
        let next: URL;
        try {
          next = new URL(location, check.url);
        } catch {
          throw new OutboundRefused(
            { code: 'URL_INVALID', message: 'The redirect location is not a valid URL.' },
            location,
          );
        }
        next.hash = '';
        request = nextHop(hop, status, next);
        currentUrl = next.href;
        redirects.push(currentUrl);
        continue;
      }

      const { body, truncated } = await readBody(res, maxResponseBytes, oversize, check.url.href, signal);
      return {
        status,
        headers: flattenHeaders(res),
        body,
        truncated,
        finalUrl: check.url.href,
        redirects,
        durationMs: Math.round(performance.now() - started),
      };
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * `Retry-After` in milliseconds from `now`: delta-seconds (`120`) or an HTTP date (IMF-fixdate, RFC 850 or
 * asctime, all GMT). Past dates give 0;
 * a missing or unreadable value gives `undefined`.
 *
 * @example
 * retryAfterMs({ 'retry-after': '120' }); // 120000
 */
export function retryAfterMs(
  headers: Record<string, string | string[] | undefined>,
  now: number = Date.now(),
): number | undefined {
  let value: string | string[] | undefined;
  for (const [name, v] of Object.entries(headers)) {
    if (name.toLowerCase() === 'retry-after') value = v;
  }
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only the three HTTP-date forms (RFC 9110 §5.6.7): Date.parse alone reads '1.5' as 5 January 2001.
  let at = Number.NaN;
  if (IMF_FIXDATE.test(text) || RFC850_DATE.test(text)) at = Date.parse(text);
  else if (ASCTIME_DATE.test(text)) at = Date.parse(`${text} GMT`);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC850_DATE = /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;
