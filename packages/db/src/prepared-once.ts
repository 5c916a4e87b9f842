import type { Db } from './client.ts';

/**
 * A prepared statement made once per database handle: `const lookup = preparedOnce((db) =>
 * db.select()...prepare())`, then `lookup(db).execute(...)`. Kept in a WeakMap, so a closed
 * handle (a test's fresh database) takes its statements with it. Anything else made once per
 * handle (the delivery worker's batcher) works the same; extra arguments are read on the first
 * call for a handle only.
 */
export function preparedOnce<P, A extends unknown[] = []>(
  prepare: (db: Db, ...args: A) => P,
): (db: Db, ...args: A) => P {
  const made = new WeakMap<Db, P>();
  return (handle, ...args) => {
    const db = databaseOf(handle);
    let statement = made.get(db);
    if (statement === undefined) {
      statement = prepare(db, ...args);
      made.set(db, statement);
    }
    return statement;
  };
}

/**
 * Names the database behind a unit of work's handle (decision 0058: the handle is the database by
 * prototype, with the unit's job list). `Symbol.for`, so @leadmesh/jobs sets it without importing.
 */
export const DATABASE_OF_HANDLE = Symbol.for('leadmesh.databaseOfHandle');

/** The database a handle stands for: state kept per database (statements, batchers) is keyed by it, not by a unit's handle. */
export function databaseOf<H extends object>(handle: H): H {
  return (handle as { [DATABASE_OF_HANDLE]?: H })[DATABASE_OF_HANDLE] ?? handle;
}
