import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client.ts';
import { migrationsFolder } from './paths.ts';

/** Applies the checked-in drizzle-kit migrations; safe to run on every start. */
export async function applyMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
