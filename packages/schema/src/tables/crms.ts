import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CRM_TYPES } from '../constants/crm.ts';
import { advertisers } from './advertisers.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/** An advertiser's CRM connection; leads of its offers are delivered there. */
export const crms = sqliteTable(
  'crms',
  {
    ID: id(),
    BoundAdvertiser: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.ID, { onDelete: 'cascade' }),
    name: text('type', { enum: CRM_TYPES }).notNull(),
    friendlyName: text('friendly_name').notNull(),
    data: text('data', { mode: 'json' }).notNull().$type<Record<string, string>>(),
    /** Secret in the status-callback URL the CRM calls back on. */
    callbackToken: text('callback_token').notNull(),
    /** Set when it failed for ENDPOINT_DISABLE_AFTER_MS (decision 0037); null while enabled. */
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('crms_advertiser_idx').on(t.BoundAdvertiser),
    uniqueIndex('crms_callback_token_unique').on(t.callbackToken),
  ],
);

export type CrmRow = typeof crms.$inferSelect;
