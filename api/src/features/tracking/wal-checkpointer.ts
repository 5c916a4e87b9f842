import { Worker } from 'node:worker_threads';
import type { Db } from '@leadmesh/db';
import { resolveDatabaseUrl } from '@leadmesh/db';
import type { Client } from '@libsql/client';

/**
 * The thread's code: its own connection to the same file, a PASSIVE checkpoint every interval.
 * PASSIVE never waits for readers or writers, so the API's writes go on meanwhile.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('libsql');
const db = new Database(workerData.path, { timeout: 0 });
const timer = setInterval(() => {
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch (error) { /* busy: next time */ }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch (error) {}
  db.close();
  parentPort.postMessage('stopped');
});
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * Moves WAL checkpoints of an embedded database off the event loop.
 *
 * Why: SQLite checkpoints when a commit finds the WAL over 1,000 pages, in the committing
 * connection, and a checkpoint ends with an fsync of the database file. The API commits on its
 * event loop (decision 0007), so with clicks and leads pouring in, every few hundred commits one
 * stalled every request for tens of milliseconds (bench: up to 130 ms; clicks cost 40 µs each
 * instead of 18). Here a worker thread checkpoints every `intervalMs` on its own connection, and the
 * API's main connection (where click batches and plain writes commit) no longer checkpoints itself.
 * If the thread fails, the main connection checkpoints itself again.
 *
 * Nothing for remote databases (sqld checkpoints on its own) nor where worker threads are missing.
 */
export async function startWalCheckpointer(
  db: Db,
  databaseUrl: string,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): Promise<WalCheckpointer | null> {
  const url = resolveDatabaseUrl(databaseUrl);
  if (!url.startsWith('file:') || url.includes(':memory:')) return null;
  const client = (db as Db & { $client: Client }).$client;
  let worker: Worker;
  try {
    worker = new Worker(WORKER, {
      eval: true,
      workerData: { path: url.slice('file:'.length), intervalMs: options.intervalMs ?? 100 },
    });
  } catch (error) {
    options.onError?.(error);
    return null;
  }
  worker.unref();
  let stopping = false;
  const fallBack = (error: unknown) => {
    if (stopping) return;
    options.onError?.(error);
    void client.execute('PRAGMA wal_autocheckpoint = 1000').catch(() => {});
  };
  worker.on('error', fallBack);
  worker.on('exit', (code) => fallBack(new Error(`the WAL checkpointer stopped (${code})`)));
  await client.execute('PRAGMA wal_autocheckpoint = 0');
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        worker.once('message', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage('stop');
      });
      await worker.terminate();
      await client.execute('PRAGMA wal_autocheckpoint = 1000').catch(() => {});
    },
  };
}
