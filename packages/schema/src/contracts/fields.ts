import { z } from 'zod';
import { MESSAGES } from '../constants/errors.ts';
import { MONEY_BOUND_CENTS, MONEY_BOUND_MESSAGE } from '../constants/money.ts';

/*
 * The pieces payloads share: ids, money, dates, files, list queries and answers. What a call is
 * (its contract, credentials and envelopes) is declared in define.ts.
 */

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
