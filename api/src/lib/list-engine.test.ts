import { ApiError, buildFilterWhere, pageOf } from '@leadmesh/core';
import { users } from '@leadmesh/schema/tables';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_FIELDS } from '../features/users/users.service.ts';
import { createTestApi, type TestApi } from '../test/harness.ts';

let api: TestApi;
const DAY = 86_400_000;
const base = Date.UTC(2026, 10, 10, 12, 0, 0);

beforeAll(async () => {
  api = await createTestApi();
  const people: [string, number, number, boolean, string][] = [
    ['amber', 1000, 1, true, 'RS'],
    ['bruno', 2000, 5, false, 'DE'],
    ['carla', 3000, 10, true, 'RS'],
    ['dan_x', 4000, 20, false, 'FR'],
    ["o'hara%", 5000, 0, false, 'US'],
  ];
  for (const [i, [name, zip, exp, verified, country]] of people.entries()) {
    const row = await api.createUser(name, { isVerified: verified });
    await api.db
      .update(users)
      .set({
        ZIP: zip,
        Experience: exp,
        Country: country,
        createdAt: new Date(base + i * DAY),
        FirstName: i === 4 ? '<script>alert(1)</script>' : 'Test',
      })
      .where(sql`${users.ID} = ${row.ID}`);
  }
});
afterAll(async () => {
  await api.close();
});

async function names(filters: { name: string; op: string; value: unknown }[]): Promise<string[]> {
  const rows = await api.db
    .select({ Username: users.Username })
    .from(users)
    .where(buildFilterWhere(filters as never, USER_LIST_FIELDS))
    .orderBy(asc(users.ID));
  return rows.map((r) => r.Username);
}

describe('string operators', () => {
  it.each([
    ['eq', 'carla', ['carla']],
    ['neq', 'carla', ['amber', 'bruno', 'dan_x', "o'hara%"]],
    ['contains', 'arl', ['carla']],
    ['startsWith', 'b', ['bruno']],
    ['endsWith', 'o', ['bruno']],
    ['in', ['amber', 'dan_x'], ['amber', 'dan_x']],
    ['in', 'amber~bruno', ['amber', 'bruno']],
  ])('%s %j', async (op, value, expected) => {
    expect(await names([{ name: 'Username', op, value }])).toEqual(expected);
  });

  it('takes %, _ and quotes literally', async () => {
    expect(await names([{ name: 'Username', op: 'contains', value: '_' }])).toEqual(['dan_x']);
    expect(await names([{ name: 'Username', op: 'endsWith', value: '%' }])).toEqual(["o'hara%"]);
    expect(await names([{ name: 'Username', op: 'eq', value: "o'hara%" }])).toEqual(["o'hara%"]);
  });
});

describe('number operators', () => {
  it.each([
    ['eq', 3000, ['carla']],
    ['neq', 3000, ['amber', 'bruno', 'dan_x', "o'hara%"]],
    ['gt', 3000, ['dan_x', "o'hara%"]],
    ['geq', '3000', ['carla', 'dan_x', "o'hara%"]],
    ['lt', 2000, ['amber']],
    ['leq', 2000, ['amber', 'bruno']],
    ['in', [1000, 5000], ['amber', "o'hara%"]],
  ])('%s %j', async (op, value, expected) => {
    expect(await names([{ name: 'ZIP', op, value }])).toEqual(expected);
  });

  it('refuses a value that is not a number', async () => {
    await expect(names([{ name: 'ZIP', op: 'eq', value: 'abc' }])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('date operators', () => {
  const day2 = new Date(base + 2 * DAY).toISOString();
  it.each([
    ['deq', ['carla']],
    ['dneq', ['amber', 'bruno', 'dan_x', "o'hara%"]],
    ['dgt', ['dan_x', "o'hara%"]],
    ['dgeq', ['carla', 'dan_x', "o'hara%"]],
    ['dlt', ['amber', 'bruno']],
    ['dleq', ['amber', 'bruno', 'carla']],
  ])('%s', async (op, expected) => {
    const onlyListed = { name: 'Username', op: 'in', value: ['amber', 'bruno', 'carla', 'dan_x', "o'hara%"] };
    expect(await names([onlyListed, { name: 'createdAt', op, value: day2 }])).toEqual(expected);
  });

  it('deq matches any time of that day', async () => {
    const evening = new Date(base + 2 * DAY + 10 * 3600_000).toISOString();
    expect(await names([{ name: 'createdAt', op: 'deq', value: evening }])).toEqual(['carla']);
  });

  it('refuses a value that is not a date', async () => {
    await expect(names([{ name: 'createdAt', op: 'dgeq', value: 'yesterday-ish' }])).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});

describe('boolean operators', () => {
  it.each([
    ['eq', 'Yes', ['amber', 'carla']],
    ['eq', true, ['amber', 'carla']],
    ['eq', 'No', ['bruno', 'dan_x', "o'hara%"]],
    ['neq', 'true', ['bruno', 'dan_x', "o'hara%"]],
    ['neq', false, ['amber', 'carla']],
  ])('%s %j', async (op, value, expected) => {
    expect(await names([{ name: 'isVerified', op, value }])).toEqual(expected);
  });

  it('works on computed fields', async () => {
    expect(await names([{ name: 'isAdvertiser', op: 'eq', value: 'No' }])).toHaveLength(5);
  });

  it('refuses anything but yes/no', async () => {
    await expect(names([{ name: 'isVerified', op: 'eq', value: 'maybe' }])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('whitelist', () => {
  it('refuses unknown fields, including column names that exist but are not listed', async () => {
    for (const name of ['PasswordHash', 'password_hash', 'constructor', '__proto__', '1=1']) {
      await expect(names([{ name, op: 'eq', value: 'x' }])).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'Filters' },
      });
    }
  });

  it('refuses unknown operators and operators of another value type', async () => {
    await expect(names([{ name: 'Username', op: 'like', value: 'x' }])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(names([{ name: 'Username', op: 'gt', value: 'x' }])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(names([{ name: 'ZIP', op: 'contains', value: 1 }])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(names([{ name: 'createdAt', op: 'eq', value: '2026-01-01' }])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(names([{ name: 'isVerified', op: 'contains', value: 'Yes' }])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('keeps SQL and HTML in values inert', async () => {
    const before = await api.db.select().from(users);
    expect(await names([{ name: 'Username', op: 'eq', value: "' OR 1=1 --" }])).toEqual([]);
    expect(await names([{ name: 'Username', op: 'contains', value: "x'); DROP TABLE users; --" }])).toEqual(
      [],
    );
    expect(await names([{ name: 'FirstName', op: 'eq', value: '<script>alert(1)</script>' }])).toEqual([
      "o'hara%",
    ]);
    expect(await api.db.select().from(users)).toHaveLength(before.length);
  });

  it('no filters means no condition', () => {
    expect(buildFilterWhere([], USER_LIST_FIELDS)).toBeUndefined();
  });
});

describe('pageOf', () => {
  it('defaults to 20 from 0 and caps the limit', () => {
    expect(pageOf(undefined, undefined)).toEqual({ offset: 0, limit: 20 });
    expect(pageOf(40, 10_000)).toEqual({ offset: 40, limit: 100 });
    expect(pageOf(-5, 0)).toEqual({ offset: 0, limit: 1 });
  });
});

describe('over HTTP', () => {
  it('an unknown filter is a clear VALIDATION_ERROR, not a 500', async () => {
    const { client } = await api.loggedIn('httpstaff', { isAdmin: true });
    const answer = await client.call('/users/getAllUsers', {
      paginationOffset: 0,
      Filters: [{ name: 'PasswordHash', op: 'eq', value: 'x' }],
    });
    expect(answer).toMatchObject({
      httpStatus: 400,
      data: 'VALIDATION_ERROR',
      details: { field: 'Filters' },
    });
    expect(answer.details?.message).toContain("Unknown filter field 'PasswordHash'");
  });
});
