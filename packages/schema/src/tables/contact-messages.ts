import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';

/** Get-in-touch messages and conference meeting requests. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    ID: id(),
    Kind: text('kind', { enum: ['contact', 'meeting'] }).notNull(),
    Name: text('name').notNull(),
    EMail: text('email').notNull(),
    Message: text('message'),
    /** Conference city and requested time, for meeting requests. */
    City: text('city'),
    MeetingTime: text('meeting_time'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
