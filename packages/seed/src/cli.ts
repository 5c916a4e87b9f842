import { applyMigrations, createDb } from '@leadmesh/db';
import { DEMO_LOGINS, isSeeded, seedDemoWorld } from './index.ts';

/** `npm run seed [-- --leads N] [--force]`: builds the demo world in DATABASE_URL (data/leadmesh.db). */
const args = process.argv.slice(2);
const leadsArg = args.indexOf('--leads');
const leads = leadsArg >= 0 ? Number(args[leadsArg + 1]) : 10_000;
if (!Number.isInteger(leads) || leads < 0) throw new Error('--leads needs a whole number');

const handle = await createDb({
  url: process.env.DATABASE_URL ?? 'file:data/leadmesh.db',
  authToken: process.env.DATABASE_AUTH_TOKEN,
});
await applyMigrations(handle.db);
if ((await isSeeded(handle)) && !args.includes('--force')) {
  console.log(`${handle.url} already has data; use a fresh DATABASE_URL (or delete the file) to seed again.`);
} else {
  const summary = await seedDemoWorld(handle, { leads, log: (m) => console.log(`  ${m}`) });
  console.log(
    `seeded ${summary.users} users, ${summary.offers} offers, ${summary.leads} leads in ${(summary.ms / 1000).toFixed(1)} s`,
  );
  console.log('demo logins:');
  for (const login of DEMO_LOGINS)
    console.log(`  ${login.username.padEnd(12)} ${login.password.padEnd(16)} ${login.role}`);
}
handle.close();
