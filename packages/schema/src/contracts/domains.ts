import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { domains } from '../tables/domains.ts';
import { defineCall } from './define.ts';
import {
  byIdRequest,
  filtersSchema,
  idSchema,
  limitSchema,
  listAnswer,
  pagedListQuery,
  paginationOffsetSchema,
} from './fields.ts';

const domainRow = createSelectSchema(domains);

/** A domain as every caller sees it; DomainName carries its http:// prefix (dashboards §3). */
export const domainSchema = domainRow.pick({ ID: true, DomainName: true, BoundUser: true, isInternal: true });
export type Domain = z.infer<typeof domainSchema>;

const typedDomainSchema = z
  .string()
  .max(1000)
  .nullable()
  .optional()
  .describe('The host only, e.g. "example.com" (no http://); stored as "http://example.com"');

/** Publishers' own domains and the internal domains every publisher may use. */
export const domainCalls = {
  addDomain: defineCall({
    path: '/domains/addDomain',
    method: 'POST',
    summary: 'Add a domain: a verified publisher for themself, or an admin an internal one (isInternal true)',
    spec: 'A, D',
    callers: ['publisher', 'admin'],
    request: z.object({
      DomainName: typedDomainSchema,
      /** The publisher the domain is for: the caller when absent (an admin may name a publisher). */
      BoundUser: idSchema.nullable().optional(),
      /** Admin only: a domain available to every publisher (the admin screen sends true). */
      isInternal: z.boolean().optional(),
    }),
    response: domainSchema,
  }),
  deleteDomain: defineCall({
    path: '/domains/deleteDomain',
    method: 'POST',
    summary:
      'Delete a domain (its owner, or an admin); refused (CONFLICT) while taken offers that are not deleted use it',
    spec: 'A, D',
    callers: ['publisher', 'admin'],
    request: z.object({ ID: idSchema, BoundUser: idSchema.nullable().optional() }),
    response: z.null(),
  }),
  editDomain: defineCall({
    path: '/domains/editDomain',
    method: 'POST',
    summary: 'Rename a domain (its owner, or an admin); other fields of the sent record are ignored',
    spec: 'A, D',
    callers: ['publisher', 'admin'],
    request: z.object({
      ID: idSchema,
      DomainName: typedDomainSchema,
      BoundUser: idSchema.nullable().optional(),
    }),
    response: domainSchema,
  }),
  getDomainByID: defineCall({
    path: '/domains/getDomainByID',
    method: 'POST',
    summary: 'One domain (its owner, or an admin)',
    spec: 'A',
    callers: ['publisher', 'admin'],
    request: byIdRequest,
    response: domainSchema,
  }),
  getDomains: defineCall({
    path: '/domains/getDomains',
    method: 'POST',
    summary:
      "The publisher's own domains, then the internal ones unless showInternal is false (offer page picker; at most 500)",
    spec: 'D',
    callers: ['publisher'],
    request: z.object({
      BoundUser: idSchema.optional(),
      showInternal: z.boolean().default(true),
      /** The offer being taken, when called from the offer page. */
      ID: idSchema.optional(),
    }),
    response: z.array(domainSchema),
  }),
  getDomainsForUser: defineCall({
    path: '/domains/getDomainsForUser',
    method: 'POST',
    summary:
      "A publisher's domains (filters, 20 a page), with the internal ones after them when showInternal; the publisher's own, or any publisher's for staff",
    spec: 'D',
    callers: ['publisher', 'staff', 'publisherManager'],
    request: z.object({
      /** The publisher whose domains to list; the session user when absent. */
      ID: idSchema.optional(),
      paginationOffset: paginationOffsetSchema,
      Filters: filtersSchema,
      showInternal: z.boolean().default(false),
      limit: limitSchema,
    }),
    response: listAnswer(domainSchema),
  }),
  getInternalDomains: defineCall({
    path: '/domains/getInternalDomains',
    method: 'POST',
    summary: 'Internal domains list (filters, 20 a page)',
    spec: 'A',
    callers: ['admin'],
    request: z.object(pagedListQuery),
    response: listAnswer(domainSchema),
  }),
};
