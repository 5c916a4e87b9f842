/**
 * Filter operators per value type (admin §2, dashboards §5). Every list call takes
 * `Filters: [{name, op, value}]`; each list whitelists its fields and their value type.
 */

export const FILTER_VALUE_TYPES = ['string', 'number', 'date', 'boolean'] as const;
export type FilterValueType = (typeof FILTER_VALUE_TYPES)[number];

export const FILTER_OPERATORS = {
  string: ['eq', 'neq', 'contains', 'startsWith', 'endsWith', 'in'],
  number: ['eq', 'neq', 'gt', 'geq', 'lt', 'leq', 'in'],
  date: ['deq', 'dneq', 'dgt', 'dgeq', 'dlt', 'dleq'],
  boolean: ['eq', 'neq'],
} as const satisfies Record<FilterValueType, readonly string[]>;

export type FilterOperator = (typeof FILTER_OPERATORS)[FilterValueType][number];
export const ALL_FILTER_OPERATORS = [...new Set(Object.values(FILTER_OPERATORS).flat())] as FilterOperator[];

/** Labels the filter bar shows for each operator. */
export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  eq: 'equals',
  neq: 'not equals',
  contains: 'contains',
  startsWith: 'starts with',
  endsWith: 'ends with',
  in: 'is one of',
  gt: 'greater than',
  geq: 'greater or equals',
  lt: 'less than',
  leq: 'less or equals',
  deq: 'equals',
  dneq: 'not equals',
  dgt: 'greater than',
  dgeq: 'greater or equals',
  dlt: 'less than',
  dleq: 'less or equals',
};

export interface FilterFieldSpec {
  name: string;
  friendlyName: string;
  type: FilterValueType;
  /** A fixed list of choices (country codes, offer types, ...). */
  options?: readonly { value: string | number | boolean; label: string }[];
  /** An amount of money: typed in dollars, sent in cents (the wire's unit, decision 0002). */
  money?: boolean;
}
