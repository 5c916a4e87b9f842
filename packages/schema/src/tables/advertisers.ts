import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, cents, createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** A company that owns offers and pays for leads from its credit balance (the sum of its balance changes). */
export const advertisers = sqliteTable(
  'advertisers',
  {
    ID: id(),
    /** The user who owns this advertiser profile. */
    UserID: integer('user_id')
      .notNull()
      .references(() => users.ID, { onDelete: 'cascade' }),
    CompanyName: text('company_name').notNull(),
    CompanyAddress: text('company_address').notNull(),
    CompanyCity: text('company_city'),
    CompanyZipCode: integer('company_zip_code'),
    /** Stored as JSON {Tax, Vat} (admin §3). */
    TaxVatNumber: text('tax_vat_number', { mode: 'json' }).$type<{ Tax: string; Vat: string }>(),
    minBalance: cents('min_balance_cents'),
    isInfiniteCredits: bool('is_infinite_credits'),
    isVerified: bool('is_verified'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('advertisers_user_id_unique').on(t.UserID),
    index('advertisers_company_name_idx').on(t.CompanyName),
    index('advertisers_company_city_idx').on(t.CompanyCity),
    index('advertisers_is_verified_idx').on(t.isVerified),
    index('advertisers_created_at_idx').on(t.createdAt),
    index('advertisers_company_address_idx').on(t.CompanyAddress),
    index('advertisers_zip_idx').on(t.CompanyZipCode),
    index('advertisers_infinite_idx').on(t.isInfiniteCredits),
    index('advertisers_min_balance_idx').on(t.minBalance),
  ],
);

export type AdvertiserRow = typeof advertisers.$inferSelect;
