import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, createDb } from '@leadmesh/db';
import { afterAll, expect, it, vi } from 'vitest';
import { startWalCheckpointer } from './wal-checkpointer.ts';

const dir = mkdtempSync(join(tmpdir(), 'leadmesh-wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const autocheckpoint = async (client: { execute(sql: string): Promise<{ rows: unknown[] }> }) =>
  Number(Object.values((await client.execute('PRAGMA wal_autocheckpoint')).rows[0] as object)[0]);

it('checkpoints on its own thread while the main connection no longer does, and gives it back on stop', async () => {
  const url = `file:${join(dir, 'wal.db')}`;
  const handle = await createDb({ url });
  await applyMigrations(handle.db);
  const checkpointer = await startWalCheckpointer(handle.db, url, { intervalMs: 20 });
  expect(checkpointer).not.toBeNull();
  expect(await autocheckpoint(handle.client)).toBe(0);
  // Writes that would have filled the WAL: they are copied into the database file by the thread.
  const before = statSync(join(dir, 'wal.db')).size;
  await handle.client.execute('create table junk (x text)');
  for (let i = 0; i < 200; i++) {
    await handle.client.execute({ sql: 'insert into junk values (?)', args: ['x'.repeat(4000)] });
  }
  await vi.waitFor(() => expect(statSync(join(dir, 'wal.db')).size).toBeGreaterThan(before + 500_000), {
    timeout: 10_000,
    interval: 20,
  });
  await checkpointer!.stop();
  expect(await autocheckpoint(handle.client)).toBe(1000);
  handle.close();
});

it('does nothing for remote databases', async () => {
  const handle = await createDb({ url: `file:${join(dir, 'other.db')}` });
  expect(await startWalCheckpointer(handle.db, 'libsql://example.invalid')).toBeNull();
  handle.close();
});
