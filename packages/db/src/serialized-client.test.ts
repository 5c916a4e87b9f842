import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logs } from '@leadmesh/schema/tables';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.ts';
import { applyMigrations } from './migrate.ts';

let dir: string;
let handle: DbHandle;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leadmesh-serial-'));
  handle = await createDb({ url: `file:${join(dir, 'serial.db')}` });
  await applyMigrations(handle.db);
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const entry = (n: number) => ({ Log: `entry ${n}`, Context: 'test/serial', LogLevel: 0 });

it('concurrent write transactions and plain writes of one process all commit (no SQLITE_BUSY)', async () => {
  const work = Array.from({ length: 40 }, (_, n) =>
    n % 2 === 0
      ? handle.db.transaction(async (tx) => {
          await tx.insert(logs).values(entry(n));
          // Give the event loop to everyone else while holding the write lock.
          await new Promise((r) => setTimeout(r, 2));
          await tx.insert(logs).values(entry(n + 1000));
        })
      : handle.db.insert(logs).values(entry(n)),
  );
  await Promise.all(work);
  const [row] = await handle.db.select({ n: count() }).from(logs);
  expect(row.n).toBe(60);
});

it('a write through the database handle inside an open transaction fails at once with a clear message', async () => {
  const error = await handle.db
    .transaction(async () => {
      await handle.db.insert(logs).values(entry(1));
    })
    .catch((e: Error) => e);
  expect(String((error as Error & { cause?: Error }).cause?.message)).toMatch(
    /inside an open write transaction/,
  );
});

it('reads do not wait for an open transaction', async () => {
  let readDone = false;
  await handle.db.transaction(async (tx) => {
    await tx.insert(logs).values(entry(7));
    await handle.db.select({ n: count() }).from(logs);
    readDone = true;
  });
  expect(readDone).toBe(true);
});
