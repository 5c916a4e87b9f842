import type { DbOrTx } from '@leadmesh/db';
import type { InValue, Transaction } from '@libsql/client';
import { type SQL, sql } from 'drizzle-orm';

/** Plain SQL with `?` parameters inside a transaction: the hot statements of intake. */
export interface SqlRunner {
  rows<T>(text: string, args: InValue[]): Promise<T[]>;
  run(text: string, args: InValue[]): Promise<{ lastId: number; changes: number }>;
}

function toSql(text: string, args: InValue[]): SQL {
  const parts = text.split('?');
  if (parts.length - 1 !== args.length)
    throw new Error(`${args.length} arguments for ${parts.length - 1} parameters`);
  const query = sql.empty();
  parts.forEach((part, i) => {
    query.append(sql.raw(part));
    if (i < args.length) query.append(sql`${args[i]}`);
  });
  return query;
}

/**
 * Runs fixed SQL texts on a drizzle transaction. Intake takes thousands of leads a second and
 * drizzle builds every query anew (a third of intake's CPU in the profiles), so the statements go
 * straight to the libSQL transaction under it, where the embedded client keeps them prepared.
 * That transaction is a drizzle internal (`session.tx`, drizzle-orm 0.45); without it the runner
 * falls back to drizzle's `sql`, with the same results (intake.test checks the fast path is taken).
 */
export function sqlRunner(tx: DbOrTx): SqlRunner & { fast: boolean } {
  const raw = (tx as unknown as { session?: { tx?: Transaction } }).session?.tx;
  if (raw && typeof raw.execute === 'function') {
    return {
      fast: true,
      async rows<T>(text: string, args: InValue[]) {
        return (await raw.execute({ sql: text, args })).rows as unknown as T[];
      },
      async run(text: string, args: InValue[]) {
        const result = await raw.execute({ sql: text, args });
        return { lastId: Number(result.lastInsertRowid ?? 0), changes: result.rowsAffected };
      },
    };
  }
  return {
    fast: false,
    rows: <T>(text: string, args: InValue[]) => tx.all<T>(toSql(text, args)),
    async run(text: string, args: InValue[]) {
      const result = (await tx.run(toSql(text, args))) as unknown as {
        lastInsertRowid?: bigint | number;
        rowsAffected: number;
      };
      return { lastId: Number(result.lastInsertRowid ?? 0), changes: result.rowsAffected };
    },
  };
}
