import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { AUTO_PAYOUT_INTERVALS, THEMES, USER_FLAGS } from '../constants/catalogue.ts';
import { MESSAGES } from '../constants/errors.ts';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../constants/limits.ts';
import { paymentMethodProblem } from '../constants/rules.ts';
import { advertisers } from '../tables/advertisers.ts';
import { users } from '../tables/users.ts';
import { defineCall } from './define.ts';
import {
  byIdRequest,
  filtersSchema,
  idSchema,
  isoDateSchema,
  listAnswer,
  paginationOffsetSchema,
} from './fields.ts';

const userRow = createSelectSchema(users);
const advertiserRow = createSelectSchema(advertisers);

export const userFlagsSchema = z.object({
  ...Object.fromEntries(USER_FLAGS.map((f) => [f, z.boolean()])),
  theme: z.enum(THEMES),
}) as z.ZodObject<
  Record<(typeof USER_FLAGS)[number], z.ZodBoolean> & { theme: z.ZodEnum<{ dark: 'dark'; light: 'light' }> }
>;
export type UserFlags = z.infer<typeof userFlagsSchema>;

/** Parses JSON text (max 2,000 characters) and passes anything else through unchanged. */
function jsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.length > 2000) return Symbol('too long');
  try {
    return JSON.parse(value);
  } catch {
    return Symbol('not JSON');
  }
}

export const paymentMethodSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('Wire'),
    BankName: z.string().trim().min(1).max(200),
    AccountHolder: z.string().trim().min(1).max(200),
    Country: z.string().trim().min(2).max(2),
    IBAN: z.string().trim().min(5).max(64),
    SWIFT: z.string().trim().min(6).max(16),
  }),
  z.object({
    type: z.literal('Paypal'),
    OwnerName: z.string().trim().min(1).max(200),
    EMail: z.email(),
  }),
]);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * A payment method as an edit sends it: normalised once here (IBAN without spaces, codes in
 * capitals), then checked by the rules the forms show (`paymentMethodProblem`: IBAN check digits,
 * SWIFT shape, a real country). The stored shape stays `paymentMethodSchema`.
 */
export const paymentMethodInputSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('Wire'),
      BankName: z.string().trim().max(200),
      AccountHolder: z.string().trim().max(200),
      Country: z.string().trim().toUpperCase().max(2),
      IBAN: z
        .string()
        .max(64)
        .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
      SWIFT: z.string().trim().toUpperCase().max(16),
    }),
    z.object({
      type: z.literal('Paypal'),
      OwnerName: z.string().trim().max(200),
      EMail: z.string().trim().max(254),
    }),
  ])
  .superRefine((pm, ctx) => {
    const problem = paymentMethodProblem(pm);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

/** A user as staff and the user themself see it (never the password hash). */
export const userSchema = userRow
  .pick({
    ID: true,
    Username: true,
    Email: true,
    FirstName: true,
    LastName: true,
    Country: true,
    ZIP: true,
    Experience: true,
    ContactWhatsapp: true,
    ContactSkype: true,
    ContactTelegram: true,
    AssignedManagerID: true,
    AdvertiserID: true,
    ReferralPercentEarnings: true,
    AutoPayoutInterval: true,
    RefCode: true,
  })
  .extend({
    createdAt: isoDateSchema,
    PaymentMethod: paymentMethodSchema.nullable(),
    LastKnownLocation: z
      .object({ city: z.string().optional(), country: z.string().optional(), at: z.string().optional() })
      .nullable(),
    Flags: userFlagsSchema,
    /**
     * Payouts and payment-method changes wait until `until` (decision 0030: the e-mail was changed
     * by someone else); `reason` says why, as the Settings and Payments screens show it.
     */
    PaymentHold: z.object({ until: isoDateSchema, reason: z.string() }).nullable().optional(),
    /** A change of the own e-mail waiting for the code sent to this address (self only). */
    PendingEmail: z.string().nullable().optional(),
  });
export type User = z.infer<typeof userSchema>;

export const managerContactSchema = userRow.pick({
  ID: true,
  FirstName: true,
  LastName: true,
  Email: true,
  ContactSkype: true,
  ContactTelegram: true,
  ContactWhatsapp: true,
});

export const advertiserInfoSchema = advertiserRow
  .pick({
    ID: true,
    CompanyName: true,
    CompanyAddress: true,
    CompanyCity: true,
    CompanyZipCode: true,
    TaxVatNumber: true,
    isInfiniteCredits: true,
  })
  .extend({
    /** Credit balance in cents: the sum of the advertiser's ledger. */
    Credits: z.number().int(),
    Flags: z.object({ isVerified: z.boolean() }),
  });

/** What `/auth/checkLogin` answers: the session's user data (dashboards §3, Session data). */
export const sessionDataSchema = z.object({
  UserInfo: userSchema.extend({
    /** Confirmed, not yet paid publisher earnings, in cents. */
    EstimatedEarnings: z.number().int(),
  }),
  AssignedManager: managerContactSchema.nullable(),
  RefferalInfo: z
    .object({ RefferalEarnings: z.number().int(), RefCode: z.string(), ReferredCount: z.number().int() })
    .nullable(),
  AdvertiserInfo: advertiserInfoSchema.nullable(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

const trimmedOptional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v === '' || v == null ? null : v));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, MESSAGES.passwordRange)
  .max(PASSWORD_MAX, MESSAGES.passwordRange);

/** Sign-up payload (public §3). Field-level rules that have their own error codes are checked by the service. */
export const createUserRequest = z.object({
  username: z.string().trim().min(1).max(USERNAME_MAX),
  password: z.string().max(PASSWORD_MAX * 4),
  email: z.string().trim().max(254),
  FirstName: z.string().trim().max(100).optional().nullable(),
  LastName: z.string().trim().max(100).optional().nullable(),
  Country: z.string().trim().max(2).optional().nullable(),
  ZIP: z
    .union([z.string().max(20), z.number()])
    .optional()
    .nullable(),
  Experience: z
    .union([z.string().max(10), z.number()])
    .optional()
    .nullable(),
  ContactWhatsApp: trimmedOptional(100),
  ContactSkype: trimmedOptional(100),
  ContactTelegram: trimmedOptional(100),
  refID: z.string().trim().max(64).optional().nullable(),
  Flags: z.object({ isPublisherVisible: z.boolean().optional() }).optional(),
});

export const userCalls = {
  createUser: defineCall({
    path: '/users/createUser',
    method: 'POST',
    summary: 'Sign up as a publisher (or, with Flags.isPublisherVisible=false, as an advertiser user)',
    spec: 'P',
    callers: ['anyone'],
    request: createUserRequest,
    response: z.object({ ID: z.number().int() }),
  }),
  setTheme: defineCall({
    path: '/users/setTheme',
    method: 'POST',
    summary: "Save the session user's theme",
    spec: 'D, P',
    callers: ['session'],
    request: z.object({ theme: z.enum(THEMES) }),
    response: z.object({ theme: z.enum(THEMES) }),
  }),
  changePassword: defineCall({
    path: '/users/changePassword',
    method: 'POST',
    summary: 'Change the own password (old password required)',
    spec: 'D',
    callers: ['session'],
    request: z.object({
      id: idSchema.optional(),
      oldPassword: z
        .string()
        .min(1, MESSAGES.oldPasswordMissing)
        .max(PASSWORD_MAX * 4),
      newPassword: z
        .string()
        .min(PASSWORD_MIN, MESSAGES.newPasswordRange)
        .max(PASSWORD_MAX, MESSAGES.newPasswordRange),
    }),
    response: z.null(),
  }),
  confirmEmailChange: defineCall({
    path: '/users/confirmEmailChange',
    method: 'POST',
    summary: 'Confirm a change of the own e-mail with the code mailed to the new address',
    spec: 'D',
    callers: ['session'],
    request: z.object({ Code: z.string().trim().min(1, 'Enter the code from the mail').max(32) }),
    response: userSchema,
  }),
  getSingleUser: defineCall({
    path: '/users/getSingleUser',
    method: 'POST',
    summary: 'One user; self, or staff for anyone. showPayment adds the payment method',
    spec: 'A, D, P',
    callers: ['session'],
    request: z.object({ ID: idSchema, showPayment: z.boolean().optional() }),
    response: userSchema,
  }),
  editUser: defineCall({
    path: '/users/editUser',
    method: 'POST',
    summary:
      'Edit a user: self (basic fields; a new e-mail waits for its code), staff (basic fields of others), admin (flags, auto-payout interval, e-mail, password)',
    spec: 'A, D',
    callers: ['session'],
    request: z.object({
      id: idSchema,
      FirstName: z.string().trim().max(100).nullable().optional(),
      LastName: z.string().trim().max(100).nullable().optional(),
      newEmail: z.email().nullable().optional(),
      newPassword: passwordSchema.nullable().optional(),
      ZIP: z.union([z.number().int().nonnegative(), z.null()]).optional(),
      Experience: z.union([z.number().int().min(0).max(100), z.null()]).optional(),
      ContactWhatsapp: z.string().trim().max(100).nullable().optional(),
      ContactSkype: z.string().trim().max(100).nullable().optional(),
      ContactTelegram: z.string().trim().max(100).nullable().optional(),
      // Screens send these two as JSON text or as objects; read once here, never again downstream.
      PaymentMethod: z
        .preprocess(
          jsonText,
          z.union([paymentMethodInputSchema, z.null()], { error: MESSAGES.failedChangePaymentMethod }),
        )
        .optional(),
      Country: z.string().trim().length(2).nullable().optional(),
      ReferralPercentEarnings: z.number().int().min(0).max(100).optional(),
      AutoPayoutInterval: z.union(AUTO_PAYOUT_INTERVALS.map((n) => z.literal(n))).optional(),
      AssignedManagerID: idSchema.nullable().optional(),
      /** Flag name → boolean (or its JSON text), admin only; `theme` is ignored here (setTheme). */
      newFlags: z
        .preprocess(
          jsonText,
          z
            .record(z.string(), z.unknown(), {
              error: 'newFlags must be an object of flag names to true or false',
            })
            .transform((flags) =>
              Object.fromEntries(Object.entries(flags).filter(([name]) => name !== 'theme')),
            )
            .pipe(
              z.partialRecord(z.enum(USER_FLAGS), z.boolean(), {
                error: 'newFlags must be an object of flag names to true or false',
              }),
            ),
        )
        .optional(),
    }),
    response: userSchema,
  }),
  getAllUsers: defineCall({
    path: '/users/getAllUsers',
    method: 'POST',
    summary: 'Users list for staff (filters, 20 a page)',
    spec: 'A, P',
    callers: ['staff', 'publisherManager', 'advertiserManager'],
    request: z.object({
      paginationOffset: paginationOffsetSchema,
      Filters: filtersSchema,
      limit: z.number().int().optional(),
    }),
    response: listAnswer(userSchema),
  }),
  deleteUser: defineCall({
    path: '/users/deleteUser',
    method: 'POST',
    summary: 'Delete a user (admin)',
    spec: 'A',
    callers: ['admin'],
    request: byIdRequest,
    response: z.null(),
  }),
  verifyPublisher: defineCall({
    path: '/users/verifyPublisher',
    method: 'POST',
    summary: 'Verify a publisher (staff)',
    spec: 'A',
    callers: ['staff', 'publisherManager'],
    request: byIdRequest,
    response: userSchema,
  }),
};
