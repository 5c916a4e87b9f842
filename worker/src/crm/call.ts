import { maskIn } from '@leadmesh/core';
import type { CrmRequest } from '@leadmesh/crm/server';
import {
  DELIVERY_CONNECT_TIMEOUT_MS,
  DELIVERY_RESOLVE_TIMEOUT_MS,
  type GuardedResponse,
  guardedRequest,
  OutboundFailed,
  OutboundRefused,
} from '@leadmesh/net';

/** How the worker calls CRMs. */
export interface CallOptions {
  timeoutMs: number;
  allowLoopback: boolean;
  /** Credentials to mask in what is recorded. */
  secrets: readonly string[];
}

/** One call as `lead_crm_attempts` keeps it: request and answer with secrets masked. */
export interface CallRecord {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

export type CallResult =
  | { ok: true; response: GuardedResponse; record: CallRecord }
  /** `refused`: the URL may never be contacted as written; `unknown`: the CRM may have received it. */
  | { ok: false; refused: boolean; unknown: boolean; error: string; record: CallRecord };

/** Answers are kept up to this many characters. */
const RECORDED_BODY = 4096;
/** A CRM's answer larger than this is refused (we parse it). */
const MAX_ANSWER_BYTES = 512 * 1024;

/**
 * Sends one request through the guarded client (public addresses only, pinned, time budget, size
 * cap) and returns its record with every secret masked. Never throws for HTTP or network errors.
 */
export async function callCrm(request: CrmRequest, options: CallOptions): Promise<CallResult> {
  const mask = (text: string) => maskIn(text, options.secrets);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = mask(value);
  const recordedRequest = {
    method: request.method,
    url: mask(request.url),
    headers,
    ...(request.body === undefined ? {} : { body: mask(request.body).slice(0, RECORDED_BODY) }),
  };
  const started = performance.now();
  try {
    const response = await guardedRequest({
      url: request.url,
      method: request.method,
      headers: { 'user-agent': 'Leadmesh/1.0 (+lead delivery)', ...request.headers },
      body: request.body,
      timeoutMs: options.timeoutMs,
      connectTimeoutMs: Math.min(DELIVERY_CONNECT_TIMEOUT_MS, options.timeoutMs),
      resolveTimeoutMs: Math.min(DELIVERY_RESOLVE_TIMEOUT_MS, options.timeoutMs),
      allowLoopback: options.allowLoopback,
      maxResponseBytes: MAX_ANSWER_BYTES,
      oversize: 'fail',
      // A redirect after a POST would turn it into a GET without the lead: CRM endpoints do not redirect.
      maxRedirects: request.method === 'POST' ? 0 : 3,
    });
    return {
      ok: true,
      response,
      record: {
        request: recordedRequest,
        responseStatus: response.status,
        responseBody: mask(response.body).slice(0, RECORDED_BODY),
        error: null,
        durationMs: Math.round(response.durationMs),
      },
    };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    const base = { request: recordedRequest, responseStatus: null, responseBody: null, durationMs };
    if (error instanceof OutboundRefused) {
      // A name that does not resolve may resolve later; every other refusal is the URL itself.
      const refused = error.code !== 'HOST_UNRESOLVABLE';
      const text = `${error.code}: ${mask(error.message)}`;
      return { ok: false, refused, unknown: false, error: text, record: { ...base, error: text } };
    }
    if (error instanceof OutboundFailed) {
      const text = `${error.code}: ${mask(error.message)}`;
      const unknown =
        error.code === 'TIMEOUT' || error.code === 'CONNECTION_FAILED' || error.code === 'RESPONSE_TOO_LARGE';
      return { ok: false, refused: false, unknown, error: text, record: { ...base, error: text } };
    }
    throw error;
  }
}
