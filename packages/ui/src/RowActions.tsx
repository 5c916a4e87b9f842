import { Button, type ButtonProps, Dropdown, Grid } from 'antd';
import type { ReactNode } from 'react';

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

/**
 * A row's actions: one primary button beside a "More" menu holding the rest (a phone gets the
 * menu alone). Each action keeps `data-testid="row-<key>"`, on its button or its menu entry, and
 * the menu button is `row-actions-menu`.
 */
export function RowActions({ actions, compact }: { actions: RowAction[]; compact?: boolean }) {
  const screens = Grid.useBreakpoint();
  const phone = compact ?? screens.md === false;
  const { primary, menu } = splitRowActions(actions, phone);
  return (
    <div
      style={{ display: 'flex', flexWrap: 'nowrap', gap: 4, justifyContent: 'flex-end' }}
      data-testid="row-actions"
    >
      {primary && (
        <Button
          size="small"
          type={primary.type}
          data-testid={primary.testId ?? `row-${primary.key}`}
          aria-label={primary.ariaLabel}
          onClick={primary.onClick}
        >
          {primary.label}
        </Button>
      )}
      {menu.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: menu.flatMap((a, i) => [
              ...(a.danger && i > 0 && !menu[i - 1].danger ? [{ type: 'divider' as const }] : []),
              {
                key: a.key,
                danger: a.danger,
                label: <span data-testid={a.testId ?? `row-${a.key}`}>{a.label}</span>,
                onClick: a.onClick,
              },
            ]),
          }}
        >
          <Button
            size="small"
            data-testid="row-actions-menu"
            aria-label={primary ? 'More actions' : 'Actions'}
            title={primary ? 'More actions' : 'Actions'}
          >
            {primary ? 'More ▾' : '⋯'}
          </Button>
        </Dropdown>
      )}
    </div>
  );
}
