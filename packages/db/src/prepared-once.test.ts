import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { preparedOnce } from './prepared-once.ts';

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
});
