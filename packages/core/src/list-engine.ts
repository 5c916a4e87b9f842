import {
  ALL_FILTER_OPERATORS,
  FILTER_OPERATORS,
  type FilterItem,
  type FilterOperator,
  type FilterValueType,
  type ListDecl,
  PAGE_SIZE,
  SEARCH_FILTER,
} from '@leadmesh/schema';
import { and, type Column, or, type SQL, sql } from 'drizzle-orm';
import { validationError } from './errors.ts';

/** A filterable field of one list: the column (or SQL expression) it reads and its value type. */
export interface ListField {
  column: Column | SQL;
  type: FilterValueType;
  /**
   * The search box's pseudo-field (`Search`): the fields it looks in, text by "contains" and
   * numbers by equality when the text is a whole number. Only `contains` is allowed on it.
   */
  searchIn?: readonly ListField[];
}
export type ListFields = Record<string, ListField>;

/**
 * The server's whitelist of a declared list (packages/schema `lists.ts`): one column or SQL
 * expression per declared field, so a field added to the declaration does not compile here until
 * the server can read it; `extra` adds fields the server reads beyond the declaration. A list
 * with `search` fields gets the `Search` pseudo-field over them.
 */
export function listWhitelist<F extends string>(
  list: ListDecl<F>,
  columns: { readonly [K in F]: Column | SQL },
  extra: ListFields = {},
): ListFields {
  const fields: ListFields = {};
  for (const name of Object.keys(list.fields) as F[]) {
    fields[name] = { column: columns[name], type: list.fields[name].type };
  }
  Object.assign(fields, extra);
  const searchIn = (list.search ?? []).map((name) => fields[name]);
  if (searchIn.length) fields[SEARCH_FILTER] = { column: sql`null`, type: 'string', searchIn };
  return fields;
}

/** The search box's condition: any of the fields matches (an empty text matches everything). */
function searchCondition(searchIn: readonly ListField[], value: unknown): SQL {
  const text = toText(value).trim();
  if (text === '') return sql`1`;
  const whole = /^\d{1,15}$/.test(text) ? Number(text) : null;
  const parts = searchIn.flatMap((field) => {
    if (field.type === 'string')
      return [sql`${field.column} like ${likePattern(text, '%', '%')} escape '\\'`];
    if (field.type === 'number' && whole !== null) return [sql`${field.column} = ${whole}`];
    return [];
  });
  return parts.length ? (or(...parts) as SQL) : sql`0`;
}

const DAY_MS = 86_400_000;

function toNumber(field: string, value: unknown): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) throw validationError('Filters', `Filter '${field}' needs a number`);
  return n;
}

function toBoolean(field: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (text === 'yes' || text === 'true' || text === '1') return true;
  if (text === 'no' || text === 'false' || text === '0') return false;
  throw validationError('Filters', `Filter '${field}' needs Yes or No`);
}

function toTime(field: string, value: unknown): number {
  const t = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(t)) throw validationError('Filters', `Filter '${field}' needs an ISO date`);
  return t;
}

function toText(value: unknown): string {
  return typeof value === 'string' ? value : String(value ?? '');
}

/** LIKE pattern with the user's %, _ and \ taken literally. */
function likePattern(value: string, prefix: string, suffix: string): string {
  return `${prefix}${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}${suffix}`;
}

function listValues(field: string, value: unknown, type: FilterValueType): (string | number)[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[~,]/) : [value];
  if (items.length === 0) throw validationError('Filters', `Filter '${field}' needs at least one value`);
  return items.map((v) => (type === 'number' ? toNumber(field, v) : toText(v).trim()));
}

function condition(field: string, spec: ListField, op: FilterOperator, value: unknown): SQL {
  const col = spec.column;
  switch (spec.type) {
    case 'string': {
      if (op === 'in') {
        return sql`${col} in (${sql.join(
          listValues(field, value, 'string').map((v) => sql`${v}`),
          sql`, `,
        )})`;
      }
      const text = toText(value);
      if (op === 'eq') return sql`${col} = ${text}`;
      if (op === 'neq') return sql`(${col} is null or ${col} <> ${text})`;
      if (op === 'contains') return sql`${col} like ${likePattern(text, '%', '%')} escape '\\'`;
      if (op === 'startsWith') return sql`${col} like ${likePattern(text, '', '%')} escape '\\'`;
      if (op === 'endsWith') return sql`${col} like ${likePattern(text, '%', '')} escape '\\'`;
      break;
    }
    case 'number': {
      if (op === 'in') {
        return sql`${col} in (${sql.join(
          listValues(field, value, 'number').map((v) => sql`${v}`),
          sql`, `,
        )})`;
      }
      const n = toNumber(field, value);
      if (op === 'eq') return sql`${col} = ${n}`;
      if (op === 'neq') return sql`(${col} is null or ${col} <> ${n})`;
      if (op === 'gt') return sql`${col} > ${n}`;
      if (op === 'geq') return sql`${col} >= ${n}`;
      if (op === 'lt') return sql`${col} < ${n}`;
      if (op === 'leq') return sql`${col} <= ${n}`;
      break;
    }
    case 'date': {
      const t = toTime(field, value);
      // deq/dneq compare whole UTC days: "created on 21 Nov" is what a person means.
      const dayStart = Math.floor(t / DAY_MS) * DAY_MS;
      if (op === 'deq') return sql`(${col} >= ${dayStart} and ${col} < ${dayStart + DAY_MS})`;
      if (op === 'dneq') return sql`(${col} < ${dayStart} or ${col} >= ${dayStart + DAY_MS})`;
      if (op === 'dgt') return sql`${col} > ${t}`;
      if (op === 'dgeq') return sql`${col} >= ${t}`;
      if (op === 'dlt') return sql`${col} < ${t}`;
      if (op === 'dleq') return sql`${col} <= ${t}`;
      break;
    }
    case 'boolean': {
      const b = toBoolean(field, value) ? 1 : 0;
      if (op === 'eq') return sql`coalesce(${col}, 0) = ${b}`;
      if (op === 'neq') return sql`coalesce(${col}, 0) <> ${b}`;
      break;
    }
  }
  throw validationError('Filters', `Operator '${op}' is not allowed for '${field}'`);
}

/**
 * Turns `Filters [{name, op, value}]` into one SQL condition through the list's whitelist.
 * Unknown fields and operators are a VALIDATION_ERROR; values are always bound parameters.
 */
export function buildFilterWhere(filters: readonly FilterItem[], fields: ListFields): SQL | undefined {
  const parts = filters.map((filter) => {
    const spec = Object.hasOwn(fields, filter.name) ? fields[filter.name] : undefined;
    if (!spec) {
      throw validationError(
        'Filters',
        `Unknown filter field '${filter.name}'. Allowed: ${Object.keys(fields).join(', ')}`,
      );
    }
    if (spec.searchIn) {
      if (filter.op !== 'contains') {
        throw validationError(
          'Filters',
          `Operator '${filter.op}' is not allowed for '${filter.name}'. Allowed: contains`,
        );
      }
      return searchCondition(spec.searchIn, filter.value);
    }
    const allowed = FILTER_OPERATORS[spec.type] as readonly string[];
    if (!(ALL_FILTER_OPERATORS as string[]).includes(filter.op) || !allowed.includes(filter.op)) {
      throw validationError(
        'Filters',
        `Operator '${filter.op}' is not allowed for '${filter.name}' (${spec.type}). Allowed: ${allowed.join(', ')}`,
      );
    }
    return condition(filter.name, spec, filter.op as FilterOperator, filter.value);
  });
  return parts.length ? and(...parts) : undefined;
}

/** Offset and limit of one page; the limit is capped so no caller can ask for the whole table. */
export function pageOf(offset: number | undefined, limit: number | undefined, pageSize = PAGE_SIZE) {
  const size = Math.min(Math.max(1, limit ?? pageSize), pageSize * 5);
  return { offset: Math.max(0, offset ?? 0), limit: size };
}
