import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { advertisers } from './advertisers.ts';
import { createdAt, id } from './columns.ts';

export const invoices = sqliteTable(
  'invoices',
  {
    ID: id(),
    /** Human invoice number, e.g. LM-2026-000123. */
    InvoiceID: text('invoice_number').notNull(),
    BoundAdvertiser: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.ID, { onDelete: 'restrict' }),
    Name: text('name').notNull(),
    Amount: integer('amount_cents').notNull(),
    isPaid: integer('is_paid', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.InvoiceID),
    index('invoices_advertiser_idx').on(t.BoundAdvertiser, t.createdAt),
    index('invoices_paid_idx').on(t.isPaid),
    index('invoices_created_idx').on(t.createdAt),
  ],
);
