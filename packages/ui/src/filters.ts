import type { FilterFieldSpec, FilterItem, FilterOperator, FilterValueType } from '@leadmesh/schema';
import {
  dollarsToCents,
  FILTER_OPERATOR_LABELS,
  FILTER_OPERATORS,
  formatUsd,
} from '@leadmesh/schema/constants';
import { formatDay } from './format.ts';

/** The operators a value type offers (dashboards §5 Filters), with their labels. */
export function operatorOptions(type: FilterValueType): { value: FilterOperator; label: string }[] {
  return FILTER_OPERATORS[type].map((op) => ({ value: op, label: FILTER_OPERATOR_LABELS[op] }));
}

/**
 * Turns what the user typed or picked into the value the API gets (dashboards §5): a number input
 * that is not numeric becomes 0; a date becomes an ISO date string; a boolean is Yes/true or No/false.
 */
export function coerceFilterValue(type: FilterValueType, raw: unknown): FilterItem['value'] {
  switch (type) {
    case 'number': {
      const text = typeof raw === 'number' ? String(raw) : String(raw ?? '').trim();
      const n = Number(text);
      return text !== '' && Number.isFinite(n) ? n : 0;
    }
    case 'date': {
      if (raw && typeof raw === 'object' && 'toDate' in raw && typeof raw.toDate === 'function') {
        return (raw.toDate() as Date).toISOString();
      }
      const date = raw instanceof Date ? raw : new Date(String(raw ?? ''));
      return Number.isNaN(date.getTime()) ? null : date.toISOString();
    }
    case 'boolean':
      return raw === true || /^(yes|true)$/i.test(String(raw ?? '').trim());
    default:
      return String(raw ?? '');
  }
}

/** A money field's value: what the user typed in dollars, as cents (0 when it is not a number). */
export function moneyFilterValue(raw: unknown): number {
  return dollarsToCents(String(raw ?? '').trim()) ?? 0;
}

/** How a filter value reads on its chip. */
export function displayFilterValue(field: FilterFieldSpec | undefined, value: FilterItem['value']): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field?.money && typeof value === 'number') return formatUsd(value);
  // One date format on screen (issue 16 item 5): DD-MM-YYYY, as the lists and charts say it.
  if (field?.type === 'date' && typeof value === 'string') return formatDay(value.slice(0, 10));
  const option = field?.options?.find((o) => o.value === value);
  if (option) return option.label;
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

/** A filter chip's text: `Friendly name operator value`. */
export function filterLabel(fields: readonly FilterFieldSpec[], item: FilterItem): string {
  const field = fields.find((f) => f.name === item.name);
  const op = FILTER_OPERATOR_LABELS[item.op as FilterOperator] ?? item.op;
  return `${field?.friendlyName ?? item.name} ${op} ${displayFilterValue(field, item.value)}`;
}
