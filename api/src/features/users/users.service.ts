import { ApiError, type Caller, forbidden, isStaffAccount, notFound, validationError } from '@leadmesh/core';
import { type Db, type DbOrTx, hashPassword, preparedOnce, verifyPassword } from '@leadmesh/db';
import {
  EMAIL_CHANGE_CODE_TTL_MINUTES,
  EMAIL_CHANGE_PAYMENT_HOLD_HOURS,
  type FilterItem,
  hasDigit,
  hasUnsafeCharacters,
  isCountryCode,
  isEmailAddress,
  MESSAGES,
  type PaymentMethod,
  RESET_CODE_MAX_ATTEMPTS,
  SIGN_UP_ERROR_MESSAGES,
  USERNAME_MIN_ADVERTISER,
  USERNAME_MIN_PUBLISHER,
  type User,
  type userCalls,
} from '@leadmesh/schema';
import { USER_LIST } from '@leadmesh/schema/constants';
import { emailChangeCodes, passwordResetCodes, type UserRow, users } from '@leadmesh/schema/tables';
import { and, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { randomDigits, randomToken, sha256 } from '../../lib/crypto.ts';
import { buildFilterWhere, listWhitelist, pageOf } from '../../lib/list-engine.ts';
import { audit } from '../../lib/logs.ts';
import { type OutgoingMail, queueMail } from '../../lib/mail.ts';
import type { PageCursors } from '../../lib/page-cursors.ts';
import { endSessionsOf } from '../auth/auth.service.ts';
import { toUser } from './users.mapper.ts';

type CreateUserInput = z.output<(typeof userCalls)['createUser']['request']>;
type EditUserInput = z.output<(typeof userCalls)['editUser']['request']>;

function parseWholeNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return /^\d{1,10}$/.test(text) ? Number(text) : null;
}

/** A first or last name: no digits (spec), and nothing that hides or reorders text. */
function checkName(field: 'FirstName' | 'LastName', value: string): void {
  if (hasDigit(value)) throw validationError(field, MESSAGES.removeNumbersFromName);
  if (hasUnsafeCharacters(value)) throw validationError(field, 'Names may not contain control characters');
}

const userExists = () =>
  new ApiError('USER_ALREADY_EXISTS', { message: SIGN_UP_ERROR_MESSAGES.USER_ALREADY_EXISTS });

const isUniqueViolation = (error: unknown) =>
  String((error as Error).message).includes('UNIQUE') ||
  String((error as { cause?: Error }).cause?.message).includes('UNIQUE');

/** Another account already uses this username or e-mail, whatever the case. */
async function nameTaken(db: DbOrTx, username: string | null, email: string, exceptId = 0): Promise<boolean> {
  const [taken] = await db
    .select({ ID: users.ID })
    .from(users)
    .where(
      sql`(${username === null ? sql`0` : sql`lower(${users.Username}) = ${username.toLowerCase()}`} or lower(${users.Email}) = ${email.toLowerCase()}) and ${users.ID} <> ${exceptId}`,
    )
    .limit(1);
  return Boolean(taken);
}

/** A sign-up's fields once checked and normalised: what the new user row is written from. */
interface SignUp {
  isAdvertiser: boolean;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  zip: number;
  experience: number;
}

/**
 * Sign-up (public §5, §8). The checks with their own error codes answer those codes;
 * the rest answer VALIDATION_ERROR with the field and the message the sign-up form shows.
 */
export async function createUser(db: Db, input: CreateUserInput): Promise<number> {
  const signUp = checkSignUp(input);
  if (await nameTaken(db, signUp.username, signUp.email)) throw userExists();
  let referredBy: number | null = null;
  if (input.refID) {
    const [referrer] = await db
      .select({ ID: users.ID })
      .from(users)
      .where(eq(users.RefCode, input.refID))
      .limit(1);
    referredBy = referrer?.ID ?? null;
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          Username: signUp.username,
          Email: signUp.email,
          PasswordHash: passwordHash,
          FirstName: signUp.firstName,
          LastName: signUp.lastName,
          Country: input.Country?.toUpperCase() ?? null,
          ZIP: signUp.zip,
          Experience: signUp.experience,
          ContactWhatsapp: input.ContactWhatsApp ?? null,
          ContactSkype: input.ContactSkype ?? null,
          ContactTelegram: input.ContactTelegram ?? null,
          ReferredByID: referredBy,
          RefCode: randomToken(6),
          isPublisherHidden: signUp.isAdvertiser,
          isRefferalEnabled: true,
        })
        .returning({ ID: users.ID });
      await audit(
        tx,
        'user.signed-up',
        { username: signUp.username, role: signUp.isAdvertiser ? 'advertiser' : 'publisher' },
        row.ID,
      );
      return row.ID;
    });
  } catch (error) {
    // Two sign-ups racing for one name: the unique (case-insensitive) index decides.
    if (isUniqueViolation(error)) throw userExists();
    throw error;
  }
}

/** The sign-up's checks, in the form's order; throws the first that fails. Reads nothing. */
function checkSignUp(input: CreateUserInput): SignUp {
  const isAdvertiser = input.Flags?.isPublisherVisible === false;
  const minUsername = isAdvertiser ? USERNAME_MIN_ADVERTISER : USERNAME_MIN_PUBLISHER;
  const username = input.username.trim();
  const email = input.email.trim().toLowerCase();

  if (!input.Country || !isCountryCode(input.Country))
    throw validationError('Country', MESSAGES.chooseCountry);
  if (username.length < minUsername) {
    throw validationError(
      'username',
      isAdvertiser ? MESSAGES.usernameMinAdvertiser : MESSAGES.usernameMinPublisher,
    );
  }
  if (!/^[\w.-]+$/.test(username)) {
    throw validationError('username', 'Username may use letters, digits, dots, dashes and underscores');
  }
  if (input.password.length < 8 || input.password.length > 64)
    throw validationError('password', MESSAGES.passwordRange);
  const firstName = input.FirstName?.trim() ?? '';
  const lastName = input.LastName?.trim() ?? '';
  if (!firstName || !lastName)
    throw new ApiError('FIRST_OR_LAST_NAME_EMPTY', {
      field: 'FirstName',
      message: SIGN_UP_ERROR_MESSAGES.FIRST_OR_LAST_NAME_EMPTY,
    });
  checkName('FirstName', firstName);
  checkName('LastName', lastName);
  if (!isEmailAddress(email)) throw validationError('email', MESSAGES.correctEmail);
  const zip = parseWholeNumber(input.ZIP);
  if (zip === null)
    throw new ApiError('ZIP_EMPTY_OR_INVALID', {
      field: 'ZIP',
      message: SIGN_UP_ERROR_MESSAGES.ZIP_EMPTY_OR_INVALID,
    });
  const experience = parseWholeNumber(input.Experience);
  if (experience === null || experience > 100) {
    throw new ApiError('EXPERIENCE_EMPTY_OR_INVALID', {
      field: 'Experience',
      message: SIGN_UP_ERROR_MESSAGES.EXPERIENCE_EMPTY_OR_INVALID,
    });
  }
  for (const [field, value] of [
    ['ContactWhatsApp', input.ContactWhatsApp],
    ['ContactSkype', input.ContactSkype],
    ['ContactTelegram', input.ContactTelegram],
  ] as const) {
    if (value && hasUnsafeCharacters(value))
      throw validationError(field, 'Contacts may not contain control characters');
  }
  return { isAdvertiser, username, email, firstName, lastName, zip, experience };
}

async function findUser(db: DbOrTx, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.ID, id)).limit(1);
  if (!row) throw notFound('User not found');
  return row;
}

/** The change of the own e-mail waiting for its code, if any. */
async function pendingEmailOf(db: DbOrTx, userId: number, now: number): Promise<string | null> {
  const [pending] = await db
    .select({ NewEmail: emailChangeCodes.NewEmail })
    .from(emailChangeCodes)
    .where(
      and(
        eq(emailChangeCodes.UserID, userId),
        isNull(emailChangeCodes.usedAt),
        gt(emailChangeCodes.expiresAt, new Date(now)),
      ),
    )
    .orderBy(desc(emailChangeCodes.ID))
    .limit(1);
  return pending?.NewEmail ?? null;
}

/** One user; who may read whom is declared where the call is bound (`account` ownership). */
export async function getSingleUser(
  db: Db,
  caller: Caller,
  input: { ID: number; showPayment?: boolean },
): Promise<User> {
  const row = await findUser(db, input.ID);
  const user = toUser(row, { showPayment: input.showPayment ?? false });
  if (row.ID === caller.user.ID) user.PendingEmail = await pendingEmailOf(db, row.ID, Date.now());
  return user;
}

/** Fields only an admin may set (for anyone), with the words the refusal uses. */
const ADMIN_ONLY_FIELDS: Partial<Record<keyof EditUserInput, string>> = {
  newFlags: 'the flags',
  AutoPayoutInterval: 'the auto-payout interval',
  ReferralPercentEarnings: 'the referral percent',
  AssignedManagerID: 'the assigned manager',
  newPassword: 'the password',
};
/**
 * Fields a user sets for themself, and for anyone else only an admin (decisions 0020, 0030): where
 * payouts go, and the e-mail, the key to a password reset and so to the account and its earnings.
 */
const OWN_OR_ADMIN_FIELDS: Partial<Record<keyof EditUserInput, string>> = {
  newEmail: 'the e-mail',
  PaymentMethod: 'the payment method',
};

const HOLD_MS = EMAIL_CHANGE_PAYMENT_HOLD_HOURS * 3_600_000;

/** Why a payment-method change or a payout must wait now, or null (decision 0030). */
export function activeHold(row: UserRow, now: number): { until: Date; reason: string } | null {
  if (!row.PaymentHoldUntil || row.PaymentHoldUntil.getTime() <= now) return null;
  return { until: row.PaymentHoldUntil, reason: row.PaymentHoldReason ?? '' };
}

const BASIC_TEXT_FIELDS = ['ContactWhatsapp', 'ContactSkype', 'ContactTelegram'] as const;

/**
 * A payment method in a log line or a mail: its type and where it points, the account number cut
 * to its last four characters (logs and mails are read by more people than the account is).
 */
export function paymentSummary(pm: PaymentMethod | null): string {
  if (!pm) return 'none';
  if (pm.type === 'Paypal') return `PayPal ${pm.EMail}`;
  return `Wire ${pm.BankName}, IBAN ending ${pm.IBAN.slice(-4)}`;
}

const utcStamp = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A user's edit as decided from the input: the row's changes and what follows from them. */
interface UserEdit {
  changes: Partial<typeof users.$inferInsert>;
  /** The payout destination changes (the owner is told when someone else changed it). */
  paymentChanged: boolean;
  /** The own new e-mail, which changes once the code mailed there comes back. */
  emailToConfirm: string | null;
}

/**
 * Edits a user. Self: basic fields. Staff: basic fields of the users on their side. Admin: also
 * flags, auto-payout interval, referral percent, assigned manager and a new password (admin §2,
 * §6). A field the caller may not set is refused, not ignored. A changed e-mail warns the old
 * address; a password or e-mail changed by someone else is also written to the audit log.
 */
export async function editUser(
  db: Db,
  caller: Caller,
  input: EditUserInput & { now: number },
): Promise<User> {
  const target = await findUser(db, input.id);
  const isSelf = target.ID === caller.user.ID;
  if (!caller.user.isAdmin) refuseAdminFields(input, isSelf);
  const edit = await decideUserEdit(db, target, isSelf, input);
  if (Object.keys(edit.changes).length > 0) {
    try {
      await db.transaction((tx) => writeUserEdit(tx, caller, target, edit, input));
    } catch (error) {
      if (isUniqueViolation(error)) throw userExists();
      throw error;
    }
  }
  if (edit.emailToConfirm) await sendEmailChangeCode(db, target, edit.emailToConfirm, input.now);
  const user = toUser(await findUser(db, target.ID), { showPayment: true });
  if (isSelf) user.PendingEmail = await pendingEmailOf(db, target.ID, input.now);
  return user;
}

/** Refuses, for a caller who is not an admin, every field only an admin may set (all named at once). */
function refuseAdminFields(input: EditUserInput, isSelf: boolean): void {
  const refused = Object.entries(ADMIN_ONLY_FIELDS)
    .filter(([f]) => input[f as keyof EditUserInput] !== undefined)
    .map(([, words]) => words);
  // Where payouts go, and the e-mail that resets the password, are the user's own or an admin's
  // to change (decisions 0020, 0030): a manager able to change either could take the account
  // and send its earnings to themself.
  const others = isSelf
    ? []
    : Object.entries(OWN_OR_ADMIN_FIELDS)
        .filter(([f]) => input[f as keyof EditUserInput] !== undefined)
        .map(([, words]) => words);
  if (refused.length || others.length) {
    const list = [...refused, ...others].join(', ');
    throw forbidden(`Only an admin may change ${list}${others.length ? ' of another user' : ''}.`);
  }
}

/** The row's changes from the input, each checked; nothing is written here. */
async function decideUserEdit(
  db: Db,
  target: UserRow,
  isSelf: boolean,
  input: EditUserInput & { now: number },
): Promise<UserEdit> {
  const changes: Partial<typeof users.$inferInsert> = {};
  for (const key of BASIC_TEXT_FIELDS) {
    const value = input[key];
    if (value === undefined) continue;
    if (value && hasUnsafeCharacters(value))
      throw validationError(key, 'Contacts may not contain control characters');
    changes[key] = value || null;
  }
  for (const key of ['FirstName', 'LastName'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (!value)
      throw validationError(
        key,
        key === 'FirstName' ? "First name can't be empty" : "Last name can't be empty",
      );
    checkName(key, value);
    changes[key] = value;
  }
  if (input.ZIP !== undefined) {
    if (input.ZIP === null) throw validationError('ZIP', "ZIP can't be empty");
    changes.ZIP = input.ZIP;
  }
  if (input.Experience !== undefined) changes.Experience = input.Experience;
  if (input.Country !== undefined) {
    if (input.Country !== null && !isCountryCode(input.Country))
      throw validationError('Country', MESSAGES.chooseCountry);
    changes.Country = input.Country?.toUpperCase() ?? null;
  }
  const paymentChanged =
    input.PaymentMethod !== undefined &&
    JSON.stringify(input.PaymentMethod) !== JSON.stringify(target.PaymentMethod ?? null);
  if (paymentChanged) {
    const hold = activeHold(target, input.now);
    if (hold) {
      throw new ApiError('CONFLICT', {
        field: 'PaymentMethod',
        message: `The payment method cannot change until ${utcStamp(hold.until.getTime())}: ${hold.reason}`,
      });
    }
    changes.PaymentMethod = input.PaymentMethod as Record<string, string> | null;
  }
  const newEmail = input.newEmail?.trim().toLowerCase();
  let emailToConfirm: string | null = null;
  if (newEmail && newEmail !== target.Email.toLowerCase()) {
    if (await nameTaken(db, null, newEmail, target.ID)) throw userExists();
    // The own e-mail changes once the code mailed to the new address comes back (a typo or a
    // stolen session cannot move the account to an address nobody there reads).
    if (isSelf) emailToConfirm = newEmail;
    else {
      changes.Email = newEmail;
      // Payouts and payment-method changes wait, so the owner, told at the old address, can act first.
      changes.PaymentHoldUntil = new Date(input.now + HOLD_MS);
      changes.PaymentHoldReason = `the account's e-mail was changed by a Leadmesh staff member on ${utcStamp(input.now)}. Payouts and payment-method changes wait ${EMAIL_CHANGE_PAYMENT_HOLD_HOURS} hours for your safety.`;
    }
  }
  if (input.AutoPayoutInterval !== undefined) changes.AutoPayoutInterval = input.AutoPayoutInterval;
  if (input.ReferralPercentEarnings !== undefined)
    changes.ReferralPercentEarnings = input.ReferralPercentEarnings;
  if (input.AssignedManagerID !== undefined) {
    if (input.AssignedManagerID !== null && !isStaffAccount(await findUser(db, input.AssignedManagerID))) {
      throw validationError('AssignedManagerID', 'The assigned manager must be a staff member');
    }
    changes.AssignedManagerID = input.AssignedManagerID;
  }
  if (input.newFlags !== undefined) Object.assign(changes, input.newFlags);
  if (input.newPassword) changes.PasswordHash = await hashPassword(input.newPassword);
  return { changes, paymentChanged, emailToConfirm };
}

/**
 * What the owner is told of an edit: the old address hears of a new e-mail; a payment method or
 * password changed by someone else is mailed too (as the publisher agreement promises notice of
 * payment detail changes).
 */
function userEditNotices(
  target: UserRow,
  edit: UserEdit,
  input: { now: number; PaymentMethod?: PaymentMethod | null },
  isSelf: boolean,
): OutgoingMail[] {
  const { changes } = edit;
  const who = isSelf ? 'you' : 'a Leadmesh staff member';
  const when = utcStamp(input.now);
  const account = `your Leadmesh account ${target.Username}`;
  const mails: OutgoingMail[] = [];
  if (changes.Email)
    mails.push({
      to: target.Email,
      template: 'email-changed',
      subject: 'The e-mail address of your Leadmesh account was changed',
      text: `The e-mail address of ${account} was changed to ${changes.Email} on ${when} by ${who}. Payouts and payment-method changes are held until ${utcStamp(input.now + HOLD_MS)}.\n\nIf this was not you, contact your manager or reply to this mail at once.`,
    });
  if (edit.paymentChanged && !isSelf)
    mails.push({
      to: changes.Email ?? target.Email,
      template: 'payment-method-changed',
      subject: 'The payment method of your Leadmesh account was changed',
      text: `The payment method of ${account} was changed to ${paymentSummary(input.PaymentMethod ?? null)} on ${when} by ${who}. Payouts go there from now on.\n\nIf you did not ask for this, contact your manager at once.`,
    });
  if (changes.PasswordHash && !isSelf)
    mails.push({
      to: changes.Email ?? target.Email,
      template: 'password-changed',
      subject: 'The password of your Leadmesh account was changed',
      text: `The password of ${account} was changed on ${when} by ${who}. Every session was logged out.\n\nIf you did not ask for this, contact your manager at once.`,
    });
  return mails;
}

/** Writes a decided edit in the caller's transaction: the row, its consequences, the mails, the log. */
async function writeUserEdit(
  tx: DbOrTx,
  caller: Caller,
  target: UserRow,
  edit: UserEdit,
  input: EditUserInput & { now: number },
): Promise<void> {
  const { changes, paymentChanged } = edit;
  const isSelf = target.ID === caller.user.ID;
  await tx.update(users).set(changes).where(eq(users.ID, target.ID));
  if (changes.PasswordHash) await endSessionsOf(tx, target.ID);
  // Codes mailed to the old address before the change no longer reset or move anything.
  if (changes.Email) await burnCodes(tx, target.ID, input.now);
  for (const mail of userEditNotices(target, edit, input, isSelf)) await queueMail(tx, mail);
  if (isSelf) return;
  const fields = Object.keys(changes).filter((k) => k !== 'PasswordHash');
  if (changes.PasswordHash) fields.push('password');
  const sensitive = changes.Email || changes.PasswordHash || paymentChanged;
  await audit(
    tx,
    sensitive ? 'user.edited-sensitive' : 'user.edited',
    {
      user: target.ID,
      fields,
      ...(changes.Email
        ? { oldEmail: target.Email, newEmail: changes.Email, paymentHoldUntil: changes.PaymentHoldUntil }
        : {}),
      ...(paymentChanged
        ? {
            oldPayment: paymentSummary(target.PaymentMethod as PaymentMethod | null),
            newPayment: paymentSummary(input.PaymentMethod ?? null),
          }
        : {}),
    },
    caller,
  );
}

/** Unused reset and e-mail-change codes of a user stop working. */
async function burnCodes(tx: DbOrTx, userId: number, now: number): Promise<void> {
  await tx
    .update(passwordResetCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(passwordResetCodes.UserID, userId), isNull(passwordResetCodes.usedAt)));
  await tx
    .update(emailChangeCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(emailChangeCodes.UserID, userId), isNull(emailChangeCodes.usedAt)));
}

/** Mails a code to the new address; earlier codes stop working, so only the newest confirms. */
async function sendEmailChangeCode(db: Db, user: UserRow, newEmail: string, now: number): Promise<void> {
  const code = randomDigits(8);
  await db.transaction(async (tx) => {
    await tx
      .update(emailChangeCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(emailChangeCodes.UserID, user.ID), isNull(emailChangeCodes.usedAt)));
    await tx.insert(emailChangeCodes).values({
      UserID: user.ID,
      NewEmail: newEmail,
      CodeHash: sha256(`${user.ID}:${newEmail}:${code}`),
      expiresAt: new Date(now + EMAIL_CHANGE_CODE_TTL_MINUTES * 60_000),
    });
    await queueMail(tx, {
      to: newEmail,
      template: 'email-change-code',
      subject: 'Confirm the new e-mail address of your Leadmesh account',
      text: `Your code to confirm ${newEmail} as the e-mail address of the Leadmesh account ${user.Username} is ${code}\n\nEnter it in Settings within ${EMAIL_CHANGE_CODE_TTL_MINUTES} minutes. Until then the account keeps its current address. If you did not ask for this, ignore this mail.`,
    });
  });
}

const wrongEmailCode = () => validationError('Code', 'The code is wrong or has expired');

/**
 * Confirms a change of the own e-mail with the code mailed to the new address (decision 0030):
 * valid 15 minutes, single use, RESET_CODE_MAX_ATTEMPTS wrong tries. The old address is told, with
 * the time; reset codes sent to it stop working.
 */
export async function confirmEmailChange(
  db: Db,
  caller: Caller,
  input: { Code: string; now: number },
): Promise<User> {
  const user = await findUser(db, caller.user.ID);
  const { now } = input;
  const [active] = await db
    .select()
    .from(emailChangeCodes)
    .where(
      and(
        eq(emailChangeCodes.UserID, user.ID),
        isNull(emailChangeCodes.usedAt),
        gt(emailChangeCodes.expiresAt, new Date(now)),
      ),
    )
    .orderBy(desc(emailChangeCodes.ID))
    .limit(1);
  if (!active) throw wrongEmailCode();
  if (active.CodeHash !== sha256(`${user.ID}:${active.NewEmail}:${input.Code.trim()}`)) {
    const attempts = active.Attempts + 1;
    await db
      .update(emailChangeCodes)
      .set({ Attempts: attempts, usedAt: attempts >= RESET_CODE_MAX_ATTEMPTS ? new Date(now) : null })
      .where(eq(emailChangeCodes.ID, active.ID));
    throw wrongEmailCode();
  }
  if (await nameTaken(db, null, active.NewEmail, user.ID)) throw userExists();
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ Email: active.NewEmail }).where(eq(users.ID, user.ID));
      await burnCodes(tx, user.ID, now);
      await queueMail(tx, {
        to: user.Email,
        template: 'email-changed',
        subject: 'The e-mail address of your Leadmesh account was changed',
        text: `The e-mail address of your Leadmesh account ${user.Username} was changed to ${active.NewEmail} on ${utcStamp(now)} by you (confirmed with a code sent to the new address).\n\nIf this was not you, contact your manager or reply to this mail at once.`,
      });
      await audit(
        tx,
        'email.changed',
        { user: user.ID, oldEmail: user.Email, newEmail: active.NewEmail },
        user.ID,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw userExists();
    throw error;
  }
  return toUser(await findUser(db, user.ID), { showPayment: true });
}

export async function setTheme(db: Db, caller: Caller, input: { theme: 'dark' | 'light' }): Promise<void> {
  await db.update(users).set({ theme: input.theme }).where(eq(users.ID, caller.user.ID));
}

/** Own password only; the old one must match. Every other session of the user ends. */
export async function changePassword(
  db: Db,
  caller: Caller,
  input: { oldPassword: string; newPassword: string; keepSession: string | null },
): Promise<void> {
  const user = await findUser(db, caller.user.ID);
  if (!(await verifyPassword(input.oldPassword, user.PasswordHash))) {
    throw new ApiError('OLD_PASSWORD_INCORRECT', {
      field: 'oldPassword',
      message: MESSAGES.oldPasswordIncorrect,
    });
  }
  const hash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ PasswordHash: hash }).where(eq(users.ID, user.ID));
    await endSessionsOf(tx, user.ID, input.keepSession);
  });
}

/** Filter whitelist of the users list (admin §2, Admin users list). */
export const USER_LIST_FIELDS = listWhitelist(USER_LIST, {
  ID: users.ID,
  Username: users.Username,
  Email: users.Email,
  FirstName: users.FirstName,
  LastName: users.LastName,
  Country: users.Country,
  ZIP: users.ZIP,
  Experience: users.Experience,
  isAdmin: users.isAdmin,
  isManager: users.isManager,
  isPublisherManager: users.isPublisherManager,
  isAdvertiserManager: users.isAdvertiserManager,
  isVerified: users.isVerified,
  isCRMInfoAllowed: users.isCRMInfoAllowed,
  isAdvertiser: sql`(${users.AdvertiserID} is not null)`,
  isPublisherHidden: users.isPublisherHidden,
  createdAt: users.createdAt,
});

/**
 * The users a staff member may see: all for admins, otherwise the non-staff users of their side
 * (core `mayManage` as SQL over `users`; the publisher stats use it too).
 */
export function visibleTo(me: UserRow): SQL | undefined {
  if (me.isAdmin) return undefined;
  const notStaff = sql`${users.isAdmin} = 0 and ${users.isManager} = 0 and ${users.isPublisherManager} = 0 and ${users.isAdvertiserManager} = 0`;
  if (me.isManager || (me.isPublisherManager && me.isAdvertiserManager)) return notStaff;
  if (me.isPublisherManager)
    return sql`${notStaff} and (${users.AdvertiserID} is null or ${users.isPublisherHidden} = 0)`;
  if (me.isAdvertiserManager) return sql`${notStaff} and ${users.AdvertiserID} is not null`;
  return sql`0`;
}

/** Filters that narrow little (flags, a country, a date): the list reads in id order and stops early. */
const BROAD_USER_FIELDS = new Set([
  'isVerified',
  'isAdmin',
  'isManager',
  'isPublisherManager',
  'isAdvertiserManager',
  'isAdvertiser',
  'isCRMInfoAllowed',
  'Country',
  'Experience',
  'createdAt',
]);

/** How the users list may remember where a scroll's pages start (absent: plain offsets). */
export interface UserPageMemo {
  cursors: PageCursors;
  key: string;
}

/**
 * Newest first, 20 a page. With only broad filters the ids are read in id order (`not indexed`:
 * an index on a flag or a country finds every match and sorts them all on each call), so a page
 * costs its own rows; a narrow filter (a name, an e-mail) keeps the planner's choice. With a memo,
 * the id before each page is remembered, so the next page of a scroll starts there (keyset) instead
 * of skipping `offset` rows again, as the logs and lead lists do (decision 0010).
 */
export async function listUsers(
  db: Db,
  caller: Caller,
  input: { paginationOffset: number; Filters: FilterItem[]; limit?: number },
  memo?: UserPageMemo,
): Promise<User[]> {
  const page = pageOf(input.paginationOffset, input.limit);
  const filters = buildFilterWhere(input.Filters, USER_LIST_FIELDS);
  const side = visibleTo(caller.user);
  const where = filters && side ? sql`(${side}) and (${filters})` : (filters ?? side);
  const inOrder = input.Filters.every((f) => BROAD_USER_FIELDS.has(f.name));
  const readIds = async (after: number | null, count: number, offset: number) =>
    (
      await db.all<{ id: number }>(sql`select id from users${sql.raw(inOrder ? ' not indexed' : '')}
        where ${after === null ? sql`1` : sql`id < ${after}`} and ${where ?? sql`1`}
        order by id desc limit ${count} offset ${offset}`)
    ).map((r) => Number(r.id));
  let ids: number[];
  if (!memo || page.offset === 0) {
    ids = await readIds(null, page.limit, page.offset);
  } else {
    const start = await memo.cursors.get(`${memo.key}:${page.offset}`);
    if (start) ids = await readIds(start.id, page.limit, 0);
    else {
      ids = await readIds(null, page.limit + 1, page.offset - 1);
      const before = ids.shift();
      if (before !== undefined) await memo.cursors.set(`${memo.key}:${page.offset}`, { at: 0, id: before });
    }
  }
  const last = ids.at(-1);
  if (memo && ids.length === page.limit && last !== undefined)
    await memo.cursors.set(`${memo.key}:${page.offset + page.limit}`, { at: 0, id: last });
  if (ids.length === 0) return [];
  const rows = await usersByIds(db).execute({ ids: JSON.stringify(ids) });
  return rows.map((row) => toUser(row));
}

/**
 * A page's users by their ids, newest first: one prepared statement whatever the page, the ids
 * passed as one JSON array (drizzle built this query's SQL again on each call, a tenth of the
 * list's CPU in the bench profile).
 */
const usersByIds = preparedOnce((db) =>
  db
    .select()
    .from(users)
    .where(sql`${users.ID} in (select value from json_each(${sql.placeholder('ids')}))`)
    .orderBy(desc(users.ID))
    .prepare(),
);

/** Staff verify a publisher on their side (admin §4): unverified → verified; twice changes nothing. */
export async function verifyPublisher(db: Db, caller: Caller, input: { ID: number }): Promise<User> {
  const target = await findUser(db, input.ID);
  if (!target.isVerified) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ isVerified: true }).where(eq(users.ID, target.ID));
      await audit(tx, 'publisher.verified', { user: target.ID }, caller);
    });
  }
  return toUser(await findUser(db, target.ID));
}

/**
 * Deletes an account that never did business (admin §2 Delete): refused for oneself, and while the
 * user has leads, money in the ledger, taken offers or an advertiser profile, because history is
 * never deleted (verify them off or hide them instead). Sessions, domains and postbacks go with it.
 */
export async function deleteUser(db: Db, caller: Caller, input: { ID: number }): Promise<null> {
  if (input.ID === caller.user.ID) throw forbidden('You cannot delete your own account');
  await db.transaction(async (tx) => {
    const target = await findUser(tx, input.ID);
    const [usage] = await tx.all<{ leads: number; money: number; taken: number }>(sql`select
      (select count(*) from leads where user_id = ${target.ID}) as leads,
      (select count(*) from ledger_accounts where owner_id = ${target.ID} and kind in ('publisher', 'referrer', 'paid')
        and (credits_posted > 0 or debits_posted > 0)) as money,
      (select count(*) from taken_offers where user_id = ${target.ID}) as taken`);
    if (
      target.AdvertiserID !== null ||
      Number(usage?.leads) ||
      Number(usage?.money) ||
      Number(usage?.taken)
    ) {
      throw new ApiError('CONFLICT', {
        message:
          'Failed to delete user! The account has leads, money, taken offers or an advertiser profile on record.',
      });
    }
    await tx.run(sql`update users set referred_by_id = null where referred_by_id = ${target.ID}`);
    await tx.run(sql`update users set assigned_manager_id = null where assigned_manager_id = ${target.ID}`);
    await tx.delete(users).where(eq(users.ID, target.ID));
    await audit(tx, 'user.deleted', { user: target.ID, username: target.Username }, caller);
  });
  return null;
}
