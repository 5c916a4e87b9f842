import { hashPassword, verifyPassword } from '@leadmesh/db';
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MINUTES } from '@leadmesh/schema';
import { contactMessages, passwordResetCodes, sessions, users } from '@leadmesh/schema/tables';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context.ts';
import { randomDigits, sha256 } from '../../lib/crypto.ts';
import { ApiError } from '../../lib/errors.ts';
import { writeLog } from '../../lib/logs.ts';
import { dispatchMail, queueMail } from '../../lib/mail.ts';

/** Verified against when the user does not exist, so a wrong username costs the same time as a wrong password. */
let dummyHash: Promise<string> | null = null;

/** Finds the user by username or e-mail and checks the password; null when either is wrong. */
export async function authenticate(deps: AppDeps, login: string, password: string): Promise<number | null> {
  const [user] = await deps.db
    .select({ ID: users.ID, PasswordHash: users.PasswordHash })
    .from(users)
    .where(sql`${users.Username} = ${login} or ${users.Email} = ${login.toLowerCase()}`)
    .limit(1);
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, user.PasswordHash)) ? user.ID : null;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Mails a reset code when the e-mail belongs to a user. Earlier unused codes are burnt, so
 * only the newest works. Says nothing about whether the e-mail exists.
 */
export async function sendResetCode(deps: AppDeps, email: string): Promise<void> {
  const address = normalizeEmail(email);
  const [user] = await deps.db.select({ ID: users.ID }).from(users).where(eq(users.Email, address)).limit(1);
  if (!user) return;
  const code = randomDigits(8);
  const now = deps.now();
  const outboxId = await deps.db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResetCodes.UserID, user.ID), isNull(passwordResetCodes.usedAt)));
    await tx.insert(passwordResetCodes).values({
      UserID: user.ID,
      CodeHash: await sha256(`${user.ID}:${code}`),
      expiresAt: new Date(now + RESET_CODE_TTL_MINUTES * 60_000),
    });
    return queueMail(tx, {
      to: address,
      template: 'password-reset',
      subject: 'Your Leadmesh password reset code',
      text: `Your password reset code is ${code}\n\nIt is valid for ${RESET_CODE_TTL_MINUTES} minutes and works once. If you did not ask for it, ignore this mail: your password stays as it is.`,
    });
  });
  await dispatchMail(deps, [outboxId]);
}

const invalidCode = () =>
  new ApiError('INVALID_RESET_CODE', { field: 'Token', message: 'The code is wrong or has expired' });

/**
 * Sets a new password with a mailed code: valid 15 minutes, single use, at most
 * RESET_CODE_MAX_ATTEMPTS wrong tries. Every session of the user ends.
 */
export async function resetPassword(
  deps: AppDeps,
  email: string,
  code: string,
  newPassword: string,
): Promise<void> {
  const address = normalizeEmail(email);
  const now = deps.now();
  const [user] = await deps.db.select({ ID: users.ID }).from(users).where(eq(users.Email, address)).limit(1);
  if (!user) throw invalidCode();
  const [active] = await deps.db
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

  const matches = active.CodeHash === (await sha256(`${user.ID}:${code.trim()}`));
  if (!matches) {
    const attempts = active.Attempts + 1;
    await deps.db
      .update(passwordResetCodes)
      .set({ Attempts: attempts, usedAt: attempts >= RESET_CODE_MAX_ATTEMPTS ? new Date(now) : null })
      .where(eq(passwordResetCodes.ID, active.ID));
    throw invalidCode();
  }

  const hash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    // Guarded by usedAt IS NULL so two requests racing with the same code cannot both win.
    const claimed = await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResetCodes.ID, active.ID), isNull(passwordResetCodes.usedAt)))
      .returning({ ID: passwordResetCodes.ID });
    if (claimed.length === 0) throw invalidCode();
    await tx.update(users).set({ PasswordHash: hash }).where(eq(users.ID, user.ID));
    await tx.delete(sessions).where(eq(sessions.UserID, user.ID));
    await writeLog(tx, {
      level: 0,
      context: 'auth/resetPassword',
      text: `Password reset [user:${user.ID}]`,
      userId: user.ID,
    });
  });
}

/** Ends every other session of the user (after a password change). */
export async function endOtherSessions(
  deps: AppDeps,
  userId: number,
  keepIdHash: string | null,
): Promise<void> {
  await deps.db
    .delete(sessions)
    .where(
      keepIdHash
        ? and(eq(sessions.UserID, userId), ne(sessions.IDHash, keepIdHash))
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
export async function submitContact(deps: AppDeps, input: ContactInput): Promise<void> {
  const meeting = Boolean(input.City);
  if (meeting && !input.date)
    throw new ApiError('VALIDATION_ERROR', { field: 'date', message: 'Please choose a time' });
  if (!meeting && !input.Message) {
    throw new ApiError('VALIDATION_ERROR', { field: 'Message', message: 'Please write a message' });
  }
  const outboxId = await deps.db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      Kind: meeting ? 'meeting' : 'contact',
      Name: input.Name,
      EMail: input.EMail,
      Message: input.Message ?? null,
      City: input.City ?? null,
      MeetingTime: input.date ?? null,
    });
    return queueMail(tx, {
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
  await dispatchMail(deps, [outboxId]);
}
