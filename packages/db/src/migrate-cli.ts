import { createDb } from './client.ts';
import { applyMigrations } from './migrate.ts';

const handle = await createDb({
  url: process.env.DATABASE_URL ?? 'file:data/leadmesh.db',
  authToken: process.env.DATABASE_AUTH_TOKEN,
});
await applyMigrations(handle.db);
console.log(`migrations applied to ${handle.url}`);
handle.close();
