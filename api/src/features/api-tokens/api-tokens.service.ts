import {
  ApiError,
  apiTokenColumns,
  type Caller,
  newApiToken,
  notFound,
  openApiToken,
  type SecretBox,
} from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import { API_TOKEN_FLAGS, type ApiToken, type FilterItem, MESSAGES } from '@leadmesh/schema';
import { API_TOKEN_LIST } from '@leadmesh/schema/constants';
import { apiTokens, users } from '@leadmesh/schema/tables';
import { desc, eq } from 'drizzle-orm';
import { buildFilterWhere, listWhitelist, pageOf } from '../../lib/list-engine.ts';
import { audit } from '../../lib/logs.ts';

const KNOWN_FLAGS = new Set<string>(API_TOKEN_FLAGS.map((f) => f.name));

const toApiToken = (row: typeof apiTokens.$inferSelect): ApiToken => ({
  ID: row.ID,
  Name: row.Name,
  UserID: row.UserID,
  Flags: row.Flags,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Creates a token acting for a user with the flags granted (unknown flags are refused, so a typo
 * never grants nothing silently). The answer carries the value; it is stored sealed and hashed.
 */
export async function addApiToken(
  db: Db,
  box: SecretBox,
  caller: Caller,
  input: { Name: string; UserID: number; Flags: Record<string, boolean> },
): Promise<ApiToken & { Token: string }> {
  const unknown = Object.keys(input.Flags).filter((name) => !KNOWN_FLAGS.has(name));
  if (unknown.length) {
    throw new ApiError('VALIDATION_ERROR', {
      field: 'Flags',
      message: `Unknown flag: ${unknown.join(', ')}`,
    });
  }
  const token = newApiToken();
  const row = await db.transaction(async (tx) => {
    const [user] = await tx.select({ ID: users.ID }).from(users).where(eq(users.ID, input.UserID)).limit(1);
    if (!user) throw new ApiError('VALIDATION_ERROR', { field: 'UserID', message: MESSAGES.tokenUserEmpty });
    const [created] = await tx
      .insert(apiTokens)
      .values({ Name: input.Name, UserID: input.UserID, Flags: input.Flags, ...apiTokenColumns(box, token) })
      .returning();
    const granted = Object.keys(input.Flags).filter((name) => input.Flags[name]);
    await audit(
      tx,
      'api-token.created',
      { token: created.ID, user: input.UserID, flags: granted.join(',') || 'none' },
      caller,
    );
    return created;
  });
  return { ...toApiToken(row), Token: token };
}

export const API_TOKEN_FIELDS = listWhitelist(API_TOKEN_LIST, {
  ID: apiTokens.ID,
  Name: apiTokens.Name,
  UserID: apiTokens.UserID,
  createdAt: apiTokens.createdAt,
});

/** Newest first, 20 a page, without the values. */
export async function listApiTokens(
  db: Db,
  input: { offset: number; filters: FilterItem[] },
): Promise<ApiToken[]> {
  const page = pageOf(input.offset, undefined);
  const rows = await db
    .select()
    .from(apiTokens)
    .where(buildFilterWhere(input.filters, API_TOKEN_FIELDS))
    .orderBy(desc(apiTokens.ID))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toApiToken);
}

/** View token: the value, for an admin; each viewing is logged (who, which token, never the value). */
export async function getToken(
  db: Db,
  box: SecretBox,
  caller: Caller,
  input: { ID: number },
): Promise<{ ID: number; Token: string }> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.ID, input.ID)).limit(1);
  if (!row) throw notFound('API token not found');
  await audit(db, 'api-token.viewed', { token: row.ID }, caller);
  return { ID: row.ID, Token: openApiToken(box, row.Token) };
}

/** Revokes a token: the next request carrying it is refused. */
export async function removeApiToken(db: Db, caller: Caller, input: { ID: number }): Promise<null> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(apiTokens)
      .where(eq(apiTokens.ID, input.ID))
      .returning({ ID: apiTokens.ID });
    if (!removed.length) throw notFound('API token not found');
    await audit(tx, 'api-token.removed', { token: input.ID }, caller);
  });
  return null;
}
