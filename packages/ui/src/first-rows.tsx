import type { LeadStatusCode, LeadStatusColour, ListDecl, ListValueType } from '@leadmesh/schema';
import {
  formatUsd,
  LEAD_STATUS_NAMES,
  leadStatusColour,
  searchPlaceholder,
} from '@leadmesh/schema/constants';
import { type ReactNode, useSyncExternalStore } from 'react';
import { BRAND } from './brand.ts';
import { cellText } from './format.ts';
import { declaredFormat, type ListColumn, phoneColumns } from './list-columns.ts';
import { type RowAction, splitRowActions } from './row-actions-logic.ts';
import type { InfiniteListState } from './use-infinite-list.ts';
import { FilterBarPending, FirstScreen } from './views/dashboard-tiles.tsx';

/*
 * A list's first page in plain markup and CSS, drawn before antd has loaded (decision 0064): the
 * same toolbar, columns and cell texts as `ListTable`'s small table, at the same sizes, so the
 * ListTable that takes over (same rows, same controller) moves nothing. Nothing here may import
 * antd; `first-screen.test.ts` checks it. Buttons are drawn but not usable until antd's arrive.
 */

const FIRST_ROWS_CSS = `
.lm-rows-bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; margin-bottom: 4px; }
.lm-rows-bar > .lm-rows-buttons { display: flex; flex-wrap: wrap; gap: 8px; }
.lm-rows-search { flex: 1 1 240px; max-width: 420px; display: flex; height: 32px; box-sizing: border-box; }
.lm-rows-search > span { flex: 1; min-width: 0; padding: 4px 11px; border: 1px solid var(--lm-control-border);
  border-radius: 6px 0 0 6px; background: var(--lm-surface); color: var(--lm-text-description);
  font: 14px/22px ${BRAND.font}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.lm-rows-search > i { width: 32px; border: 1px solid var(--lm-control-border); border-left: 0;
  border-radius: 0 6px 6px 0; background: var(--lm-surface); }
.lm-rows-filters { flex: 1 1 320px; min-width: 0; }
.lm-rows-filters .lm-plain-row { margin-bottom: 12px; }
.lm-rows table { width: 100%; border-collapse: separate; border-spacing: 0; background: var(--lm-surface);
  color: var(--lm-text); font: 14px/1.5714285714285714 ${BRAND.font}; text-align: start; }
.lm-rows th { padding: 8px; background: var(--lm-header-bg); color: var(--lm-heading); font-weight: 600;
  text-align: start; border-bottom: 1px solid var(--lm-border); }
.lm-rows th:first-child { border-start-start-radius: 8px; }
.lm-rows th:last-child { border-start-end-radius: 8px; }
.lm-rows td { padding: 8px; border-bottom: 1px solid var(--lm-border); overflow-wrap: anywhere; }
.lm-rows .lm-rows-narrow { width: 32px; padding-inline: 8px; text-align: center; }
.lm-rows .lm-rows-actions { text-align: right; white-space: nowrap; width: 1px; }
.lm-rows-check { display: inline-block; width: 16px; height: 16px; box-sizing: border-box; vertical-align: middle;
  border: 1px solid var(--lm-control-border); border-radius: 4px; background: var(--lm-surface); }
.lm-rows-expand { display: inline-block; width: 17px; height: 17px; box-sizing: border-box; vertical-align: middle;
  border: 1px solid var(--lm-border); border-radius: 4px; background: var(--lm-surface); }
.lm-rows-tag { display: inline-block; height: auto; padding: 0 7px; font-size: 12px; line-height: 20px; white-space: normal;
  max-width: 100%; border: 1px solid transparent; border-radius: 4px; background: var(--lm-tag-bg); color: var(--lm-text); }
.lm-rows-tag[data-colour="yellow"] { color: var(--lm-gold); background: var(--lm-gold-bg); }
.lm-rows-tag[data-colour="green"] { color: var(--lm-green); background: var(--lm-green-bg); }
.lm-rows-tag[data-colour="red"] { color: var(--lm-red); background: var(--lm-red-bg); }
.lm-rows-actions-box { display: flex; flex-wrap: nowrap; gap: 4px; justify-content: flex-end; }
.lm-rows-button { height: 24px; padding: 0 7px; border: 1px solid var(--lm-control-border); border-radius: 4px;
  background: var(--lm-surface); color: var(--lm-text); font: 14px/22px ${BRAND.font}; }
.lm-rows-bar .lm-rows-button { height: 32px; padding: 0 15px; border-radius: 6px; }
.lm-rows-button[data-primary] { border-color: var(--lm-primary); background: var(--lm-primary); color: #fff; }
.lm-rows-note { padding: 12px; text-align: center; color: var(--lm-text-secondary); }
`;

const TAG_COLOUR_OF_YES_NO: Record<'yes' | 'no', LeadStatusColour> = { yes: 'green', no: 'grey' };

/** A cell's text as `formatValue` draws it, tags as plain tags of antd's sizes and colours. */
export function plainValue(type: ListValueType, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'money':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatUsd(Number(value))}</span>;
    case 'yesNo':
      return (
        <span className="lm-rows-tag" data-colour={TAG_COLOUR_OF_YES_NO[value ? 'yes' : 'no']}>
          {value ? 'Yes' : 'No'}
        </span>
      );
    case 'leadStatus': {
      const status = Number(value);
      return (
        <span className="lm-rows-tag" data-testid="lead-status" data-colour={leadStatusColour(status)}>
          {LEAD_STATUS_NAMES[status as LeadStatusCode] ?? `Status ${status}`}
        </span>
      );
    }
    default:
      return cellText(type, value);
  }
}

const wide = typeof window !== 'undefined' ? window.matchMedia?.('(min-width: 768px)') : undefined;
const onWidth = (change: () => void) => {
  wide?.addEventListener('change', change);
  return () => wide?.removeEventListener('change', change);
};

/** antd's `md` breakpoint, as `Grid.useBreakpoint` reads it: a phone is narrower than 768 px. */
function usePhone(): boolean {
  return useSyncExternalStore(
    onWidth,
    () => wide?.matches === false,
    () => false,
  );
}

function cellOf<T extends object>(
  column: ListColumn<T>,
  row: T,
  index: number,
  type: ListValueType | undefined,
) {
  const dataIndex = column.dataIndex ?? column.field;
  const value =
    typeof dataIndex === 'string' || typeof dataIndex === 'number'
      ? (row as Record<string | number, unknown>)[dataIndex]
      : undefined;
  if (column.render) return column.render(value, row, index) as ReactNode;
  return type ? plainValue(type, value) : (value as ReactNode);
}

/** The row's buttons as RowActions draws them (its button and its menu's), not usable yet. */
function PlainRowActions({ actions, phone }: { actions: RowAction[]; phone: boolean }) {
  const { primary, menu } = splitRowActions(actions, phone);
  return (
    <div className="lm-rows-actions-box">
      {primary && (
        <button
          type="button"
          className="lm-rows-button"
          disabled
          data-primary={primary.type === 'primary' || undefined}
        >
          {primary.label}
        </button>
      )}
      {menu.length > 0 && (
        <button
          type="button"
          className="lm-rows-button"
          disabled
          aria-label={primary ? 'More actions' : 'Actions'}
        >
          {primary ? 'More ▾' : '⋯'}
        </button>
      )}
    </div>
  );
}

export interface FirstRowsProps<T> {
  dark: boolean;
  list: InfiniteListState<T>;
  /** The screen's data columns (the ListTable's, without its actions column). */
  columns: ListColumn<T>[];
  rowKey: keyof T & string;
  declaration?: ListDecl;
  /** The toolbar's buttons, by label; the first is the primary one. */
  toolbar?: string[];
  /** The row's actions, as the ListTable's actions column gives them. */
  rowActions?: (row: T) => RowAction[];
  /** The table has a selection column. */
  selectable?: boolean;
}

/** The toolbar's buttons, the search box and the filter bar, drawn at their size but not usable yet. */
function FirstRowsBar({ toolbar, placeholder }: { toolbar: string[]; placeholder: string | null }) {
  return (
    <div className="lm-rows-bar">
      {toolbar.length > 0 && (
        <div className="lm-rows-buttons">
          {toolbar.map((label, i) => (
            <button
              key={label}
              type="button"
              className="lm-rows-button"
              disabled
              data-primary={i === 0 || undefined}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {placeholder && (
        <div className="lm-rows-search" aria-hidden="true">
          <span>{placeholder}</span>
          <i />
        </div>
      )}
      <div className="lm-rows-filters">
        <FilterBarPending />
      </div>
    </div>
  );
}

/**
 * A list's first page before antd has loaded: the toolbar's buttons, the search box and the filter
 * bar as places of their size, and the rows in a plain small table (`data-testid="first-rows"`).
 */
export function FirstRows<T extends object>({
  dark,
  list,
  columns,
  rowKey,
  declaration,
  toolbar = [],
  rowActions,
  selectable = false,
}: FirstRowsProps<T>) {
  const phone = usePhone();
  const { shown, folded } = phoneColumns(columns, phone);
  const formats = shown.map((c) => declaredFormat(c, declaration));
  const placeholder = declaration ? searchPlaceholder(declaration) : null;
  return (
    <FirstScreen dark={dark}>
      <style>{FIRST_ROWS_CSS}</style>
      <div
        className="lm-rows"
        data-testid="first-rows"
        data-layout={phone ? 'phone' : 'desktop'}
        aria-busy="true"
      >
        <FirstRowsBar toolbar={toolbar} placeholder={placeholder} />
        <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <table>
            <thead>
              <tr>
                {folded.length > 0 && <th className="lm-rows-narrow" aria-label="Details" />}
                {selectable && (
                  <th className="lm-rows-narrow">
                    <span className="lm-rows-check" />
                  </th>
                )}
                {shown.map((c, i) => (
                  <th key={String(c.key ?? c.field)}>{(c.title as ReactNode) ?? formats[i].label}</th>
                ))}
                {rowActions && <th className="lm-rows-actions">{phone ? '' : 'Actions'}</th>}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row, index) => (
                <tr key={String(row[rowKey])} data-row-key={String(row[rowKey])}>
                  {folded.length > 0 && (
                    <td className="lm-rows-narrow">
                      <span className="lm-rows-expand" />
                    </td>
                  )}
                  {selectable && (
                    <td className="lm-rows-narrow">
                      <span className="lm-rows-check" />
                    </td>
                  )}
                  {shown.map((c, i) => (
                    <td key={String(c.key ?? c.field)}>{cellOf(c, row, index, formats[i].type)}</td>
                  ))}
                  {rowActions && (
                    <td className="lm-rows-actions">
                      <PlainRowActions actions={rowActions(row)} phone={phone} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {list.rows.length === 0 && <div className="lm-rows-note">{list.loading ? 'Loading…' : ''}</div>}
        </div>
      </div>
    </FirstScreen>
  );
}
