import type { DbOrTx } from '@leadmesh/db';
import { newSigningSecret } from '@leadmesh/net';
import { signingSecrets } from '@leadmesh/schema/tables';
import { eq } from 'drizzle-orm';
import type { SecretBox } from './secret-box.ts';

/** How long the previous secret keeps signing after a rotation, so receivers can switch at leisure. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

const owner = (userId: number) => `signing-secret:${userId}`;

/**
 * Opened secrets by box, owner and sealed text, so a busy worker does not decrypt the same secret
 * for every postback. Keyed by the sealed text: a rotation writes a new one, so nothing stale is
 * ever served. Bounded; cleared when full.
 */
const opened = new WeakMap<SecretBox, Map<string, string>>();
const OPENED_MAX = 10_000;
function open(box: SecretBox, sealed: string, userId: number): string {
  let cache = opened.get(box);
  if (!cache) {
    cache = new Map();
    opened.set(box, cache);
  }
  const key = `${userId}\n${sealed}`;
  let plain = cache.get(key);
  if (plain === undefined) {
    plain = box.open(sealed, owner(userId));
    if (cache.size >= OPENED_MAX) cache.clear();
    cache.set(key, plain);
  }
  return plain;
}

/**
 * The secrets a user's postbacks are signed with right now: the current one, plus the previous one
 * while a rotation's overlap lasts. A user without a secret gets one here ("created on first
 * need"); it is shown to nobody until the owner rotates it (`rotateSigningSecret`).
 */
export async function signingSecretsFor(
  db: DbOrTx,
  box: SecretBox,
  userId: number,
  now: Date = new Date(),
): Promise<string[]> {
  let [row] = await db.select().from(signingSecrets).where(eq(signingSecrets.UserID, userId)).limit(1);
  if (!row) {
    // Two workers may race here: the first insert wins and both read it back.
    await db
      .insert(signingSecrets)
      .values({ UserID: userId, Current: box.seal(newSigningSecret(), owner(userId)), createdAt: now })
      .onConflictDoNothing();
    [row] = await db.select().from(signingSecrets).where(eq(signingSecrets.UserID, userId)).limit(1);
  }
  return signingNow(box, row, userId, now);
}

/** The current secret of a row, and the previous one while its overlap lasts, opened. */
function signingNow(
  box: SecretBox,
  row: typeof signingSecrets.$inferSelect,
  userId: number,
  now: Date,
): string[] {
  const secrets = [open(box, row.Current, userId)];
  if (row.Previous && row.PreviousUntil && row.PreviousUntil.getTime() > now.getTime()) {
    secrets.push(open(box, row.Previous, userId));
  }
  return secrets;
}

/**
 * The secrets a user's postbacks are signed with right now, for checking a signature (the postback
 * inspector): like `signingSecretsFor`, but a user without a secret gets none made (an empty list).
 */
export async function currentSigningSecrets(
  db: DbOrTx,
  box: SecretBox,
  userId: number,
  now: Date = new Date(),
): Promise<string[]> {
  const [row] = await db.select().from(signingSecrets).where(eq(signingSecrets.UserID, userId)).limit(1);
  return row ? signingNow(box, row, userId, now) : [];
}

export interface RotatedSecret {
  /** The new secret in clear: answered to its owner once, never stored in clear or logged. */
  secret: string;
  createdAt: Date;
  /** Until when the previous secret still signs; null when there was none. */
  previousValidUntil: Date | null;
}

/**
 * Makes a new current secret; the old current one keeps signing for `overlapMs`. A second rotation
 * within the overlap drops the oldest secret. Run it inside the caller's transaction.
 */
export async function rotateSigningSecret(
  tx: DbOrTx,
  box: SecretBox,
  userId: number,
  now: Date = new Date(),
  overlapMs: number = ROTATION_OVERLAP_MS,
): Promise<RotatedSecret> {
  const secret = newSigningSecret();
  const sealed = box.seal(secret, owner(userId));
  const [row] = await tx.select().from(signingSecrets).where(eq(signingSecrets.UserID, userId)).limit(1);
  if (!row) {
    await tx.insert(signingSecrets).values({ UserID: userId, Current: sealed, createdAt: now });
    return { secret, createdAt: now, previousValidUntil: null };
  }
  const previousValidUntil = new Date(now.getTime() + overlapMs);
  await tx
    .update(signingSecrets)
    // createdAt tells when the current secret was made.
    .set({ Current: sealed, Previous: row.Current, PreviousUntil: previousValidUntil, createdAt: now })
    .where(eq(signingSecrets.UserID, userId));
  return { secret, createdAt: now, previousValidUntil };
}

export interface SigningSecretInfo {
  exists: boolean;
  /** When the current secret was made. */
  createdAt: Date | null;
  /** While a rotation's overlap lasts: until when the previous secret still signs. */
  previousValidUntil: Date | null;
}

/** What the owner may know about their secret without seeing it. */
export async function signingSecretInfo(
  db: DbOrTx,
  userId: number,
  now: Date = new Date(),
): Promise<SigningSecretInfo> {
  const [row] = await db
    .select({
      createdAt: signingSecrets.createdAt,
      Previous: signingSecrets.Previous,
      PreviousUntil: signingSecrets.PreviousUntil,
    })
    .from(signingSecrets)
    .where(eq(signingSecrets.UserID, userId))
    .limit(1);
  if (!row) return { exists: false, createdAt: null, previousValidUntil: null };
  const overlapping = row.Previous && row.PreviousUntil && row.PreviousUntil.getTime() > now.getTime();
  return {
    exists: true,
    createdAt: row.createdAt,
    previousValidUntil: overlapping ? row.PreviousUntil : null,
  };
}
