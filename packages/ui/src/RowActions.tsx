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
  /** The accessible name when the label alone is ambiguous in a list (e.g. "Edit user bob"). */
  ariaLabel?: string;
}

/**
 * A row's buttons: small, wrapping, each reachable with Tab and named for screen readers
 * (`data-testid="row-<key>"`). On a phone they fold into one Actions menu, so the row's data stays
 * readable and the actions stay one tap away.
 */
export function RowActions({ actions, compact }: { actions: RowAction[]; compact?: boolean }) {
  const screens = Grid.useBreakpoint();
  const shown = actions.filter((a) => a.show !== false);
  const fold = compact ?? screens.md === false;
  if (fold) {
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items: shown.map((a) => ({
            key: a.key,
            danger: a.danger,
            label: <span data-testid={`row-${a.key}`}>{a.label}</span>,
            onClick: a.onClick,
          })),
        }}
      >
        <Button size="small" data-testid="row-actions-menu" aria-label="Actions">
          Actions ▾
        </Button>
      </Dropdown>
    );
  }
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid="row-actions">
      {shown.map((a) => (
        <Button
          key={a.key}
          size="small"
          type={a.type}
          danger={a.danger}
          data-testid={`row-${a.key}`}
          aria-label={a.ariaLabel}
          onClick={a.onClick}
        >
          {a.label}
        </Button>
      ))}
    </div>
  );
}
