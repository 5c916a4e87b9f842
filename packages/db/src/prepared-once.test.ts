import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { DATABASE_OF_HANDLE, preparedOnce } from './prepared-once.ts';

describe('preparedOnce', () => {
  it('prepares once per database handle', () => {
    let made = 0;
    const lookup = preparedOnce((db) => ({ db, n: ++made }));
    const a = {} as Db;
    const b = {} as Db;
    expect(lookup(a)).toBe(lookup(a));
    expect(lookup(b).n).toBe(2);
    expect(lookup(a).n).toBe(1);
    expect(made).toBe(2);
  });

  it('reads extra arguments on the first call for a handle only', () => {
    const once = preparedOnce((_db, size: number) => ({ size }));
    const a = {} as Db;
    expect(once(a, 1).size).toBe(1);
    expect(once(a, 2).size).toBe(1);
    expect(once({} as Db, 3).size).toBe(3);
  });

  it("shares the database's statement with a unit of work's handle (decision 0058)", () => {
    let made = 0;
    const lookup = preparedOnce((db) => ({ db, n: ++made }));
    const db = {} as Db;
    // What runUnitOfWork gives its work: the database by prototype, naming the database.
    const unitHandle = Object.assign(Object.create(db), { [DATABASE_OF_HANDLE]: db }) as Db;
    expect(lookup(unitHandle)).toBe(lookup(db));
    expect(lookup(unitHandle).db).toBe(db);
    expect(made).toBe(1);
  });
});
