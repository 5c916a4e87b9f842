import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedClient } from './embedded-client.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database file with another connection (as another process would) holding the write lock. */
function lockedByAnother() {
  const dir = mkdtempSync(join(tmpdir(), 'leadmesh-embedded-'));
  dirs.push(dir);
  const file = join(dir, 'test.db');
  const other = new Database(file);
  other.exec('PRAGMA journal_mode = WAL; create table t (x integer)');
  other.exec('BEGIN IMMEDIATE');
  return { file, other };
}

describe('embedded client: a write transaction waiting for another process', () => {
  it('keeps the event loop running while it waits, then takes the lock when it is released', async () => {
    const { file, other } = lockedByAnother();
    const client = createEmbeddedClient(file, { timeoutMs: 5_000 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    setTimeout(() => other.exec('COMMIT'), 300);
    try {
      const tx = await client.transaction('write');
      await tx.execute({ sql: 'insert into t values (1)', args: [] });
      await tx.commit();
    } finally {
      clearInterval(timer);
    }
    // A synchronous busy wait would have frozen the timer for the whole 300 ms.
    expect(ticks).toBeGreaterThan(10);
    expect((await client.execute('select count(*) as n from t')).rows[0].n).toBe(1);
    client.close();
    other.close();
  });

  it('gives up with SQLITE_BUSY after its timeout, and the connection works again afterwards', async () => {
    const { file, other } = lockedByAnother();
    const client = createEmbeddedClient(file, { timeoutMs: 200 });
    await expect(client.transaction('write')).rejects.toThrow(/SQLITE_BUSY|locked/i);
    other.exec('COMMIT');
    const tx = await client.transaction('write');
    await tx.execute({ sql: 'insert into t values (2)', args: [] });
    await tx.commit();
    expect((await client.execute('select x from t')).rows.map((r) => r.x)).toEqual([2]);
    client.close();
    other.close();
  });
});
