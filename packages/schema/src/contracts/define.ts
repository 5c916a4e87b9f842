import { z } from 'zod';
import { ERROR_CODES } from '../constants/errors.ts';

/**
 * Who may make a call. A call lists the callers it admits; any one of them grants access.
 * Ownership ("own" in endpoints.md) is checked by the handler against the payload's ids.
 *
 * - anyone: no session needed
 * - session: any logged-in user, verified or not
 * - verified: logged in with Flags.isVerified
 * - publisher: verified, publisher role not hidden
 * - advertiser: has an advertiser profile that is verified
 * - advertiserOwner: has an advertiser profile, verified or not
 * - noAdvertiser: logged in and has no advertiser profile yet
 * - staff: isAdmin or isManager
 * - publisherManager: staff or isPublisherManager
 * - advertiserManager: staff or isAdvertiserManager
 * - crmInfo: isAdmin, isManager or isCRMInfoAllowed
 * - admin: isAdmin
 */
export const CALLERS = [
  'anyone',
  'session',
  'verified',
  'publisher',
  'advertiser',
  'advertiserOwner',
  'noAdvertiser',
  'staff',
  'publisherManager',
  'advertiserManager',
  'crmInfo',
  'admin',
] as const;
export type Caller = (typeof CALLERS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface CallContract<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  P extends string = string,
> {
  path: P;
  method: HttpMethod;
  summary: string;
  /** Spec documents the call comes from (A, D, P), for the API docs. */
  spec: string;
  callers: readonly Caller[];
  /** Body is multipart/form-data instead of JSON. */
  multipart?: boolean;
  request: Req;
  response: Res;
}

/** Declares a documented call; the object is used by the API, the typed client and the docs. */
export function defineCall<P extends string, Req extends z.ZodType, Res extends z.ZodType>(
  contract: CallContract<Req, Res, P>,
): CallContract<Req, Res, P> {
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
export const idSchema = z.coerce.number().int().positive();
export const paginationOffsetSchema = z.coerce.number().int().min(0).default(0);

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
export const filtersSchema = z.array(filterItemSchema).max(50).default([]);

export function listAnswer<T extends z.ZodType>(row: T) {
  return z.object({ DBData: z.array(row) });
}

export const emptyBody = z.object({}).passthrough();
