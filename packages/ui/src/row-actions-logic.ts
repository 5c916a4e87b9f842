import type { ButtonProps } from 'antd';
import type { ReactNode } from 'react';

// Which action of a row is its button, without antd: the first rows drawn before antd has loaded
// (decision 0064) show the same buttons as RowActions.

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick(): void;
  /** Hidden when false (a button the row or the caller does not get). */
  show?: boolean;
  danger?: boolean;
  type?: ButtonProps['type'];
  /** The row's one button beside the menu (by default the first shown action that is not dangerous). */
  primary?: boolean;
  /** The accessible name when the label alone is ambiguous in a list (e.g. "Edit user bob"). */
  ariaLabel?: string;
  /** `data-testid` of its button or menu entry (`row-<key>` by default). */
  testId?: string;
}

/**
 * Which action is the row's button and which go into its menu. On a phone every action is in the
 * menu, so the column stays one small button wide. Dangerous actions are never the button and
 * come last in the menu.
 */
export function splitRowActions(
  actions: RowAction[],
  phone: boolean,
): { primary: RowAction | null; menu: RowAction[] } {
  const shown = actions.filter((a) => a.show !== false);
  const candidates = shown.filter((a) => !a.danger);
  const primary =
    phone || shown.length === 0 ? null : (candidates.find((a) => a.primary) ?? candidates[0] ?? null);
  const rest = shown.filter((a) => a !== primary);
  return { primary, menu: [...rest.filter((a) => !a.danger), ...rest.filter((a) => a.danger)] };
}
