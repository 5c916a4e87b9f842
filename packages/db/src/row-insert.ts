import type { InValue } from '@libsql/client';
import { type Column, getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * Every column of a table's insert but the ones left to the database (`auto`, by default the
 * autoincrement id), each one required: a new column is a compile error at every place that
 * writes a row, so none silently stays NULL (issue 20).
 */
export type CompleteInsert<T extends SQLiteTable, Auto extends keyof T['$inferInsert'] = never> = {
  [K in Exclude<keyof T['$inferInsert'], Auto>]-?: T['$inferInsert'][K];
};

/** A fixed INSERT of a whole row: its SQL text, its column names, and a row's values in that order. */
export interface RowInsert<V> {
  /** `insert into "t" ("a", "b") values (?, ?)`: one text, so the driver keeps it prepared. */
  readonly sql: string;
  /** The SQL column names, in the order of {@link RowInsert.args}. */
  readonly columns: readonly string[];
  /** A row's driver values (booleans as 0/1, JSON as text, dates as milliseconds). */
  args(values: V): InValue[];
}

/**
 * The INSERT of a whole typed row, built once from the drizzle table: for the hot paths (intake,
 * the seed's million leads) that run plain SQL because drizzle builds every query anew, without
 * giving up the table's names and types. Values go through each column's own driver mapping.
 */
export function rowInsert<T extends SQLiteTable, Auto extends keyof T['$inferInsert'] = never>(
  table: T,
  auto: readonly Auto[] = [],
): RowInsert<CompleteInsert<T, Auto>> {
  const all = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(all).filter((key) => !(auto as readonly string[]).includes(key));
  const columns = keys.map((key) => all[key].name);
  const mappers = keys.map((key) => all[key]);
  return {
    sql: `insert into "${getTableName(table)}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    columns,
    args(values) {
      const row = values as Record<string, unknown>;
      return keys.map((key, i) => {
        const value = row[key];
        return value === null || value === undefined ? null : (mappers[i].mapToDriverValue(value) as InValue);
      });
    },
  };
}
