import type {
  Client,
  InArgs,
  InStatement,
  InValue,
  ResultSet,
  Row,
  Transaction,
  TransactionMode,
} from '@libsql/client';
import Database from 'libsql';

/**
 * A libSQL client for embedded (`file:`) databases, in place of @libsql/client's, with the
 * interface drizzle uses (execute, batch, transaction, migrate, executeMultiple, close).
 *
 * Why: @libsql/client prepares every statement anew, asks it for its columns twice and builds
 * each row with a pair of `Object.defineProperty` per value. On the session check and the lists
 * that was most of the API's CPU (bench, decision 0007). Here statements are prepared once per
 * connection and rows share one prototype per column list: named values are own properties (what
 * drizzle reads for raw SQL), positions are prototype getters over the value array (what drizzle
 * reads for typed selects). Integers come back as numbers: the platform stores none beyond 2^53.
 */

type NativeDatabase = InstanceType<typeof Database>;
type NativeStatement = ReturnType<NativeDatabase['prepare']>;

const VALUES = Symbol('values');
const MAX_STATEMENTS = 500;

interface Prepared {
  statement: NativeStatement;
  reader: boolean;
  columns: string[];
  types: string[];
  rowPrototype: object | null;
  /** Ends in `limit ?` (drizzle's `.limit(n)`): with n = 1 the statement answers one row at most. */
  limitParameter: boolean;
  /** Ends in `limit 1`. */
  oneRow: boolean;
}

const LIMIT_PARAMETER = /\blimit\s+\?\s*;?\s*$/i;
const LIMIT_ONE = /\blimit\s+1\s*;?\s*$/i;

function rowPrototypeFor(columns: string[]): object {
  const proto: Record<string | number, unknown> = {};
  Object.defineProperty(proto, 'length', { value: columns.length });
  for (let i = 0; i < columns.length; i++) {
    Object.defineProperty(proto, i, {
      get(this: { [VALUES]: unknown[] }) {
        return this[VALUES][i];
      },
    });
  }
  return proto;
}

/** A connection with its prepared statements (least recently used beyond MAX_STATEMENTS dropped). */
class Connection {
  readonly db: NativeDatabase;
  private readonly statements = new Map<string, Prepared>();

  constructor(path: string, timeoutMs: number) {
    this.db = new Database(path, { timeout: timeoutMs });
    this.db.exec('PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
  }

  prepared(sql: string): Prepared {
    const hit = this.statements.get(sql);
    if (hit) {
      this.statements.delete(sql);
      this.statements.set(sql, hit);
      return hit;
    }
    const statement = this.db.prepare(sql);
    let reader = true;
    try {
      statement.raw(true);
    } catch {
      // raw() refuses statements that return no data
      reader = false;
    }
    const described = reader ? statement.columns() : [];
    const columns = described.map((c) => c.name);
    const prepared: Prepared = {
      statement,
      reader,
      columns,
      types: described.map((c) => c.type ?? ''),
      rowPrototype: reader ? rowPrototypeFor(columns) : null,
      limitParameter: reader && LIMIT_PARAMETER.test(sql),
      oneRow: reader && LIMIT_ONE.test(sql),
    };
    this.statements.set(sql, prepared);
    if (this.statements.size > MAX_STATEMENTS) {
      this.statements.delete(this.statements.keys().next().value as string);
    }
    return prepared;
  }

  execute(input: InStatement): ResultSet {
    const { sql, args } = typeof input === 'string' ? { sql: input, args: [] as InArgs } : input;
    const prepared = this.prepared(sql);
    const bound = bindArgs(args);
    if (prepared.reader) {
      const raw = atMostOneRow(prepared, bound)
        ? oneRowOf(prepared.statement.get(bound) as unknown[] | undefined)
        : (prepared.statement.all(bound) as unknown[][]);
      const rows = new Array<Row>(raw.length);
      const { columns, rowPrototype } = prepared;
      for (let r = 0; r < raw.length; r++) {
        const values = raw[r];
        const row = Object.create(rowPrototype) as Record<string | symbol, unknown>;
        row[VALUES] = values;
        for (let i = 0; i < columns.length; i++) {
          const name = columns[i];
          // The first of duplicate names wins (a join's two `id`s), as in @libsql/client.
          if (!Object.hasOwn(row, name)) row[name] = values[i];
        }
        rows[r] = row as unknown as Row;
      }
      return resultSet(columns, prepared.types, rows, 0, undefined);
    }
    const info = prepared.statement.run(bound);
    return resultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}

/**
 * Whether a statement answers one row at most (`limit 1`, or `limit ?` bound to 1): those are read
 * with the driver's `get`, cheaper than `all` on a one-row answer (5 against 19 µs for `select 1`; the
 * session check and `/auth/checkLogin` on every page load), because `all` opens a row cursor and a batch of 100.
 */
function atMostOneRow(prepared: Prepared, bound: unknown[] | Record<string, unknown>): boolean {
  if (prepared.oneRow) return true;
  return prepared.limitParameter && Array.isArray(bound) && bound[bound.length - 1] === 1;
}

const oneRowOf = (row: unknown[] | undefined): unknown[][] => (row === undefined ? [] : [row]);

function bindValue(value: InValue): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
  }
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  return value;
}

function bindArgs(args: InArgs | undefined): unknown[] | Record<string, unknown> {
  if (!args) return [];
  if (Array.isArray(args)) return args.map(bindValue);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    named[/^[@$:]/.test(name) ? name.slice(1) : name] = bindValue(value as InValue);
  }
  return named;
}

function resultSet(
  columns: string[],
  columnTypes: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows,
      rowsAffected,
      lastInsertRowid: lastInsertRowid?.toString(),
    }),
  };
}

const isBusy = (error: unknown) =>
  (error as { code?: string })?.code === 'SQLITE_BUSY' ||
  /SQLITE_BUSY|database is locked/i.test(String((error as Error)?.message));

/**
 * Takes the write lock for a transaction without stopping the event loop. SQLite's busy handler
 * waits for a lock another process holds by sleeping inside the call (1, 2, 5, 10… ms with the
 * whole process stopped), so two worker processes on one file took turns being frozen. Here the
 * lock is tried with no busy wait and, while another process holds it, tried again after an
 * asynchronous pause, so this process keeps running its other work (CRM calls, answers) meanwhile.
 * Once held, the usual busy timeout is back for the rest of the transaction.
 */
async function beginWrite(connection: Connection, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  connection.execute('PRAGMA busy_timeout = 0');
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        connection.execute(BEGIN.write);
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() >= until) throw error;
        // Short at first (a commit takes about a millisecond), jittered so waiters do not collide.
        const pauseMs = Math.min(1 + attempt, 10) * (0.5 + Math.random());
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  } finally {
    connection.execute(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(timeoutMs))}`);
  }
}

const BEGIN: Record<TransactionMode, string> = {
  write: 'BEGIN IMMEDIATE',
  read: 'BEGIN TRANSACTION READONLY',
  deferred: 'BEGIN DEFERRED',
};

function normalize(statement: InStatement | [string, InArgs?]): InStatement {
  return Array.isArray(statement) ? { sql: statement[0], args: statement[1] ?? [] } : statement;
}

/** Runs `work` inside BEGIN … COMMIT on `connection`, rolled back when it throws. */
function inTransaction<T>(connection: Connection, mode: TransactionMode, work: () => T): T {
  connection.execute(BEGIN[mode]);
  try {
    const result = work();
    connection.execute('COMMIT');
    return result;
  } catch (error) {
    if (connection.db.inTransaction) connection.execute('ROLLBACK');
    throw error;
  }
}

/**
 * The interactive transaction over a connection whose BEGIN has run. `release` gets the connection
 * back once, on commit, rollback or close, after a rollback of anything left open.
 */
function transactionOn(connection: Connection, release: (connection: Connection) => void): Transaction {
  let done = false;
  const settle = () => {
    if (done) return;
    done = true;
    if (connection.db.inTransaction) connection.execute('ROLLBACK');
    release(connection);
  };
  const open = () => {
    if (done) throw new Error('The transaction is closed');
  };
  const tx = {
    get closed() {
      return done;
    },
    async execute(statement: InStatement) {
      open();
      return connection.execute(statement);
    },
    async batch(statements: InStatement[]) {
      open();
      return statements.map((s) => connection.execute(normalize(s)));
    },
    async executeMultiple(sql: string) {
      open();
      connection.db.exec(sql);
    },
    async commit() {
      open();
      try {
        connection.execute('COMMIT');
      } finally {
        settle();
      }
    },
    async rollback() {
      if (done) return;
      settle();
    },
    close() {
      settle();
    },
  };
  return tx as unknown as Transaction;
}

/** Opens the embedded client on `path` (an absolute file path, no `file:`). */
export function createEmbeddedClient(path: string, options: { timeoutMs?: number } = {}): Client {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const main = new Connection(path, timeoutMs);
  // Connections for open transactions; idle ones are kept for the next transaction.
  const idle: Connection[] = [];
  const all = new Set<Connection>([main]);
  let closed = false;
  const checkOpen = () => {
    if (closed) throw new Error('The database client is closed');
  };
  const connectionFor = () => {
    const connection = idle.pop() ?? new Connection(path, timeoutMs);
    all.add(connection);
    return connection;
  };
  const release = (connection: Connection) => {
    if (closed) connection.close();
    else idle.push(connection);
  };

  const client = {
    get closed() {
      return closed;
    },
    protocol: 'file',
    async execute(statementOrSql: InStatement | string, args?: InArgs) {
      checkOpen();
      return main.execute(
        args === undefined ? (statementOrSql as InStatement) : { sql: statementOrSql as string, args },
      );
    },
    async batch(statements: (InStatement | [string, InArgs?])[], mode: TransactionMode = 'deferred') {
      checkOpen();
      return inTransaction(main, mode, () => statements.map((s) => main.execute(normalize(s))));
    },
    async migrate(statements: InStatement[]) {
      checkOpen();
      main.execute('PRAGMA foreign_keys = OFF');
      try {
        return inTransaction(main, 'deferred', () => statements.map((s) => main.execute(s)));
      } finally {
        main.execute('PRAGMA foreign_keys = ON');
      }
    },
    async executeMultiple(sql: string) {
      checkOpen();
      main.db.exec(sql);
    },
    async transaction(mode: TransactionMode = 'write'): Promise<Transaction> {
      checkOpen();
      const connection = connectionFor();
      try {
        if (mode === 'write') await beginWrite(connection, timeoutMs);
        else connection.execute(BEGIN[mode]);
      } catch (error) {
        idle.push(connection);
        throw error;
      }
      return transactionOn(connection, release);
    },
    async sync() {
      return undefined;
    },
    close() {
      if (closed) return;
      closed = true;
      // Connections still inside a transaction close when it settles.
      for (const connection of all) if (connection === main || idle.includes(connection)) connection.close();
    },
    reconnect() {},
  };
  return client as unknown as Client;
}
