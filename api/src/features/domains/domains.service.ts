import { ApiError, type Caller, forbidden, notFound, validationError } from '@leadmesh/core';
import type { Db, DbOrTx } from '@leadmesh/db';
import { checkDomainName, type Domain, type DomainFormMode, type FilterItem } from '@leadmesh/schema';
import { DOMAIN_LIST } from '@leadmesh/schema/constants';
import { type DomainRow, domains, takenOffers, users } from '@leadmesh/schema/tables';
import { and, asc, count, desc, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import { buildFilterWhere, listWhitelist, pageOf } from '../../lib/list-engine.ts';
import { audit } from '../../lib/logs.ts';

/** Filter whitelist of the domain lists (admin §2, Admin internal domains). */
export const DOMAIN_LIST_FIELDS = listWhitelist(DOMAIN_LIST, {
  ID: domains.ID,
  DomainName: domains.DomainName,
});

/** A publisher's own domains plus the internal ones (picker and lists): at most this many. */
const PICKER_MAX = 500;

const toDomain = (row: DomainRow): Domain => ({
  ID: row.ID,
  DomainName: row.DomainName,
  BoundUser: row.BoundUser,
  isInternal: row.isInternal,
});

/** The owner of the domain the input names, for the binding's ownership rule (internal domains have none). */
export async function domainOwner(db: Db, input: { ID: number }) {
  const [row] = await db
    .select({ BoundUser: domains.BoundUser })
    .from(domains)
    .where(eq(domains.ID, input.ID))
    .limit(1);
  return row ? { userId: row.BoundUser } : null;
}

async function findDomain(db: DbOrTx, id: number): Promise<DomainRow> {
  const [row] = await db.select().from(domains).where(eq(domains.ID, id)).limit(1);
  if (!row) throw notFound('Domain not found');
  return row;
}

function checkedName(value: string | null | undefined, mode: DomainFormMode): string {
  const result = checkDomainName(value, mode);
  if (!result.ok) throw validationError('DomainName', result.message);
  return result.stored;
}

const sameOwner = (owner: number | null) =>
  owner === null
    ? eq(domains.isInternal, true)
    : and(eq(domains.BoundUser, owner), eq(domains.isInternal, false));

/** One owner (a publisher, or "internal") holds a domain name once. */
async function refuseDuplicate(tx: DbOrTx, name: string, owner: number | null, exceptId = 0) {
  const [taken] = await tx
    .select({ ID: domains.ID })
    .from(domains)
    .where(and(eq(domains.DomainName, name), sameOwner(owner), ne(domains.ID, exceptId)))
    .limit(1);
  if (taken) throw new ApiError('CONFLICT', { field: 'DomainName', message: 'This domain is already added' });
}

/**
 * Adds a domain (admin §5, dashboards §5). A publisher adds their own; an admin adds an internal
 * one (isInternal: every publisher may use it) or one for a publisher they name. The host is typed
 * without a scheme and stored as `http://host`; internal domains answer admin §5's messages, the
 * others 'Please write your domain correctly 2'.
 */
export async function addDomain(
  db: Db,
  caller: Caller,
  input: { DomainName?: string | null; BoundUser?: number | null; isInternal?: boolean },
): Promise<Domain> {
  const internal = input.isInternal === true;
  if (internal && !caller.user.isAdmin) throw forbidden('Only an admin adds internal domains');
  const name = checkedName(input.DomainName, internal ? 'adminAdd' : 'publisherAdd');
  const owner = internal ? null : (input.BoundUser ?? caller.user.ID);
  const row = await db.transaction(async (tx) => {
    if (owner !== null && owner !== caller.user.ID) {
      const [user] = await tx.select({ ID: users.ID }).from(users).where(eq(users.ID, owner)).limit(1);
      if (!user) throw notFound('User not found');
    }
    await refuseDuplicate(tx, name, owner);
    const [created] = await tx
      .insert(domains)
      .values({ DomainName: name, BoundUser: owner, isInternal: internal })
      .returning();
    if (owner !== caller.user.ID) {
      await audit(tx, 'domain.added', { domain: created.ID, name, owner: owner ?? 'internal' }, caller);
    }
    return created;
  });
  return toDomain(row);
}

/** Renames a domain (its owner, or an admin; checked where the call is bound): 'Please write your domain correctly 2'. */
export async function editDomain(
  db: Db,
  caller: Caller,
  input: { ID: number; DomainName?: string | null },
): Promise<Domain> {
  const name = checkedName(input.DomainName, 'edit');
  const row = await db.transaction(async (tx) => {
    const current = await findDomain(tx, input.ID);
    await refuseDuplicate(tx, name, current.isInternal ? null : current.BoundUser, current.ID);
    const [updated] = await tx
      .update(domains)
      .set({ DomainName: name })
      .where(eq(domains.ID, current.ID))
      .returning();
    if (current.BoundUser !== caller.user.ID) {
      await audit(tx, 'domain.renamed', { domain: current.ID, from: current.DomainName, to: name }, caller);
    }
    return updated;
  });
  return toDomain(row);
}

/**
 * Deletes a domain. Refused while a taken offer that is not deleted uses it: its tracking link
 * would lose the domain its pages are served on (decision 0010). Deleted taken offers let go of it.
 */
export async function deleteDomain(db: Db, caller: Caller, input: { ID: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findDomain(tx, input.ID);
    const [used] = await tx
      .select({ n: count() })
      .from(takenOffers)
      .where(and(eq(takenOffers.BoundDomain, current.ID), isNull(takenOffers.deletedAt)));
    if (used.n > 0) {
      throw new ApiError('CONFLICT', {
        field: 'ID',
        message: `This domain is used by ${used.n} taken offer${used.n === 1 ? '' : 's'}; delete ${used.n === 1 ? 'it' : 'them'} first`,
      });
    }
    await tx.delete(domains).where(eq(domains.ID, current.ID));
    if (current.BoundUser !== caller.user.ID) {
      await audit(tx, 'domain.deleted', { domain: current.ID, name: current.DomainName }, caller);
    }
  });
}

export async function getDomainByID(db: Db, _caller: Caller, input: { ID: number }): Promise<Domain> {
  return toDomain(await findDomain(db, input.ID));
}

/** A user's own domains, and the internal ones when asked, own first. */
function ownAndInternal(userId: number, showInternal: boolean): SQL {
  const own = and(eq(domains.BoundUser, userId), eq(domains.isInternal, false)) as SQL;
  return showInternal ? (or(own, eq(domains.isInternal, true)) as SQL) : own;
}

/** The offer page's domain picker: the publisher's own domains, then the internal ones (dashboards §2). */
export async function getDomains(
  db: Db,
  caller: Caller,
  input: { BoundUser?: number; showInternal: boolean },
): Promise<Domain[]> {
  const rows = await db
    .select()
    .from(domains)
    .where(ownAndInternal(input.BoundUser ?? caller.user.ID, input.showInternal))
    .orderBy(asc(domains.isInternal), asc(domains.DomainName))
    .limit(PICKER_MAX);
  return rows.map(toDomain);
}

interface ListInput {
  paginationOffset: number;
  Filters: FilterItem[];
  limit?: number;
}

/** A publisher's domains (the domains screen), newest first, the internal ones after them when asked. */
export async function getDomainsForUser(
  db: Db,
  caller: Caller,
  input: ListInput & { ID?: number; showInternal: boolean },
): Promise<Domain[]> {
  const page = pageOf(input.paginationOffset, input.limit);
  const rows = await db
    .select()
    .from(domains)
    .where(
      and(
        ownAndInternal(input.ID ?? caller.user.ID, input.showInternal),
        buildFilterWhere(input.Filters, DOMAIN_LIST_FIELDS),
      ),
    )
    .orderBy(asc(domains.isInternal), desc(domains.ID))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toDomain);
}

/** admin-domains: the internal domains, newest first. */
export async function getInternalDomains(db: Db, _caller: Caller, input: ListInput): Promise<Domain[]> {
  const page = pageOf(input.paginationOffset, input.limit);
  const rows = await db
    .select()
    .from(domains)
    .where(and(eq(domains.isInternal, true), buildFilterWhere(input.Filters, DOMAIN_LIST_FIELDS)))
    .orderBy(desc(domains.ID))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toDomain);
}
