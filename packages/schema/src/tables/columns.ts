import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

/** Milliseconds since the epoch, set by the database on insert. */
export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`);

export const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`)
    .$onUpdate(() => new Date());

export const id = () => integer('id').primaryKey({ autoIncrement: true });

export const bool = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);

/** Money is integer cents (see docs/decisions/0002-money-in-cents.md). */
export const cents = (name: string) => integer(name).notNull().default(0);
