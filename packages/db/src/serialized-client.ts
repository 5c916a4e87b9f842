import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client, InStatement, TransactionMode } from '@libsql/client';

/** A FIFO async lock: `run` waits for every earlier holder to finish. */
class AsyncLock {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return ready;
  }
}

const READ_ONLY = /^\s*(select|explain|pragma\s+\w+\s*(?:;|$)|with\s+(?![\s\S]*\b(insert|update|delete)\b))/i;

function sqlOf(statement: InStatement): string {
  return typeof statement === 'string' ? statement : statement.sql;
}

/** The lock every writer of one embedded database takes in this process. */
export interface WriteSerializer {
  /** Runs `work` once every earlier writer has finished. */
  exclusive<T>(what: string, work: () => Promise<T>): Promise<T>;
  /** Runs a transaction body, marking its async context as holding the lock. */
  inTransaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Serialises the writes of one process on an embedded (`file:`) database.
 *
 * Why: @libsql/client runs `file:` statements synchronously on the main thread, one connection
 * per open transaction. When one transaction holds SQLite's write lock and a second connection
 * starts writing, the second waits for the lock *synchronously* (busy timeout), so the event
 * loop stops and the first transaction can never commit: both fail after the timeout
 * (SQLITE_BUSY). Queueing writers in JavaScript instead lets each transaction finish first.
 * Reads never wait (WAL readers do not block on writers). Across processes SQLite's own lock
 * and busy timeout still apply; there the holder keeps running, so it is only a short wait.
 */
export function createWriteSerializer(
  options: { checkNesting?: boolean } = { checkNesting: process.env.NODE_ENV !== 'production' },
): WriteSerializer {
  const lock = new AsyncLock();
  // Catches a write through the handle inside one of its own transactions (it would wait for itself
  // forever) in development and tests only: under Node 20 an AsyncLocalStorage in use turns on
  // promise hooks for every promise of the process, a fifth of a light call's CPU (decision 0058).
  const holding = options.checkNesting ? new AsyncLocalStorage<boolean>() : null;
  return {
    async exclusive(what, work) {
      if (holding?.getStore()) {
        throw new Error(
          `${what} through the database handle inside an open write transaction: use the transaction (it would wait for itself)`,
        );
      }
      const release = await lock.acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    inTransaction(work) {
      return holding ? holding.run(true, work) : work();
    },
  };
}

/** The client with its writes (outside transactions) taken through the serializer. */
export function serializeClientWrites(client: Client, serializer: WriteSerializer): Client {
  const wrapped: Partial<Client> = {
    execute(statementOrSql: InStatement | string, args?: unknown) {
      const statement = (args === undefined ? statementOrSql : { sql: statementOrSql, args }) as InStatement;
      if (READ_ONLY.test(sqlOf(statement))) return client.execute(statement);
      return serializer.exclusive('A write', () => client.execute(statement));
    },
    batch(statements: InStatement[], mode?: TransactionMode) {
      if (mode === 'read') return client.batch(statements, mode);
      return serializer.exclusive('A batch', () => client.batch(statements, mode));
    },
    migrate(statements: InStatement[]) {
      return serializer.exclusive('A migration', () => client.migrate(statements));
    },
    executeMultiple(sql: string) {
      return serializer.exclusive('A script', () => client.executeMultiple(sql));
    },
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (Object.hasOwn(wrapped, property)) return wrapped[property as keyof Client];
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
