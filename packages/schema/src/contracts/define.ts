import { z } from 'zod';
import { CALLER_KINDS, type CallerKind } from '../constants/callers.ts';
import type { ApiTokenFlag } from '../constants/catalogue.ts';
import { ERROR_CODES } from '../constants/errors.ts';

/**
 * Who may make a call: the kinds and the rule that admits a caller live in constants/callers.ts,
 * shared with the screens' guards (decision 0046). A call lists the callers it admits; any one of
 * them grants access. Ownership ("own" in endpoints.md) is declared where the API binds the call
 * (api/src/lib/call.ts).
 */
export const CALLERS = CALLER_KINDS;

export type HttpMethod = 'GET' | 'POST' | 'PUT';

/**
 * How a caller proves who it is (decision 0077); the API checks it before anything is read:
 * - `session`: the session cookie, and the CSRF token on writes; `callers` decide who is admitted.
 * - `apiToken`: `Authorization: Bearer <API token>` holding `tokenFlag`; the call acts for the token's user.
 * - `crmToken`: the CRM's secret callback token in the path (`{crmId}` and `{token}`), compared in constant time.
 * - `signedClick`: a click id signed by the tracking link (`click` in the body, or the `lm_click` cookie).
 * - `none`: nobody needs to (public files and pages).
 * The machine credentials (all but `session`) never read the session cookie or ask for a CSRF token.
 */
export const CREDENTIALS = ['session', 'apiToken', 'crmToken', 'signedClick', 'none'] as const;
export type Credential = (typeof CREDENTIALS)[number];

/**
 * What body a call reads: JSON (the default), a URL-encoded form or multipart/form-data. A list
 * takes any of them, told apart by the Content-Type (a body without one is read as the first).
 */
export type BodyKind = 'json' | 'form' | 'multipart';

export interface CallContract<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  P extends string = string,
  K extends Credential = Credential,
> {
  path: P;
  method: HttpMethod;
  summary: string;
  /** More for the API docs: how a machine route authenticates and answers. */
  description?: string;
  /** Spec documents the call comes from (A, D, P), for the API docs. */
  spec: string;
  /** Who a session call admits; empty for the machine credentials, whose own check decides. */
  callers: readonly CallerKind[];
  /** How the caller proves who it is; `session` when absent. */
  credential?: K;
  /** The flag an `apiToken` caller's token must hold. */
  tokenFlag?: ApiTokenFlag;
  /** The body it reads (`json` when absent; GET reads the query). */
  body?: BodyKind | readonly BodyKind[];
  /** Bytes of body it reads at most (the API's JSON limit when absent); uploads declare theirs. */
  bodyLimit?: number;
  /**
   * A Content-Type naming none of `body` is refused (415) instead of read as the likeliest kind
   * (CRMs mislabel their bodies; a browser's form never does).
   */
  strictContentType?: boolean;
  /**
   * How it answers: the `{status, data}` envelope (default), plain text (errors as `ERROR CODE:
   * message`), a file (the handler's own Response; errors in the envelope), or a redirect (302).
   */
  answer?: 'envelope' | 'text' | 'file' | 'redirect';
  /**
   * A session call whose refusals read as this NOT_FOUND message, the one a missing record gets,
   * so a caller who may not call it cannot tell what exists (export files).
   */
  refuseAsMissing?: string;
  /**
   * Path parameters (`{name}` in `path`; a last `{…Path}`, e.g. `{pagePath}`, takes the rest of
   * the path, slashes and all) and query, request body fields otherwise, as the call reads them.
   */
  request: Req;
  response: Res;
}

/**
 * Declares a call; the object is used by the API, the typed client and the docs. A machine route
 * (a `credential` other than `session`, decision 0009) is declared the same way, with `{name}`
 * path parameters; its contract lives beside its feature in the API (no browser calls it).
 */
export function defineCall<
  P extends string,
  Req extends z.ZodType,
  Res extends z.ZodType,
  K extends Credential = 'session',
>(contract: CallContract<Req, Res, P, K>): CallContract<Req, Res, P, K> {
  return contract;
}

export const errorCodeSchema = z.enum(ERROR_CODES);

/** Details of an error: the field in error (validation) and a readable message. */
export const errorDetailsSchema = z.object({
  field: z.string().optional(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  data: errorCodeSchema,
  details: errorDetailsSchema.optional(),
});

export function okEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('ok'), data });
}

export type OkEnvelope<T> = { status: 'ok'; data: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

/** The body kinds a contract reads, as a list. */
export function bodyKinds(contract: Pick<CallContract, 'body'>): readonly BodyKind[] {
  const body = contract.body ?? 'json';
  return typeof body === 'string' ? [body] : body;
}
