/**
 * Test support for the bad-input sweep: plausible requests built from each contract's own schema,
 * the hostile values every field is then given, and a cheap detector of changed rows. Not loaded
 * by the API at run time.
 */
import type { Db } from '@leadmesh/db';
import * as tables from '@leadmesh/schema/tables';
import type { Client } from '@libsql/client';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
};

/** The JSON schema of a request as a caller writes it (before defaults and transforms). */
export function inputSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * A plausible value for one schema. Numbers name nothing that exists (999999), so a request that
 * passes validation reaches the handler and is turned away there, not by chance acting on a row.
 */
export function sample(s: JsonSchema, depth = 0): unknown {
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) {
    const concrete = alternatives.find((a) => a.type !== 'null') ?? alternatives[0];
    return sample(concrete, depth + 1);
  }
  if (s.allOf?.length) return sample(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      // Required fields only: an optional alias (`filters` beside `Filters`) would shadow the field under test.
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [key, value] of Object.entries(s.properties ?? {})) {
        if (required.has(key)) out[key] = sample(value, depth + 1);
      }
      return out;
    }
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sample(s.items ?? {}, depth + 1)) : [];
    case 'string':
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uri' || s.format === 'url') return 'https://93.184.216.34/x';
      if (s.format === 'date-time' || s.format === 'date') return '2026-01-01T00:00:00.000Z';
      return 'x'.repeat(Math.max(1, Math.min(s.minLength ?? 1, 64)));
    case 'integer':
    case 'number': {
      const max = s.maximum ?? 999_999;
      const min = s.minimum ?? 0;
      return Math.max(min, Math.min(max, 999_999));
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** The top-level fields of a request schema (empty when the request is not an object). */
export function topFields(s: JsonSchema): string[] {
  if (s.properties) return Object.keys(s.properties);
  const alternatives = s.anyOf ?? s.oneOf ?? s.allOf;
  return [...new Set((alternatives ?? []).flatMap(topFields))];
}

const MEGA = 'A'.repeat(1_000_000);
/**
 * Numbers JSON.stringify cannot write as a client may: placeholders replaced in the JSON text by
 * `withRawNumbers`. `1e400` parses to Infinity; the unsafe integers lose their last digit.
 */
const RAW_NUMBERS: Record<string, string> = {
  __overflow__: '1e400',
  __unsafe__: '9007199254740993',
  __negative_unsafe__: '-9007199254740993',
};
export const withRawNumbers = (json: string) =>
  json.replace(/"(__overflow__|__unsafe__|__negative_unsafe__)"/g, (_, key: string) => RAW_NUMBERS[key]);

/**
 * The hostile values each field gets, by class. NaN and Infinity cannot be written in JSON: they
 * come as the strings a client would send, and as an exponent JSON.parse turns into Infinity.
 */
export const HOSTILE_VALUES: readonly [label: string, value: unknown][] = [
  ['wrong type: object', { nested: { deeper: [1, 2, 3] } }],
  ['wrong type: array', [1, 'two', null]],
  ['wrong type: boolean', true],
  ['wrong type: null', null],
  ['1 MB string', MEGA],
  ['negative number', -1],
  ['negative huge', '__negative_unsafe__'],
  ['huge number', 1e308],
  ['fraction', 0.5],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['unsafe integer', '__unsafe__'],
  ['exponent overflow (Infinity after parsing)', '__overflow__'],
  ['unicode', 'Zoë 🧪 \u202e\u0000 \ud800 ﷽ 𝕏'],
  ['SQL', "1' OR '1'='1'; DROP TABLE users; --"],
  ['SQL in number text', '1 OR 1=1'],
  ['HTML', '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>'],
  ['prototype key', { __proto__: { isAdmin: true }, constructor: { prototype: { isAdmin: true } } }],
];

/** Whole bodies that are not a JSON object: each is refused before any handler runs. */
export const BAD_BODIES: readonly [label: string, body: string][] = [
  ['malformed JSON', '{"a": '],
  ['NaN token', '{"ID": NaN}'],
  ['trailing garbage', '{} x'],
  ['top-level array', '[1,2,3]'],
  ['top-level string', '"hello"'],
  ['top-level number', '42'],
  ['top-level null', 'null'],
  ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['1 MB of JSON', JSON.stringify({ x: 'B'.repeat(1024 * 1024) })],
];

/** Filters that name no field of any list, or operators no type has. */
export const BAD_FILTERS: readonly [label: string, filters: unknown][] = [
  ['unknown field', [{ name: 'PasswordHash', op: 'eq', value: 'x' }]],
  ['SQL as field name', [{ name: 'ID) OR (1=1', op: 'eq', value: 1 }]],
  ['unknown operator', [{ name: 'ID', op: 'regex', value: '.*' }]],
  ['SQL as operator', [{ name: 'ID', op: '= 1 OR 1=1 --', value: 1 }]],
  ['inherited name', [{ name: 'constructor', op: 'eq', value: 1 }]],
  ['not a list', { name: 'ID', op: 'eq', value: 1 }],
  ['missing op', [{ name: 'ID', value: 1 }]],
];

/**
 * Detects a changed row: `total_changes()` of the one embedded connection moves on any insert,
 * update or delete; when it moved, the contents of every table but the log are compared, so an
 * audit line or a session touch is not mistaken for a changed row.
 */
export class RowWatch {
  private changes = 0;
  private contents = '';
  constructor(private readonly db: Db) {}

  private async totalChanges(): Promise<number> {
    const client = (this.db as Db & { $client: Client }).$client;
    const { rows } = await client.execute('select total_changes() as n');
    return Number((rows[0] as unknown as { n: number }).n);
  }

  private async snapshot(): Promise<string> {
    const parts: string[] = [];
    for (const table of Object.values(tables)) {
      if (typeof table !== 'object' || table === null || !(Symbol.for('drizzle:Name') in table)) continue;
      const name = getTableConfig(table as SQLiteTable).name;
      if (name === 'logs' || name === 'sessions') continue;
      const rows = await this.db.select().from(table as SQLiteTable);
      parts.push(`${name}:${JSON.stringify(rows)}`);
    }
    return parts.join('\n');
  }

  /** Takes the present state as the one to compare with. */
  async reset(): Promise<void> {
    this.changes = await this.totalChanges();
    this.contents = await this.snapshot();
  }

  /** The tables whose rows differ from the last reset (empty: nothing changed). */
  async changedTables(): Promise<string[]> {
    if ((await this.totalChanges()) === this.changes) return [];
    const now = (await this.snapshot()).split('\n');
    const before = new Set(this.contents.split('\n'));
    const changed = now.filter((line) => !before.has(line)).map((line) => line.slice(0, line.indexOf(':')));
    this.changes = await this.totalChanges();
    return changed;
  }
}
