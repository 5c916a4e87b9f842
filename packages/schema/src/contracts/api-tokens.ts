import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { MESSAGES } from '../constants/errors.ts';
import { apiTokens } from '../tables/api-tokens.ts';
import { defineCall } from './define.ts';
import {
  aliasedListQuery,
  byIdRequest,
  emptyBody,
  isoDateSchema,
  listAnswer,
  requiredIdSchema,
  requiredText,
} from './fields.ts';

const apiTokenRow = createSelectSchema(apiTokens);

/** Flag name → granted, as an API token carries them. */
export const apiTokenFlagsSchema = z.record(z.string().min(1).max(64), z.boolean());

/** An API token as the admin list shows it (public §3); the token value itself is fetched with getToken. */
export const apiTokenSchema = apiTokenRow
  .pick({ ID: true, Name: true, UserID: true })
  .extend({ Flags: apiTokenFlagsSchema, createdAt: isoDateSchema });
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** One entry of the flag catalogue a token may be granted. */
export const apiTokenFlagInfoSchema = z.object({ name: z.string(), friendlyName: z.string() });
export type ApiTokenFlagInfo = z.infer<typeof apiTokenFlagInfoSchema>;

/** API tokens for server-to-server lead intake (admin-apitokens screen). */
export const apiTokenCalls = {
  addApiToken: defineCall({
    path: '/apiTokens/addApiToken',
    method: 'POST',
    summary: 'Create an API token acting for a user; the answer carries the token value',
    spec: 'P',
    callers: ['admin'],
    request: z.object({
      Name: requiredText(MESSAGES.tokenNameEmpty, 100),
      UserID: requiredIdSchema(MESSAGES.tokenUserEmpty),
      Flags: apiTokenFlagsSchema.default({}),
    }),
    response: apiTokenSchema.extend({ Token: z.string() }),
  }),
  getAllApiTokens: defineCall({
    path: '/apiTokens/getAllApiTokens',
    method: 'POST',
    summary: 'API tokens list (filters, 20 a page), without the token values',
    spec: 'P',
    callers: ['admin'],
    request: z.object(aliasedListQuery),
    response: listAnswer(apiTokenSchema),
  }),
  getAllAvailableFlags: defineCall({
    path: '/apiTokens/getAllAvailableFlags',
    method: 'POST',
    summary: 'The catalogue of flags an API token may be granted',
    spec: 'P',
    callers: ['admin'],
    request: emptyBody,
    response: z.array(apiTokenFlagInfoSchema),
  }),
  getToken: defineCall({
    path: '/apiTokens/getToken',
    method: 'POST',
    summary: 'The value of one API token',
    spec: 'P',
    callers: ['admin'],
    request: byIdRequest,
    response: z.object({ ID: z.number().int(), Token: z.string() }),
  }),
  removeApiToken: defineCall({
    path: '/apiTokens/removeApiToken',
    method: 'POST',
    summary: 'Revoke an API token (it stops working at once)',
    spec: 'P',
    callers: ['admin'],
    request: byIdRequest,
    response: z.null(),
  }),
};
