import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { MESSAGES } from '../constants/errors.ts';
import type { FilterFieldSpec } from '../constants/filters.ts';
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

/** A host name: dot-separated labels of letters, digits and inner hyphens, ending in a letter TLD or an IDN (xn--) TLD. */
const HOST_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** What a typed domain may hold before it is read as a host: letters (any script), digits, dots, hyphens. */
const TYPED_HOST = /^[\p{L}\p{M}\p{N}.-]+$/u;

/** Who is adding or editing: the messages differ (admin §5, dashboards §5). */
export type DomainFormMode = 'adminAdd' | 'publisherAdd' | 'edit';

export type DomainNameCheck = { ok: true; stored: string } | { ok: false; message: string };

/**
 * The host of a typed domain, lower-case ASCII (an IDN becomes its xn-- form), or null when it is
 * not a plain host name: a scheme, port, path, user, space, IP address or trailing dot is refused.
 */
export function typedDomainHost(value: string): string | null {
  const text = value.trim();
  if (!TYPED_HOST.test(text)) return null;
  let host: string;
  try {
    host = new URL(`http://${text}`).hostname;
  } catch {
    return null;
  }
  return HOST_PATTERN.test(host) ? host : null;
}

/**
 * Checks a typed domain and gives its stored form, `http://` plus the host (decision 0010). The user
 * types the host only: a typed `http://` or `https://` is refused. Messages: an admin adding an
 * internal domain gets admin §5's ('Domain name can't be empty!', 'Domain is not valid!'); a
 * publisher adding, and everyone editing, get 'Please write your domain correctly 2' (dashboards §5).
 */
export function checkDomainName(value: string | null | undefined, mode: DomainFormMode): DomainNameCheck {
  const text = (value ?? '').trim();
  const invalid = mode === 'adminAdd' ? MESSAGES.domainNotValid : MESSAGES.domainWriteCorrectly;
  if (text === '')
    return {
      ok: false,
      message: mode === 'adminAdd' ? MESSAGES.domainNameEmpty : MESSAGES.domainWriteCorrectly,
    };
  if (!text.includes('.') || text.length > 300) return { ok: false, message: invalid };
  const host = typedDomainHost(text);
  return host ? { ok: true, stored: `http://${host}` } : { ok: false, message: invalid };
}

/** The host part of a domain as stored or typed: without scheme, trailing slashes or case. */
export function bareDomainHost(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** Whether a stored domain (`http://host`), or a host, names a valid host (for code reading stored rows, not forms). */
export function isValidDomainName(value: string): boolean {
  return typedDomainHost(bareDomainHost(value)) !== null;
}

/** The host of a stored domain (`http://example.com` → `example.com`). */
export function storedDomainHost(stored: string): string {
  return stored.replace(/^https?:\/\//i, '');
}

const typedDomainSchema = z
  .string()
  .max(1000)
  .nullable()
  .optional()
  .describe('The host only, e.g. "example.com" (no http://); stored as "http://example.com"');

/** Filterable fields of the domain lists (admin §2, Admin internal domains). */
export const DOMAIN_FILTER_FIELDS: readonly FilterFieldSpec[] = [
  { name: 'ID', friendlyName: 'ID', type: 'number' },
  { name: 'DomainName', friendlyName: 'Domain name', type: 'string' },
];

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
    request: z.object({ ID: idSchema }),
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
    request: z.object({
      paginationOffset: paginationOffsetSchema,
      Filters: filtersSchema,
      limit: limitSchema,
    }),
    response: listAnswer(domainSchema),
  }),
};
