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

describe('embedded client: answers of one row at most', () => {
  it('reads `limit 1` and `limit ?` bound to 1 as one row, other limits as every row, and sees later writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'leadmesh-embedded-'));
    dirs.push(dir);
    const file = join(dir, 'test.db');
    const client = createEmbeddedClient(file);
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('create table t (x integer)');
    const xs = async (sql: string, args: number[] = []) =>
      (await client.execute({ sql, args })).rows.map((r) => [r.x, r[0]]);
    expect(await xs('select x from t order by x limit ?', [1])).toEqual([]);
    expect(await xs('select x from t limit 1')).toEqual([]);
    await client.execute('insert into t values (3), (1), (2)');
    expect(await xs('select x from t order by x limit ?', [1])).toEqual([[1, 1]]);
    expect(await xs('select x from t order by x desc limit 1')).toEqual([[3, 3]]);
    expect(await xs('select x from t order by x limit ?', [2])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(await xs('select x from t where x > ? order by x', [1])).toEqual([
      [2, 2],
      [3, 3],
    ]);
    // A one-row read leaves no cursor open: another connection's write is seen, and it checkpoints.
    const other = new Database(file);
    other.exec('insert into t values (0)');
    expect(await xs('select x from t order by x limit ?', [1])).toEqual([[0, 0]]);
    expect(other.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get()).toMatchObject({ busy: 0 });
    other.close();
    client.close();
  });
});
