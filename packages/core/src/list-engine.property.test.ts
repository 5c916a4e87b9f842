/**
 * Property tests of the filter engine (issue 12): for random rows and random filters over a
 * list's whitelist — values full of %, _, \, quotes and list separators — the SQL the engine builds
 * selects exactly the rows a plain reference implementation selects; and any field or operator
 * outside the whitelist, or a value of the wrong kind, is a VALIDATION_ERROR, never another error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, createDb, type DbHandle } from '@leadmesh/db';
import { ALL_FILTER_OPERATORS, type FilterItem } from '@leadmesh/schema';
import { logs } from '@leadmesh/schema/tables';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { buildFilterWhere, type ListFields } from './list-engine.ts';

const FIELDS: ListFields = {
  Log: { column: logs.Log, type: 'string' },
  LogLevel: { column: logs.LogLevel, type: 'number' },
  User: { column: logs.User, type: 'number' },
  createdAt: { column: logs.createdAt, type: 'date' },
};

interface Row {
  Log: string;
  LogLevel: number;
  User: number | null;
  createdAt: number;
}

let handle: DbHandle;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leadmesh-filters-'));
  handle = await createDb({ url: `file:${join(dir, 'filters.db')}` });
  await applyMigrations(handle.db);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Lowercase and caseless characters only (SQLite's LIKE folds ASCII case), with every LIKE and list metacharacter. */
const text = fc.string({
  unit: fc.constantFrom('a', 'b', '%', '_', '\\', "'", ' ', '~', ',', 'ж'),
  maxLength: 6,
});
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);
const time = fc.integer({ min: BASE, max: BASE + 6 * DAY });
const rowArb: fc.Arbitrary<Row> = fc.record({
  Log: text,
  LogLevel: fc.integer({ min: 0, max: 3 }),
  User: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  createdAt: time,
});

/** Filters whose values are often taken from the rows (a part of a Log, a row's time), so they match something. */
function filterFor(rows: Row[]): fc.Arbitrary<FilterItem> {
  const some = fc.nat(rows.length - 1).map((i) => rows[i]);
  const part = fc
    .tuple(some, fc.nat(6), fc.nat(6))
    .map(([row, a, b]) => row.Log.slice(Math.min(a, b), Math.max(a, b)));
  const stringValue = fc.oneof(
    text,
    part,
    some.map((r) => r.Log),
  );
  const listItem = fc
    .oneof(
      text,
      some.map((r) => r.Log),
    )
    .map((s) => s.replace(/[~,]/g, '').trim());
  const timeValue = fc.oneof(
    time,
    fc.tuple(some, fc.integer({ min: -2, max: 2 })).map(([r, d]) => r.createdAt + d),
  );
  return fc.oneof(
    fc.record({
      name: fc.constant('Log'),
      op: fc.constantFrom('eq', 'neq', 'contains', 'startsWith', 'endsWith'),
      value: stringValue,
    }),
    fc.record({
      name: fc.constant('Log'),
      op: fc.constant('in'),
      value: fc.array(listItem, { minLength: 1, maxLength: 4 }),
    }),
    fc.record({
      name: fc.constant('Log'),
      op: fc.constant('in'),
      value: fc.array(listItem, { minLength: 1, maxLength: 4 }).map((items) => items.join('~')),
    }),
    fc.record({
      name: fc.constantFrom('LogLevel', 'User'),
      op: fc.constantFrom('eq', 'neq', 'gt', 'geq', 'lt', 'leq'),
      value: fc.oneof(fc.integer({ min: -1, max: 6 }), fc.integer({ min: -1, max: 6 }).map(String)),
    }),
    fc.record({
      name: fc.constantFrom('LogLevel', 'User'),
      op: fc.constant('in'),
      value: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 4 }),
    }),
    fc.record({
      name: fc.constant('createdAt'),
      op: fc.constantFrom('deq', 'dneq', 'dgt', 'dgeq', 'dlt', 'dleq'),
      value: timeValue.map((t) => new Date(t).toISOString()),
    }),
  ) as fc.Arbitrary<FilterItem>;
}

/** What a filter means, written plainly. */
function matches(row: Row, f: FilterItem): boolean {
  const value = f.value as unknown;
  if (f.name === 'Log') {
    const v = String(value);
    switch (f.op) {
      case 'eq':
        return row.Log === v;
      case 'neq':
        return row.Log !== v;
      case 'contains':
        return row.Log.includes(v);
      case 'startsWith':
        return row.Log.startsWith(v);
      case 'endsWith':
        return row.Log.endsWith(v);
      case 'in': {
        const items = Array.isArray(value)
          ? value.map((x) => String(x).trim())
          : v.split(/[~,]/).map((x) => x.trim());
        return items.includes(row.Log);
      }
    }
  }
  if (f.name === 'LogLevel' || f.name === 'User') {
    const cell = row[f.name];
    if (f.op === 'in') return cell !== null && (value as number[]).includes(cell);
    const n = Number(value);
    if (cell === null) return f.op === 'neq';
    switch (f.op) {
      case 'eq':
        return cell === n;
      case 'neq':
        return cell !== n;
      case 'gt':
        return cell > n;
      case 'geq':
        return cell >= n;
      case 'lt':
        return cell < n;
      case 'leq':
        return cell <= n;
    }
  }
  const t = Date.parse(String(value));
  const dayStart = Math.floor(t / DAY) * DAY;
  const at = row.createdAt;
  switch (f.op) {
    case 'deq':
      return at >= dayStart && at < dayStart + DAY;
    case 'dneq':
      return at < dayStart || at >= dayStart + DAY;
    case 'dgt':
      return at > t;
    case 'dgeq':
      return at >= t;
    case 'dlt':
      return at < t;
    case 'dleq':
      return at <= t;
  }
  throw new Error(`no reference for ${f.name} ${f.op}`);
}

describe('buildFilterWhere', () => {
  it('selects exactly the rows the reference selects, for any rows and filters', async () => {
    let selectedSome = 0;
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(rowArb, { minLength: 1, maxLength: 25 })
          .chain((rows) =>
            fc.tuple(fc.constant(rows), fc.array(filterFor(rows), { minLength: 1, maxLength: 2 })),
          ),
        async ([rows, filters]) => {
          const db = handle.db;
          await db.delete(logs);
          const inserted = await db
            .insert(logs)
            .values(rows.map((r) => ({ ...r, Context: 'prop', createdAt: new Date(r.createdAt) })))
            .returning({ ID: logs.ID });
          const where = buildFilterWhere(filters, FIELDS);
          const got = (await db.select({ ID: logs.ID }).from(logs).where(where))
            .map((r) => r.ID)
            .sort((a, b) => a - b);
          const want = inserted
            .filter((_, i) => filters.every((f) => matches(rows[i], f)))
            .map((r) => r.ID)
            .sort((a, b) => a - b);
          expect(got).toEqual(want);
          if (want.length > 0) selectedSome++;
        },
      ),
      { numRuns: 200 },
    );
    // The runs are not all empty selections: most filters match some rows.
    expect(selectedSome).toBeGreaterThan(60);
  });

  it('refuses any field or operator outside the whitelist with VALIDATION_ERROR, whatever the value', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 12 }),
        fc.anything(),
        (name, op, value) => {
          const known = Object.hasOwn(FIELDS, name);
          fc.pre(!known || !(ALL_FILTER_OPERATORS as string[]).includes(op));
          let caught: unknown;
          try {
            buildFilterWhere([{ name, op, value } as FilterItem], FIELDS);
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(ApiError);
          expect((caught as ApiError).code).toBe('VALIDATION_ERROR');
        },
      ),
    );
  });

  it('refuses a value of the wrong kind for numbers and dates with VALIDATION_ERROR', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('LogLevel', 'createdAt'),
        fc.oneof(
          fc.string().filter((s) => !Number.isFinite(Number(s)) && Number.isNaN(Date.parse(s))),
          fc.constant(null),
          fc.object(),
        ),
        (name, value) => {
          const op = name === 'createdAt' ? 'dgt' : 'gt';
          let caught: unknown;
          try {
            buildFilterWhere([{ name, op, value } as FilterItem], FIELDS);
          } catch (error) {
            caught = error;
          }
          expect((caught as ApiError | undefined)?.code).toBe('VALIDATION_ERROR');
        },
      ),
    );
  });
});
