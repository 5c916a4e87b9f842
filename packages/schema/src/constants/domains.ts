import { MESSAGES } from './errors.ts';
import type { FilterFieldSpec } from './filters.ts';
import { DOMAIN_LIST, listFilterFields } from './lists.ts';

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

/** Filterable fields of the domain lists, from the list's declaration. */
export const DOMAIN_FILTER_FIELDS: readonly FilterFieldSpec[] = listFilterFields(DOMAIN_LIST);
