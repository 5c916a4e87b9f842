import { ApiError, type Caller, forbidden, hashApiToken } from '@leadmesh/core';
import type { Db } from '@leadmesh/db';
import type { ApiTokenFlag, Credential } from '@leadmesh/schema';
import { type CrmRow, crms } from '@leadmesh/schema/tables';
import type { Client } from '@libsql/client';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { safeEqual } from './crypto.ts';

/**
 * What each credential proves, as the handler receives it (`ctx.proof`). The signed click's proof
 * is added by the feature that checks it (`declare module`, features/intake/landing-order.ts).
 */
export interface Proofs {
  session: Caller | null;
  /** The user the API token acts for. */
  apiToken: { userId: number };
  /** The CRM whose callback token the path carries. */
  crmToken: { crm: CrmRow };
  none: null;
}
export type ProofOf<K extends Credential> = K extends keyof Proofs ? Proofs[K] : never;

export const TOKEN_MESSAGES = {
  noToken: 'A valid API token is required (Authorization: Bearer <token>)',
  mayNot: {
    canSendLeads: 'This API token may not send leads (it needs the canSendLeads flag)',
    canReadLeads: 'This API token may not read leads (it needs the canReadLeads flag)',
  } satisfies Record<ApiTokenFlag, string>,
} as const;

/**
 * The user an `Authorization: Bearer` token acts for, when it holds `flag`: one indexed row read
 * with plain SQL (intake is the hot path; drizzle's builder cost more than the lookup).
 */
export async function apiTokenProof(
  c: Context<AppEnv>,
  db: Db,
  flag: ApiTokenFlag,
): Promise<Proofs['apiToken']> {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+([\x21-\x7e]{16,200})$/i.exec(header.trim());
  if (!match) throw new ApiError('NOT_LOGGED_IN', { message: TOKEN_MESSAGES.noToken });
  const { rows } = await (db as Db & { $client: Client }).$client.execute({
    sql: 'select user_id, flags from api_tokens where token_hash = ? limit 1',
    args: [hashApiToken(match[1])],
  });
  const token = rows[0] as unknown as { user_id: number; flags: string } | undefined;
  if (!token) throw new ApiError('NOT_LOGGED_IN', { message: TOKEN_MESSAGES.noToken });
  let flags: Record<string, unknown> = {};
  try {
    flags = JSON.parse(token.flags) as Record<string, unknown>;
  } catch {
    // unreadable flags allow nothing
  }
  if (flags[flag] !== true) throw forbidden(TOKEN_MESSAGES.mayNot[flag]);
  return { userId: Number(token.user_id) };
}

/** Compared against when the CRM does not exist, so both refusals take the same time. */
const NO_TOKEN = 'x'.repeat(43);

/** The CRM `crmId` names, when `token` is its callback token (constant-time); else null. */
export async function crmByCallbackToken(db: Db, crmId: number, token: string): Promise<CrmRow | null> {
  const [crm] = Number.isSafeInteger(crmId)
    ? await db.select().from(crms).where(eq(crms.ID, crmId)).limit(1)
    : [];
  const tokenOk = safeEqual(crm?.callbackToken ?? NO_TOKEN, token);
  return crm && tokenOk ? crm : null;
}

/** The CRM callback's credential: `{crmId}` and `{token}` of the path; 403 for anything else. */
export async function crmTokenProof(c: Context<AppEnv>, db: Db): Promise<Proofs['crmToken']> {
  // A CRM retrying a refused callback must not be answered from a cache.
  c.header('cache-control', 'no-store');
  const crm = await crmByCallbackToken(db, Number(c.req.param('crmId')), c.req.param('token') ?? '');
  if (!crm) throw forbidden('Unknown CRM or wrong callback token');
  return { crm };
}
