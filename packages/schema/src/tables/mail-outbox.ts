import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';

/** Mail waiting for, or sent by, the worker's mail job. Written in the same transaction as its cause. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    ID: id(),
    To: text('to').notNull(),
    Subject: text('subject').notNull(),
    Text: text('text').notNull(),
    Html: text('html'),
    /** What the mail is about, e.g. password-reset, contact, meeting. */
    Template: text('template').notNull(),
    State: text('state', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    Attempts: integer('attempts').notNull().default(0),
    LastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_state_idx').on(t.State, t.createdAt), index('mail_outbox_to_idx').on(t.To)],
);
