import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import * as tables from '@leadmesh/schema/tables';
import { type Client, createClient } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { createEmbeddedClient } from './embedded-client.ts';
import { repoRoot } from './paths.ts';
import { createWriteSerializer, serializeClientWrites } from './serialized-client.ts';

export type Schema = typeof tables;
export type Db = LibSQLDatabase<Schema>;
/** A database or a transaction: services take either, so they compose inside one transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  client: Client;
  url: string;
  close(): void;
}

/**
 * Makes `file:` URLs absolute (relative ones are read from the repository root) and creates
 * the folder, so the API and the worker started from anywhere open the same file.
 */
export function resolveDatabaseUrl(url: string): string {
  if (!url.startsWith('file:')) return url;
  const path = url.slice('file:'.length);
  if (path === ':memory:') return url;
  const absolute = isAbsolute(path) ? path : resolve(repoRoot, path);
  mkdirSync(dirname(absolute), { recursive: true });
  return `file:${absolute}`;
}

export interface DbOptions {
  url: string;
  authToken?: string;
}

/**
 * Opens the database. Embedded `file:` databases get WAL and a busy timeout so the API
 * and the worker can write the same file; `libsql://` and `http(s)://` URLs reach a sqld server.
 */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  const url = resolveDatabaseUrl(options.url);
  const embedded = url.startsWith('file:') && !url.includes(':memory:');
  if (!embedded) {
    const remote = createClient({ url, authToken: options.authToken, timeout: 10_000, concurrency: 8 });
    await remote.execute('PRAGMA foreign_keys = ON');
    return { db: drizzle(remote, { schema: tables }), client: remote, url, close: () => remote.close() };
  }
  // Embedded databases get their own client (prepared statements, light rows) and queue their
  // writers in JavaScript (embedded-client.ts, serialized-client.ts; decision 0007).
  const raw = createEmbeddedClient(url.slice('file:'.length), { timeoutMs: 10_000 });
  await raw.execute('PRAGMA journal_mode = WAL');
  const serializer = createWriteSerializer();
  const client = serializeClientWrites(raw, serializer);
  const db = drizzle(client, { schema: tables });
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    serializer.exclusive('A transaction', () =>
      transaction((tx) => serializer.inTransaction(() => work(tx)), config),
    )) as typeof db.transaction;
  return { db, client, url, close: () => raw.close() };
}
