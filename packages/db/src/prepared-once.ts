import type { Db } from './client.ts';

/**
 * A prepared statement made once per database handle: `const lookup = preparedOnce((db) =>
 * db.select()...prepare())`, then `lookup(db).execute(...)`. Kept in a WeakMap, so a closed
 * handle (a test's fresh database) takes its statements with it.
 */
export function preparedOnce<P>(prepare: (db: Db) => P): (db: Db) => P {
  const made = new WeakMap<Db, P>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      made.set(db, statement);
    }
    return statement;
  };
}
