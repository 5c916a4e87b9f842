import { z } from 'zod';
import { CALLER_KINDS, type CallerKind } from '../constants/callers.ts';
import type { ApiTokenFlag } from '../constants/catalogue.ts';
import { ERROR_CODES, MESSAGES } from '../constants/errors.ts';
import { MONEY_BOUND_CENTS, MONEY_BOUND_MESSAGE } from '../constants/money.ts';

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

/** Shared pieces of payloads. */
/**
 * An id: a number, or its decimal digits (form fields are text). Not coerced from anything else:
 * `true` would become 1 and `"0x10"` 16, acting on a row nobody named.
 */
export const idSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,15}$/, 'Expected a whole number'),
    ],
    {
      error: 'Expected a whole number',
    },
  )
  .transform(Number)
  .pipe(z.number().int().positive());
export const paginationOffsetSchema = z.coerce.number().int().min(0).max(100_000_000).default(0);

export const filterItemSchema = z.object({
  name: z.string().min(1).max(64),
  op: z.string().min(1).max(16),
  value: z.union([
    z.string().max(1000),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.union([z.string(), z.number()])).max(500),
  ]),
});
export type FilterItem = z.infer<typeof filterItemSchema>;
/** A list request names at most this many filters, with at most this many values in all. */
export const MAX_FILTERS = 20;
export const MAX_FILTER_VALUES = 500;

function filterValueCount(value: FilterItem['value']): number {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'string' ? value.split(/[~,]/).length : 1;
}

/** Filters of a list: capped so no request can build an unbounded query (or a huge log line). */
const cappedFilters = z
  .array(filterItemSchema)
  .max(MAX_FILTERS, `At most ${MAX_FILTERS} filters`)
  .refine(
    (items) => items.reduce((n, f) => n + filterValueCount(f.value), 0) <= MAX_FILTER_VALUES,
    `At most ${MAX_FILTER_VALUES} filter values in all`,
  );
export const filtersSchema = cappedFilters.default([]);
/**
 * The lowercase `offset` some screens send instead of `paginationOffset` (public §7). No default,
 * so a handler can tell it was absent; `pageOf` picks whichever spelling was sent.
 */
export const offsetAliasSchema = z.coerce.number().int().min(0).max(100_000_000).optional();
/** The lowercase `filters` some screens send instead of `Filters`; no default, see `pageOf`. */
export const filtersAliasSchema = cappedFilters.optional();
/** Rows a page may ask for (`limit`); the default page is `PAGE_SIZE`. */
export const limitSchema = z.coerce.number().int().min(1).max(500).optional();

/** The query of a paged list: the rows already loaded (`paginationOffset`), the filters, the page size. */
export const pagedListQuery = {
  paginationOffset: paginationOffsetSchema,
  Filters: filtersSchema,
  limit: limitSchema,
};

/** The query of the lists some screens ask with the lowercase spellings too (`offset`, `filters`), see `pageOf`. */
export const aliasedListQuery = {
  paginationOffset: paginationOffsetSchema,
  offset: offsetAliasSchema,
  Filters: filtersSchema,
  filters: filtersAliasSchema,
};

/** The offset and filters of a list request, whichever spelling the caller used. */
export function pageOf(req: {
  paginationOffset?: number;
  offset?: number;
  Filters?: FilterItem[];
  filters?: FilterItem[];
}): { offset: number; filters: FilterItem[] } {
  return { offset: req.offset ?? req.paginationOffset ?? 0, filters: req.filters ?? req.Filters ?? [] };
}

/** A request naming one row by its id. */
export const byIdRequest = z.object({ ID: idSchema });

/** A text a form must fill: trimmed, not empty (answering the spec's `message`), at most `max` characters. */
export function requiredText(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max);
}

/** An id a form must have picked, answering the spec's message when it is missing or not an id. */
export function requiredIdSchema(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message);
}

/** Money in the API: integer cents (docs/decisions/0002-money-in-cents.md). */
export const centsSchema = z.number().int().describe('Amount in cents');

/**
 * Money a request carries (decision 0031): whole cents strictly inside ±MONEY_BOUND_CENTS, refused
 * with MONEY_BOUND_MESSAGE past it; `notNumber` is the screen's own text for anything else.
 */
export function boundedCents(notNumber?: string) {
  return z
    .number(notNumber ? { error: notNumber } : undefined)
    .int(notNumber)
    .gt(-MONEY_BOUND_CENTS, MONEY_BOUND_MESSAGE)
    .lt(MONEY_BOUND_CENTS, MONEY_BOUND_MESSAGE);
}

/** The body kinds a contract reads, as a list. */
export function bodyKinds(contract: Pick<CallContract, 'body'>): readonly BodyKind[] {
  const body = contract.body ?? 'json';
  return typeof body === 'string' ? [body] : body;
}

/** A file part of a multipart body; checked with instanceof so it works in the browser and on the server. */
export const fileSchema = z.custom<File>(
  (v) => typeof File !== 'undefined' && v instanceof File,
  MESSAGES.websiteFileInvalid,
);

export function listAnswer<T extends z.ZodType>(row: T) {
  return z.object({ DBData: z.array(row) });
}

/** Dates travel as ISO 8601 strings. */
export const isoDateSchema = z.string().describe('ISO 8601 date-time');

export const emptyBody = z.object({}).passthrough();
