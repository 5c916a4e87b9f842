import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import * as tables from '@leadmesh/schema/tables';
import { type Client, createClient } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { repoRoot } from './paths.ts';

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
  const client = createClient({ url, authToken: options.authToken, timeout: 10_000, concurrency: 8 });
  if (url.startsWith('file:') && !url.includes(':memory:')) {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle(client, { schema: tables });
  return { db, client, url, close: () => client.close() };
}
