import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns.ts';

/** Uploaded images (offer pictures), stored as files; the row keeps what the upload said. */
export const images = sqliteTable(
  'images',
  {
    ID: id(),
    FileName: text('file_name').notNull(),
    ImageName: text('image_name').notNull(),
    Tag: text('tag').notNull(),
    ContentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_file_name_idx').on(t.FileName)],
);
