import { type DbOrTx, hashPassword, verifyPassword } from '@leadmesh/db';
import {
  type FilterItem,
  hasDigit,
  isEmailAddress,
  MESSAGES,
  paymentMethodSchema,
  SIGN_UP_ERROR_MESSAGES,
  USER_FLAGS,
  USERNAME_MIN_ADVERTISER,
  USERNAME_MIN_PUBLISHER,
  type User,
  type UserFlag,
  type userCalls,
} from '@leadmesh/schema';
import { sessions, users } from '@leadmesh/schema/tables';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import type { Principal } from '../../lib/access.ts';
import { isStaffUser } from '../../lib/access.ts';
import { randomToken } from '../../lib/crypto.ts';
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors.ts';
import { buildFilterWhere, type ListFields, pageOf } from '../../lib/list-engine.ts';
import { writeLog } from '../../lib/logs.ts';
import { toUser } from './users.mapper.ts';

type CreateUserInput = z.output<(typeof userCalls)['createUser']['request']>;
type EditUserInput = z.output<(typeof userCalls)['editUser']['request']>;

function parseWholeNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return /^\d{1,10}$/.test(text) ? Number(text) : null;
}

/**
 * Sign-up (public §5, §8). The checks with their own error codes answer those codes;
 * the rest answer VALIDATION_ERROR with the field and the message the sign-up form shows.
 */
export async function createUser(deps: AppDeps, input: CreateUserInput): Promise<number> {
  const isAdvertiser = input.Flags?.isPublisherVisible === false;
  const minUsername = isAdvertiser ? USERNAME_MIN_ADVERTISER : USERNAME_MIN_PUBLISHER;
  const username = input.username.trim();
  const email = input.email.trim().toLowerCase();

  if (!input.Country || !/^[A-Za-z]{2}$/.test(input.Country))
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
  if (hasDigit(firstName) || hasDigit(lastName)) {
    throw validationError('FirstName', MESSAGES.removeNumbersFromName);
  }
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

  const [taken] = await deps.db
    .select({ ID: users.ID })
    .from(users)
    .where(sql`${users.Username} = ${username} or ${users.Email} = ${email}`)
    .limit(1);
  if (taken) throw userExists();

  let referredBy: number | null = null;
  if (input.refID) {
    const [referrer] = await deps.db
      .select({ ID: users.ID })
      .from(users)
      .where(eq(users.RefCode, input.refID))
      .limit(1);
    referredBy = referrer?.ID ?? null;
  }

  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await deps.db
      .insert(users)
      .values({
        Username: username,
        Email: email,
        PasswordHash: passwordHash,
        FirstName: firstName,
        LastName: lastName,
        Country: input.Country.toUpperCase(),
        ZIP: zip,
        Experience: experience,
        ContactWhatsapp: input.ContactWhatsApp ?? null,
        ContactSkype: input.ContactSkype ?? null,
        ContactTelegram: input.ContactTelegram ?? null,
        ReferredByID: referredBy,
        RefCode: randomToken(6),
        isPublisherHidden: isAdvertiser,
        isRefferalEnabled: true,
      })
      .returning({ ID: users.ID });
    await writeLog(deps.db, {
      level: 0,
      context: 'users/createUser',
      text: `User signed up [username:${username}] [role:${isAdvertiser ? 'advertiser' : 'publisher'}]`,
      userId: row.ID,
    });
    return row.ID;
  } catch (error) {
    // Two sign-ups racing for one username: the unique index decides.
    if (
      String((error as Error).message).includes('UNIQUE') ||
      String((error as { cause?: Error }).cause?.message).includes('UNIQUE')
    ) {
      throw userExists();
    }
    throw error;
  }
}

const userExists = () =>
  new ApiError('USER_ALREADY_EXISTS', {
    message: SIGN_UP_ERROR_MESSAGES.USER_ALREADY_EXISTS,
  });

async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.ID, id)).limit(1);
  if (!row) throw notFound('User not found');
  return row;
}

/** Self, or staff for anyone (dashboards §2; admin §2). */
export async function getSingleUser(
  deps: AppDeps,
  principal: Principal,
  id: number,
  showPayment: boolean,
): Promise<User> {
  if (id !== principal.user.ID && !isStaffUser(principal.user))
    throw forbidden('You may only read your own account');
  return toUser(await findUser(deps.db, id), { showPayment });
}

const ADMIN_ONLY_FIELDS = [
  'newFlags',
  'AutoPayoutInterval',
  'ReferralPercentEarnings',
  'AssignedManagerID',
  'newPassword',
] as const;

function parseFlags(value: EditUserInput['newFlags']): Partial<Record<UserFlag | 'theme', boolean | string>> {
  let flags: unknown = value;
  if (typeof value === 'string') {
    try {
      flags = JSON.parse(value);
    } catch {
      throw validationError('newFlags', 'newFlags must be a JSON object of flag names to booleans');
    }
  }
  if (typeof flags !== 'object' || flags === null || Array.isArray(flags)) {
    throw validationError('newFlags', 'newFlags must be a JSON object of flag names to booleans');
  }
  const out: Partial<Record<UserFlag, boolean>> = {};
  for (const [name, flag] of Object.entries(flags)) {
    if (name === 'theme') continue;
    if (!(USER_FLAGS as readonly string[]).includes(name))
      throw validationError('newFlags', `Unknown flag '${name}'`);
    if (typeof flag !== 'boolean') throw validationError('newFlags', `Flag '${name}' must be true or false`);
    out[name as UserFlag] = flag;
  }
  return out;
}

/**
 * Edits a user. Self: basic fields. Staff: basic fields of non-staff users. Admin: also
 * flags, auto-payout interval, referral percent, assigned manager and a new password
 * (admin §2, §6). A field the caller may not set is refused, not ignored.
 */
export async function editUser(deps: AppDeps, principal: Principal, input: EditUserInput): Promise<User> {
  const me = principal.user;
  const target = await findUser(deps.db, input.id);
  const isSelf = target.ID === me.ID;
  if (!isSelf && !isStaffUser(me)) throw forbidden('You may only edit your own account');
  // A manager changing an admin's e-mail could take the account over through a reset.
  if (!isSelf && !me.isAdmin && (target.isAdmin || target.isManager))
    throw forbidden('Only an admin may edit staff accounts');
  if (!me.isAdmin) {
    const refused = ADMIN_ONLY_FIELDS.filter((f) => input[f] !== undefined);
    if (refused.length) throw forbidden(`Only an admin may change ${refused.join(', ')}`);
  }

  const changes: Partial<typeof users.$inferInsert> = {};
  const setText = (
    key: 'FirstName' | 'LastName' | 'ContactWhatsapp' | 'ContactSkype' | 'ContactTelegram',
  ) => {
    const value = input[key];
    if (value !== undefined) changes[key] = value === null || value === '' ? null : value;
  };
  setText('ContactWhatsapp');
  setText('ContactSkype');
  setText('ContactTelegram');
  for (const key of ['FirstName', 'LastName'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (!value)
      throw validationError(
        key,
        key === 'FirstName' ? "First name can't be empty" : "Last name can't be empty",
      );
    if (hasDigit(value)) throw validationError(key, MESSAGES.removeNumbersFromName);
    changes[key] = value;
  }
  if (input.ZIP !== undefined) {
    if (input.ZIP === null) throw validationError('ZIP', "ZIP can't be empty");
    changes.ZIP = input.ZIP;
  }
  if (input.Experience !== undefined) changes.Experience = input.Experience;
  if (input.Country !== undefined) changes.Country = input.Country?.toUpperCase() ?? null;
  if (input.PaymentMethod !== undefined) {
    let method: unknown = input.PaymentMethod;
    if (typeof method === 'string') {
      try {
        method = JSON.parse(method);
      } catch {
        throw validationError('PaymentMethod', MESSAGES.failedChangePaymentMethod);
      }
    }
    if (method === null) changes.PaymentMethod = null;
    else {
      const parsed = paymentMethodSchema.safeParse(method);
      if (!parsed.success) throw validationError('PaymentMethod', MESSAGES.failedChangePaymentMethod);
      changes.PaymentMethod = parsed.data as unknown as Record<string, string>;
    }
  }
  if (input.newEmail) {
    const email = input.newEmail.toLowerCase();
    const [other] = await deps.db.select({ ID: users.ID }).from(users).where(eq(users.Email, email)).limit(1);
    if (other && other.ID !== target.ID) throw userExists();
    changes.Email = email;
  }
  if (input.AutoPayoutInterval !== undefined) changes.AutoPayoutInterval = input.AutoPayoutInterval;
  if (input.ReferralPercentEarnings !== undefined)
    changes.ReferralPercentEarnings = input.ReferralPercentEarnings;
  if (input.AssignedManagerID !== undefined) {
    if (input.AssignedManagerID !== null) {
      const manager = await findUser(deps.db, input.AssignedManagerID);
      if (
        !manager.isAdmin &&
        !manager.isManager &&
        !manager.isPublisherManager &&
        !manager.isAdvertiserManager
      ) {
        throw validationError('AssignedManagerID', 'The assigned manager must be a staff member');
      }
    }
    changes.AssignedManagerID = input.AssignedManagerID;
  }
  if (input.newFlags !== undefined) Object.assign(changes, parseFlags(input.newFlags));
  if (input.newPassword) changes.PasswordHash = await hashPassword(input.newPassword);

  if (Object.keys(changes).length > 0) {
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set(changes).where(eq(users.ID, target.ID));
      if (changes.PasswordHash) {
        await tx.delete(sessions).where(eq(sessions.UserID, target.ID));
      }
      if (!isSelf) {
        await writeLog(tx, {
          level: 0,
          context: 'users/editUser',
          text: `User edited [user:${target.ID}] [by:${me.ID}] [fields:${Object.keys(changes)
            .filter((k) => k !== 'PasswordHash')
            .join(',')}]`,
          userId: me.ID,
        });
      }
    });
  }
  return toUser(await findUser(deps.db, target.ID), { showPayment: true });
}

export async function setTheme(deps: AppDeps, userId: number, theme: 'dark' | 'light'): Promise<void> {
  await deps.db.update(users).set({ theme }).where(eq(users.ID, userId));
}

/** Own password only; the old one must match. */
export async function changePassword(
  deps: AppDeps,
  principal: Principal,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const user = await findUser(deps.db, principal.user.ID);
  if (!(await verifyPassword(oldPassword, user.PasswordHash))) {
    throw new ApiError('OLD_PASSWORD_INCORRECT', {
      field: 'oldPassword',
      message: MESSAGES.oldPasswordIncorrect,
    });
  }
  await deps.db
    .update(users)
    .set({ PasswordHash: await hashPassword(newPassword) })
    .where(eq(users.ID, user.ID));
}

/** Filter whitelist of the users list (admin §2, Admin users list). */
export const USER_LIST_FIELDS: ListFields = {
  ID: { column: users.ID, type: 'number' },
  Username: { column: users.Username, type: 'string' },
  Email: { column: users.Email, type: 'string' },
  FirstName: { column: users.FirstName, type: 'string' },
  LastName: { column: users.LastName, type: 'string' },
  Country: { column: users.Country, type: 'string' },
  ZIP: { column: users.ZIP, type: 'number' },
  Experience: { column: users.Experience, type: 'number' },
  isAdmin: { column: users.isAdmin, type: 'boolean' },
  isManager: { column: users.isManager, type: 'boolean' },
  isVerified: { column: users.isVerified, type: 'boolean' },
  isCRMInfoAllowed: { column: users.isCRMInfoAllowed, type: 'boolean' },
  isAdvertiser: { column: sql`(${users.AdvertiserID} is not null)`, type: 'boolean' },
  createdAt: { column: users.createdAt, type: 'date' },
};

export async function listUsers(
  deps: AppDeps,
  input: { paginationOffset: number; Filters: FilterItem[]; limit?: number },
): Promise<User[]> {
  const page = pageOf(input.paginationOffset, input.limit);
  const rows = await deps.db
    .select()
    .from(users)
    .where(buildFilterWhere(input.Filters, USER_LIST_FIELDS))
    .orderBy(desc(users.ID))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => toUser(row));
}

/** Staff verify a publisher (admin §4): unverified → verified; verifying twice changes nothing. */
export async function verifyPublisher(deps: AppDeps, principal: Principal, id: number): Promise<User> {
  const target = await findUser(deps.db, id);
  if (!target.isVerified) {
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ isVerified: true }).where(eq(users.ID, id));
      await writeLog(tx, {
        level: 0,
        context: 'users/verifyPublisher',
        text: `Publisher verified [user:${id}] [by:${principal.user.ID}]`,
        userId: principal.user.ID,
      });
    });
  }
  return toUser(await findUser(deps.db, id));
}
