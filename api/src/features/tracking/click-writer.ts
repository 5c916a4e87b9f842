import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from '@leadmesh/db';
import { resolveDatabaseUrl } from '@leadmesh/db';
import type { Client, InStatement, InValue } from '@libsql/client';

/**
 * One click as a writer takes it, geo and device already known:
 * key, taken offer, user, offer, ip, user agent, referer, is phone (0/1), country, city, sub ids (JSON), created.
 */
export type ClickRow = [
  string,
  number,
  number,
  number,
  string | null,
  string | null,
  string | null,
  0 | 1,
  string | null,
  string | null,
  string | null,
  number,
];

/** Writes clicks; resolves once they are committed. */
export interface ClickWriter {
  readonly kind: 'thread' | 'inline';
  /** True once the writer cannot write any more (its thread died): use another. */
  readonly failed: boolean;
  write(rows: ClickRow[]): Promise<void>;
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;
/** Clicks per transaction. Short transactions: other writers of the file wait at most that long. */
export const CLICKS_PER_TRANSACTION = 100;

// One statement per click. Uniqueness is decided by SQLite in order, so clicks earlier in the same
// transaction count; a click written twice is ignored. The guarded forms skip a click whose taken
// offer was removed meanwhile (its foreign key would fail the whole transaction); they are used
// only when a transaction failed that way.
const COLUMNS = `(click_key, taken_offer_id, user_id, offer_id, ip, user_agent, referer, is_phone, country_code, city,
   sub_ids, created_at, is_unique_ip)`;
const GUARD = ' where exists (select 1 from taken_offers where id = ?)';
const ROW = '?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?';
export const CLICK_SQL = {
  checking: `insert or ignore into clicks ${COLUMNS} select ${ROW},
    not exists (select 1 from clicks where offer_id = ? and ip = ? and created_at >= ?)`,
  checkingGuarded: `insert or ignore into clicks ${COLUMNS} select ${ROW},
    not exists (select 1 from clicks where offer_id = ? and ip = ? and created_at >= ?)${GUARD}`,
  /** For an IP this writer already wrote on the offer today: not unique, nothing to look up. */
  seen: `insert or ignore into clicks ${COLUMNS} values (${ROW}, 0)`,
  seenGuarded: `insert or ignore into clicks ${COLUMNS} select ${ROW}, 0${GUARD}`,
};

/** `offer|ip` pairs a writer wrote today: their next clicks are not unique, no lookup needed. */
class SeenToday {
  private day = 0;
  private pairs = new Set<string>();

  has(row: ClickRow): boolean {
    return (
      row[4] !== null && Math.floor(row[11] / DAY_MS) === this.day && this.pairs.has(`${row[3]}|${row[4]}`)
    );
  }

  add(rows: ClickRow[]): void {
    for (const row of rows) {
      const day = Math.floor(row[11] / DAY_MS);
      if (day !== this.day || this.pairs.size >= 500_000) {
        this.day = day;
        this.pairs = new Set();
      }
      if (row[4] !== null) this.pairs.add(`${row[3]}|${row[4]}`);
    }
  }
}

function statement(row: ClickRow, seen: SeenToday, guarded: boolean): InStatement {
  if (seen.has(row)) {
    return guarded
      ? { sql: CLICK_SQL.seenGuarded, args: [...row, row[1]] }
      : { sql: CLICK_SQL.seen, args: row };
  }
  const args: InValue[] = [...row, row[3], row[4], Math.floor(row[11] / DAY_MS) * DAY_MS];
  if (guarded) args.push(row[1]);
  return { sql: guarded ? CLICK_SQL.checkingGuarded : CLICK_SQL.checking, args };
}

/**
 * The writer on the event loop, through the database handle (its writes queue with the API's
 * others, decision 0007): for Deno and for remote databases. Transactions of
 * {@link CLICKS_PER_TRANSACTION} with a turn of the event loop between them.
 */
export function inlineClickWriter(db: Db): ClickWriter {
  const client = (db as Db & { $client: Client }).$client;
  const seen = new SeenToday();
  return {
    kind: 'inline',
    failed: false,
    async write(rows) {
      for (let from = 0; from < rows.length; from += CLICKS_PER_TRANSACTION) {
        if (from > 0) await new Promise((resolve) => setImmediate(resolve));
        const slice = rows.slice(from, from + CLICKS_PER_TRANSACTION);
        try {
          await client.batch(
            slice.map((row) => statement(row, seen, false)),
            'write',
          );
        } catch (error) {
          if (!/FOREIGN KEY/i.test(String((error as Error)?.message))) throw error;
          await client.batch(
            slice.map((row) => statement(row, seen, true)),
            'write',
          );
        }
        seen.add(slice);
      }
    },
    async close() {},
  };
}

/** The thread's code: the same statements and rule as above, on its own connection. */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.libsql);
const SQL = workerData.sql;
const DAY = ${DAY_MS};
const db = new Database(workerData.path, { timeout: 10000 });
db.exec('PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
const prepared = {};
for (const name of Object.keys(SQL)) prepared[name] = db.prepare(SQL[name]);
let day = 0;
let pairs = new Set();
const has = (row) => row[4] !== null && Math.floor(row[11] / DAY) === day && pairs.has(row[3] + '|' + row[4]);
function remember(rows) {
  for (const row of rows) {
    const d = Math.floor(row[11] / DAY);
    if (d !== day || pairs.size >= 500000) { day = d; pairs = new Set(); }
    if (row[4] !== null) pairs.add(row[3] + '|' + row[4]);
  }
}
function writeSlice(rows, guarded) {
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const row of rows) {
      if (has(row)) {
        if (guarded) prepared.seenGuarded.run([...row, row[1]]);
        else prepared.seen.run(row);
      } else {
        const args = [...row, row[3], row[4], Math.floor(row[11] / DAY) * DAY];
        if (guarded) { args.push(row[1]); prepared.checkingGuarded.run(args); }
        else prepared.checking.run(args);
      }
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
parentPort.on('message', (message) => {
  if (message.type === 'close') {
    db.close();
    parentPort.postMessage({ type: 'closed' });
    return;
  }
  try {
    for (let from = 0; from < message.rows.length; from += workerData.slice) {
      const slice = message.rows.slice(from, from + workerData.slice);
      try {
        writeSlice(slice, false);
      } catch (error) {
        if (!/FOREIGN KEY/i.test(String(error && error.message))) throw error;
        writeSlice(slice, true);
      }
      remember(slice);
    }
    parentPort.postMessage({ type: 'written', id: message.id });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', id: message.id, message: String(error && error.message) });
  }
});
`;

/**
 * The writer on a thread of its own, with its own connection to the embedded file: the event loop
 * only posts the rows, so the tracking redirect's throughput does not pay for SQLite's inserts
 * (about 15 µs a click with the table's indexes; bench in decision 0011). Its transactions are
 * {@link CLICKS_PER_TRANSACTION} clicks (a few ms): a writer of the event loop that meets its lock
 * waits that long, as it would for the worker process (decision 0007). Null where it cannot run
 * (remote databases, no worker threads); the inline writer is used then.
 */
export async function threadClickWriter(databaseUrl: string): Promise<ClickWriter | null> {
  const url = resolveDatabaseUrl(databaseUrl);
  if (!url.startsWith('file:') || url.includes(':memory:') || 'Deno' in globalThis) return null;
  let libsql: string;
  try {
    libsql = createRequire(import.meta.url).resolve('libsql');
  } catch {
    return null;
  }
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { path: url.slice('file:'.length), libsql, sql: CLICK_SQL, slice: CLICKS_PER_TRANSACTION },
  });
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let broken: Error | null = null;
  const fail = (error: Error) => {
    broken = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (message: { type: string; id: number; message?: string }) => {
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.type === 'written') entry.resolve();
    else entry.reject(new Error(message.message ?? 'clicks not written'));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the click writer stopped (${code})`)));
  worker.unref();
  return {
    kind: 'thread',
    get failed() {
      return broken !== null;
    },
    write(rows) {
      if (broken) return Promise.reject(broken);
      const id = ++nextId;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'write', id, rows });
      });
    },
    async close() {
      if (broken) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        worker.once('message', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage({ type: 'close' });
      });
      broken = new Error('the click writer is closed');
      await worker.terminate();
    },
  };
}
