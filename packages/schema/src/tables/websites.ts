import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { WEBSITE_TYPES } from '../constants/catalogue.ts';
import { createdAt, id } from './columns.ts';
import { offers } from './offers.ts';

/** An uploaded landing or prelanding page (a zip unpacked on the server) for an offer. */
export const websites = sqliteTable(
  'websites',
  {
    ID: id(),
    WebsiteName: text('name').notNull(),
    BoundOffer: integer('offer_id')
      .notNull()
      .references(() => offers.ID, { onDelete: 'cascade' }),
    EntryFile: text('entry_file').notNull(),
    /** The thank-you page; optional. */
    PurchaseCompleteFile: text('purchase_complete_file'),
    WebsiteType: text('type', { enum: WEBSITE_TYPES }).notNull(),
    /** Folder name under the websites storage. */
    StorageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('websites_offer_idx').on(t.BoundOffer),
    index('websites_name_idx').on(t.WebsiteName),
    index('websites_type_idx').on(t.WebsiteType),
    index('websites_created_idx').on(t.createdAt),
  ],
);

export type WebsiteRow = typeof websites.$inferSelect;
