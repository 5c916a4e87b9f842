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
  return (db, ...args) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = prepare(db, ...args);
      made.set(db, statement);
    }
    return statement;
  };
}
