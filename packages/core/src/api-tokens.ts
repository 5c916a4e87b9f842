import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '@leadmesh/db';
import { apiTokens } from '@leadmesh/schema/tables';
import { eq, isNull } from 'drizzle-orm';
import type { SecretBox } from './secrets.ts';

/** The secret box context of API tokens: a sealed token copied into another field does not open. */
const API_TOKEN_CONTEXT = 'apiToken';

/** What `/intake/leads` looks a bearer token up by. */
export const hashApiToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token: `lm_` and 32 random bytes, URL-safe (fits the bearer header's character range). */
export const newApiToken = (): string => `lm_${randomBytes(32).toString('base64url')}`;

/** The stored columns of a token value: sealed for View token, hashed for lookups. */
export const apiTokenColumns = (box: SecretBox, token: string) => ({
  Token: box.seal(token, API_TOKEN_CONTEXT),
  TokenHash: hashApiToken(token),
});

/** The token value of a stored row (View token). */
export const openApiToken = (box: SecretBox, stored: string): string => box.open(stored, API_TOKEN_CONTEXT);

/**
 * Seals and hashes tokens written before tokens were hashed (their value in plain text, no hash).
 * Idempotent and cheap (a handful of rows, once); the API and the worker run it at start.
 */
export async function sealLegacyApiTokens(db: DbOrTx, box: () => SecretBox): Promise<number> {
  const legacy = await db
    .select({ ID: apiTokens.ID, Token: apiTokens.Token })
    .from(apiTokens)
    .where(isNull(apiTokens.TokenHash));
  if (legacy.length === 0) return 0;
  const opened = box();
  for (const row of legacy) {
    await db.update(apiTokens).set(apiTokenColumns(opened, row.Token)).where(eq(apiTokens.ID, row.ID));
  }
  return legacy.length;
}
