import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { MESSAGES } from '../constants/errors.ts';
import { domains } from '../tables/domains.ts';
import {
  defineCall,
  filtersSchema,
  idSchema,
  limitSchema,
  listAnswer,
  paginationOffsetSchema,
} from './define.ts';

const domainRow = createSelectSchema(domains);

/** A domain as every caller sees it; DomainName carries its http:// prefix (dashboards §3). */
export const domainSchema = domainRow.pick({ ID: true, DomainName: true, BoundUser: true, isInternal: true });
export type Domain = z.infer<typeof domainSchema>;

/** A host name: dot-separated labels ending in a letter TLD or an IDN (xn--) TLD. */
const HOST_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The host part of what was typed: without scheme, trailing slashes or case. */
export function bareDomainHost(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** Whether a typed domain (with or without http:// or https://) is a valid host name. */
export function isValidDomainName(value: string): boolean {
  return HOST_PATTERN.test(bareDomainHost(value));
}

/** The stored form of a valid domain: `http://` plus the lower-case host. */
const toStoredDomain = (value: string) => `http://${bareDomainHost(value)}`;

/** DomainName on add (admin §5): not empty, then a valid address; answered in its stored form. */
export const newDomainNameSchema = z
  .string()
  .trim()
  .min(1, { error: MESSAGES.domainNameEmpty, abort: true })
  .max(300, { error: MESSAGES.domainNotValid, abort: true })
  .refine(isValidDomainName, MESSAGES.domainNotValid)
  .transform(toStoredDomain);

/** DomainName on edit (admin §5, dashboards §5): non-empty with a dot, and a valid address. */
export const editedDomainNameSchema = z
  .string()
  .trim()
  .max(300, { error: MESSAGES.domainWriteCorrectly, abort: true })
  .refine((v) => v.includes('.') && isValidDomainName(v), MESSAGES.domainWriteCorrectly)
  .transform(toStoredDomain);

/** Publishers' own domains and the internal domains every publisher may use. */
export const domainCalls = {
  addDomain: defineCall({
    path: '/domains/addDomain',
    method: 'POST',
    summary: 'Add a domain: a verified publisher for themself, or an admin an internal one (isInternal true)',
    spec: 'A, D',
    callers: ['publisher', 'admin'],
    request: z.object({
      DomainName: newDomainNameSchema,
      BoundUser: idSchema.nullable().optional(),
      /** Admin only: a domain available to every publisher. */
      isInternal: z.boolean().optional(),
    }),
    response: domainSchema,
  }),
  deleteDomain: defineCall({
    path: '/domains/deleteDomain',
    method: 'POST',
    summary: 'Delete a domain (its owner, or an admin); taken offers on it lose their domain',
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
      DomainName: editedDomainNameSchema,
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
    request: z.object({ ID: idSchema }),
    response: domainSchema,
  }),
  getDomains: defineCall({
    path: '/domains/getDomains',
    method: 'POST',
    summary: "The publisher's own domains, plus the internal ones with showInternal (offer page picker)",
    spec: 'D',
    callers: ['publisher'],
    request: z.object({
      BoundUser: idSchema.optional(),
      showInternal: z.boolean().default(false),
      /** The offer being taken, when called from the offer page. */
      ID: idSchema.optional(),
    }),
    response: z.array(domainSchema),
  }),
  getDomainsForUser: defineCall({
    path: '/domains/getDomainsForUser',
    method: 'POST',
    summary: "A publisher's domains (20 a page); the publisher's own, or any publisher's for staff",
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
    request: z.object({
      paginationOffset: paginationOffsetSchema,
      Filters: filtersSchema,
      limit: limitSchema,
    }),
    response: listAnswer(domainSchema),
  }),
};
