import { ApiError } from '@leadmesh/core';
import { type Db, hashPassword, verifyPassword } from '@leadmesh/db';
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MINUTES } from '@leadmesh/schema';
import { contactMessages, passwordResetCodes, sessions, users } from '@leadmesh/schema/tables';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomDigits, sha256 } from '../../lib/crypto.ts';
import { audit } from '../../lib/logs.ts';
import { queueMail } from '../../lib/mail.ts';
import type { GeoLookup } from '../../lib/traffic/geo.ts';

/** Verified against when the user does not exist, so a wrong username costs the same time as a wrong password. */
let dummyHash: Promise<string> | null = null;

/** The account a login names: by username or e-mail, either regardless of case. */
export async function findLoginAccount(
  db: Db,
  login: string,
): Promise<{ ID: number; PasswordHash: string } | null> {
  const name = login.trim().toLowerCase();
  const [user] = await db
    .select({ ID: users.ID, PasswordHash: users.PasswordHash })
    .from(users)
    .where(sql`lower(${users.Username}) = ${name} or lower(${users.Email}) = ${name}`)
    .limit(1);
  return user ?? null;
}

/** Checks the password of an account (or burns the same time when there is none). */
export async function passwordMatches(
  account: { PasswordHash: string } | null,
  password: string,
): Promise<boolean> {
  if (!account) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(password, await dummyHash);
    return false;
  }
  return verifyPassword(password, account.PasswordHash);
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const userByEmail = (db: Db, address: string) =>
  db.select({ ID: users.ID }).from(users).where(sql`lower(${users.Email}) = ${address}`).limit(1);

/**
 * Mails a reset code when the e-mail belongs to a user. Earlier unused codes are burnt, so
 * only the newest works. Says nothing about whether the e-mail exists.
 */
export async function sendResetCode(db: Db, input: { Email: string; now: number }): Promise<void> {
  const address = normalizeEmail(input.Email);
  const [user] = await userByEmail(db, address);
  if (!user) return;
  const code = randomDigits(8);
  const codeHash = sha256(`${user.ID}:${code}`);
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date(input.now) })
      .where(and(eq(passwordResetCodes.UserID, user.ID), isNull(passwordResetCodes.usedAt)));
    await tx.insert(passwordResetCodes).values({
      UserID: user.ID,
      CodeHash: codeHash,
      expiresAt: new Date(input.now + RESET_CODE_TTL_MINUTES * 60_000),
    });
    await queueMail(tx, {
      to: address,
      template: 'password-reset',
      subject: 'Your Leadmesh password reset code',
      text: `Your password reset code is ${code}\n\nIt is valid for ${RESET_CODE_TTL_MINUTES} minutes and works once. If you did not ask for it, ignore this mail: your password stays as it is.`,
    });
  });
}

const invalidCode = () =>
  new ApiError('INVALID_RESET_CODE', { field: 'Token', message: 'The code is wrong or has expired' });

/**
 * Sets a new password with a mailed code: valid 15 minutes, single use, at most
 * RESET_CODE_MAX_ATTEMPTS wrong tries. Every session of the user ends.
 */
export async function resetPassword(
  db: Db,
  input: { Email: string; Token: string; NewPassword: string; now: number },
): Promise<void> {
  const { now } = input;
  const [user] = await userByEmail(db, normalizeEmail(input.Email));
  if (!user) throw invalidCode();
  const [active] = await db
    .select()
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.UserID, user.ID),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, new Date(now)),
      ),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  if (!active) throw invalidCode();

  const matches = active.CodeHash === sha256(`${user.ID}:${input.Token.trim()}`);
  if (!matches) {
    const attempts = active.Attempts + 1;
    await db
      .update(passwordResetCodes)
      .set({ Attempts: attempts, usedAt: attempts >= RESET_CODE_MAX_ATTEMPTS ? new Date(now) : null })
      .where(eq(passwordResetCodes.ID, active.ID));
    throw invalidCode();
  }

  const hash = await hashPassword(input.NewPassword);
  await db.transaction(async (tx) => {
    // Guarded by usedAt IS NULL so two requests racing with the same code cannot both win.
    const claimed = await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResetCodes.ID, active.ID), isNull(passwordResetCodes.usedAt)))
      .returning({ ID: passwordResetCodes.ID });
    if (claimed.length === 0) throw invalidCode();
    await tx.update(users).set({ PasswordHash: hash }).where(eq(users.ID, user.ID));
    await endSessionsOf(tx, user.ID);
    await audit(tx, 'password.reset', { user: user.ID }, user.ID);
  });
}

/** Ends every session of a user except, when given, the one making the change. The one place sessions end in bulk. */
export async function endSessionsOf(
  tx: Pick<Db, 'delete'>,
  userId: number,
  keepIdHash?: string | null,
): Promise<void> {
  await tx
    .delete(sessions)
    .where(
      keepIdHash
        ? and(eq(sessions.UserID, userId), sql`${sessions.IDHash} <> ${keepIdHash}`)
        : eq(sessions.UserID, userId),
    );
}

export interface ContactInput {
  Name: string;
  EMail: string;
  Message?: string | null;
  City?: string | null;
  date?: string | null;
}

export const CONTACT_INBOX = 'hello@leadmesh.example';

/** Stores a Get-in-touch message or a conference meeting request and mails it to the team. */
export async function submitContact(db: Db, input: ContactInput): Promise<void> {
  const meeting = Boolean(input.City);
  if (meeting && !input.date)
    throw new ApiError('VALIDATION_ERROR', { field: 'date', message: 'Please choose a time' });
  if (!meeting && !input.Message) {
    throw new ApiError('VALIDATION_ERROR', { field: 'Message', message: 'Please write a message' });
  }
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      Kind: meeting ? 'meeting' : 'contact',
      Name: input.Name,
      EMail: input.EMail,
      Message: input.Message ?? null,
      City: input.City ?? null,
      MeetingTime: input.date ?? null,
    });
    await queueMail(tx, {
      to: CONTACT_INBOX,
      template: meeting ? 'meeting' : 'contact',
      subject: meeting
        ? `Meeting request in ${input.City} from ${input.Name}`
        : `Get in touch: ${input.Name}`,
      text: meeting
        ? `${input.Name} <${input.EMail}> asks to meet at the ${input.City} conference, at: ${input.date}\n\n${input.Message ?? ''}`
        : `${input.Name} <${input.EMail}> wrote:\n\n${input.Message}`,
    });
  });
}

/**
 * Keeps where a login came from on the user (LastKnownLocation: country and city from the offline
 * GeoIP database, and the time). An address the database does not place (private, unknown) keeps
 * the last known location.
 */
export async function recordLoginLocation(
  db: Db,
  geo: GeoLookup,
  userId: number,
  ip: string | null,
  now: number,
): Promise<void> {
  const where = ip ? geo.lookup(ip) : null;
  if (!where?.countryCode) return;
  await db
    .update(users)
    .set({
      LastKnownLocation: {
        country: where.countryCode,
        ...(where.city ? { city: where.city } : {}),
        at: new Date(now).toISOString(),
      },
    })
    .where(eq(users.ID, userId));
}
