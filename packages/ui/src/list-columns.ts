import type { ListDecl, ListValueType } from '@leadmesh/schema';
import type { ColumnType } from 'antd/es/table';

/**
 * A column of a list (antd's column, plus what the kit reads): `field` names the list
 * declaration's field, which gives the title and the cell's format; `valueType` formats the cell
 * (ProTable's `valueType`); `phone` keeps the column on a phone. The column keyed `actions` holds
 * the row's `RowActions`.
 */
export interface ListColumn<T> extends ColumnType<T> {
  field?: string;
  valueType?: ListValueType;
  /** Shown on a phone beside the first column (the key column: a status, an amount). */
  phone?: boolean;
}

/**
 * The responsive rule of every list (decision 0056): on a phone the table keeps its first column,
 * the columns marked `phone` and the actions menu, so the key column is seen without scrolling
 * sideways; the other columns fold into the row's details (a tap on the row's expand button).
 */
export function phoneColumns<T>(columns: ListColumn<T>[], phone: boolean) {
  if (!phone) return { shown: columns, folded: [] as ListColumn<T>[] };
  const firstData = columns.find((c) => c.key !== 'actions');
  const keep = (c: ListColumn<T>) => c === firstData || c.phone || c.key === 'actions';
  return { shown: columns.filter(keep), folded: columns.filter((c) => !keep(c)) };
}

/** A column's title from the list's declaration and the format of its cells. */
export function declaredFormat<T>(
  column: ListColumn<T>,
  list: ListDecl | undefined,
): { label: string | undefined; type: ListValueType | undefined } {
  const declared = column.field
    ? (list?.fields as Record<string, ListDecl['fields'][string]> | undefined)?.[column.field]
    : undefined;
  const type =
    column.valueType ??
    declared?.valueType ??
    (declared?.type === 'boolean' ? 'yesNo' : declared?.type === 'date' ? 'dateTime' : undefined);
  return { label: declared?.label ?? column.field, type };
}
