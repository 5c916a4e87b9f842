import { sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, columnIndexes, createdAt, id, updatedAt } from './columns.ts';

/** People: publishers, advertisers' users and staff. Roles are flags (admin §3). */
export const users = sqliteTable(
  'users',
  {
    ID: id(),
    Username: text('username').notNull(),
    Email: text('email').notNull(),
    PasswordHash: text('password_hash').notNull(),
    FirstName: text('first_name'),
    LastName: text('last_name'),
    Country: text('country'),
    ZIP: integer('zip'),
    Experience: integer('experience'),
    /** JSON of the Wire or Paypal payment method, or null when none is set. */
    PaymentMethod: text('payment_method', { mode: 'json' }).$type<Record<string, string> | null>(),
    ContactWhatsapp: text('contact_whatsapp'),
    ContactSkype: text('contact_skype'),
    ContactTelegram: text('contact_telegram'),
    AssignedManagerID: integer('assigned_manager_id').references((): AnySQLiteColumn => users.ID, {
      onDelete: 'set null',
    }),
    /** Where the last login came from (offline GeoIP of its address) and when (ISO time). */
    LastKnownLocation: text('last_known_location', { mode: 'json' }).$type<{
      city?: string;
      country?: string;
      at?: string;
    } | null>(),
    /** Set once the user creates an advertiser profile. */
    AdvertiserID: integer('advertiser_id'),
    ReferralPercentEarnings: integer('referral_percent_earnings').notNull().default(5),
    AutoPayoutInterval: integer('auto_payout_interval').notNull().default(0),
    /** The user whose referral link brought this user in. */
    ReferredByID: integer('referred_by_id').references((): AnySQLiteColumn => users.ID, {
      onDelete: 'set null',
    }),
    /** Public referral code used in `?ref=`. */
    RefCode: text('ref_code').notNull(),
    isAdmin: bool('is_admin'),
    isManager: bool('is_manager'),
    isPublisherManager: bool('is_publisher_manager'),
    isAdvertiserManager: bool('is_advertiser_manager'),
    isVerified: bool('is_verified'),
    isRefferalEnabled: bool('is_referral_enabled'),
    isPublisherHidden: bool('is_publisher_hidden'),
    isCRMInfoAllowed: bool('is_crm_info_allowed'),
    /**
     * Payouts and payment-method changes wait until this time (decision 0030): set for 24 hours when
     * someone else changes the account's e-mail, the key to a password reset.
     */
    PaymentHoldUntil: integer('payment_hold_until', { mode: 'timestamp_ms' }),
    PaymentHoldReason: text('payment_hold_reason'),
    theme: text('theme', { enum: ['dark', 'light'] })
      .notNull()
      .default('dark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Unique regardless of case: `ADMIN` is the same account name as `admin`.
    uniqueIndex('users_username_unique').on(sql`lower(${t.Username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.Email})`),
    uniqueIndex('users_ref_code_unique').on(t.RefCode),
    index('users_flags_idx').on(t.isAdmin, t.isManager),
    ...columnIndexes({
      users_created_at_idx: t.createdAt,
      users_first_name_idx: t.FirstName,
      users_last_name_idx: t.LastName,
      users_country_idx: t.Country,
      users_advertiser_id_idx: t.AdvertiserID,
      users_referred_by_idx: t.ReferredByID,
      users_assigned_manager_idx: t.AssignedManagerID,
      users_is_verified_idx: t.isVerified,
      users_zip_idx: t.ZIP,
      users_experience_idx: t.Experience,
    }),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
