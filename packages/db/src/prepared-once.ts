import type { Db } from './client.ts';

/**
 * A prepared statement made once per database handle: `const lookup = preparedOnce((db) =>
 * db.select()...prepare())`, then `lookup(db).execute(...)`. Kept in a WeakMap, so a closed
 * handle (a test's fresh database) takes its statements with it.
 */
export function preparedOnce<P>(prepare: (db: Db) => P): (db: Db) => P {
  const made = new WeakMap<Db, P>();
  return (handle) => {
    const db = databaseOf(handle);
    let statement = made.get(db);
    if (statement === undefined) {
      statement = prepare(db);
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
